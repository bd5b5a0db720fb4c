// A "slow down" with no Retry-After was said "Try again in a minute" on Sync's screen, where it
// stayed and went untrue. Its words now leave the wait out, and the screen adds the stand-in wait
// every screen says then (rateLimitWaitSeconds), by when it ends.
import { describe, expect, it } from 'vitest';
import { errorFromResponse, stillRateLimitedError } from '../../../src/shared/api/http/error-mapping';
import { errorWithWaitText } from '../../../ui/messages/retry-countdown';

const now = new Date(2026, 11, 1, 12, 5, 40).getTime();
const slowDown = (headers: Record<string, string> = {}) =>
  errorFromResponse({ status: 429, headers, text: JSON.stringify({ error: 'rate_limited', message: 'Slow down.' }) }, { api: 'builder', endpoint: 'POST /api/plugin/design-systems/{id}/sync', keySent: true, nowMs: now });
/** As the window receives it across the bridge: code, message and details. */
const wire = (error: { code: string; message: string; details: Record<string, unknown> }) => ({ code: error.code, message: error.message, details: { ...error.details } });

describe('a failure said with the wait its words leave out', () => {
  it('a 429 with no Retry-After: when the stand-in wait ends, as a clock time', () => {
    expect(errorWithWaitText(wire(stillRateLimitedError(slowDown(), 7)), now)).toBe(
      'Envelope waited 7 seconds as the email builder asked, and it still asks Envelope to slow down. You can try again after 12:06:10, in about 30 seconds.',
    );
    expect(errorWithWaitText(wire(slowDown()), now)).toBe('The email builder asked Envelope to slow down. You can try again after 12:06:10, in about 30 seconds.');
  });

  it('a 429 whose Retry-After its words already say, and any other failure: its words alone', () => {
    const given = wire(slowDown({ 'retry-after': '120' }));
    expect(errorWithWaitText(given, now)).toBe('The email builder asked Envelope to slow down. Try again in 2 minutes.');
    expect(errorWithWaitText({ code: 'unavailable', message: 'The email builder is temporarily unavailable. Try again in a moment.', details: { retryAfterSeconds: null } }, now)).toBe(
      'The email builder is temporarily unavailable. Try again in a moment.',
    );
  });
});
