// The 20-second timeout counts from when the designer asked, not from when a slot came free:
// behind stalled answers that hold every slot, a request waiting its turn says so in 20 s, not 40 s.
import { describe, expect, it } from 'vitest';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import type { HttpResponse } from '../../../src/shared/api/http/transport';
import { createManualScheduler } from './support/manual-scheduler';
import { LIBRARY_BASE, LIBRARY_KEY, searchEmailsBody } from './support/library-fixtures';
import { jsonResponse } from './support/scripted-transport';
import { heldLibraryClient, rateLimitedResponse } from './support/held-client';

function outcomeOf(promise: Promise<unknown>): { value: string } {
  const seen = { value: 'pending' };
  promise.then(
    () => (seen.value = 'answered'),
    (error: { code?: string }) => (seen.value = error.code ?? 'failed'),
  );
  return seen;
}

describe('request deadline', () => {
  it('counts the wait for a free slot: a request asked for behind four stalled ones times out 20 s after it was asked', async () => {
    const clock = createManualScheduler();
    const client = createLibraryClient({
      baseUrl: LIBRARY_BASE,
      key: LIBRARY_KEY,
      scheduler: clock.scheduler,
      retryPolicy: { maxAttempts: 1 },
      // Every answer stalls (headers, half a body, then nothing).
      transport: () => new Promise<HttpResponse>(() => undefined),
    });
    const stalled = Array.from({ length: 4 }, (_, page) => outcomeOf(client.searchEmailsAsync({ page: page + 1 })));
    await clock.advanceAsync(5_000);
    const waiting = outcomeOf(client.searchEmailsAsync({ page: 9 }));
    await clock.advanceAsync(15_000);
    expect(stalled.map((s) => s.value)).toEqual(['timeout', 'timeout', 'timeout', 'timeout']);
    expect(waiting.value).toBe('pending');
    await clock.advanceAsync(5_000);
    expect(waiting.value).toBe('timeout');
  });

  it('does not count a wait the screen is told about: a request held 30 s by the rate allowance still has 20 s once it goes', async () => {
    const clock = createManualScheduler();
    let calls = 0;
    const { client, held } = heldLibraryClient(clock, (): Promise<HttpResponse> => {
      calls += 1;
      if (calls === 1) return Promise.resolve(rateLimitedResponse(30));
      // The second answer comes 15 s after it was sent.
      return new Promise((resolve) => clock.scheduler.setTimer(() => resolve(jsonResponse(200, searchEmailsBody())), 15_000));
    });
    await expect(client.searchEmailsAsync({})).rejects.toMatchObject({ code: 'rate_limited' });
    const next = outcomeOf(client.searchEmailsAsync({}));
    await clock.advanceAsync(44_000);
    // Held 30 s, then it went: nothing waits since.
    expect(held).toEqual([30, 0]);
    expect(next.value).toBe('pending');
    await clock.advanceAsync(1_000);
    expect(next.value).toBe('answered');
  });
});
