// What the Browse screen says and asks: failures in words (401, 429 with its wait, offline,
// 503), the search query the form makes, dates, and the rules the HTML preview runs under.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { networkError, notJsonError } from '../../../src/shared/api/http/error-mapping';
import { library as defaultLibraryHost } from '../../../src/shared/config/api-hosts.json';
import { libraryProblem } from '../../../ui/library/library-problem';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../../../src/shared/api/http/retry-policy';
import { retryAtText, retryCountdownText } from '../../../ui/messages/retry-countdown';
import { originsOf, previewContentSecurityPolicy } from '../../../ui/library/email/preview-policy';
import { categorySearch, EMPTY_SEARCH, sameSearch, searchQuery, SEARCH_PAGE_SIZE, shortDate } from '../../../ui/library/search/search-query';

const failure = (code: ConstructorParameters<typeof ApiError>[0]['code'], status: number | null, extra: { retryAfterSeconds?: number; message?: string; serverCode?: string } = {}) =>
  new ApiError({ api: 'library', endpoint: 'GET /v1/emails', status, code, message: extra.message ?? `failed: ${code}`, retryAfterSeconds: extra.retryAfterSeconds, serverCode: extra.serverCode });

describe('libraryProblem', () => {
  it('sends a web page or a bare 404 to the address in Settings, not to Try again (asking again gets the same)', () => {
    const context = { api: 'library' as const, endpoint: 'GET /v1/emails', keySent: true, nowMs: 0 };
    expect(libraryProblem(notJsonError(context, 200, '<!doctype html><p>Sign in</p>'))).toMatchObject({ kind: 'address', message: expect.stringMatching(/web page/) });
    expect(libraryProblem(failure('http_error', 404))).toMatchObject({ kind: 'address' });
    // Data cut short is worth asking again for.
    expect(libraryProblem(notJsonError(context, 200, '{"data": ['))).toMatchObject({ kind: 'other' });
  });

  it('offers Settings and Try again for a status the documents do not list, as its words say (check the address, else try again later)', () => {
    expect(libraryProblem(failure('http_error', 403))).toMatchObject({ kind: 'other', checkAddress: true });
    expect(libraryProblem(failure('http_error', 302))).toMatchObject({ kind: 'other', checkAddress: true });
    // Refusals in the library's own words, and replies cut short, say nothing of the address.
    expect(libraryProblem(failure('bad_request', 400)).checkAddress).toBeUndefined();
    expect(libraryProblem(failure('malformed_response', 200)).checkAddress).toBeUndefined();
  });

  it('names the refused key and points to Settings', () => {
    const problem = libraryProblem(failure('unauthorized', 401, { message: 'The library key was not accepted. Check the key in Settings; it may have been revoked.' }));
    expect(problem).toMatchObject({ kind: 'key', retryAfterSeconds: null });
    expect(problem.message).toMatch(/library key.*Settings/);
  });

  it('waits the seconds of Retry-After on a 429, or a calm default without one', () => {
    expect(libraryProblem(failure('rate_limited', 429, { retryAfterSeconds: 12.2 }))).toMatchObject({ kind: 'busy', retryAfterSeconds: 13 });
    expect(libraryProblem(failure('rate_limited', 429))).toMatchObject({ kind: 'busy', retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS });
    // The wait ends at a moment, counted from the answer: a notice shown later counts down only what is left.
    expect(libraryProblem(failure('rate_limited', 429, { retryAfterSeconds: 12.2 }), 1_000)).toMatchObject({ retryAt: 14_000 });
  });

  it('a 429 asking to wait hours is said by when it ends, its Try again held until then, not a countdown of 7200 seconds (its Try again was refused at once)', () => {
    const now = new Date(2026, 10, 29, 12, 5).getTime();
    expect(libraryProblem(failure('rate_limited', 429, { retryAfterSeconds: 7_200 }), now)).toEqual({
      kind: 'other',
      message: 'The library asks us to slow down for a while. You can try again after 14:05, in about 2 hours.',
      retryAfterSeconds: null,
      tryAgainAt: now + 7_200_000,
    });
    expect(libraryProblem(failure('rate_limited', 429, { retryAfterSeconds: 300 }))).toMatchObject({ kind: 'busy', retryAfterSeconds: 300 });
    expect(libraryProblem(failure('rate_limited', 429, { retryAfterSeconds: 300 })).tryAgainAt).toBeUndefined();
  });

  it('says a lost connection once, in the client’s words (it said the library could not be reached twice over)', () => {
    // An address typed in Settings (the built-in stand-in's is a missing address: address-missing.test.ts).
    const lost = networkError({ api: 'library', endpoint: 'GET /v1/emails', keySent: false, nowMs: 0 }, 'https://library.acme.example');
    const problem = libraryProblem(lost);
    expect(problem).toMatchObject({ kind: 'offline', message: lost.message });
    expect(problem.message.match(/reach/gi)).toHaveLength(1);
  });

  it('not reached at an address typed in Settings, whose words say to check it there: Settings is offered beside Try again (there was only Try again)', () => {
    const context = { api: 'library' as const, endpoint: 'GET /v1/emails', keySent: false, nowMs: 0 };
    // As it reaches the window from the sandbox: plain data, code and message kept.
    const bridged = ({ code, message, details }: ApiError) => ({ code, message, details });
    expect(libraryProblem(bridged(networkError(context, 'https://library.acme.example')))).toMatchObject({ kind: 'offline', checkAddress: true });
    // At the built-in address the words say nothing of Settings: nor does the notice.
    const atDefault = bridged(networkError(context, new URL(defaultLibraryHost).origin));
    expect(atDefault.message).not.toContain('Settings');
    expect(libraryProblem(atDefault).checkAddress).toBeUndefined();
  });

  it('says offline, unavailable and gone in words', () => {
    expect(libraryProblem(failure('timeout', null, { message: 'The library API did not answer within 30 seconds. Try again.' }))).toMatchObject({ kind: 'offline', message: expect.stringMatching(/offline/) });
    expect(libraryProblem(failure('timeout', null))).toMatchObject({ kind: 'offline' });
    expect(libraryProblem(failure('unavailable', 503))).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/unavailable right now/) });
    expect(libraryProblem(failure('not_found', 404, { serverCode: 'not_found' }))).toMatchObject({ kind: 'not_found', message: 'This is no longer in the library.' });
    // A 404 whose code is not the library's "not found" (a missing route) is not "removed" either.
    expect(libraryProblem(failure('not_found', 404, { serverCode: 'route_missing', message: 'No route.' }))).toMatchObject({ kind: 'other', message: 'No route.' });
    expect(libraryProblem(new Error('odd'))).toMatchObject({ kind: 'other', message: 'odd' });
  });

  it('counts down in words', () => {
    expect(retryCountdownText(2)).toBe('Trying again in 2 seconds.');
    expect(retryCountdownText(1)).toBe('Trying again in 1 second.');
    expect(retryCountdownText(0)).toBe('Trying again now…');
  });

  it('says a wait too long to count down by its end, naming the day when it is not today', () => {
    const now = new Date(2026, 10, 29, 12, 5).getTime();
    expect(retryAtText(now + 6 * 60_000, now)).toBe('You can try again after 12:11, in about 6 minutes.');
    expect(retryAtText(now + 24 * 3_600_000, now)).toBe('You can try again after Monday 12:05, in about 24 hours.');
    // Beside the exact time, hours to the nearest: 3 h 20 min said 'about 4 hours', 1 h 20 min 'about 2 hours'.
    expect(retryAtText(now + 200 * 60_000, now)).toBe('You can try again after 15:25, in about 3 hours.');
    expect(retryAtText(now + 220 * 60_000, now)).toBe('You can try again after 15:45, in about 4 hours.');
    expect(retryAtText(now + 80 * 60_000, now)).toBe('You can try again after 13:25, in about an hour.');
  });

  // An end at 12:06:10 read "after 12:06": a press at 12:06:05 was refused.
  it('never names a time before the wait ends: a short wait to the second, a longer one to its minute rounded up', () => {
    const now = new Date(2026, 10, 29, 12, 5, 40).getTime();
    expect(retryAtText(now + 30_000, now)).toBe('You can try again after 12:06:10, in about 30 seconds.');
    expect(retryAtText(now + 30_400, now)).toBe('You can try again after 12:06:11, in about 31 seconds.');
    expect(retryAtText(now + 119_000, now)).toBe('You can try again after 12:07:39, in about 2 minutes.');
    expect(retryAtText(now + 120_000, now)).toBe('You can try again after 12:08, in about 2 minutes.');
    expect(retryAtText(now + 3_600_000, now)).toBe('You can try again after 13:06, in about an hour.');
    // Just before midnight, a short wait into tomorrow names the day.
    const late = new Date(2026, 10, 29, 23, 59, 50).getTime();
    expect(retryAtText(late + 30_000, late)).toBe('You can try again after Monday 00:00:20, in about 30 seconds.');
  });
});

describe('searchQuery', () => {
  it('asks for full pages and sends only what is set, the category as its slug', () => {
    expect(searchQuery(EMPTY_SEARCH)).toEqual({ perPage: SEARCH_PAGE_SIZE });
    expect(searchQuery({ text: '  spring sale ', category: 'Jewelry & Watches', brand: 'acme', brandName: 'Acme', since: '2026-01-31' })).toEqual({
      perPage: SEARCH_PAGE_SIZE,
      q: 'spring sale',
      category: 'jewelry-watches',
      brand: 'acme',
      since: '2026-01-31',
    });
  });

  it('an email’s category chip searches that category alone: every other field is cleared, the brand field’s text too', () => {
    expect(categorySearch('Food')).toEqual({ text: '', category: 'Food', brand: '', brandName: '', since: '' });
  });

  it('treats spaces around the text as the same search', () => {
    expect(sameSearch({ ...EMPTY_SEARCH, text: 'sale ' }, { ...EMPTY_SEARCH, text: 'sale' })).toBe(true);
    expect(sameSearch({ ...EMPTY_SEARCH, brand: 'a' }, EMPTY_SEARCH)).toBe(false);
  });

  it('shows dates as a person reads them', () => {
    expect(shortDate('2026-11-03T10:00:00Z')).toBe('3 Nov 2026');
    expect(shortDate('Mon, 23 Nov 2026 17:02:00 +0000')).toBe('23 Nov 2026');
    expect(shortDate('yesterday')).toBe('yesterday');
  });

  it("shows an email's sent_date (RFC 2822, the sender's zone) on the day its own text says", () => {
    // 23:05 in New York is already the next day in UTC; the email was sent on 3 March.
    expect(shortDate('Tue, 03 Mar 2026 23:05:00 -0500')).toBe('3 Mar 2026');
    expect(shortDate('Wed, 4 Mar 2026 00:30:00 +0900')).toBe('4 Mar 2026');
    expect(shortDate('4 Mar 2026 00:30:00 +0900')).toBe('4 Mar 2026');
  });
});

describe('the preview policy', () => {
  it('allows images only from the given origins, and no scripts, forms, frames or base', () => {
    const policy = previewContentSecurityPolicy(originsOf(['https://lib.example.com/v1', 'https://img.example.com/a.png', 'https://lib.example.com/x', 'not a url']));
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('img-src https://lib.example.com https://img.example.com;');
    for (const rule of ["script-src 'none'", "form-action 'none'", "frame-src 'none'", "base-uri 'none'", "object-src 'none'"]) expect(policy).toContain(rule);
  });

  it('allows no image at all without a known origin', () => {
    expect(previewContentSecurityPolicy([])).toContain("img-src 'none'");
  });
});
