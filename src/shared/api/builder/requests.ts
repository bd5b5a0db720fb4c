// Request builders for the builder API: paths, clamped queries and checked bodies, so that the
// client never sends a value the server would refuse.
import { invalidArgumentError } from '../http/error-mapping';
import { truncateText } from '../http/utf8';
import { pathSegment, queryString } from '../http/url';
import type { CreateTemplateBody, TemplateContent, UpdateTemplateBody } from './schemas';

export const BUILDER_LIMITS = {
  templatesPerPage: { min: 1, max: 100 },
  changesLimit: { min: 1, max: 500 },
  templateNameMaxLength: 200,
} as const;

export interface BuilderRequest {
  endpoint: string;
  path: string;
}

function clampInteger(value: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function segment(endpoint: string, what: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw invalidArgumentError('builder', endpoint, `A ${what} id is needed.`);
  return pathSegment(trimmed);
}

export function listTemplatesRequest(options: { page?: number; perPage?: number } = {}): BuilderRequest {
  const { min, max } = BUILDER_LIMITS.templatesPerPage;
  return {
    endpoint: 'GET /api/templates',
    path: `/api/templates${queryString({ page: clampInteger(options.page, 1, Number.MAX_SAFE_INTEGER), per_page: clampInteger(options.perPage, min, max) })}`,
  };
}

export function templateRequest(method: 'GET' | 'PUT' | 'DELETE', id: string): BuilderRequest {
  const endpoint = `${method} /api/templates/:id`;
  return { endpoint, path: `/api/templates/${segment(endpoint, 'template', id)}` };
}

export const CREATE_TEMPLATE_ENDPOINT = 'POST /api/templates';

function templateName(endpoint: string, name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidArgumentError('builder', endpoint, 'Enter a template name.');
  return truncateText(trimmed, BUILDER_LIMITS.templateNameMaxLength);
}

export function createTemplateBody(input: { name: string; description?: string; content?: TemplateContent }): CreateTemplateBody {
  const body: CreateTemplateBody = { name: templateName(CREATE_TEMPLATE_ENDPOINT, input.name) };
  if (input.description !== undefined) body.description = input.description;
  if (input.content !== undefined) body.content = input.content;
  return body;
}

export function updateTemplateBody(input: { name?: string; description?: string; content?: TemplateContent }): UpdateTemplateBody {
  const body: UpdateTemplateBody = {};
  if (input.name !== undefined) body.name = templateName('PUT /api/templates/:id', input.name);
  if (input.description !== undefined) body.description = input.description;
  if (input.content !== undefined) body.content = input.content;
  return body;
}

export function syncRequest(designSystemId: string): BuilderRequest {
  const endpoint = 'POST /api/plugin/design-systems/:id/sync';
  return { endpoint, path: `/api/plugin/design-systems/${segment(endpoint, 'design system', designSystemId)}/sync` };
}

// assumption: the changes call takes `since` (ISO 8601; anything else is a 400), `limit` 1-500 (default 200) and an opaque `cursor`.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export interface ChangesQuery {
  /** A server time from an earlier `synced_at` / `server_time`; omitted or null for everything. */
  since?: string | null;
  limit?: number;
  cursor?: string | null;
}

export function changesRequest(designSystemId: string, query: ChangesQuery = {}): BuilderRequest {
  const endpoint = 'GET /api/plugin/design-systems/:id/changes';
  const since = query.since?.trim() || undefined;
  if (since !== undefined && !ISO_DATE_TIME.test(since)) {
    throw invalidArgumentError('builder', endpoint, '"since" must be a server time such as 2026-11-21T10:00:00.000Z.');
  }
  const { min, max } = BUILDER_LIMITS.changesLimit;
  return {
    endpoint,
    path: `/api/plugin/design-systems/${segment(endpoint, 'design system', designSystemId)}/changes${queryString({
      since,
      limit: clampInteger(query.limit, min, max),
      cursor: query.cursor || undefined,
    })}`,
  };
}
