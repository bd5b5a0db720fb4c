import { describe, expect, it } from 'vitest';
import { createRequestGate, type ReleaseSlot } from '../../../src/shared/api/http/request-gate';
import { createCancelSource } from '../../../src/shared/api/http/cancel-signal';
import { createManualScheduler } from './support/manual-scheduler';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import type { HttpResponse } from '../../../src/shared/api/http/transport';
import { LIBRARY_BASE, LIBRARY_KEY, searchEmailsBody } from './support/library-fixtures';
import { jsonResponse } from './support/scripted-transport';
import { heldLibraryClient, rateLimitedResponse } from './support/held-client';

function setup(maxInFlightPerHost = 100) {
  const clock = createManualScheduler();
  const gate = createRequestGate({ scheduler: clock.scheduler, maxInFlightPerHost, windowMs: 60_000 });
  const granted: string[] = [];
  const releases: ReleaseSlot[] = [];
  const ask = (label: string, bucket = 'anon', limitPerMinute = 20, host = 'https://api.example') =>
    void gate.acquireAsync({ bucket, limitPerMinute, host }).then((release) => {
      granted.push(label);
      releases.push(release);
    });
  return { clock, gate, granted, releases, ask };
}

describe('request gate: rolling per-minute limit', () => {
  it('lets 20 anonymous requests go at once and holds the rest until the window moves', async () => {
    const { clock, granted, releases, ask } = setup();
    for (let index = 0; index < 25; index += 1) ask(`r${index}`);
    await clock.settleAsync();
    expect(granted).toHaveLength(20);
    releases.forEach((release) => release());
    await clock.advanceAsync(59_999);
    expect(granted).toHaveLength(20);
    await clock.advanceAsync(1);
    expect(granted).toHaveLength(25);
    expect(granted.slice(20)).toEqual(['r20', 'r21', 'r22', 'r23', 'r24']);
  });

  it('spreads requests: one slot frees when the oldest start leaves the window', async () => {
    const { clock, granted, ask } = setup();
    for (let index = 0; index < 3; index += 1) ask(`early${index}`, 'b', 3);
    await clock.advanceAsync(10_000);
    ask('late', 'b', 3);
    await clock.advanceAsync(49_999);
    expect(granted).not.toContain('late');
    await clock.advanceAsync(1);
    expect(granted).toContain('late');
  });

  it('keeps buckets apart: a full anonymous bucket does not hold a keyed one back', async () => {
    const { clock, granted, ask } = setup();
    for (let index = 0; index < 21; index += 1) ask(`anon${index}`, 'anon', 20);
    ask('keyed', 'key', 1200);
    await clock.settleAsync();
    expect(granted).toContain('keyed');
    expect(granted).not.toContain('anon20');
  });

  it('uses the limit the server reports in X-RateLimit-Limit', async () => {
    const { clock, gate, granted, ask } = setup();
    gate.reportLimit('b', 5);
    for (let index = 0; index < 8; index += 1) ask(`r${index}`, 'b', 100);
    await clock.settleAsync();
    expect(granted).toHaveLength(5);
  });

  it('ignores a nonsense reported limit', async () => {
    const { clock, gate, granted, ask } = setup();
    gate.reportLimit('b', 0);
    gate.reportLimit('b', 2.5);
    for (let index = 0; index < 4; index += 1) ask(`r${index}`, 'b', 3);
    await clock.settleAsync();
    expect(granted).toHaveLength(3);
  });

  it('holds a paused bucket back until the pause ends', async () => {
    const { clock, gate, granted, ask } = setup();
    gate.pause('b', 2_000);
    ask('r', 'b', 100);
    await clock.advanceAsync(1_999);
    expect(granted).toEqual([]);
    await clock.advanceAsync(1);
    expect(granted).toEqual(['r']);
  });
});

describe('request gate: telling a held request when it goes', () => {
  it('tells each request its bucket holds back when it will go, once, and tells nothing to one that goes at once', async () => {
    const { clock, gate } = setup();
    const told: Array<[string, number]> = [];
    const start = clock.scheduler.now();
    const ask = (label: string) => void gate.acquireAsync({ bucket: 'b', limitPerMinute: 2, host: 'https://api.example' }, (at) => told.push([label, at - start]));
    await clock.advanceAsync(1_000);
    ask('first');
    ask('second');
    await clock.advanceAsync(10_000);
    ask('third');
    ask('fourth');
    await clock.settleAsync();
    // Room comes when the first start (at 1 s) leaves the 60 s window.
    expect(told).toEqual([
      ['third', 61_000],
      ['fourth', 61_000],
    ]);
    gate.pause('b', 120_000);
    await clock.settleAsync();
    expect(told.slice(2)).toEqual([
      ['third', 131_000],
      ['fourth', 131_000],
    ]);
  });

  it('through the client: a 429 holds the next call back, and onHeld says for how long in seconds', async () => {
    const clock = createManualScheduler();
    let calls = 0;
    const { client, held } = heldLibraryClient(clock, async () => (++calls === 1 ? rateLimitedResponse(7) : jsonResponse(200, searchEmailsBody([]))));
    await expect(client.searchEmailsAsync({})).rejects.toMatchObject({ code: 'rate_limited' });
    const next = client.searchEmailsAsync({});
    await clock.settleAsync();
    expect(held).toEqual([7]);
    await clock.advanceAsync(7_000);
    await next;
    expect(calls).toBe(2);
    // It went: nothing waits, which the screen hears as 0.
    expect(held).toEqual([7, 0]);
  });

  it('through the client: a held call given up tells onHeld 0, so the screen stops counting down for nothing', async () => {
    const clock = createManualScheduler();
    let calls = 0;
    const { client, held } = heldLibraryClient(clock, async () => (++calls === 1 ? rateLimitedResponse(30) : jsonResponse(200, searchEmailsBody([]))));
    await expect(client.searchEmailsAsync({})).rejects.toMatchObject({ code: 'rate_limited' });
    const first = createCancelSource();
    const second = createCancelSource();
    const firstCall = client.searchEmailsAsync({}, first.signal);
    const secondCall = client.searchEmailsAsync({ q: 'b' }, second.signal);
    await clock.settleAsync();
    expect(held).toEqual([30]);
    first.cancel();
    await expect(firstCall).rejects.toMatchObject({ code: 'cancelled' });
    // One still waits: the count goes on.
    expect(held).toEqual([30]);
    second.cancel();
    await expect(secondCall).rejects.toMatchObject({ code: 'cancelled' });
    expect(held).toEqual([30, 0]);
    expect(calls).toBe(1);
  });
});

describe('request gate: withdrawing a request that waits', () => {
  it('lets a withdrawn request leave the queue without using the allowance, and the next one goes in its place', async () => {
    const { clock, gate, granted, ask } = setup();
    ask('first', 'b', 1);
    const withdraw = createCancelSource();
    const withdrawn = gate.acquireAsync({ bucket: 'b', limitPerMinute: 1, host: 'https://api.example' }, undefined, withdraw.signal);
    ask('third', 'b', 1);
    await clock.settleAsync();
    withdraw.cancel();
    await expect(withdrawn).rejects.toThrow();
    await clock.advanceAsync(60_000);
    expect(granted).toEqual(['first', 'third']);
  });
});

describe('request gate: requests in flight per host', () => {
  it('allows at most 4 in flight per host by default', async () => {
    const clock = createManualScheduler();
    const gate = createRequestGate({ scheduler: clock.scheduler });
    const releases: ReleaseSlot[] = [];
    for (let index = 0; index < 6; index += 1) void gate.acquireAsync({ bucket: 'k', limitPerMinute: 1200, host: 'h' }).then((r) => releases.push(r));
    void gate.acquireAsync({ bucket: 'other', limitPerMinute: 1200, host: 'h2' }).then((r) => releases.push(r));
    await clock.settleAsync();
    expect(releases).toHaveLength(5);
    releases[0]?.();
    releases[0]?.(); // a second release of the same slot changes nothing
    await clock.settleAsync();
    expect(releases).toHaveLength(6);
  });

  it('through the client: 10 parallel calls never have more than 4 in flight', async () => {
    const clock = createManualScheduler();
    let inFlight = 0;
    let peak = 0;
    const finishers: (() => void)[] = [];
    const client = createLibraryClient({
      baseUrl: LIBRARY_BASE,
      key: LIBRARY_KEY,
      scheduler: clock.scheduler,
      transport: () =>
        new Promise<HttpResponse>((resolve) => {
          inFlight += 1;
          peak = Math.max(peak, inFlight);
          finishers.push(() => {
            inFlight -= 1;
            resolve(jsonResponse(200, searchEmailsBody()));
          });
        }),
    });
    const calls = Array.from({ length: 10 }, () => client.searchEmailsAsync());
    for (let round = 0; round < 10; round += 1) {
      await clock.settleAsync();
      finishers.shift()?.();
    }
    await Promise.all(calls);
    expect(peak).toBe(4);
  });
});
