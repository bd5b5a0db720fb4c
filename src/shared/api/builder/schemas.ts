// Every request and response shape of the builder API (docs/api/builder-api.md), in one place. The
// document leaves most shapes out; the project's assumptions fill them (each marked
// `// assumption:`). Tolerant reader: objects are loose (unknown fields kept); a missing or
// mistyped field becomes a `malformed_response` ApiError naming endpoint and field.
import * as z from '../../zod';
import { isServerTime } from './server-time';

const text = z.string();
const jsonObject = z.record(z.string(), z.unknown());

// Checked on the way in: such a time becomes the next `since`, the sync state's base and its
// records, where one the server refuses would stop every later comparison.
const serverTime = text.check(z.refine(isServerTime, 'is not an ISO 8601 time'));

// ---- Envelope -------------------------------------------------------------------------------

// assumption: successful bodies are `{data, meta}`; `data` is unwrapped when present, and a bare object (or array) is accepted too.
export function unwrapData(body: unknown): { data: unknown; meta: unknown; wrapped: boolean } {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.prototype.hasOwnProperty.call(body, 'data')) {
    const { data, meta } = body as { data: unknown; meta?: unknown };
    return { data, meta, wrapped: true };
  }
  return { data: body, meta: undefined, wrapped: false };
}

// assumption: errors are `{error: "<code>", message}`: 401 invalid_api_key, 404 not_found, 400 invalid_request, 413 payload_too_large, 429 rate_limited (with Retry-After), 500 internal_error, 503 unavailable.
// Such bodies are read leniently by src/shared/api/http/error-body.ts.

// ---- Templates ------------------------------------------------------------------------------

// assumption: Template = {id, name, description, content: object | null, thumbnail_url: string | null, created_at, updated_at}; list items omit content.
export const templateSchema = z.looseObject({
  id: text,
  name: text,
  description: text,
  content: z.optional(z.nullable(jsonObject)),
  thumbnail_url: z.nullable(text),
  // Any text: updated_at is only compared as a version token, and a broken date is shown as
  // unknown (relative-time.ts) rather than costing the template, or the whole list, its use.
  created_at: text,
  updated_at: text,
});
export type Template = z.infer<typeof templateSchema>;

// assumption: the template list is paged with `page` and `per_page` (1-100, default 50); meta is `{page, per_page, total}`.
export const templateListMetaSchema = z.looseObject({ page: z.int(), per_page: z.int(), total: z.int() });
export type TemplateListMeta = z.infer<typeof templateListMetaSchema>;

export const templateListSchema = z.array(templateSchema);

// assumption: template content sent by the plugin is `{format: "figma-node-tree", version: 1, root, preview_png_base64?}`.
export const templateContentSchema = z.looseObject({
  format: z.literal('figma-node-tree'),
  version: z.literal(1),
  root: jsonObject,
  preview_png_base64: z.optional(text),
});
export type TemplateContent = z.infer<typeof templateContentSchema>;

// assumption: create takes `{name (required, 1-200 characters), description?, content?}` and answers 201 with the template.
export const createTemplateBodySchema = z.object({
  name: text.check(z.minLength(1), z.maxLength(200)),
  description: z.optional(text),
  content: z.optional(templateContentSchema),
});
export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;

// assumption: update takes any of `name`, `description`, `content`; delete answers 204 without a body.
export const updateTemplateBodySchema = z.object({
  name: z.optional(text.check(z.minLength(1), z.maxLength(200))),
  description: z.optional(text),
  content: z.optional(templateContentSchema),
});
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;

// ---- Design-system components -----------------------------------------------------------------

export const componentKindSchema = z.enum(['component', 'component_set']);
export type ComponentKind = z.infer<typeof componentKindSchema>;

export const variantSchema = z.looseObject({ key: text, name: text, properties: jsonObject });
export type Variant = z.infer<typeof variantSchema>;

// assumption: Component = {key, name, kind, description, hash, properties, variants, node, thumbnail_url, updated_at (server time), updated_by, deleted}; deletions are tombstones with deleted: true.
export const componentSchema = z.looseObject({
  key: text,
  name: text,
  kind: componentKindSchema,
  description: text,
  hash: text,
  properties: jsonObject,
  variants: z.array(variantSchema),
  node: jsonObject,
  thumbnail_url: z.nullable(text),
  updated_at: serverTime,
  updated_by: z.nullable(text),
  deleted: z.boolean(),
});
export type Component = z.infer<typeof componentSchema>;

// ---- Sync -----------------------------------------------------------------------------------

export const componentUpsertSchema = z.object({
  key: text.check(z.minLength(1)),
  name: text,
  kind: componentKindSchema,
  description: text,
  hash: text.check(z.minLength(1)),
  properties: jsonObject,
  variants: z.array(z.object({ key: text, name: text, properties: jsonObject })),
  node: jsonObject,
  thumbnail: z.optional(z.object({ format: z.literal('png'), base64: text })),
});
export type ComponentUpsert = z.infer<typeof componentUpsertSchema>;

// assumption: sync body is `{base, source, upserts, deletes, force}`; `base` is the server time (synced_at / server_time) this client last built on, null on a first sync.
export const syncBodySchema = z.object({
  base: z.nullable(text),
  source: z.object({ file_id: text, file_name: text, user: text, plugin_version: text }),
  upserts: z.array(componentUpsertSchema),
  deletes: z.array(text),
  force: z.array(text),
});
export type SyncBody = z.infer<typeof syncBodySchema>;

// assumption: sync answers 200 `{accepted: [{key, hash, updated_at}], deleted: [key], conflicts: [Component], synced_at}`; a hash-equal upsert is an accepted no-op, so repeating a sync is safe.
export const syncResultSchema = z.looseObject({
  accepted: z.array(z.looseObject({ key: text, hash: text, updated_at: serverTime })),
  deleted: z.array(text),
  conflicts: z.array(componentSchema),
  synced_at: serverTime,
});
export type SyncResult = z.infer<typeof syncResultSchema>;

// assumption: changes answers `{components, server_time, next_cursor}`: every component updated after `since`, oldest first, deletions as tombstones.
export const changesSchema = z.looseObject({
  components: z.array(componentSchema),
  server_time: serverTime,
  next_cursor: z.nullable(text),
});
export type Changes = z.infer<typeof changesSchema>;
