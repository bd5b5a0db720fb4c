// Settings checks a saved design-system id with the builder. Refused with a long wait, it said
// "the builder asked Envelope to slow down for 2 hours", which stays on the Settings screen: a
// designer coming back later still read "for 2 hours", no longer true. The sandbox carries when the
// wait ends and the window says it as a clock time, as Test connection does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { designSystemCheckFailure } from '../../../src/settings/design-system-check';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../../../src/shared/api/http/retry-policy';
import { answerWithWaitText } from '../../../ui/settings/api-form';

function slowDown(retryAfterSeconds?: number): ApiError {
  return new ApiError({ api: 'builder', endpoint: 'GET /api/plugin/design-systems/ds_demo/changes', status: 429, code: 'rate_limited', message: 'Slow down', retryAfterSeconds });
}

describe('the design-system check refused for hours', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the clock time the wait ends, and the day’s name when it is another day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 1, 12, 5)); // a Tuesday
    const twoHours = designSystemCheckFailure(slowDown(7200));
    expect(twoHours).toEqual({
      known: null,
      message: 'Envelope could not check the id with the builder just now: the builder asked Envelope to slow down. Sync checks it when it compares.',
      retryAt: new Date(2026, 11, 1, 14, 5).getTime(),
    });
    expect(answerWithWaitText(twoHours)).toBe(
      'Envelope could not check the id with the builder just now: the builder asked Envelope to slow down. Sync checks it when it compares. You can try again after 14:05, in about 2 hours.',
    );
    expect(answerWithWaitText(designSystemCheckFailure(slowDown(20 * 3600)))).toMatch(/ You can try again after Wednesday 08:05, in about 20 hours\.$/);
    // Read later, the time it ends is still the same.
    vi.setSystemTime(new Date(2026, 11, 1, 13, 35));
    expect(answerWithWaitText(twoHours)).toMatch(/ You can try again after 14:05, in about 30 minutes\.$/);
  });

  // With no Retry-After it said "the builder asked Envelope to slow down for a minute", which stayed
  // on screen and went untrue: the wait every screen says then (Browse counts it down) ends at a clock time too.
  it('with no wait given says when the wait every screen says then ends, not "for a minute", and other failures as before', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
    const unsaid = designSystemCheckFailure(slowDown());
    expect(unsaid).toEqual({
      known: null,
      message: 'Envelope could not check the id with the builder just now: the builder asked Envelope to slow down. Sync checks it when it compares.',
      retryAt: new Date(2026, 11, 1, 12, 5, 40).getTime() + DEFAULT_RETRY_AFTER_SECONDS * 1000,
    });
    expect(answerWithWaitText(unsaid)).toMatch(/ Sync checks it when it compares\. You can try again after 12:06:10, in about 30 seconds\.$/);
    expect(designSystemCheckFailure(slowDown(0))).toEqual(unsaid);
    expect(designSystemCheckFailure(new ApiError({ api: 'builder', endpoint: 'GET /x', status: null, code: 'network_error', message: 'Offline' })).message).toBe(
      'Envelope could not check the id with the builder just now: the builder could not be reached. Sync checks it when it compares.',
    );
  });
});
