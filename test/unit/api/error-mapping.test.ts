import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/shared/api/http/api-error';
import { errorFromResponse, networkError, standInError, stillRateLimitedError } from '../../../src/shared/api/http/error-mapping';
import { messageProblems } from '../../support/message-rules';
import { parseRetryAfterSeconds, readServerError } from '../../../src/shared/api/http/error-body';
import { builderHarness, libraryHarness, rejectionOf } from './support/clients';
import { builderError } from './support/builder-fixtures';
import { libraryError } from './support/library-fixtures';
import { jsonResponse } from './support/scripted-transport';

const NOW = Date.UTC(2026, 10, 22, 1, 0, 0);

function library(status: number, code: string, message: string, headers: Record<string, string> = {}, keySent = true): ApiError {
  return errorFromResponse(jsonResponse(status, libraryError(code, message), headers), { api: 'library', endpoint: 'GET /v1/emails', keySent, nowMs: NOW });
}

function builder(status: number, code: string, message: string, headers: Record<string, string> = {}): ApiError {
  return errorFromResponse(jsonResponse(status, builderError(code, message), headers), { api: 'builder', endpoint: 'GET /api/templates', keySent: true, nowMs: NOW });
}

describe('library error rows (docs/api/library-api.md, Errors)', () => {
  it('400 generic: the server message says which parameter', () => {
    const error = library(400, 'bad_request', 'since is not a date');
    expect(error).toMatchObject({ code: 'bad_request', status: 400, serverCode: 'bad_request', api: 'library' });
    expect(error.message).toBe('The email library refused the request (since is not a date).');
  });

  it('400 not_allowed', () => {
    expect(library(400, 'not_allowed', 'Adult content is not collected')).toMatchObject({ code: 'not_allowed' });
  });

  it('401 with a key says the library key was not accepted', () => {
    const error = library(401, 'unauthorized', 'Invalid API key');
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/^The library API key was not accepted\./);
  });

  it('401 without a key says a key is needed', () => {
    expect(library(401, 'unauthorized', 'Key required', {}, false).message).toBe('This needs a library API key. Add one in Settings.');
  });

  it('404 not_found keeps the server naming the missing record', () => {
    const error = library(404, 'not_found', 'Email 999 not found');
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect(error.message).toContain('Email 999 not found');
  });

  it('a bare 404 (a web page at a wrong address, a proxy) is not the API saying the thing is gone', () => {
    for (const api of ['library', 'builder'] as const) {
      for (const text of ['<html><body>404 Not Found</body></html>', '']) {
        const error = errorFromResponse({ status: 404, headers: {}, text }, { api, endpoint: 'GET /x', keySent: true, nowMs: NOW });
        expect(error).toMatchObject({ code: 'http_error', status: 404, serverCode: null });
        expect(error.message).toMatch(/address in Settings may be wrong/);
      }
    }
  });

  it('404 no_insights', () => {
    expect(library(404, 'no_insights', 'Not enough emails')).toMatchObject({ code: 'no_insights' });
  });

  it('429 rate_limited says when to retry', () => {
    const error = library(429, 'rate_limited', 'Slow down', { 'retry-after': '2' });
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 2 });
    expect(error.message).toBe('The email library asked Envelope to slow down. Try again in 2 seconds.');
  });

  it('429 daily_limit_reached says when the day resets', () => {
    const error = library(429, 'daily_limit_reached', 'Daily limit reached', { 'retry-after': String(5 * 3600 - 30) });
    expect(error).toMatchObject({ code: 'daily_limit_reached', retryAfterSeconds: 5 * 3600 - 30 });
    expect(error.message).toContain('5 hours');
  });

  it('503 unavailable', () => {
    expect(library(503, 'unavailable', 'Could not save')).toMatchObject({ code: 'unavailable' });
  });
});

describe('builder error rows (docs/api/builder-api.md and docs/api/api-assumptions.md)', () => {
  it('401 invalid_api_key says the builder key was not accepted', () => {
    const error = builder(401, 'invalid_api_key', 'The provided API key is not valid');
    expect(error).toMatchObject({ code: 'unauthorized', serverCode: 'invalid_api_key', api: 'builder' });
    expect(error.message).toMatch(/^The builder API key was not accepted\./);
  });

  it('invalid_api_key says the key was not accepted whatever the status (the document gives the code, not the status)', () => {
    for (const status of [400, 401, 403]) {
      const error = builder(status, 'invalid_api_key', 'The provided API key is not valid');
      expect(error).toMatchObject({ code: 'unauthorized', status, serverCode: 'invalid_api_key' });
      expect(error.message).toMatch(/^The builder API key was not accepted\./);
    }
  });

  it.each([
    [404, 'not_found', 'not_found'],
    [400, 'invalid_request', 'bad_request'],
    [413, 'payload_too_large', 'payload_too_large'],
    [429, 'rate_limited', 'rate_limited'],
    [500, 'internal_error', 'server_error'],
    [503, 'unavailable', 'unavailable'],
  ] as const)('%i %s → %s', (status, serverCode, code) => {
    const error = builder(status, serverCode, 'Something');
    expect(error).toMatchObject({ code, status, serverCode });
  });

  // "Try again in a minute" stayed on Templates' and Sync's screens and went untrue: the screen
  // says the stand-in wait (rateLimitWaitSeconds) counted down or by when it ends.
  it('a 429 without Retry-After (or with 0) words no wait; one with a Retry-After says it', () => {
    expect(builder(429, 'rate_limited', 'x').message).toBe('The email builder asked Envelope to slow down.');
    expect(builder(429, 'rate_limited', 'x', { 'retry-after': '0' }).message).toBe('The email builder asked Envelope to slow down.');
    expect(builder(429, 'rate_limited', 'x').retryAfterSeconds).toBeNull();
    expect(builder(429, 'rate_limited', 'x', { 'retry-after': '12' }).message).toBe('The email builder asked Envelope to slow down. Try again in 12 seconds.');
  });

  it('still refused after Envelope’s waits: no wait worded (“Try again in a minute” stayed on screen and went untrue; the window says by when and holds its button)', () => {
    expect(stillRateLimitedError(builder(429, 'rate_limited', 'x'), 7).message).toBe('Envelope waited 7 seconds as the email builder asked, and it still asks Envelope to slow down.');
    expect(stillRateLimitedError(builder(429, 'rate_limited', 'x'), 7).retryAfterSeconds).toBeNull();
    expect(stillRateLimitedError(builder(429, 'rate_limited', 'x', { 'retry-after': '2' }), 6).message).toBe('Envelope waited 6 seconds as the email builder asked, and it still asks Envelope to slow down.');
    expect(stillRateLimitedError(builder(429, 'rate_limited', 'x', { 'retry-after': '2' }), 6).retryAfterSeconds).toBe(2);
  });

  it('an error body that is HTML maps by status alone', () => {
    const error = errorFromResponse({ status: 502, headers: {}, text: '<html>Bad gateway</html>' }, { api: 'builder', endpoint: 'GET /api/templates', keySent: true, nowMs: NOW });
    expect(error).toMatchObject({ code: 'server_error', status: 502, serverCode: null });
    expect(error.message).toBe('The email builder had a problem on its side. Try again later.');
  });

  it('an unexpected status is said as a refusal, in words, when the body is not the API’s own', () => {
    const error = errorFromResponse({ status: 418, headers: {}, text: 'short and stout' }, { api: 'builder', endpoint: 'GET /api/templates', keySent: true, nowMs: NOW });
    expect(error).toMatchObject({ code: 'http_error' });
    expect(error.message).toBe('The email builder turned the request away without saying why. Check the email builder’s address in Settings; if it is right, try again later.');
  });

  it('a 4xx the documents do not list, in the API’s own error body, is the API refusing and saying why', () => {
    // The builder's document lists no statuses beyond 429 ("other error codes … not shown").
    for (const status of [403, 409, 422]) {
      const error = builder(status, 'name_taken', 'A template with this name exists');
      expect(error).toMatchObject({ code: 'bad_request', status, serverCode: 'name_taken' });
      expect(error.message).toBe('The email builder refused the request (A template with this name exists).');
    }
  });
});

describe('failures without a usable response', () => {
  it('a dropped connection', async () => {
    const { client } = libraryHarness(() => 'drop');
    const pending = rejectionOf(client.createBrandRequestAsync({ brand: 'A', website: 'a.example' }));
    const error = (await pending) as ApiError;
    expect(error).toMatchObject({ code: 'network_error', status: null });
    expect(error.message).toBe('Envelope could not reach the email library. Check your internet connection and the email library’s address in Settings (https://library.acme.example).');
  });

  it('a dropped connection to an address typed in Settings names it after the plain words, for the right API (it opened with “the builder API at http://…”)', () => {
    const context = { endpoint: 'GET /api/templates', keySent: true, nowMs: NOW };
    const builderError = networkError({ ...context, api: 'builder' }, 'http://127.0.0.1:45581');
    expect(builderError).toMatchObject({ code: 'network_error', status: null, api: 'builder' });
    expect(builderError.message).toBe('Envelope could not reach the email builder. Check your internet connection and the email builder’s address in Settings (http://127.0.0.1:45581).');
    expect(networkError({ ...context, api: 'library' }, 'https://library.acme.example').message).toBe(
      'Envelope could not reach the email library. Check your internet connection and the email library’s address in Settings (https://library.acme.example).',
    );
    expect(messageProblems(builderError.message)).toEqual([]);
  });

  it('the built-in stand-in address is said to be missing, for the right API (a request there said “check your internet connection”)', () => {
    const context = { endpoint: 'GET /api/templates', keySent: true, nowMs: NOW };
    const builderError = standInError({ ...context, api: 'builder' }, 'https://app.templatebuilder.example');
    expect(builderError).toMatchObject({ code: 'address_missing', status: null, api: 'builder', message: 'The email builder’s address is missing: enter it in Settings.' });
    expect(standInError({ ...context, api: 'library' }, 'https://api.mailvault.example')?.message).toBe('The email library’s address is missing: enter it in Settings.');
    // An address typed in Settings is the designer's, and one API's stand-in is no stand-in for the other.
    expect(standInError({ ...context, api: 'builder' }, 'https://builder.acme.example')).toBeNull();
    expect(standInError({ ...context, api: 'library' }, 'https://app.templatebuilder.example')).toBeNull();
    expect(messageProblems(builderError!.message)).toEqual([]);
  });

  it('a timeout; the late answer is ignored', async () => {
    const { client, clock } = builderHarness(() => 'hang', { timeoutMs: 5_000 });
    const pending = rejectionOf(client.createTemplateAsync({ name: 'x' }));
    await clock.advanceAsync(4_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await clock.settleAsync();
    expect(settled).toBe(false);
    await clock.advanceAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toMatchObject({ code: 'timeout', status: null });
    expect(error.message).toBe('The email builder did not answer within 5 seconds. Try again.');
  });

  it('a 2xx body that is not JSON', async () => {
    const { client } = builderHarness(() => ({ status: 200, headers: { 'content-type': 'text/html' }, text: '<!doctype html><title>Login</title>' }));
    const error = (await rejectionOf(client.getTemplateAsync('t'))) as ApiError;
    expect(error).toMatchObject({ code: 'not_json', status: 200 });
    expect(error.message).toBe('The email builder’s address sent a web page instead of data, so it may be wrong. Check the email builder’s address in Settings.');
    expect(error.endpoint).toBe('GET /api/templates/:id');
  });

  it('a 2xx body cut short is worded as any reply Envelope cannot read, not as a web page at a wrong address', async () => {
    const { client } = builderHarness(() => ({ status: 200, headers: { 'content-type': 'application/json' }, text: '{"data": {"id": "t", "na' }));
    const error = (await rejectionOf(client.getTemplateAsync('t'))) as ApiError;
    expect(error).toMatchObject({ code: 'not_json', status: 200 });
    expect(error.message).toBe('The email builder sent a reply Envelope cannot read. The service may have changed; try again later, or update Envelope if it keeps happening.');
  });

  it('an empty 200 body is a missing value, not a crash', async () => {
    const { client } = libraryHarness(() => ({ status: 200, headers: {}, text: '' }));
    const error = (await rejectionOf(client.listBrandsAsync())) as ApiError;
    expect(error).toMatchObject({ code: 'malformed_response' });
    expect(error.message).toMatch(/^The email library sent a reply Envelope cannot read\./);
    expect(error.details).toMatchObject({ endpoint: 'GET /v1/brands', problem: expect.stringContaining('the value is missing') as unknown });
  });

  it('crosses the bridge with its facts in details', () => {
    const error = library(429, 'rate_limited', 'x', { 'retry-after': '7' });
    expect(error.details).toEqual({ api: 'library', endpoint: 'GET /v1/emails', status: 429, retryAfterSeconds: 7, serverCode: 'rate_limited' });
  });
});

describe('error bodies and Retry-After', () => {
  it('reads both error shapes', () => {
    expect(readServerError(JSON.stringify(libraryError('not_found', 'No such email')))).toEqual({ code: 'not_found', message: 'No such email' });
    expect(readServerError(JSON.stringify(builderError('invalid_api_key', 'Key not valid')))).toEqual({ code: 'invalid_api_key', message: 'Key not valid' });
    expect(readServerError('[1,2]')).toEqual({ code: null, message: null });
    expect(readServerError('{"error": 5, "message": {}}')).toEqual({ code: null, message: null });
  });

  it('shortens a long server message', () => {
    const { message } = readServerError(JSON.stringify(builderError('x', 'word '.repeat(200))));
    expect(message?.length).toBeLessThanOrEqual(200);
    expect(readServerError(JSON.stringify(builderError('x', `${'a'.repeat(198)}🙂 more`))).message).toBe(`${'a'.repeat(198)}…`);
  });

  it('reads delta seconds and HTTP dates', () => {
    expect(parseRetryAfterSeconds('2', NOW)).toBe(2);
    expect(parseRetryAfterSeconds('1.2', NOW)).toBe(2);
    expect(parseRetryAfterSeconds(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30);
    expect(parseRetryAfterSeconds('soon', NOW)).toBeNull();
    expect(parseRetryAfterSeconds(undefined, NOW)).toBeNull();
  });

  // HTTP reads all three date forms as GMT. The asctime form names no zone, and was read in the
  // machine's: west of UTC a wait of hours (so every request held for them), east of it none.
  it('reads each of the three HTTP date forms as GMT, in any time zone', () => {
    const zone = process.env.TZ;
    try {
      for (const timeZone of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
        process.env.TZ = timeZone;
        const now = Date.UTC(2026, 9, 21, 7, 27, 30);
        for (const value of ['Wed, 21 Oct 2026 07:28:00 GMT', 'Wednesday, 21-Oct-26 07:28:00 GMT', 'Wed Oct 21 07:28:00 2026']) {
          expect(parseRetryAfterSeconds(value, now), `${value} in ${timeZone}`).toBe(30);
        }
        // A day of one digit is padded with a space in asctime.
        expect(parseRetryAfterSeconds('Thu Oct  1 07:28:00 2026', Date.UTC(2026, 9, 1, 7, 27, 30)), timeZone).toBe(30);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('a Retry-After of years, or of more digits than a number holds, is said as at most a day, never "Infinity hours"', () => {
    for (const value of ['9'.repeat(400), '99999999999', 'Fri, 31 Dec 9999 23:59:59 GMT']) {
      const busy = library(429, 'rate_limited', 'Slow down', { 'retry-after': value });
      expect(busy.retryAfterSeconds).toBe(86_400);
      expect(busy.message).toBe('The email library asked Envelope to slow down. Try again in 24 hours.');
      expect(library(429, 'daily_limit_reached', 'Limit', { 'retry-after': value }).message).toMatch(/ask again in 24 hours, after midnight UTC\.$/);
    }
  });
});
