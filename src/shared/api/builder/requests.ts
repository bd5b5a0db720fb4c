// Request builders for the builder API: paths, clamped queries and checked bodies, so that the
// client never sends a value the server would refuse.
import { invalidArgumentError } from '../http/error-mapping';
import { characterCount, jsonByteLength } from '../http/utf8';
import { pathSegment, queryString } from '../http/url';
import type { CreateTemplateBody, TemplateContent, UpdateTemplateBody } from './schemas';
import { isServerTime } from './server-time';

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

// assumption: a template body is at most 2 MB (413 payload_too_large above), read as 2,000,000 bytes like sync's.
export const TEMPLATE_MAX_BODY_BYTES = 2_000_000;

/** A template name's problem in words (1-200 characters after trimming), or null. */
export function templateNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Enter a template name.';
  const max = BUILDER_LIMITS.templateNameMaxLength;
  // Refused rather than cut: a name cut short without a word would be a name nobody typed.
  const count = characterCount(trimmed);
  if (count > max) return `A template name is at most ${max} characters; this one has ${count}.`;
  return null;
}

function templateName(endpoint: string, name: string): string {
  const problem = templateNameProblem(name);
  if (problem !== null) throw invalidArgumentError('builder', endpoint, problem);
  return name.trim();
}

/** "1.4 MB", for sizes said to people (decimal megabytes, as the limit is read). */
export function megabytesText(bytes: number): string {
  // Rounded up: every size said is one over a limit, and 2,040,000 bytes must not read "2.0 MB".
  return `${(Math.ceil(bytes / 100_000) / 10).toFixed(1)} MB`;
}

function checkBodySize<B extends object>(endpoint: string, body: B): B {
  const bytes = jsonByteLength(body);
  if (bytes > TEMPLATE_MAX_BODY_BYTES) {
    throw invalidArgumentError('builder', endpoint, `This template is ${megabytesText(bytes)}; the builder takes at most 2 MB per request.`);
  }
  return body;
}

export function createTemplateBody(input: { name: string; description?: string; content?: TemplateContent }): CreateTemplateBody {
  const body: CreateTemplateBody = { name: templateName(CREATE_TEMPLATE_ENDPOINT, input.name) };
  if (input.description !== undefined) body.description = input.description;
  if (input.content !== undefined) body.content = input.content;
  return checkBodySize(CREATE_TEMPLATE_ENDPOINT, body);
}

export function updateTemplateBody(input: { name?: string; description?: string; content?: TemplateContent }): UpdateTemplateBody {
  const endpoint = 'PUT /api/templates/:id';
  const body: UpdateTemplateBody = {};
  if (input.name !== undefined) body.name = templateName(endpoint, input.name);
  if (input.description !== undefined) body.description = input.description;
  if (input.content !== undefined) body.content = input.content;
  if (Object.keys(body).length === 0) throw invalidArgumentError('builder', endpoint, 'Nothing to update: give a name, a description or content.');
  return checkBodySize(endpoint, body);
}

export function syncRequest(designSystemId: string): BuilderRequest {
  const endpoint = 'POST /api/plugin/design-systems/:id/sync';
  return { endpoint, path: `/api/plugin/design-systems/${segment(endpoint, 'design system', designSystemId)}/sync` };
}

// assumption: the changes call takes `since` (ISO 8601; anything else is a 400), `limit` 1-500 (default 200) and an opaque `cursor`.

export interface ChangesQuery {
  /** A server time from an earlier `synced_at` / `server_time`; omitted or null for everything. */
  since?: string | null;
  limit?: number;
  cursor?: string | null;
}

export function changesRequest(designSystemId: string, query: ChangesQuery = {}): BuilderRequest {
  const endpoint = 'GET /api/plugin/design-systems/:id/changes';
  const since = query.since?.trim() || undefined;
  if (since !== undefined && !isServerTime(since)) {
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
