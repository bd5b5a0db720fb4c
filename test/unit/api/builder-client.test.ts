import { describe, expect, it } from 'vitest';
import { createBuilderClient } from '../../../src/shared/api/builder/client';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { builderHarness, rejectionOf } from './support/clients';
import * as fixtures from './support/builder-fixtures';
import { jsonResponse } from './support/scripted-transport';
import type { SyncBody } from '../../../src/shared/api/builder/schemas';

/** What was wrong with a reply, for developers: the endpoint and the problem (not in the message). */
function whatWasWrong(error: ApiError): string {
  return `${error.endpoint}: ${String(error.details.problem)}`;
}

const syncBody = (): SyncBody => ({
  base: '2026-11-21T10:00:00.000Z',
  source: { file_id: 'file-1', file_name: 'Email DS', user: 'Ada', plugin_version: '0.1.0' },
  upserts: [
    {
      key: 'c0ffee01',
      name: 'Button',
      kind: 'component_set',
      description: '',
      hash: 'h-2',
      properties: {},
      variants: [],
      node: { type: 'COMPONENT_SET' },
    },
  ],
  deletes: ['dead0001'],
  force: [],
});

describe('builder client: templates', () => {
  it('creates a template and unwraps data', async () => {
    const { client, requests } = builderHarness(() => jsonResponse(201, { data: fixtures.template(), meta: {} }));
    const created = await client.createTemplateAsync({ name: '  Welcome email ', description: 'First email after sign-up' });
    expect(created.id).toBe('tpl_1');
    expect(requests[0]).toMatchObject({ method: 'POST', url: `${fixtures.BUILDER_BASE}/api/templates` });
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${fixtures.BUILDER_KEY}`);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ name: 'Welcome email', description: 'First email after sign-up' });
  });

  it('accepts a bare template object too', async () => {
    const { client } = builderHarness(() => jsonResponse(200, fixtures.template('tpl_9')));
    expect((await client.getTemplateAsync('tpl_9')).id).toBe('tpl_9');
  });

  it('lists templates with paging meta, and a bare array without', async () => {
    const wrapped = builderHarness(() => jsonResponse(200, fixtures.templateListBody()));
    const list = await wrapped.client.listTemplatesAsync({ page: 2, perPage: 500 });
    expect(wrapped.requests[0]?.url).toBe(`${fixtures.BUILDER_BASE}/api/templates?page=2&per_page=100`);
    expect(list.templates.map((t) => t.id)).toEqual(['tpl_2', 'tpl_1']);
    expect(list.meta).toEqual({ page: 1, per_page: 50, total: 2 });
    const bare = builderHarness(() => jsonResponse(200, fixtures.templateListBody().data));
    expect((await bare.client.listTemplatesAsync()).meta).toBeNull();
  });

  it('keeps unknown template fields', async () => {
    const { client } = builderHarness(() => jsonResponse(200, { data: fixtures.template('tpl_1', { folder: 'Onboarding' }) }));
    expect((await client.getTemplateAsync('tpl_1')).folder).toBe('Onboarding');
  });

  it('keeps a template whose dates are not date-times: one broken date does not cost its name, its link or the rest of the list (the screens say the date is unknown)', async () => {
    const { client } = builderHarness(() => jsonResponse(200, { data: [fixtures.template('tpl_2', { created_at: 'soon', updated_at: '12' }), fixtures.template('tpl_1')] }));
    const { templates } = await client.listTemplatesAsync();
    expect(templates.map((t) => [t.id, t.name, t.updated_at])).toEqual([
      ['tpl_2', fixtures.template('tpl_2').name, '12'],
      ['tpl_1', fixtures.template('tpl_1').name, fixtures.template('tpl_1').updated_at],
    ]);
  });

  it('names the missing field under data', async () => {
    const broken = fixtures.template() as Record<string, unknown>;
    delete broken.updated_at;
    const { client } = builderHarness(() => jsonResponse(200, { data: broken }));
    const error = (await rejectionOf(client.getTemplateAsync('tpl_1'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('malformed_response');
    expect(whatWasWrong(error)).toContain('GET /api/templates/:id: data.updated_at is missing');
  });

  it('updates with PUT and deletes with an empty 204', async () => {
    const { client, requests } = builderHarness((request) =>
      request.method === 'DELETE' ? { status: 204, headers: {}, text: '' } : jsonResponse(200, { data: fixtures.template('tpl_1', { name: 'Renamed' }) }),
    );
    expect((await client.updateTemplateAsync('tpl_1', { name: 'Renamed' })).name).toBe('Renamed');
    await expect(client.deleteTemplateAsync('tpl_1')).resolves.toBeUndefined();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT ${fixtures.BUILDER_BASE}/api/templates/tpl_1`,
      `DELETE ${fixtures.BUILDER_BASE}/api/templates/tpl_1`,
    ]);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ name: 'Renamed' });
  });

  it('encodes ids so they cannot change the path', async () => {
    const { client, requests } = builderHarness(() => jsonResponse(200, { data: fixtures.template() }));
    await client.getTemplateAsync('../../v1/me');
    expect(requests[0]?.url).toBe(`${fixtures.BUILDER_BASE}/api/templates/..%2F..%2Fv1%2Fme`);
  });
});

describe('builder client: design-system sync', () => {
  it('posts a sync and reads accepted, deleted, conflicts and synced_at', async () => {
    const { client, requests } = builderHarness(() => jsonResponse(200, fixtures.syncResultBody()));
    const result = await client.syncAsync('ds_1', syncBody());
    expect(requests[0]?.url).toBe(`${fixtures.BUILDER_BASE}/api/plugin/design-systems/ds_1/sync`);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual(syncBody());
    expect(result.accepted[0]?.key).toBe('c0ffee01');
    expect(result.deleted).toEqual(['dead0001']);
    expect(result.conflicts[0]?.name).toBe('Header');
    expect(result.synced_at).toBe('2026-11-22T01:00:00.000Z');
  });

  it('refuses a sync body over 100 upserts before sending it', async () => {
    const { client, requests } = builderHarness(() => jsonResponse(200, fixtures.syncResultBody()));
    const body = syncBody();
    const first = body.upserts[0]!;
    body.upserts = Array.from({ length: 101 }, (_, index) => ({ ...first, key: `k${index}` }));
    const error = (await rejectionOf(client.syncAsync('ds_1', body))) as ApiError;
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toContain('at most 100 components');
    expect(requests).toHaveLength(0);
  });

  it('reads changes, with tombstones and the cursor', async () => {
    const { client, requests } = builderHarness(() => jsonResponse(200, fixtures.changesBody('cur_2')));
    const changes = await client.getChangesAsync('ds_1', { since: '2026-11-21T10:00:00.000Z', limit: 9999, cursor: 'cur_1' });
    expect(requests[0]?.url).toBe(
      `${fixtures.BUILDER_BASE}/api/plugin/design-systems/ds_1/changes?since=2026-11-21T10%3A00%3A00.000Z&limit=500&cursor=cur_1`,
    );
    expect(changes.components.map((c) => c.deleted)).toEqual([false, true]);
    expect(changes.next_cursor).toBe('cur_2');
    expect(changes.server_time).toBe('2026-11-22T01:00:00.000Z');
  });

  it('names a component field that is missing in a conflict', async () => {
    const body = fixtures.syncResultBody();
    delete (body.data.conflicts[0] as Record<string, unknown>).hash;
    const { client } = builderHarness(() => jsonResponse(200, body));
    const error = (await rejectionOf(client.syncAsync('ds_1', syncBody()))) as ApiError;
    expect(whatWasWrong(error)).toContain('POST /api/plugin/design-systems/:id/sync: data.conflicts.0.hash is missing');
  });

  it.each([
    ['server_time', (body: ReturnType<typeof fixtures.changesBody>) => void (body.data.server_time = '27/11/2026 10:00'), 'data.server_time'],
    ['a component’s updated_at', (body: ReturnType<typeof fixtures.changesBody>) => void ((body.data.components[0] as Record<string, unknown>).updated_at = '2026-13-45T99:99:00Z'), 'data.components.0.updated_at'],
  ])('names a time that is not one (%s) in a changes answer: it would become the next since', async (_what, edit, field) => {
    const body = fixtures.changesBody();
    edit(body);
    const { client } = builderHarness(() => jsonResponse(200, body));
    const error = (await rejectionOf(client.getChangesAsync('ds_1'))) as ApiError;
    expect(error.code).toBe('malformed_response');
    expect(whatWasWrong(error)).toContain(`${field}: is not an ISO 8601 time`);
  });

  it('refuses a since that is an impossible date, as the server would', async () => {
    const { client, requests } = builderHarness(() => jsonResponse(200, fixtures.changesBody()));
    const error = (await rejectionOf(client.getChangesAsync('ds_1', { since: '2026-13-45T99:99:00Z' }))) as ApiError;
    expect(error.code).toBe('invalid_argument');
    expect(requests).toHaveLength(0);
  });

  it('refuses a since that is not a server time', async () => {
    const { client, requests } = builderHarness(() => jsonResponse(200, fixtures.changesBody()));
    const error = (await rejectionOf(client.getChangesAsync('ds_1', { since: 'yesterday' }))) as ApiError;
    expect(error.code).toBe('invalid_argument');
    expect(requests).toHaveLength(0);
  });

  it('refuses to be created without a builder key', () => {
    expect(() => builderHarnessWithKey('')).toThrow('This needs a builder API key. Add one in Settings.');
    // Which key, what is wrong with it, and where to fix it (it said only what builder keys start with).
    expect(() => builderHarnessWithKey('lib_live_abcdefgh12')).toThrow('Envelope can’t use this builder API key. This is a library API key: paste it under Email library. Builder keys start with "ef_". Check the key in Settings.');
    expect(() => builderHarnessWithKey('ef_abc def123')).toThrow(/space or line break inside it.* Check the key in Settings\.$/);
  });
});

function builderHarnessWithKey(key: string) {
  return createBuilderClient({ baseUrl: fixtures.BUILDER_BASE, key, transport: () => Promise.reject(new Error('unused')) });
}
