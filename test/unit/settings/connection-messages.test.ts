import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageProblems } from '../../support/message-rules';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { builderConnectedResult, connectionFailedResult, libraryConnectedResult, noKeyResult, withUnusedKeyResult } from '../../../src/settings/connection-messages';
import { answerWithWaitText } from '../../../ui/settings/api-form';
import { libraryProblem } from '../../../ui/library/library-problem';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../../../src/shared/api/http/retry-policy';

const base = 'https://app.templatebuilder.example';

function apiError(status: number | null, code: ConstructorParameters<typeof ApiError>[0]['code'], message: string, retryAfterSeconds?: number) {
  return new ApiError({ api: 'builder', endpoint: 'GET /api/templates', status, code, message, retryAfterSeconds });
}

// A wait too long to count down stayed on the Settings screen as "Try again in 2 hours.", which a
// designer coming back later still read, no longer true. It is said by when it ends, from a time
// carried in the result (the window forms the words, as the other screens' long waits).
describe('Test connection refused for hours', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the clock time the wait ends, and the day’s name when it is another day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 1, 12, 5)); // a Tuesday
    const twoHours = connectionFailedResult('builder', base, apiError(429, 'rate_limited', 'Slow down', 7200));
    expect(twoHours).toEqual({ ok: false, message: 'The email builder asked Envelope to slow down for this key.', retryAt: new Date(2026, 11, 1, 14, 5).getTime() });
    expect(answerWithWaitText(twoHours)).toBe('The email builder asked Envelope to slow down for this key. You can try again after 14:05, in about 2 hours.');
    const overnight = connectionFailedResult('builder', base, apiError(429, 'rate_limited', 'Slow down', 20 * 3600));
    expect(answerWithWaitText(overnight)).toBe('The email builder asked Envelope to slow down for this key. You can try again after Wednesday 08:05, in about 20 hours.');
    // Read later, the time it ends is still the same.
    vi.setSystemTime(new Date(2026, 11, 1, 13, 35));
    expect(answerWithWaitText(twoHours)).toBe('The email builder asked Envelope to slow down for this key. You can try again after 14:05, in about 30 minutes.');
  });

  it('leaves an answer with no long wait as the sandbox said it', () => {
    expect(answerWithWaitText({ message: 'Connected to the builder: 3 templates in this workspace.' })).toBe('Connected to the builder: 3 templates in this workspace.');
  });
});

// With a key saved and not used, the library is tested without it, and a refusal's clock-time wait
// came last: "… Paste the key, choose Save, then test again. You can try again after 14:05, in
// about 2 hours." It read as the key's, as if saving it meant waiting too, though a key has a
// limit of its own. The answer to the test comes first, with its wait; then the key, either API.
describe('a test refused with a saved key not used', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the wait with the refusal, before the key not used, for a wait by the clock and one counted down, for both APIs', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 1, 12, 5));
    // The builder is not tested with a key not used (settings-handlers.ts says so without a call),
    // but its words come in the same order should it be.
    for (const api of ['builder', 'library'] as const) {
      const unused = `The ${api} API key saved earlier is not used, for the reason given with the key field above. Paste the key, choose Save, then test again.`;
      const refused = connectionFailedResult(api, base, apiError(429, 'rate_limited', 'Slow down', 7200), '', api === 'builder');
      const hours = withUnusedKeyResult(api, refused);
      expect(answerWithWaitText(hours)).toBe(`${refused.message} You can try again after 14:05, in about 2 hours. ${unused}`);
      expect(messageProblems(answerWithWaitText(hours))).toEqual([]);
      const seconds = withUnusedKeyResult(api, connectionFailedResult(api, base, apiError(429, 'rate_limited', 'Slow down', 42), '', api === 'builder'));
      expect(seconds.retryAfterSeconds).toBe(42);
      expect(answerWithWaitText(seconds)).toBe(`${refused.message} ${unused}`);
      expect(answerWithWaitText(seconds, true)).toBe(`${refused.message} You can test again now. ${unused}`);
    }
  });
});

describe('connection test results in words', () => {
  it('counts templates and collections on success', () => {
    expect(builderConnectedResult(12)).toEqual({ ok: true, message: 'Connected to the builder: 12 templates in this workspace.' });
    expect(builderConnectedResult(1).message).toBe('Connected to the builder: 1 template in this workspace.');
    expect(builderConnectedResult(0).message).toBe('Connected to the builder: no templates yet in this workspace.');
    expect(libraryConnectedResult(3)).toEqual({ ok: true, message: 'Connected to the library: 3 saved collections in this account.' });
    expect(libraryConnectedResult(0).message).toMatch(/no saved collections yet/);
  });

  it('says a refused key is not accepted, and where to get another', () => {
    const result = connectionFailedResult('builder', base, apiError(401, 'unauthorized', 'The provided key is not valid.'));
    expect(result.ok).toBe(false);
    // The builder's own Settings, not Envelope's Settings tab the message is shown on.
    expect(result.message).toMatch(/^The builder API key was not accepted\. .*in your email builder, under its Settings → API Keys\.$/);
    expect(connectionFailedResult('library', base, apiError(401, 'unauthorized', 'x')).message).toMatch(/^The library API key was not accepted/);
  });

  it('says a test made without a key was refused for want of one, not that a key was not accepted (none was sent)', () => {
    const result = connectionFailedResult('library', base, apiError(401, 'unauthorized', 'x'), '', false);
    expect(result).toEqual({ ok: false, message: 'The email library refused the test made without a key: it needs a library API key.' });
    expect(messageProblems(withUnusedKeyResult('library', result).message)).toEqual([]);
  });

  it('says the address is missing at the built-in stand-in, from the client’s code (it said “Could not reach … Check the address above and your network connection”)', () => {
    const result = connectionFailedResult('builder', 'https://app.templatebuilder.example', apiError(null, 'address_missing', 'The email builder’s address is missing: enter it in Settings.'));
    expect(result).toEqual({ ok: false, message: 'The email builder’s address is missing: enter it above, choose Save, then test again.' });
    expect(connectionFailedResult('library', 'https://api.mailvault.example', apiError(null, 'address_missing', 'x')).message).toBe('The email library’s address is missing: enter it above, choose Save, then test again.');
    expect(messageProblems(result.message)).toEqual([]);
  });

  it('names the address it could not reach and what to do, once (not the client’s own sentence again)', () => {
    const message = 'Could not reach the builder API at localhost:4011. Check the connection and the address in Settings.';
    const result = connectionFailedResult('builder', 'http://localhost:4011', apiError(null, 'network_error', message));
    expect(result).toEqual({ ok: false, message: 'Could not reach http://localhost:4011. Check the address above and your network connection, then test again.' });
    expect(connectionFailedResult('builder', 'http://localhost:4011', apiError(null, 'timeout', 'The email builder did not answer within 12 seconds. Try again.')).message).toBe(
      'http://localhost:4011 did not answer in time. The email builder may be slow or down: test again in a minute.',
    );
  });

  it('explains 404, 429 (with the wait) and server failures', () => {
    expect(connectionFailedResult('library', 'https://x.example', apiError(404, 'not_found', 'Not found')).message).toMatch(/https:\/\/x\.example answered "not found": is this the email library’s address\?/);
    // A wait short enough to count down goes to the screen as a number (it counts it down).
    expect(connectionFailedResult('builder', base, apiError(429, 'rate_limited', 'Slow down', 42))).toEqual({ ok: false, message: 'The email builder asked Envelope to slow down for this key.', retryAfterSeconds: 42 });
    // None given: the wait every screen says then, counted down as Browse does, not "Try again in a
    // minute." left on screen (it went untrue a minute later).
    for (const api of ['builder', 'library'] as const) {
      const unsaid = connectionFailedResult(api, base, apiError(429, 'rate_limited', 'Slow down'));
      expect(unsaid).toEqual({ ok: false, message: `The email ${api} asked Envelope to slow down for this key.`, retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS });
      expect(libraryProblem(apiError(429, 'rate_limited', 'Slow down')).retryAfterSeconds).toBe(unsaid.retryAfterSeconds);
    }
    expect(connectionFailedResult('builder', base, apiError(503, 'unavailable', 'The email builder is temporarily unavailable. Try again in a moment.')).message).toBe(
      'The email builder had a problem on its side. Test again later.',
    );
    expect(connectionFailedResult('builder', base, apiError(400, 'bad_request', 'The email builder refused the request (per_page is out of range).')).message).toBe(
      'The email builder refused the test call. Check that the address above is the email builder’s.',
    );
  });

  it('says a web page or a foreign answer at the address is not the API (not “refused … HTTP 200”)', () => {
    const page = connectionFailedResult('library', 'https://www.mailvault.example', apiError(200, 'not_json', 'The email library sent a page instead of data.'), '<!doctype html><title>Mailvault</title>');
    expect(page).toEqual({ ok: false, message: 'https://www.mailvault.example answered with a web page, not the email library’s data: is this the email library’s address?' });
    const foreign = connectionFailedResult('builder', base, apiError(200, 'malformed_response', 'The email builder sent a reply Envelope cannot read.'));
    expect(foreign).toEqual({ ok: false, message: `${base} answered, but not as the email builder does: is this the email builder’s address?` });
  });

    it('reports a failure that is not an API error as unexpected, in words', () => {
    expect(connectionFailedResult('library', base, new TypeError('boom')).message).toBe('The library connection test failed unexpectedly: boom.');
    expect(connectionFailedResult('library', base, 'odd').message).toBe('The library connection test failed unexpectedly: odd.');
  });

  it('asks for a key when none is saved', () => {
    expect(noKeyResult('builder')).toEqual({ ok: false, message: expect.stringMatching(/No builder API key is saved yet/) as unknown as string });
  });
});
