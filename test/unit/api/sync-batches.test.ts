import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ComponentUpsert, SyncBody, SyncResult } from '../../../src/shared/api/builder/schemas';
import { fitsAlone, mergeSyncResults, splitSyncBody, splitSyncBodyLeavingOut, SYNC_LIMITS, syncBodyBytes } from '../../../src/shared/api/builder/sync-batches';
import { getAllChangesAsync, syncInBatchesAsync } from '../../../src/shared/api/builder/sync-flow';
import type { ApiError } from '../../../src/shared/api/http/api-error';
import { truncateText, utf8ByteLength } from '../../../src/shared/api/http/utf8';
import { builderHarness, rejectionOf } from './support/clients';
import { component } from './support/builder-fixtures';
import { jsonResponse } from './support/scripted-transport';
import { messageProblems } from '../../support/message-rules';

function upsert(key: string, nodeBytes = 10): ComponentUpsert {
  return { key, name: `Component ${key}`, kind: 'component', description: '', hash: `h-${key}`, properties: {}, variants: [], node: { blob: 'x'.repeat(nodeBytes) } };
}

function body(upserts: ComponentUpsert[], deletes: string[] = [], force: string[] = []): SyncBody {
  return { base: '2026-11-21T10:00:00.000Z', source: { file_id: 'f', file_name: 'Email DS', user: 'Ada', plugin_version: '0.1.0' }, upserts, deletes, force };
}

describe('splitting a sync into requests', () => {
  it('keeps a small sync as one request', () => {
    const input = body([upsert('a')], ['gone']);
    expect(splitSyncBody(input)).toEqual([input]);
  });

  it('sends an empty sync as one request (to learn synced_at)', () => {
    expect(splitSyncBody(body([]))).toHaveLength(1);
  });

  it('puts at most 100 upserts in a request', () => {
    const batches = splitSyncBody(body(Array.from({ length: 250 }, (_, index) => upsert(`k${index}`))));
    expect(batches.map((batch) => batch.upserts.length)).toEqual([100, 100, 50]);
  });

  it('keeps every request within 2 MB, with base and source on each', () => {
    const big = Array.from({ length: 9 }, (_, index) => upsert(`k${index}`, 500_000));
    const batches = splitSyncBody(body(big, ['d1'], ['k3', 'd1']));
    expect(batches.length).toBeGreaterThanOrEqual(3);
    for (const batch of batches) {
      expect(syncBodyBytes(batch)).toBeLessThanOrEqual(SYNC_LIMITS.maxBodyBytes);
      expect(batch.base).toBe('2026-11-21T10:00:00.000Z');
      expect(batch.source.file_name).toBe('Email DS');
      for (const key of batch.force) expect([...batch.upserts.map((u) => u.key), ...batch.deletes]).toContain(key);
    }
    expect(batches.flatMap((batch) => batch.upserts.map((u) => u.key))).toEqual(big.map((u) => u.key));
    expect(batches.flatMap((batch) => batch.force).sort()).toEqual(['d1', 'k3']);
  });

  it('refuses one component that is over 2 MB on its own, by name', () => {
    let error: ApiError | undefined;
    try {
      splitSyncBody(body([upsert('huge', 2_100_000)]));
    } catch (caught) {
      error = caught as ApiError;
    }
    expect(error?.code).toBe('invalid_argument');
    expect(error?.message).toContain('"Component huge" is too large to sync');
    // Said as something the designer can do: untick it to sync the others.
    expect(error?.message).toMatch(/untick it in the list to sync the others\.$/);
  });

  it('can leave one over 2 MB on its own out, with its forced key, and split the rest as before', () => {
    const huge = upsert('huge', 2_100_000);
    const rest = [upsert('a'), upsert('b')];
    const { batches, tooLarge } = splitSyncBodyLeavingOut(body([rest[0]!, huge, rest[1]!], ['gone'], ['huge', 'b']));
    expect(tooLarge).toEqual([huge]);
    expect(batches).toEqual([body(rest, ['gone'], ['b'])]);
  });

  it('says whether one component fits a request on its own, thumbnail and all', () => {
    const nearLimit = upsert('big', 1_900_000);
    expect(fitsAlone(body([]), nearLimit)).toBe(true);
    const pictured = { ...nearLimit, thumbnail: { format: 'png' as const, base64: 'A'.repeat(200_000) } };
    expect(fitsAlone(body([]), pictured)).toBe(false);
    // Whatever fits alone is never refused by the splitter, even forced.
    expect(splitSyncBody(body([nearLimit], [], ['big']))).toHaveLength(1);
  });

  it('property: batches are within limits and together carry exactly the input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.uuid(), size: fc.integer({ min: 0, max: 400_000 }) }), { maxLength: 40 }),
        fc.array(fc.uuid(), { maxLength: 20 }),
        (items, deletes) => {
          const upserts = items.map((item) => upsert(item.key, item.size));
          const batches = splitSyncBody(body(upserts, deletes));
          for (const batch of batches) {
            expect(batch.upserts.length).toBeLessThanOrEqual(100);
            expect(syncBodyBytes(batch)).toBeLessThanOrEqual(SYNC_LIMITS.maxBodyBytes);
          }
          expect(batches.flatMap((batch) => batch.upserts)).toEqual(upserts);
          expect(batches.flatMap((batch) => batch.deletes)).toEqual(deletes);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('merging batch answers', () => {
  const result = (syncedAt: string, key: string): SyncResult => ({ accepted: [{ key, hash: 'h', updated_at: syncedAt }], deleted: [], conflicts: [], synced_at: syncedAt });

  it('takes the earliest synced_at as the next base', () => {
    const merged = mergeSyncResults([result('2026-11-22T01:00:02.000Z', 'b'), result('2026-11-22T01:00:01.000Z', 'a'), result('2026-11-22T01:00:03.000Z', 'c')]);
    expect(merged.synced_at).toBe('2026-11-22T01:00:01.000Z');
    expect(merged.accepted.map((a) => a.key)).toEqual(['b', 'a', 'c']);
  });

  it('syncInBatchesAsync sends the batches in order, all on the same base', async () => {
    let time = 0;
    const { client, requests } = builderHarness((request) => {
      const sent = JSON.parse(request.body ?? '{}') as SyncBody;
      time += 1;
      return jsonResponse(200, { data: { accepted: sent.upserts.map((u) => ({ key: u.key, hash: u.hash, updated_at: '2026-11-22T01:00:00.000Z' })), deleted: sent.deletes, conflicts: [], synced_at: `2026-11-22T01:00:0${time}.000Z` } });
    });
    const merged = await syncInBatchesAsync(client, 'ds_1', body(Array.from({ length: 150 }, (_, index) => upsert(`k${index}`)), ['gone']));
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => (JSON.parse(r.body ?? '{}') as SyncBody).base)).toEqual(['2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00.000Z']);
    expect(merged.accepted).toHaveLength(150);
    expect(merged.deleted).toEqual(['gone']);
    expect(merged.synced_at).toBe('2026-11-22T01:00:01.000Z');
  });
});

describe('reading all changes', () => {
  it('follows next_cursor and keeps the first page server_time for the next since', async () => {
    const pages = [
      { components: [component('a')], server_time: '2026-11-22T01:00:00.000Z', next_cursor: 'c2' },
      { components: [component('b')], server_time: '2026-11-22T01:00:05.000Z', next_cursor: null },
    ];
    const { client, requests } = builderHarness((_request, index) => jsonResponse(200, { data: pages[index] }));
    const all = await getAllChangesAsync(client, 'ds_1', '2026-11-21T10:00:00.000Z', 1);
    expect(all.components.map((c) => c.key)).toEqual(['a', 'b']);
    expect(all.serverTime).toBe('2026-11-22T01:00:00.000Z');
    expect(requests[1]?.url).toContain('cursor=c2');
  });

  it('stops with a clear error when the cursor repeats', async () => {
    const { client } = builderHarness(() => jsonResponse(200, { data: { components: [], server_time: '2026-11-22T01:00:00.000Z', next_cursor: 'same' } }));
    const error = (await rejectionOf(getAllChangesAsync(client, 'ds_1', null))) as ApiError;
    expect(error.code).toBe('malformed_response');
    // The words are the designer's; the field name is kept for whoever helps.
    expect(messageProblems(error.message)).toEqual([]);
    expect(error.message).toMatch(/^The email builder kept sending the same page of changes/);
    expect(error.details.problem).toContain('next_cursor repeats');
  });
});

describe('UTF-8 byte counting without TextEncoder', () => {
  it('matches Buffer.byteLength on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
    );
  });

  it('truncates without splitting a surrogate pair', () => {
    expect(truncateText('ab😀', 3)).toBe('ab');
    expect(truncateText('abc', 5)).toBe('abc');
  });
});
