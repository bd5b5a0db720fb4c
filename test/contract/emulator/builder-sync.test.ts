// Builder API: design-system sync (the conflict rule, tombstones, safe retries) and changes paging.
import { deflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { encodePng } from '../../support/png';
import { BUILDER_ERROR_SHAPE, call, control, expectShape, ISO_MS, startTestEmulator } from './support';

let emulator: RunningEmulator;
beforeEach(async () => {
  emulator = await startTestEmulator({ limits: 'relaxed' });
});
afterEach(() => emulator.close());

const COMPONENT_SHAPE = {
  key: 'string', name: 'string', kind: 'string', description: 'string', hash: 'string', properties: 'object',
  variants: [{ key: 'string', name: 'string', properties: 'object' }], node: 'object', thumbnail_url: 'string|null',
  updated_at: 'string', updated_by: 'string|null', deleted: 'boolean',
};
const SYNC_SHAPE = {
  data: { accepted: [{ key: 'string', hash: 'string', updated_at: 'string' }], deleted: ['string'], conflicts: [COMPONENT_SHAPE], synced_at: 'string' },
  meta: 'object',
};

const PNG = encodePng({ width: 4, height: 3, pixel: () => [200, 40, 40, 255], deflate: (data) => deflateSync(data) });

function upsert(key: string, hash: string, extra: Record<string, unknown> = {}) {
  return { key, name: `Component ${key}`, kind: 'component', description: '', hash, properties: {}, variants: [], node: { type: 'COMPONENT' }, ...extra };
}

const source = { file_id: 'file1', file_name: 'Email DS', user: 'Ada', plugin_version: '0.1.0' };

function sync(designSystem: string, body: Record<string, unknown>) {
  return call(`${emulator.builderUrl}/api/plugin/design-systems/${designSystem}/sync`, { method: 'POST', key: emulator.keys.builder.demo, body: { source, ...body } });
}

function changes(designSystem: string, query = '') {
  return call(`${emulator.builderUrl}/api/plugin/design-systems/${designSystem}/changes${query}`, { key: emulator.keys.builder.demo });
}

function remoteEdit(designSystem: string, body: Record<string, unknown>) {
  return call(`${emulator.builderUrl}/_emulator/design-systems/${designSystem}/remote-edit`, { method: 'POST', body });
}

describe('POST …/sync', () => {
  it('applies a first sync (base null) and serves the uploaded thumbnails', async () => {
    const response = await sync('ds_empty', {
      base: null,
      upserts: [upsert('k1', 'h1', { thumbnail: { format: 'png', base64: Buffer.from(PNG).toString('base64') } }), upsert('k2', 'h2', { kind: 'component_set', variants: [{ key: 'v1', name: 'Size=Small', properties: { Size: 'Small' } }] })],
      deletes: [],
      force: [],
    });
    expect(response.status).toBe(200);
    expectShape(response.body, SYNC_SHAPE);
    const { accepted, deleted, conflicts, synced_at } = response.body.data;
    expect(accepted.map((item: { key: string }) => item.key)).toEqual(['k1', 'k2']);
    expect(deleted).toEqual([]);
    expect(conflicts).toEqual([]);
    expect(synced_at).toMatch(ISO_MS);
    for (const item of accepted) expect(item.updated_at).toBe(synced_at);

    const listed = await changes('ds_empty');
    expect(listed.status).toBe(200);
    expectShape(listed.body, { data: { components: [COMPONENT_SHAPE], server_time: 'string', next_cursor: 'null|string' }, meta: 'object' });
    const [k1, k2] = listed.body.data.components;
    expect(k1).toMatchObject({ key: 'k1', hash: 'h1', updated_by: 'Ada', deleted: false });
    expect(k2).toMatchObject({ kind: 'component_set', variants: [{ key: 'v1', name: 'Size=Small', properties: { Size: 'Small' } }], thumbnail_url: null });
    const image = new Uint8Array(await (await fetch(k1.thumbnail_url)).arrayBuffer());
    expect(image).toEqual(PNG);
  });

  it('treats an upsert with an unchanged hash as an accepted no-op, so a retry is safe', async () => {
    const first = await sync('ds_empty', { base: null, upserts: [upsert('k1', 'h1')] });
    await control(emulator, 'clock', { advance_seconds: 30 });
    const retry = await sync('ds_empty', { base: null, upserts: [upsert('k1', 'h1')] });
    expect(retry.body.data.accepted).toEqual(first.body.data.accepted);
    expect(retry.body.data.synced_at > first.body.data.synced_at).toBe(true);
    const since = await changes('ds_empty', `?since=${first.body.data.synced_at}`);
    expect(since.body.data.components).toEqual([]);
  });

  it('returns a teammate change made after base as a conflict, and applies it when forced', async () => {
    const first = await sync('ds_empty', { base: null, upserts: [upsert('k1', 'h1'), upsert('k2', 'h2')] });
    const base = first.body.data.synced_at;
    await control(emulator, 'clock', { advance_seconds: 5 });
    const edited = await remoteEdit('ds_empty', { key: 'k1', name: 'Renamed by teammate' });
    expect(edited.status).toBe(200);
    expectShape(edited.body, COMPONENT_SHAPE);
    expect(edited.body.hash).not.toBe('h1');
    expect(edited.body.updated_at > base).toBe(true);

    const conflicted = await sync('ds_empty', { base, upserts: [upsert('k1', 'h1-local'), upsert('k2', 'h2-local')] });
    expect(conflicted.body.data.accepted.map((item: { key: string }) => item.key)).toEqual(['k2']);
    expect(conflicted.body.data.conflicts).toHaveLength(1);
    expect(conflicted.body.data.conflicts[0]).toMatchObject({ key: 'k1', name: 'Renamed by teammate', hash: edited.body.hash, updated_by: expect.stringContaining('builder app') });

    const forced = await sync('ds_empty', { base, upserts: [upsert('k1', 'h1-local')], force: ['k1'] });
    expect(forced.body.data.conflicts).toEqual([]);
    expect(forced.body.data.accepted[0]).toMatchObject({ key: 'k1', hash: 'h1-local' });
  });

  it('turns deletes into tombstones, is idempotent, and reports a delete of a changed component as a conflict', async () => {
    const first = await sync('ds_empty', { base: null, upserts: [upsert('k1', 'h1'), upsert('k2', 'h2')] });
    const base = first.body.data.synced_at;
    const removed = await sync('ds_empty', { base, deletes: ['k1'] });
    expect(removed.body.data.deleted).toEqual(['k1']);
    const tombstone = (await changes('ds_empty', `?since=${base}`)).body.data.components;
    expect(tombstone).toHaveLength(1);
    expect(tombstone[0]).toMatchObject({ key: 'k1', deleted: true });
    const again = await sync('ds_empty', { base, deletes: ['k1', 'never-existed'] });
    expect(again.body.data.deleted).toEqual(['k1', 'never-existed']);
    expect(again.body.data.conflicts).toEqual([]);

    await remoteEdit('ds_empty', { key: 'k2', description: 'Edited remotely' });
    const conflicted = await sync('ds_empty', { base, deletes: ['k2'] });
    expect(conflicted.body.data.deleted).toEqual([]);
    expect(conflicted.body.data.conflicts[0]).toMatchObject({ key: 'k2', description: 'Edited remotely', deleted: false });
  });

  it('reports an upsert onto a teammate deletion as a conflict even with an equal hash', async () => {
    const first = await sync('ds_empty', { base: null, upserts: [upsert('k1', 'h1')] });
    const deleted = await remoteEdit('ds_empty', { key: 'k1', delete: true });
    expect(deleted.body.deleted).toBe(true);
    const response = await sync('ds_empty', { base: first.body.data.synced_at, upserts: [upsert('k1', 'h1')] });
    expect(response.body.data.conflicts).toHaveLength(1);
    expect(response.body.data.conflicts[0]).toMatchObject({ key: 'k1', deleted: true });
  });

  it('starts from the demo components in ds_demo', async () => {
    const { body } = await changes('ds_demo');
    expect(body.data.components.length).toBeGreaterThanOrEqual(3);
    expect(body.data.components.some((component: { kind: string }) => component.kind === 'component_set')).toBe(true);
  });

  it.each([
    [{ base: 'yesterday' }, 'base'],
    [{ base: null, upserts: 'x' }, 'upserts'],
    [{ base: null, upserts: [{ key: 'k1' }] }, 'upserts[0]'],
    [{ base: null, upserts: [upsert('k1', '')] }, 'upserts[0].hash'],
    [{ base: null, upserts: [upsert('k1', 'h', { kind: 'frame' })] }, 'upserts[0].kind'],
    [{ base: null, upserts: [upsert('k1', 'h', { thumbnail: { format: 'png', base64: 'bm90IGEgcG5n' } })] }, 'upserts[0].thumbnail'],
    [{ base: null, upserts: [upsert('k1', 'h'), upsert('k1', 'h')] }, 'more than once'],
    [{ base: null, upserts: [upsert('k1', 'h')], deletes: ['k1'] }, 'more than once'],
    [{ base: null, deletes: [3] }, 'deletes[0]'],
    [{ base: null, upserts: Array.from({ length: 101 }, (_, i) => upsert(`k${i}`, 'h')) }, 'at most 100'],
  ])('rejects %j with 400 invalid_request naming %s', async (body, words) => {
    const response = await sync('ds_empty', body);
    expect(response.status).toBe(400);
    expectShape(response.body, BUILDER_ERROR_SHAPE);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.message).toContain(words);
  });

  it('accepts exactly 100 upserts', async () => {
    const response = await sync('ds_empty', { base: null, upserts: Array.from({ length: 100 }, (_, i) => upsert(`k${i}`, 'h')) });
    expect(response.body.data.accepted).toHaveLength(100);
  });

  it('answers 404 not_found for an unknown design system', async () => {
    const response = await sync('ds_nope', { base: null });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('not_found');
    expect((await changes('ds_nope')).status).toBe(404);
  });

  it('applies a sync whose response is dropped, so the retry is an accepted no-op', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['drop'], seed: 9 });
    await expect(sync('ds_empty', { base: null, upserts: [upsert('k1', 'h1')] })).rejects.toThrow();
    await control(emulator, 'faults', { rate: 0 });
    const applied = (await changes('ds_empty')).body.data.components;
    expect(applied).toHaveLength(1);
    const retry = await sync('ds_empty', { base: null, upserts: [upsert('k1', 'h1')] });
    expect(retry.body.data.accepted).toEqual([{ key: 'k1', hash: 'h1', updated_at: applied[0].updated_at }]);
  });
});

describe('GET …/changes', () => {
  it('pages oldest first with an opaque cursor, and filters by since', async () => {
    for (let i = 0; i < 5; i++) {
      await sync('ds_empty', { base: null, upserts: [upsert(`k${i}`, 'h')] });
      await control(emulator, 'clock', { advance_seconds: 1 });
    }
    const keys: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await changes('ds_empty', `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.data.components.length).toBeLessThanOrEqual(2);
      keys.push(...page.body.data.components.map((component: { key: string }) => component.key));
      cursor = page.body.data.next_cursor;
      pages++;
    } while (cursor);
    expect(keys).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
    expect(pages).toBe(3);

    const all = (await changes('ds_empty')).body.data.components;
    const since = await changes('ds_empty', `?since=${encodeURIComponent(all[2].updated_at)}`);
    expect(since.body.data.components.map((component: { key: string }) => component.key)).toEqual(['k3', 'k4']);
  });

  it('gives a server_time that a later write is strictly after', async () => {
    const before = await changes('ds_empty');
    const written = await sync('ds_empty', { base: before.body.data.server_time, upserts: [upsert('k1', 'h1')] });
    expect(written.body.data.synced_at > before.body.data.server_time).toBe(true);
    const after = await changes('ds_empty', `?since=${encodeURIComponent(before.body.data.server_time)}`);
    expect(after.body.data.components.map((component: { key: string }) => component.key)).toEqual(['k1']);
  });

  it('gives at most 200 components per page by default and up to 500 with limit', async () => {
    for (let batch = 0; batch < 3; batch++) {
      const count = batch < 2 ? 100 : 1;
      const upserts = Array.from({ length: count }, (_, i) => upsert(`b${batch}-${String(i).padStart(3, '0')}`, 'h'));
      expect((await sync('ds_empty', { base: null, upserts })).status).toBe(200);
    }
    const first = await changes('ds_empty');
    expect(first.body.data.components).toHaveLength(200);
    expect(first.body.data.next_cursor).not.toBeNull();
    const all = await changes('ds_empty', '?limit=500');
    expect(all.body.data.components).toHaveLength(201);
    expect(all.body.data.next_cursor).toBeNull();
  });

  it('accepts any ISO 8601 date or date-time as since', async () => {
    const all = (await changes('ds_demo')).body.data.components;
    expect((await changes('ds_demo', '?since=2000-01-01')).body.data.components).toEqual(all);
    expect((await changes('ds_demo', `?since=${encodeURIComponent('2000-01-01T00:00:00+01:00')}`)).body.data.components).toEqual(all);
  });

  it.each([
    ['since=yesterday', 'since'],
    ['since=2026-11-21T25:00:00Z', 'since'],
    [`since=${encodeURIComponent('2026-11-21 10:00:00Z')}`, 'since'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['cursor=garbage', 'cursor'],
  ])('rejects %s with 400 invalid_request', async (query, words) => {
    const response = await changes('ds_demo', `?${query}`);
    expect(response.status).toBe(400);
    expectShape(response.body, BUILDER_ERROR_SHAPE);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.message).toContain(words);
  });
});
