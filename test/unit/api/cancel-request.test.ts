// A request the screen no longer needs (a search replaced by a newer one, an email stepped past)
// is cancelled: it stops waiting, frees its slot at once and its late answer is ignored.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../../src/shared/api/http/transport';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import { createManualScheduler } from './support/manual-scheduler';
import { LIBRARY_BASE, LIBRARY_KEY, libraryError, searchEmailsBody } from './support/library-fixtures';
import { libraryHarness } from './support/clients';
import { jsonResponse } from './support/scripted-transport';

function setup() {
  const clock = createManualScheduler();
  const sent: HttpRequest[] = [];
  const answers: ((response: HttpResponse) => void)[] = [];
  const client = createLibraryClient({
    baseUrl: LIBRARY_BASE,
    key: LIBRARY_KEY,
    scheduler: clock.scheduler,
    retryPolicy: { maxAttempts: 1 },
    transport: (request) =>
      new Promise<HttpResponse>((resolve) => {
        sent.push(request);
        answers.push(resolve);
      }),
  });
  return { clock, sent, answers, client };
}

describe('cancelling a library request', () => {
  it('frees the slot of a request in flight at once: a request waiting behind four goes, and the late answer is ignored', async () => {
    const { clock, sent, answers, client } = setup();
    const replaced = new AbortController();
    const first = client.searchEmailsAsync({ page: 1 }, replaced.signal);
    const others = [2, 3, 4].map((page) => client.searchEmailsAsync({ page }));
    const waiting = client.searchEmailsAsync({ page: 5 });
    await clock.settleAsync();
    expect(sent).toHaveLength(4);
    replaced.abort();
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
    await clock.settleAsync();
    expect(sent).toHaveLength(5);
    expect(sent[0]?.signal?.aborted).toBe(true);
    expect(sent[4]?.url).toContain('page=5');
    answers.forEach((answer) => answer(jsonResponse(200, searchEmailsBody())));
    await Promise.all([...others, waiting]);
  });

  it('takes a request waiting for a slot out of the queue: it is never sent', async () => {
    const { clock, sent, answers, client } = setup();
    const busy = [1, 2, 3, 4].map((page) => client.searchEmailsAsync({ page }));
    const passedOver = new AbortController();
    const waiting = client.searchEmailsAsync({ page: 5 }, passedOver.signal);
    await clock.settleAsync();
    passedOver.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
    answers.forEach((answer) => answer(jsonResponse(200, searchEmailsBody())));
    await Promise.all(busy);
    await clock.settleAsync();
    expect(sent.map((request) => request.url).filter((url) => url.includes('page=5'))).toEqual([]);
  });

  it('does not send a request already cancelled', async () => {
    const { clock, sent, client } = setup();
    const gone = new AbortController();
    gone.abort();
    await expect(client.getEmailAsync(7, gone.signal)).rejects.toMatchObject({ code: 'cancelled' });
    await clock.settleAsync();
    expect(sent).toEqual([]);
  });
});

describe('cancelling a library request while it waits to be tried again', () => {
  const unavailable = () => jsonResponse(503, libraryError('unavailable', 'Down for maintenance'));
  const rateLimited = () => jsonResponse(429, libraryError('rate_limited', 'Too many requests'), { 'retry-after': '30' });

  for (const [what, answer] of [
    ['a 503', unavailable],
    ['a 429', rateLimited],
  ] as const) {
    it(`stops at once during the pause after ${what}, and sends nothing more`, async () => {
      const { client, clock, requests } = libraryHarness(answer);
      clock.setRandom(1);
      const left = new AbortController();
      let outcome: unknown = 'still waiting';
      const pending = client.getEmailAsync(7, left.signal).then(
        () => 'answered',
        (error: unknown) => error,
      );
      void pending.then((value) => (outcome = value));
      await clock.settleAsync();
      expect(requests).toHaveLength(1);
      left.abort();
      // No time passes: the pause is not waited out.
      await clock.settleAsync();
      expect(outcome).toMatchObject({ code: 'cancelled' });
      await clock.advanceAsync(120_000);
      expect(requests).toHaveLength(1);
    });
  }
});
