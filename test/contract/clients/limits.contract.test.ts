// Limits and faults against the emulator with its real limits on. The client runs on a manual
// clock that the test moves together with the emulator's clock, so nothing sleeps.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBuilderClient } from '../../../src/shared/api/builder/client';
import type { HttpResponse, HttpTransport } from '../../../src/shared/api/http/transport';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import { createManualScheduler } from '../../unit/api/support/manual-scheduler';
import { syncBody, upsert } from './support/sync-bodies';
import { useEmulatorSession } from './support/emulator-session';
import { controlAsync, TRANSPORTS } from './support/transports';

const session = useEmulatorSession();

interface Recorded {
  transport: HttpTransport;
  sent: string[];
  /** Status per answered request; 'none' when no response arrived. */
  outcomes: (number | 'none')[];
}

/** Records what went out and what came back. */
function recording(inner: HttpTransport, afterEach?: (index: number, outcome: HttpResponse | null) => Promise<void>): Recorded {
  const sent: string[] = [];
  const outcomes: (number | 'none')[] = [];
  const transport: HttpTransport = async (request) => {
    const index = sent.length;
    sent.push(`${request.method} ${request.url}`);
    let response: HttpResponse | null = null;
    try {
      response = await inner(request);
      return response;
    } finally {
      await afterEach?.(index, response);
      outcomes.push(response === null ? 'none' : response.status);
    }
  };
  return { transport, sent, outcomes };
}

describe.each(TRANSPORTS)('limits over the $name', (transportKind) => {
  beforeEach(async () => {
    await controlAsync(session.emulator.libraryUrl, 'faults', { rate: 0 });
    await controlAsync(session.emulator.libraryUrl, 'reset', {});
  });

  it('25 anonymous library calls issued at once never get a 429', async () => {
    const clock = createManualScheduler();
    const recorded = recording(transportKind.create());
    const client = createLibraryClient({ baseUrl: session.emulator.libraryUrl, key: null, transport: recorded.transport, scheduler: clock.scheduler });
    const calls = Array.from({ length: 25 }, (_, index) => client.searchEmailsAsync({ page: index + 1, perPage: 1 }));
    // The first 20 (the anonymous limit) go out and come back.
    // Then the client's clock holds the gate's wake-up and the deadlines of the 5 held back.
    await vi.waitFor(() => expect([recorded.outcomes.length, clock.pendingTimers()]).toEqual([20, 6]), { timeout: 10_000 });
    expect(recorded.sent).toHaveLength(20);
    // A minute later, on both clocks, the other 5 go.
    await controlAsync(session.emulator.libraryUrl, 'clock', { advance_seconds: 61 });
    await clock.advanceAsync(61_000);
    const results = await Promise.all(calls);
    expect(results).toHaveLength(25);
    expect(recorded.outcomes).toHaveLength(25);
    expect(recorded.outcomes.filter((status) => status !== 200)).toEqual([]);
  });

  it('a 429 with Retry-After: 2 is waited out', async () => {
    const seed = await seedForOne429Async(session.emulator.libraryUrl, '/v1/brands?per_page=1', session.keys.library.demo, '2');
    await controlAsync(session.emulator.libraryUrl, 'faults', { rate: 0.5, kinds: ['429'], seed });
    const clock = createManualScheduler();
    const recorded = recording(transportKind.create());
    const client = createLibraryClient({ baseUrl: session.emulator.libraryUrl, key: session.keys.library.demo, transport: recorded.transport, scheduler: clock.scheduler });
    const pending = client.listBrandsAsync({ perPage: 2 });
    // Wait until the client has read the 429 and holds the retry on its clock (the gate's wake-up and the retry's deadline).
    await vi.waitFor(() => expect([recorded.outcomes, clock.pendingTimers()]).toEqual([[429], 2]), { timeout: 10_000 });
    await clock.advanceAsync(1_999);
    expect(recorded.sent).toHaveLength(1);
    await clock.advanceAsync(1);
    const brands = await pending;
    expect(brands.data).toHaveLength(2);
    expect(recorded.outcomes).toEqual([429, 200]);
  });

  it('a template create that meets a 429 waits out Retry-After and is made once ("the client is expected to wait and retry")', async () => {
    const builderUrl = session.emulator.builderUrl;
    const key = session.keys.builder.demo;
    const seed = await seedForOne429Async(builderUrl, '/api/templates?per_page=1', key, '2');
    await controlAsync(builderUrl, 'faults', { rate: 0.5, kinds: ['429'], seed });
    const clock = createManualScheduler();
    const recorded = recording(transportKind.create());
    const client = createBuilderClient({ baseUrl: builderUrl, key, transport: recorded.transport, scheduler: clock.scheduler });
    const name = `After a 429 (${transportKind.name})`;
    const pending = client.createTemplateAsync({ name });
    await vi.waitFor(() => expect([recorded.outcomes, clock.pendingTimers()]).toEqual([[429], 2]), { timeout: 10_000 });
    await clock.advanceAsync(1_999);
    expect(recorded.sent).toHaveLength(1);
    await clock.advanceAsync(1);
    const created = await pending;
    expect(created.name).toBe(name);
    expect(recorded.outcomes).toEqual([429, 201]);
    await controlAsync(builderUrl, 'faults', { rate: 0 });
    const reader = createBuilderClient({ baseUrl: builderUrl, key: session.keys.builder.other, transport: transportKind.create() });
    const all = await reader.listTemplatesAsync({ perPage: 100 });
    expect(all.templates.filter((template) => template.name === name)).toHaveLength(1);
  });

  it('a builder sync retried after a dropped response is applied once', async () => {
    const clock = createManualScheduler();
    const builderUrl = session.emulator.builderUrl;
    // Only the first answer is dropped: the faults are cleared once it has been lost.
    const recorded = recording(transportKind.create(), async (index) => {
      if (index === 0) await controlAsync(builderUrl, 'faults', { rate: 0 });
    });
    const client = createBuilderClient({ baseUrl: builderUrl, key: session.keys.builder.demo, transport: recorded.transport, scheduler: clock.scheduler });
    const reader = createBuilderClient({ baseUrl: builderUrl, key: session.keys.builder.other, transport: transportKind.create() });
    const designSystemId = session.keys.builder.design_systems[0]!;
    const start = await reader.getChangesAsync(designSystemId);
    const key = `dropped-${transportKind.name.split(' ')[0]}`;
    await controlAsync(builderUrl, 'faults', { rate: 1, kinds: ['drop'], seed: 1 });
    const pending = client.syncAsync(designSystemId, syncBody(start.server_time, [upsert(key, 'once')]));
    // Wait until the client has seen the loss and holds the retry's backoff on its clock.
    await vi.waitFor(() => expect([recorded.outcomes, clock.pendingTimers()]).toEqual([['none'], 1]), { timeout: 10_000 });
    await clock.advanceAsync(1_000);
    const result = await pending;
    expect(recorded.outcomes).toEqual(['none', 200]);
    expect(result.accepted.map((accepted) => accepted.key)).toEqual([key]);
    expect(result.conflicts).toEqual([]);
    const changes = await reader.getChangesAsync(designSystemId, { since: start.server_time, limit: 500 });
    const stored = changes.components.filter((component) => component.key === key);
    expect(stored).toHaveLength(1);
    // The retry was the no-op: the stored time is the first (dropped) application's.
    expect(stored[0]?.updated_at).toBe(result.accepted[0]?.updated_at);
    expect(stored[0]?.hash).toBe('once');
  });
});

/**
 * A fault seed under which the next API request gets a 429 with the wanted Retry-After and
 * the one after it does not. Found by asking (the fault stream restarts for each seed).
 */
async function seedForOne429Async(baseUrl: string, path: string, key: string, retryAfter: string): Promise<number> {
  const probe = () => fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  for (let seed = 1; seed <= 200; seed += 1) {
    await controlAsync(baseUrl, 'faults', { rate: 0.5, kinds: ['429'], seed });
    const first = await probe();
    await first.text();
    if (first.status !== 429 || first.headers.get('retry-after') !== retryAfter) continue;
    const second = await probe();
    await second.text();
    if (second.status === 200) return seed;
  }
  throw new Error('No fault seed in 1-200 gives one 429 with the wanted Retry-After');
}
