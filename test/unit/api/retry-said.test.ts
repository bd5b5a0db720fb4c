// A retried failure that is not a 429 (a 503, no answer) was waited out in silence: Sync showed
// "Stop checking" for seconds with no word. The client now tells onRetry the wait and why, and 0
// once it is over; a 429 is still onWait's alone, and neither adds to the other's count.
import { describe, expect, it } from 'vitest';
import { createBuilderClient } from '../../../src/shared/api/builder/client';
import type { WaitTally } from '../../../src/shared/api/http/api-request';
import { createRequestGate } from '../../../src/shared/api/http/request-gate';
import { BUILDER_BASE, BUILDER_KEY, builderError, changesBody } from './support/builder-fixtures';
import { createManualScheduler } from './support/manual-scheduler';
import { createScriptedTransport, jsonResponse, sequence, type ScriptedAnswer } from './support/scripted-transport';

function harness(...answers: ScriptedAnswer[]) {
  const clock = createManualScheduler();
  clock.setRandom(1);
  const retries: Array<[number, string]> = [];
  const waits: number[] = [];
  const tally: WaitTally = { seconds: 0 };
  const client = createBuilderClient({
    baseUrl: BUILDER_BASE,
    key: BUILDER_KEY,
    transport: createScriptedTransport(sequence(...answers)).transport,
    scheduler: clock.scheduler,
    gate: createRequestGate({ scheduler: clock.scheduler }),
    onRetry: (seconds, reason) => retries.push([seconds, reason]),
    onWait: (seconds) => waits.push(seconds),
    waitTally: () => tally,
  });
  return { client, clock, retries, waits, tally };
}

describe('a retry that is not a 429, told', () => {
  it('a 503: the wait and why as it begins, 0 once it is over, and nothing in the 429s’ tally', async () => {
    const { client, clock, retries, waits, tally } = harness(jsonResponse(503, builderError('unavailable', 'Try later')), jsonResponse(200, changesBody()));
    const pending = client.getChangesAsync('ds_demo');
    await clock.settleAsync();
    expect(retries).toEqual([[1, 'unavailable']]);
    await clock.advanceAsync(1_000);
    await pending;
    expect(retries).toEqual([
      [1, 'unavailable'],
      [0, 'unavailable'],
    ]);
    expect(waits).toEqual([]);
    expect(tally.seconds).toBe(0);
  });

  it('no answer: said as such, the backoff doubling', async () => {
    const { client, clock, retries } = harness('drop', 'drop', jsonResponse(200, changesBody()));
    const pending = client.getChangesAsync('ds_demo');
    await clock.advanceAsync(3_000);
    await pending;
    expect(retries).toEqual([
      [1, 'network_error'],
      [0, 'network_error'],
      [2, 'network_error'],
      [0, 'network_error'],
    ]);
  });

  it('a 429 is the builder asking: onWait hears it, not onRetry', async () => {
    const { client, clock, retries, waits, tally } = harness(jsonResponse(429, builderError('rate_limited', 'Slow down'), { 'retry-after': '2' }), jsonResponse(200, changesBody()));
    const pending = client.getChangesAsync('ds_demo');
    await clock.advanceAsync(2_000);
    await pending;
    expect(waits).toEqual([2]);
    expect(retries).toEqual([]);
    expect(tally.seconds).toBe(2);
  });
});
