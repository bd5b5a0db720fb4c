// What a request refused again after waiting out 429s says it waited: its own waits, counted where
// they happen (api-request.ts). Templates' list is not queued, so it runs beside a save on one
// client; a count kept on the client would put the list's waits into the save's words. A task said
// as one (a Sync step) gives its requests one tally: a refusal says what the whole task waited.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/shared/api/http/api-error';
import type { WaitTally } from '../../../src/shared/api/http/api-request';
import { builderHarness, rejectionOf } from './support/clients';
import { builderError, template } from './support/builder-fixtures';
import { jsonResponse } from './support/scripted-transport';

const slowDown = (retryAfter: string) => jsonResponse(429, builderError('rate_limited', 'Too many requests'), { 'retry-after': retryAfter });

/** Moves the clock on a second at a time until `promise` settles (a minute at most). */
async function settledAsync(clock: { advanceAsync(ms: number): Promise<void> }, promise: Promise<unknown>): Promise<void> {
  let settled = false;
  void promise.finally(() => (settled = true));
  for (let second = 0; second < 60 && !settled; second++) await clock.advanceAsync(1_000);
}

describe('the seconds a request waited for 429s', () => {
  it('two requests under way side by side each say only their own waits', async () => {
    // The save is asked to wait 5 s each time, the list 1 s: both refused again after three waits.
    const { client, clock, requests } = builderHarness((request) => (request.method === 'POST' ? slowDown('5') : slowDown('1')));
    const save = rejectionOf(client.createTemplateAsync({ name: 'Spring sale', description: '' }));
    const list = rejectionOf(client.listTemplatesAsync());
    await settledAsync(clock, Promise.all([save, list]));
    const saved = (await save) as ApiError;
    const listed = (await list) as ApiError;
    // Interleaved: each was sent again while the other waited.
    expect(requests.map((request) => request.method)).toEqual(['POST', 'GET', 'POST', 'GET', 'POST', 'GET', 'POST', 'GET']);
    expect(saved).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 5 });
    expect(saved.details.waitedSeconds).toBe(15);
    expect(saved.message).toBe('Envelope waited 15 seconds as the email builder asked, and it still asks Envelope to slow down.');
    expect(listed).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 1 });
    expect(listed.details.waitedSeconds).toBe(3);
    expect(listed.message).toBe('Envelope waited 3 seconds as the email builder asked, and it still asks Envelope to slow down.');
  });

  it('short waits and then a wait too long to sit through: the long wait is kept, and what was waited is said', async () => {
    let answered = 0;
    const { client, clock } = builderHarness(() => slowDown(answered++ < 2 ? '20' : '600'));
    const save = rejectionOf(client.updateTemplateAsync('tpl_1', { name: 'Spring sale' }));
    await settledAsync(clock, save);
    const error = (await save) as ApiError;
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 600 });
    expect(error.details.waitedSeconds).toBe(40);
    expect(error.message).toBe('Envelope waited 40 seconds as the email builder asked, and it still asks Envelope to slow down.');
  });

  it('waits of an earlier request that got through are not carried into the next one’s refusal', async () => {
    let answered = 0;
    const { client, clock } = builderHarness(() => (answered++ === 0 ? slowDown('2') : answered === 2 ? jsonResponse(200, template()) : slowDown('600')));
    const first = client.getTemplateAsync('tpl_1');
    await settledAsync(clock, first);
    expect((await first).id).toBe('tpl_1');
    const error = (await rejectionOf(client.getTemplateAsync('tpl_1'))) as ApiError;
    // Never waited: the words the long wait had before, no count for the window to say.
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 600 });
    expect(error.details.waitedSeconds).toBeUndefined();
    expect(error.message).toBe('The email builder asked Envelope to slow down. Try again in 10 minutes.');
  });

  it('requests of one task that share its tally (a Sync step) say what the whole task waited, and not what came before it', async () => {
    const task: WaitTally = { seconds: 0 };
    let inTask = false;
    // Before the task: 2 s, then an answer. Page 1: 5 s, then an answer. Page 2: 3 s, then ten minutes.
    const script = [slowDown('2'), jsonResponse(200, template()), slowDown('5'), jsonResponse(200, template()), slowDown('3'), slowDown('600')];
    const { client, clock } = builderHarness((_request, index) => script[index]!, { waitTally: () => (inTask ? task : undefined) });
    const before = client.getTemplateAsync('tpl_1');
    await settledAsync(clock, before);
    await before;
    inTask = true;
    const page1 = client.getTemplateAsync('tpl_1');
    await settledAsync(clock, page1);
    await page1;
    const page2 = rejectionOf(client.getTemplateAsync('tpl_1'));
    await settledAsync(clock, page2);
    const error = (await page2) as ApiError;
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 600 });
    expect(error.details.waitedSeconds).toBe(8);
    expect(error.message).toBe('Envelope waited 8 seconds as the email builder asked, and it still asks Envelope to slow down.');
    expect(task.seconds).toBe(8);
  });
});
