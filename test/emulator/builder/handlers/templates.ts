// Templates CRUD: /api/templates and /api/templates/:id.
import { isPlainObject, pageOf, readIntParam, readJsonBody } from '../../http/query-params';
import type { EmulatorResponse } from '../../http/types';
import { builderOk, invalidRequest, notFound, type BuilderHandler, type BuilderRequestContext } from '../context';
import { randomId } from '../demo-workspace';
import { decodePngBase64, SyncBodyProblem } from '../sync-body';
import { issueWriteTime, type Template } from '../model';
import { templateShape } from '../shapes';

export const MAX_TEMPLATE_NAME = 200;

function readObjectBody(ctx: BuilderRequestContext): Record<string, unknown> {
  const body = readJsonBody(ctx.request.body, 'invalid_request');
  if (!isPlainObject(body)) throw invalidRequest('The body must be a JSON object.');
  return body;
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidRequest('name is required: a non-empty string.');
  // assumption (README): "characters" are code points, so an emoji is one.
  const characters = Array.from(value).length;
  if (characters > MAX_TEMPLATE_NAME) throw invalidRequest(`name must be at most ${MAX_TEMPLATE_NAME} characters (got ${characters}).`);
  return value;
}

function checkDescription(value: unknown): string {
  if (typeof value !== 'string') throw invalidRequest('description must be a string.');
  return value;
}

function checkContent(value: unknown): Record<string, unknown> | null {
  if (value !== null && !isPlainObject(value)) throw invalidRequest('content must be an object or null.');
  if (value !== null && value['format'] === 'figma-node-tree') {
    if (value['version'] !== 1) throw invalidRequest('content.version must be 1 for the figma-node-tree format.');
    if (!isPlainObject(value['root'])) throw invalidRequest('content.root must be an object (the normalized frame).');
  }
  return value;
}

/** The preview a figma-node-tree content carries (a PNG in base64), becoming the template's thumbnail. */
function previewOf(content: Record<string, unknown> | null): Uint8Array | null {
  if (content === null || content['preview_png_base64'] === undefined) return null;
  try {
    return decodePngBase64(content['preview_png_base64'], 'content.preview_png_base64');
  } catch (error) {
    if (error instanceof SyncBodyProblem) throw invalidRequest(error.message);
    throw error;
  }
}

function findTemplate(ctx: BuilderRequestContext): Template {
  const template = ctx.store.templates.get(ctx.params['id']!);
  if (!template) throw notFound(`Template "${ctx.params['id']!.slice(0, 80)}" was not found.`);
  return template;
}

const one = (ctx: BuilderRequestContext, template: Template, status = 200): EmulatorResponse =>
  builderOk(templateShape(ctx.builderUrl, template, true), {}, status);

export const createTemplate: BuilderHandler = (ctx) => {
  const body = readObjectBody(ctx);
  const nowMs = issueWriteTime(ctx.store, ctx.clock.nowMs());
  const content = body['content'] === undefined ? null : checkContent(body['content']);
  const template: Template = {
    id: randomId(ctx.store, 'tpl_'),
    name: checkName(body['name']),
    description: body['description'] === undefined ? '' : checkDescription(body['description']),
    content,
    hasThumbnail: false,
    previewPng: previewOf(content),
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  };
  ctx.store.templates.set(template.id, template);
  return one(ctx, template, 201);
};

export const listTemplates: BuilderHandler = (ctx) => {
  const page = readIntParam(ctx.request.query, 'page', { min: 1, fallback: 1 }, 'invalid_request');
  const perPage = readIntParam(ctx.request.query, 'per_page', { min: 1, max: 100, fallback: 50 }, 'invalid_request');
  const all = [...ctx.store.templates.values()].sort((a, b) => b.updatedAtMs - a.updatedAtMs || a.id.localeCompare(b.id));
  return builderOk(
    pageOf(all, page, perPage).map((template) => templateShape(ctx.builderUrl, template, false)),
    { page, per_page: perPage, total: all.length },
  );
};

export const getTemplate: BuilderHandler = (ctx) => one(ctx, findTemplate(ctx));

export const updateTemplate: BuilderHandler = (ctx) => {
  const template = findTemplate(ctx);
  const body = readObjectBody(ctx);
  if (!['name', 'description', 'content'].some((field) => field in body)) {
    throw invalidRequest('Send at least one of name, description or content to update.');
  }
  const changes: Partial<Template> = {};
  if ('name' in body) changes.name = checkName(body['name']);
  if ('description' in body) changes.description = checkDescription(body['description']);
  if ('content' in body) {
    changes.content = checkContent(body['content']);
    // New content replaces the picture: the drawn demo thumbnail too.
    changes.previewPng = previewOf(changes.content);
    changes.hasThumbnail = false;
  }
  const updated = { ...template, ...changes, updatedAtMs: issueWriteTime(ctx.store, ctx.clock.nowMs()) };
  ctx.store.templates.set(updated.id, updated);
  return one(ctx, updated);
};

export const deleteTemplate: BuilderHandler = (ctx) => {
  const template = findTemplate(ctx);
  ctx.store.templates.delete(template.id);
  return { status: 204, headers: {}, body: null };
};
