// The library's response cache: identical requests in flight are joined, answers live a short
// while, failures are never kept; and the cached client routes reads, never writes, through it.
import { describe, expect, it, vi } from 'vitest';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import { withResponseCache } from '../../../ui/library/cached-library-client';
import { createResponseCache } from '../../../ui/library/response-cache';
import { deferred } from '../../support/deferred';

describe('createResponseCache', () => {
  it('joins an identical request while the first is in flight', async () => {
    const cache = createResponseCache({ now: () => 0 });
    const answer = deferred<string>();
    const load = vi.fn(() => answer.promise);
    const first = cache.getAsync('a', load);
    const second = cache.getAsync('a', load);
    answer.resolve('page');
    expect(await Promise.all([first, second])).toEqual(['page', 'page']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.hits).toBe(1);
  });

  it('reuses an answer within its lifetime and asks again after it', async () => {
    let now = 1_000;
    const cache = createResponseCache({ now: () => now, lifetimeMs: 60_000 });
    const load = vi.fn(async () => now);
    expect(await cache.getAsync('a', load)).toBe(1_000);
    now += 59_999;
    expect(await cache.getAsync('a', load)).toBe(1_000);
    now += 1;
    expect(await cache.getAsync('a', load)).toBe(61_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps different keys apart', async () => {
    const cache = createResponseCache({ now: () => 0 });
    expect(await cache.getAsync('a', async () => 1)).toBe(1);
    expect(await cache.getAsync('b', async () => 2)).toBe(2);
  });

  it('forgets a failure, so the next call asks again', async () => {
    const cache = createResponseCache({ now: () => 0 });
    await expect(cache.getAsync('a', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await cache.getAsync('a', async () => 'back')).toBe('back');
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = createResponseCache({ now: () => 0, maxEntries: 2 });
    const load = vi.fn(async () => 'x');
    await cache.getAsync('a', load);
    await cache.getAsync('b', load);
    await cache.getAsync('c', load);
    await cache.getAsync('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

describe('createResponseCache: forget', () => {
  it('keeps no answer that was on its way when forgotten and shows what was to go; its callers still get it', async () => {
    const cache = createResponseCache({ now: () => 0 });
    const answer = deferred<string[]>();
    const load = vi.fn(() => answer.promise);
    const first = cache.getAsync('a', load);
    cache.forget((_key, kept) => Array.isArray(kept) && kept.includes('removed'));
    answer.resolve(['removed', 'other']);
    expect(await first).toEqual(['removed', 'other']);
    // Asked for again: the library's answer now, not the one that came within the minute.
    const again = vi.fn(async () => ['other']);
    expect(await cache.getAsync('a', again)).toEqual(['other']);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer that was on its way when forgotten if it does not show what was to go', async () => {
    const cache = createResponseCache({ now: () => 0 });
    const answer = deferred<string[]>();
    const first = cache.getAsync('a', () => answer.promise);
    cache.forget((_key, kept) => Array.isArray(kept) && kept.includes('removed'));
    answer.resolve(['other']);
    await first;
    const again = vi.fn(async () => ['asked again']);
    expect(await cache.getAsync('a', again)).toEqual(['other']);
    expect(again).not.toHaveBeenCalled();
  });
});

describe('createResponseCache: a fresh read', () => {
  it('asks again though an answer is kept, and the others get the new answer', async () => {
    const cache = createResponseCache({ now: () => 0 });
    expect(await cache.getAsync('a', async () => 'old')).toBe('old');
    expect(await cache.getAsync('a', async () => 'new', undefined, true)).toBe('new');
    expect(await cache.getAsync('a', async () => 'unused')).toBe('new');
  });

  it('drops the kept answer when the library refuses it (a removed email), so the others ask again', async () => {
    const cache = createResponseCache({ now: () => 0 });
    await cache.getAsync('a', async () => 'there');
    await expect(cache.getAsync('a', () => Promise.reject(new Error('not_found')), undefined, true)).rejects.toThrow('not_found');
    await expect(cache.getAsync('a', () => Promise.reject(new Error('not_found')))).rejects.toThrow('not_found');
  });

  it('joins a request already on its way', async () => {
    const cache = createResponseCache({ now: () => 0 });
    const answer = deferred<string>();
    const load = vi.fn(() => answer.promise);
    const first = cache.getAsync('a', load);
    const second = cache.getAsync('a', load, undefined, true);
    answer.resolve('now');
    expect(await Promise.all([first, second])).toEqual(['now', 'now']);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('createResponseCache: callers that no longer need the answer', () => {
  it('lets one caller of a joined request stop waiting while the other still gets the answer', async () => {
    const cache = createResponseCache({ now: () => 0 });
    const answer = deferred<string>();
    let loadSignal: AbortSignal | undefined;
    const load = vi.fn((signal: AbortSignal) => {
      loadSignal = signal;
      return answer.promise;
    });
    const replaced = new AbortController();
    const first = cache.getAsync('a', load, replaced.signal);
    const second = cache.getAsync('a', load, new AbortController().signal);
    const third = cache.getAsync('a', load);
    replaced.abort();
    await expect(first).rejects.toThrow();
    expect(loadSignal?.aborted).toBe(false);
    answer.resolve('page');
    expect(await Promise.all([second, third])).toEqual(['page', 'page']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('cancels the request once every caller has stopped waiting, and asks afresh for the next caller', async () => {
    const cache = createResponseCache({ now: () => 0 });
    const signals: AbortSignal[] = [];
    const load = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string>(() => undefined);
    });
    const callers = [new AbortController(), new AbortController()];
    const waits = callers.map((caller) => cache.getAsync('a', load, caller.signal));
    callers[0]?.abort();
    expect(signals[0]?.aborted).toBe(false);
    callers[1]?.abort();
    expect(signals[0]?.aborted).toBe(true);
    await Promise.allSettled(waits);
    void cache.getAsync('a', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('does not load for a caller already cancelled', async () => {
    const cache = createResponseCache({ now: () => 0 });
    const gone = new AbortController();
    gone.abort();
    const load = vi.fn(async () => 'x');
    await expect(cache.getAsync('a', load, gone.signal)).rejects.toThrow();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('withResponseCache', () => {
  it('joins identical reads whatever their signals, and passes the library a signal that only aborts when both callers have', async () => {
    const signals: AbortSignal[] = [];
    const getEmailAsync = vi.fn((_id: number, signal?: AbortSignal) => {
      if (signal) signals.push(signal);
      return new Promise(() => undefined);
    });
    const cached = withResponseCache({ hasKey: true, getEmailAsync } as unknown as LibraryClient, createResponseCache({ now: () => 0 }));
    const steps = [new AbortController(), new AbortController()];
    const waits = steps.map((step) => cached.getEmailAsync(7, step.signal));
    expect(getEmailAsync).toHaveBeenCalledTimes(1);
    expect(getEmailAsync.mock.calls[0]?.[0]).toBe(7);
    steps[0]?.abort();
    expect(signals[0]?.aborted).toBe(false);
    steps[1]?.abort();
    expect(signals[0]?.aborted).toBe(true);
    await Promise.allSettled(waits);
  });

  it('sends one search for two identical calls and one per distinct query; writes always go through', async () => {
    const searchEmailsAsync = vi.fn(async (query: unknown) => ({ query }));
    const createBrandRequestAsync = vi.fn(async () => ({ status: 'queued' }));
    const client = { hasKey: true, searchEmailsAsync, createBrandRequestAsync } as unknown as LibraryClient;
    const cached = withResponseCache(client, createResponseCache({ now: () => 0 }));
    await Promise.all([cached.searchEmailsAsync({ q: 'sale', page: 1 }), cached.searchEmailsAsync({ q: 'sale', page: 1 })]);
    await cached.searchEmailsAsync({ q: 'sale', page: 2 });
    expect(searchEmailsAsync).toHaveBeenCalledTimes(2);
    const input = { brand: 'B', website: 'b.com' };
    await cached.createBrandRequestAsync(input);
    await cached.createBrandRequestAsync(input);
    expect(createBrandRequestAsync).toHaveBeenCalledTimes(2);
    expect(cached.hasKey).toBe(true);
    // After a write, the same read asks the library again.
    await cached.searchEmailsAsync({ q: 'sale', page: 1 });
    expect(searchEmailsAsync).toHaveBeenCalledTimes(3);
  });
});
