// A 429's wait too long to sit through (over a minute) refuses the allowance's requests unsent.
// That refusal was kept per request gate, yet the limit is the allowance's (the API and the key, or
// the anonymous host): a client on a second gate for the same key still sent, or held for the
// hour, what the library had already refused.
import { describe, expect, it } from 'vitest';
import { createBuilderClient } from '../../../src/shared/api/builder/client';
import { createRequestGate } from '../../../src/shared/api/http/request-gate';
import { createLibraryClient, refuseLibraryAllowance } from '../../../src/shared/api/library/client';
import { BUILDER_BASE, BUILDER_KEY, builderError, templateListBody } from './support/builder-fixtures';
import { builderHarness, libraryHarness, rejectionOf } from './support/clients';
import { createManualScheduler } from './support/manual-scheduler';
import { LIBRARY_BASE, LIBRARY_KEY, libraryError, listBrandsBody } from './support/library-fixtures';
import { createScriptedTransport, jsonResponse, sequence } from './support/scripted-transport';

const hourLong = () => jsonResponse(429, libraryError('rate_limited', 'Too many requests'), { 'retry-after': '3600' });

/** The same library key at another address: the emulator, say, or a wrong address in Settings. */
const OTHER_LIBRARY_BASE = 'http://localhost:8787';

/** The first client, refused for an hour, and a second client on a gate of its own (same clock) with `key` at `baseUrl`. */
function twoGates(key: string | null, answer: Parameters<typeof createScriptedTransport>[0] = () => jsonResponse(200, listBrandsBody()), baseUrl = LIBRARY_BASE) {
  const first = libraryHarness(hourLong);
  const fresh = createScriptedTransport(answer);
  const gate = createRequestGate({ scheduler: first.clock.scheduler });
  const second = createLibraryClient({ baseUrl, key, transport: fresh.transport, scheduler: first.clock.scheduler, gate });
  return { first, second, requests: fresh.requests };
}

describe('a long 429 refuses the allowance, whichever gate its requests go through', () => {
  it('refuses at once, unsent, on a client with a gate of its own for the same key, and sends once the wait is over', async () => {
    const { first, second, requests } = twoGates(LIBRARY_KEY);
    expect(await rejectionOf(first.client.listBrandsAsync())).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    await first.clock.advanceAsync(60_000);
    const refused = rejectionOf(second.listBrandsAsync());
    await first.clock.settleAsync();
    expect(await refused).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3540 });
    expect(requests).toHaveLength(0);
    await first.clock.advanceAsync(3_540_000);
    expect((await second.listBrandsAsync()).data).toHaveLength(2);
    expect(requests).toHaveLength(1);
  });

  it('refuses a request the second gate already held for room, rather than sending it when room comes or holding it for the hour', async () => {
    // The second gate's allowance reported as one a minute: its next request waits for room.
    const { first, second, requests } = twoGates(LIBRARY_KEY, sequence(jsonResponse(200, listBrandsBody(), { 'x-ratelimit-limit': '1' }), jsonResponse(200, listBrandsBody())));
    await second.listBrandsAsync();
    const held = rejectionOf(second.listBrandsAsync({ page: 2 }));
    await first.clock.advanceAsync(1_000);
    expect(await rejectionOf(first.client.listBrandsAsync())).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    await first.clock.settleAsync();
    expect(await held).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    await first.clock.advanceAsync(61_000);
    expect(requests).toHaveLength(1);
  });

  it('leaves other allowances alone: another key, and the host without a key', async () => {
    const otherKey = `${LIBRARY_KEY.slice(0, -4)}zzzz`;
    for (const key of [otherKey, null]) {
      const { first, second, requests } = twoGates(key);
      await rejectionOf(first.client.listBrandsAsync());
      expect((await second.listBrandsAsync()).data).toHaveLength(2);
      expect(requests).toHaveLength(1);
    }
  });

  it('leaves the same key at another address alone, and still refuses it at the first', async () => {
    const { first, second, requests } = twoGates(LIBRARY_KEY, undefined, `${OTHER_LIBRARY_BASE}/`);
    expect(await rejectionOf(first.client.listBrandsAsync())).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    expect((await second.listBrandsAsync()).data).toHaveLength(2);
    expect(requests).toHaveLength(1);
    // The first address's allowance is still refused, for a client made afresh there too.
    const again = createScriptedTransport(() => jsonResponse(200, listBrandsBody()));
    const there = createLibraryClient({ baseUrl: ` ${LIBRARY_BASE}/`, key: LIBRARY_KEY, transport: again.transport, scheduler: first.clock.scheduler });
    expect(await rejectionOf(there.listBrandsAsync())).toMatchObject({ code: 'rate_limited' });
    expect(again.requests).toHaveLength(0);
  });

  it('keeps the builder’s allowance per address too: the same key elsewhere still sends, and is refused where it was met', async () => {
    const first = builderHarness(() => jsonResponse(429, builderError('rate_limited', 'Too many requests'), { 'retry-after': '3600' }));
    expect(await rejectionOf(first.client.listTemplatesAsync({ page: 1, perPage: 1 }))).toMatchObject({ code: 'rate_limited' });
    const sent = createScriptedTransport(() => jsonResponse(200, templateListBody()));
    const client = (baseUrl: string) => createBuilderClient({ baseUrl, key: BUILDER_KEY, transport: sent.transport, scheduler: first.clock.scheduler });
    await client('http://localhost:8788').listTemplatesAsync({ page: 1, perPage: 1 });
    expect(sent.requests).toHaveLength(1);
    expect(await rejectionOf(client(BUILDER_BASE).listTemplatesAsync({ page: 1, perPage: 1 }))).toMatchObject({ code: 'rate_limited' });
    expect(sent.requests).toHaveLength(1);
  });
});

// Each gate a client was given stayed on its clock's list for the clock's life, so that a long 429
// could pause the allowance in it: every short-lived client on a gate of its own (one per Test
// connection, say) added one that was never let go. A gate now stays only while a request is under way in it.
describe('the gates a long 429 pauses', () => {
  /** A real gate on `scheduler` that counts the pauses it is told of. */
  function countingGate(scheduler: Parameters<typeof createRequestGate>[0]['scheduler']) {
    const gate = createRequestGate({ scheduler });
    const counted = { pauses: 0, gate: { ...gate, pause: (bucket: string, ms: number) => ((counted.pauses += 1), gate.pause(bucket, ms)) } };
    return counted;
  }

  it('are only those with a request under way: finished clients’ gates are let go, one waiting for room is still refused', async () => {
    const first = libraryHarness(hourLong);
    const { scheduler } = first.clock;
    const finished = Array.from({ length: 5 }, () => countingGate(scheduler));
    for (const { gate } of finished) {
      const { transport } = createScriptedTransport(() => jsonResponse(200, listBrandsBody()));
      await createLibraryClient({ baseUrl: LIBRARY_BASE, key: LIBRARY_KEY, transport, scheduler, gate }).listBrandsAsync();
    }
    // A client whose allowance was reported as one a minute: its second request waits for room in its gate.
    const live = countingGate(scheduler);
    const waiting = createScriptedTransport(() => jsonResponse(200, listBrandsBody(), { 'x-ratelimit-limit': '1' }));
    const liveClient = createLibraryClient({ baseUrl: LIBRARY_BASE, key: LIBRARY_KEY, transport: waiting.transport, scheduler, gate: live.gate });
    await liveClient.listBrandsAsync();
    const held = rejectionOf(liveClient.listBrandsAsync({ page: 2 }));

    expect(await rejectionOf(first.client.listBrandsAsync())).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    await first.clock.settleAsync();
    expect(finished.map((each) => each.pauses)).toEqual([0, 0, 0, 0, 0]);
    expect(live.pauses).toBeGreaterThan(0);
    expect(await held).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    expect(waiting.requests).toHaveLength(1);
  });
});

// The plugin window's clients and the sandbox's are two realms, each with its own clock and its own
// allowances: a long 429 Browse met in the window stayed there, and the sandbox's Test connection
// sent a request the library had already refused. The realm that meets it is told its wait, and
// the other refuses on it.
describe('a long 429 met in one realm, told to the other', () => {
  it('is told as its wait when it begins to refuse, and not for a wait short enough to sit through', async () => {
    const told: number[] = [];
    const clock = createManualScheduler();
    const answers = sequence(jsonResponse(429, libraryError('rate_limited', 'Too many requests'), { 'retry-after': '2' }), hourLong());
    const { transport } = createScriptedTransport(answers);
    const client = createLibraryClient({ baseUrl: LIBRARY_BASE, key: LIBRARY_KEY, transport, scheduler: clock.scheduler, retryPolicy: { maxAttempts: 1 }, onRefused: (waitMs) => told.push(waitMs) });
    await rejectionOf(client.listBrandsAsync());
    expect(told).toEqual([]);
    await clock.advanceAsync(2_000);
    await rejectionOf(client.listBrandsAsync());
    expect(told).toEqual([3_600_000]);
    // Refused here unsent from then on: not told again.
    await rejectionOf(client.listBrandsAsync());
    expect(told).toEqual([3_600_000]);
  });

  it('refuses, unsent, the other realm’s clients of the same credentials until the wait told ends, and no others', async () => {
    // The other realm's clock is its own: the wait is told, not its end.
    const other = createManualScheduler(Date.UTC(2026, 11, 1, 12, 0));
    const sent = createScriptedTransport(() => jsonResponse(200, listBrandsBody()));
    const client = (key: string | null) => createLibraryClient({ baseUrl: LIBRARY_BASE, key, transport: sent.transport, scheduler: other.scheduler });
    refuseLibraryAllowance({ baseUrl: `${LIBRARY_BASE}/`, key: ` ${LIBRARY_KEY}`, scheduler: other.scheduler }, 3_600_000);
    await other.advanceAsync(60_000);
    expect(await rejectionOf(client(LIBRARY_KEY).listBrandsAsync())).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3540 });
    expect(sent.requests).toHaveLength(0);
    // Another key, the host without one, and the same key at another address have allowances of their own.
    await client(`${LIBRARY_KEY.slice(0, -4)}zzzz`).listBrandsAsync();
    await client(null).listBrandsAsync();
    await createLibraryClient({ baseUrl: OTHER_LIBRARY_BASE, key: LIBRARY_KEY, transport: sent.transport, scheduler: other.scheduler }).listBrandsAsync();
    expect(sent.requests).toHaveLength(3);
    await other.advanceAsync(3_540_000);
    await client(LIBRARY_KEY).listBrandsAsync();
    expect(sent.requests).toHaveLength(4);
  });
});
