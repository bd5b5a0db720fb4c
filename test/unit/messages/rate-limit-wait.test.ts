// A "slow down" (429) read once for every screen that holds a button for it (Sync, Templates):
// its words say by when the wait ends, and that moment is when the button comes back. Words
// such as "Try again in 2 minutes" or "Try again in a minute" stayed on Sync's and Templates'
// screens and went untrue, and nothing held the button meanwhile.
import { describe, expect, it } from 'vitest';
import { errorFromResponse, stillRateLimitedError } from '../../../src/shared/api/http/error-mapping';
import { rateLimitWait } from '../../../ui/messages/retry-countdown';

const now = new Date(2026, 11, 1, 12, 5, 40).getTime();
const slowDown = (headers: Record<string, string> = {}) =>
  errorFromResponse({ status: 429, headers, text: JSON.stringify({ error: 'rate_limited', message: 'Slow down.' }) }, { api: 'builder', endpoint: 'POST /api/plugin/design-systems/{id}/sync', keySent: true, nowMs: now });
/** As the window receives it across the bridge: code, message and details. */
const wire = (error: { code: string; message: string; details: Record<string, unknown> }) => ({ code: error.code, message: error.message, details: { ...error.details } });

describe('a "slow down" said by when its wait ends, and held until then', () => {
  it('no Retry-After: the stand-in wait every screen says then (30 seconds), the words kept', () => {
    expect(rateLimitWait(wire(stillRateLimitedError(slowDown(), 7)), now)).toEqual({
      words: 'Envelope waited 7 seconds as the email builder asked, and it still asks Envelope to slow down. You can try again after 12:06:10, in about 30 seconds.',
      said: 'Envelope waited 7 seconds as the email builder asked, and it still asks Envelope to slow down.',
      seconds: 30,
      tryAgainAt: now + 30_000,
    });
    expect(rateLimitWait(wire(slowDown()), now)?.words).toBe('The email builder asked Envelope to slow down. You can try again after 12:06:10, in about 30 seconds.');
  });

  it('refused again after the sandbox waited out a short Retry-After: a minute from the refusal (the builder counts a rolling minute)', () => {
    const still = wire(stillRateLimitedError(slowDown({ 'retry-after': '2' }), 6));
    expect(rateLimitWait(still, now)).toEqual({
      words: 'Envelope waited 6 seconds as the email builder asked, and it still asks Envelope to slow down. You can try again after 12:06:40, in about a minute.',
      said: 'Envelope waited 6 seconds as the email builder asked, and it still asks Envelope to slow down.',
      seconds: 60,
      tryAgainAt: now + 60_000,
    });
  });

  it('a longer wait than the sandbox waits out: as long as asked, its “Try again in 2 minutes” replaced', () => {
    const wait = rateLimitWait(wire(slowDown({ 'retry-after': '90' })), now);
    expect(wait).toEqual({
      words: 'The email builder asked Envelope to slow down for a while. You can try again after 12:07:10, in about 2 minutes.',
      said: 'The email builder asked Envelope to slow down for a while.',
      seconds: 90,
      tryAgainAt: now + 90_000,
    });
    expect(rateLimitWait(wire(slowDown({ 'retry-after': '7200' })), now, 'Slowed, so nothing was changed.')?.words).toBe('Slowed, so nothing was changed. You can try again after 14:06, in about 2 hours.');
  });

  it('refused for longer than the sandbox waits out after it waited out shorter ones: by when, and the waits it sat through', () => {
    const still = wire(stillRateLimitedError(slowDown({ 'retry-after': '90' }), 7));
    expect(rateLimitWait(still, now)).toEqual({
      words: 'Envelope waited 7 seconds as the email builder asked, and it still asks Envelope to slow down. You can try again after 12:07:10, in about 2 minutes.',
      said: 'Envelope waited 7 seconds as the email builder asked, and it still asks Envelope to slow down.',
      seconds: 90,
      tryAgainAt: now + 90_000,
    });
  });

  it('any other failure: none', () => {
    expect(rateLimitWait({ code: 'unavailable', message: 'The email builder is temporarily unavailable. Try again in a moment.', details: { retryAfterSeconds: null } }, now)).toBeNull();
    expect(rateLimitWait(new Error('x'), now)).toBeNull();
  });
});
