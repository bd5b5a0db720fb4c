// The builder API client: templates and design-system sync. Every call needs the key (`ef_…`),
// which goes to the builder host only. Limit: 100 requests a minute per key.
import { createApiRequester, type ApiRequester, type ReadResult } from '../http/api-request';
import type { CancelSignal } from '../http/cancel-signal';
import { keyBucketName, resolveClientOptions, resolveKey, type ClientOptions } from '../http/client-setup';
import { invalidArgumentError } from '../http/error-mapping';
import { safeParseDescribed } from '../../validation/describe-issues';
import type * as z from '../../zod';
import * as requests from './requests';
import {
  changesSchema,
  syncResultSchema,
  templateListMetaSchema,
  templateListSchema,
  templateSchema,
  unwrapData,
  type Changes,
  type SyncBody,
  type SyncResult,
  type Template,
  type TemplateContent,
  type TemplateListMeta,
} from './schemas';
import { syncBodyProblem } from './sync-batches';

/** Documented limit (docs/api/builder-api.md, Limits). */
export const BUILDER_RATE_LIMIT_PER_MINUTE = 100;

export interface BuilderClientOptions extends ClientOptions {
  key: string;
}

export interface TemplateList {
  templates: Template[];
  /** Paging facts when the server sent them (a bare list has none). */
  meta: TemplateListMeta | null;
}

export interface TemplateInput {
  name: string;
  description?: string;
  content?: TemplateContent;
}

export interface BuilderClient {
  /** `signal`: see ApiRequester.sendAsync. */
  createTemplateAsync(input: TemplateInput, signal?: CancelSignal): Promise<Template>;
  listTemplatesAsync(options?: { page?: number; perPage?: number }): Promise<TemplateList>;
  /** `signal`: see ApiRequester.sendAsync (it stops waiting, sends nothing more, and rejects with code `cancelled`). */
  getTemplateAsync(id: string, signal?: CancelSignal): Promise<Template>;
  updateTemplateAsync(id: string, changes: Partial<TemplateInput>, signal?: CancelSignal): Promise<Template>;
  deleteTemplateAsync(id: string): Promise<void>;
  /** One sync request (≤ 100 upserts, ≤ 2 MB); see `syncInBatchesAsync` for more. `signal`: see ApiRequester.sendAsync. */
  syncAsync(designSystemId: string, body: SyncBody, signal?: CancelSignal): Promise<SyncResult>;
  getChangesAsync(designSystemId: string, query?: requests.ChangesQuery, signal?: CancelSignal): Promise<Changes>;
}

/** Reads `data` (or a bare body) with `schema`; problems are named from `data`. */
function readData<S extends z.ZodMiniType>(schema: S): (body: unknown) => ReadResult<z.output<S>> {
  return (body) => {
    const { data, wrapped } = unwrapData(body);
    return safeParseDescribed(schema, data, wrapped ? 'data' : '');
  };
}

function readTemplateList(body: unknown): ReadResult<TemplateList> {
  const { data, meta, wrapped } = unwrapData(body);
  const templates = safeParseDescribed(templateListSchema, data, wrapped ? 'data' : '');
  if (!templates.ok) return templates;
  if (meta === undefined || meta === null) return { ok: true, value: { templates: templates.value, meta: null } };
  const parsedMeta = safeParseDescribed(templateListMetaSchema, meta, 'meta');
  return parsedMeta.ok ? { ok: true, value: { templates: templates.value, meta: parsedMeta.value } } : parsedMeta;
}

export function createBuilderClient(options: BuilderClientOptions): BuilderClient {
  const resolved = resolveClientOptions('builder', options);
  const key = resolveKey('builder', options.key);
  if (key === null) throw invalidArgumentError('builder', 'client setup', 'This needs a builder API key. Add one in Settings.');
  const send: ApiRequester = createApiRequester({
    api: 'builder',
    ...resolved,
    key,
    bucket: { name: keyBucketName('builder', resolved.baseUrl, key), limitPerMinute: BUILDER_RATE_LIMIT_PER_MINUTE },
  });

  return {
    async createTemplateAsync(input, signal) {
      const body = requests.createTemplateBody(input);
      // Creating twice would make two templates: never repeated by the client.
      return send.sendAsync({ method: 'POST', endpoint: requests.CREATE_TEMPLATE_ENDPOINT, path: '/api/templates', body, safeToRepeat: false, read: readData(templateSchema) }, signal);
    },
    async listTemplatesAsync(pageOptions) {
      const request = requests.listTemplatesRequest(pageOptions);
      return send.sendAsync({ method: 'GET', ...request, safeToRepeat: true, read: readTemplateList });
    },
    async getTemplateAsync(id, signal) {
      return send.sendAsync({ method: 'GET', ...requests.templateRequest('GET', id), safeToRepeat: true, read: readData(templateSchema) }, signal);
    },
    async updateTemplateAsync(id, changes, signal) {
      const body = requests.updateTemplateBody(changes);
      return send.sendAsync({ method: 'PUT', ...requests.templateRequest('PUT', id), body, safeToRepeat: true, read: readData(templateSchema) }, signal);
    },
    async deleteTemplateAsync(id) {
      return send.sendAsync<void>({
        method: 'DELETE',
        ...requests.templateRequest('DELETE', id),
        safeToRepeat: true,
        // A repeat after a lost answer finds the template already gone: that is success.
        doneOnRepeatStatuses: [404],
        read: () => ({ ok: true, value: undefined }),
      });
    },
    async syncAsync(designSystemId, body, signal) {
      const request = requests.syncRequest(designSystemId);
      const problem = syncBodyProblem(body);
      if (problem !== null) throw invalidArgumentError('builder', request.endpoint, problem);
      // Safe to repeat: a hash-equal upsert is an accepted no-op, so a retry after a lost answer applies nothing twice.
      return send.sendAsync({ method: 'POST', ...request, body, safeToRepeat: true, read: readData(syncResultSchema) }, signal);
    },
    async getChangesAsync(designSystemId, query, signal) {
      return send.sendAsync({ method: 'GET', ...requests.changesRequest(designSystemId, query), safeToRepeat: true, read: readData(changesSchema) }, signal);
    },
  };
}
