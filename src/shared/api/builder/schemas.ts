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

// Request bodies are types, not schemas: nothing parses a body Envelope itself builds (the request
// builders in requests.ts and push-plan.ts make them), and a schema nobody reads still ships in
// code.js, a call esbuild cannot drop.

// assumption: template content sent by the plugin is `{format: "figma-node-tree", version: 1, root, preview_png_base64?}`.
export interface TemplateContent {
  format: 'figma-node-tree';
  version: 1;
  root: Record<string, unknown>;
  preview_png_base64?: string;
}

// assumption: create takes `{name (required, 1-200 characters), description?, content?}` and answers 201 with the template.
/** The name is checked by createTemplateBody (templateNameProblem). */
export interface CreateTemplateBody {
  name: string;
  description?: string;
  content?: TemplateContent;
}

// assumption: update takes any of `name`, `description`, `content`; delete answers 204 without a body.
/** At least one field; a name is checked as on create (updateTemplateBody). */
export interface UpdateTemplateBody {
  name?: string;
  description?: string;
  content?: TemplateContent;
}

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

/** One component as a sync sends it (push-plan.ts upsertOf, from the snapshot's payload: key and hash never empty). */
export interface ComponentUpsert {
  key: string;
  name: string;
  kind: ComponentKind;
  description: string;
  hash: string;
  properties: Record<string, unknown>;
  variants: { key: string; name: string; properties: Record<string, unknown> }[];
  node: Record<string, unknown>;
  thumbnail?: { format: 'png'; base64: string };
}

// assumption: sync body is `{base, source, upserts, deletes, force}`; `base` is the server time (synced_at / server_time) this client last built on, null on a first sync.
export interface SyncBody {
  base: string | null;
  source: { file_id: string; file_name: string; user: string; plugin_version: string };
  upserts: ComponentUpsert[];
  deletes: string[];
  force: string[];
}

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
