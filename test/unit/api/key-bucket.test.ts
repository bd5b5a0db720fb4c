import { describe, expect, it } from 'vitest';
import { createBuilderClient } from '../../../src/shared/api/builder/client';
import type { RequestGate } from '../../../src/shared/api/http/request-gate';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import { BUILDER_BASE, BUILDER_KEY } from './support/builder-fixtures';
import { LIBRARY_BASE, LIBRARY_KEY } from './support/library-fixtures';
import { createManualScheduler } from './support/manual-scheduler';
import { createScriptedTransport, jsonResponse } from './support/scripted-transport';

/** A gate that lets everything through and remembers which buckets were named. */
function recordingGate(): { gate: RequestGate; buckets: string[] } {
  const buckets: string[] = [];
  return {
    buckets,
    gate: {
      acquireAsync: (ticket) => {
        buckets.push(ticket.bucket);
        return Promise.resolve(() => {});
      },
      reportLimit: (bucket) => void buckets.push(bucket),
      pause: (bucket) => void buckets.push(bucket),
    },
  };
}

describe('rate-limit buckets of keyed clients', () => {
  it('never carry the key, yet one key shares one bucket and two keys have two', async () => {
    const { gate, buckets } = recordingGate();
    const { scheduler } = createManualScheduler();
    const transport = createScriptedTransport(() => jsonResponse(200, { data: [], meta: { count: 0, attribution: { source: 'x', url: 'https://x.example' } } })).transport;
    const otherKey = `${BUILDER_KEY.slice(0, -4)}zzzz`;
    const templates = () => jsonResponse(200, { data: [], meta: { page: 1, per_page: 1, total: 0 } });
    const builderTransport = createScriptedTransport(templates).transport;

    const library = createLibraryClient({ baseUrl: LIBRARY_BASE, key: LIBRARY_KEY, transport, gate, scheduler });
    const builderA = createBuilderClient({ baseUrl: BUILDER_BASE, key: BUILDER_KEY, transport: builderTransport, gate, scheduler });
    const builderA2 = createBuilderClient({ baseUrl: BUILDER_BASE, key: BUILDER_KEY, transport: builderTransport, gate, scheduler });
    const builderB = createBuilderClient({ baseUrl: BUILDER_BASE, key: otherKey, transport: builderTransport, gate, scheduler });
    await library.listCollectionsAsync();
    await builderA.listTemplatesAsync({ page: 1, perPage: 1 });
    await builderA2.listTemplatesAsync({ page: 1, perPage: 1 });
    await builderB.listTemplatesAsync({ page: 1, perPage: 1 });

    for (const bucket of buckets) {
      for (const key of [LIBRARY_KEY, BUILDER_KEY, otherKey]) expect(bucket).not.toContain(key.slice(3));
    }
    const [libraryBucket, a, a2, b] = [buckets[0], buckets[buckets.length - 3], buckets[buckets.length - 2], buckets[buckets.length - 1]];
    expect(a).toBe(a2);
    expect(b).not.toBe(a);
    expect(libraryBucket).not.toBe(a);
  });
});

describe('a limit reported in X-RateLimit-Limit', () => {
  /** A gate that lets everything through and remembers the limits reported to it. */
  function reportsGate(): { gate: RequestGate; reported: number[] } {
    const reported: number[] = [];
    return { reported, gate: { acquireAsync: () => Promise.resolve(() => {}), reportLimit: (_bucket, limit) => void reported.push(limit), pause: () => undefined } };
  }

  it('sizes the library allowance, which documents the header', async () => {
    const { gate, reported } = reportsGate();
    const { scheduler } = createManualScheduler();
    const transport = createScriptedTransport(() => jsonResponse(200, { data: [], meta: { count: 0, attribution: { source: 'x', url: 'https://x.example' } } }, { 'x-ratelimit-limit': '1200' })).transport;
    await createLibraryClient({ baseUrl: LIBRARY_BASE, key: LIBRARY_KEY, transport, gate, scheduler }).listCollectionsAsync();
    expect(reported).toEqual([1200]);
  });

  it('is not read from the builder, whose document has no such header (it could mean another period)', async () => {
    const { gate, reported } = reportsGate();
    const { scheduler } = createManualScheduler();
    const transport = createScriptedTransport(() => jsonResponse(200, { data: [], meta: { page: 1, per_page: 1, total: 0 } }, { 'x-ratelimit-limit': '5000' })).transport;
    await createBuilderClient({ baseUrl: BUILDER_BASE, key: BUILDER_KEY, transport, gate, scheduler }).listTemplatesAsync({ page: 1, perPage: 1 });
    expect(reported).toEqual([]);
  });
});
