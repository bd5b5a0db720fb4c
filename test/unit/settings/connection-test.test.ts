// "Test connection" through the real clients against answers an address that is not the API
// gives (a web page, someone else's JSON), without a network.
import { describe, expect, it } from 'vitest';
import { noteWindowRefusal, testConnectionAsync } from '../../../src/settings/connection-test';
import type { HttpResponse, HttpTransport } from '../../../src/shared/api/http/transport';
import { messageProblems } from '../../support/message-rules';

const answering =
  (text: string, contentType: string): HttpTransport =>
  () =>
    Promise.resolve({ status: 200, headers: { 'content-type': contentType }, text });

describe('connection test against an address that is not the API', () => {
  it('at the built-in stand-in addresses sends nothing and says the address is missing (it said “Could not reach”)', async () => {
    let sent = 0;
    const counting: HttpTransport = () => {
      sent += 1;
      return Promise.reject(new Error('getaddrinfo ENOTFOUND'));
    };
    const builder = await testConnectionAsync('builder', { baseUrl: 'https://app.templatebuilder.example', key: 'ef_0123456789abcdef' }, counting);
    expect(builder).toEqual({ ok: false, message: 'The email builder’s address is missing: enter it above, choose Save, then test again.' });
    const library = await testConnectionAsync('library', { baseUrl: 'https://api.mailvault.example', key: null }, counting);
    expect(library).toEqual({ ok: false, message: 'The email library’s address is missing: enter it above, choose Save, then test again.' });
    expect(sent).toBe(0);
  });

  it('says a web page is not the library API', async () => {
    const result = await testConnectionAsync('library', { baseUrl: 'https://www.example.com', key: 'lib_live_ABCDEFGH1234' }, answering('<!doctype html><title>Welcome</title>', 'text/html'));
    expect(result).toEqual({ ok: false, message: 'https://www.example.com answered with a web page, not the email library’s data: is this the email library’s address?' });
  });

  it('does not call a reply cut short a web page: the address may be right and the answer damaged on its way (the malformed-JSON fault)', async () => {
    const cut = '{"data":[{"id":"tpl_1","name":"Spring sa';
    const result = await testConnectionAsync('builder', { baseUrl: 'http://127.0.0.1:4011', key: 'ef_0123456789abcdef' }, answering(cut, 'application/json'));
    expect(result).toEqual({
      ok: false,
      message: 'http://127.0.0.1:4011 answered with data cut short or damaged, which Envelope cannot read. Test again; if it happens again, check that this is the email builder’s address.',
    });
    expect(messageProblems(result.message)).toEqual([]);
  });

  it('says JSON of another shape is not the builder API', async () => {
    const result = await testConnectionAsync('builder', { baseUrl: 'https://other-api.example', key: 'ef_0123456789abcdef' }, answering('{"status":"ok"}', 'application/json'));
    expect(result).toEqual({ ok: false, message: 'https://other-api.example answered, but not as the email builder does: is this the email builder’s address?' });
  });

  it('reaches the library without a key through its open search, and says what a key adds', async () => {
    const asked: Array<{ url: string; authorization: string | undefined }> = [];
    const transport: HttpTransport = (request) => {
      asked.push({ url: request.url, authorization: request.headers.authorization });
      return Promise.resolve({ status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ data: [], meta: { page: 1, per_page: 1, count: 0, attribution: { source: 'Mailvault', url: 'https://mailvault.example' }, query: { q: null, brand: null, category: null } } }) });
    };
    const result = await testConnectionAsync('library', { baseUrl: 'https://library.acme.example', key: null }, transport);
    expect(result).toEqual({ ok: true, message: 'Reached the library: browsing works without a key. A library API key adds HTML previews and your follows, likes and collections.' });
    expect(asked).toEqual([{ url: expect.stringMatching(/^https:\/\/library\.acme\.example\/v1\/emails\?/) as unknown as string, authorization: undefined }]);
    expect(messageProblems(result.message)).toEqual([]);
  });

  it('says a limit met without a key is not a key’s (it said “limiting requests for this key” with no key saved)', async () => {
    const limited: HttpTransport = () => Promise.resolve({ status: 429, headers: { 'content-type': 'application/json', 'retry-after': '42' }, text: JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down' } }) });
    const result = await testConnectionAsync('library', { baseUrl: 'https://library.acme.example', key: null }, limited);
    expect(result).toEqual({ ok: false, message: 'The email library asked Envelope to slow down: it limits requests made without a key. A library API key has a much higher limit.', retryAfterSeconds: 42 });
    expect(messageProblems(result.message)).toEqual([]);
    expect((await testConnectionAsync('library', { baseUrl: 'https://library.acme.example', key: 'lib_live_ABCDEFGH1234' }, limited)).message).toBe('The email library asked Envelope to slow down for this key.');
  });
});

// Browse's window met a long 429 and kept it to itself: the sandbox's test asked the library
// again, earning another 429 and spending the allowance. Told of it (`library/refused`), it answers from it.
describe('connection test while the window knows the library refused its key for an hour', () => {
  const key = 'lib_live_WindowRefused0001';
  const baseUrl = 'https://library-refused.example';

  it('sends nothing and says the library asked to slow down for this key, and when the wait ends', async () => {
    let sent = 0;
    const counting: HttpTransport = () => {
      sent += 1;
      return Promise.resolve({ status: 200, headers: { 'content-type': 'application/json' }, text: '{"data":[]}' });
    };
    const before = Date.now();
    noteWindowRefusal({ baseUrl, key, waitMs: 3_600_000 });
    const result = await testConnectionAsync('library', { baseUrl, key }, counting);
    expect(sent).toBe(0);
    expect(result).toMatchObject({ ok: false, message: 'The email library asked Envelope to slow down for this key.' });
    expect(result.retryAt).toBeGreaterThanOrEqual(before + 3_599_000);
    expect(result.retryAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
    // The address without the key is another allowance: asked as before.
    await testConnectionAsync('library', { baseUrl, key: null }, counting);
    expect(sent).toBe(1);
  });

  it('ignores a refusal for a key no client takes, rather than failing', () => {
    expect(() => noteWindowRefusal({ baseUrl, key: 'ef_builder_key_pasted_here', waitMs: 3_600_000 })).not.toThrow();
  });
});

// The sandbox's test met a long 429 and kept it to itself: Browse (the window) opened after it asked
// the library again, earning another 429. The test now says it (`library/refused`), as a duration.
describe('connection test refused for hours tells the window', () => {
  const baseUrl = 'https://library-test-refused.example';
  const key = 'lib_live_TestRefused00001';
  const hoursLong: HttpTransport = () => Promise.resolve({ status: 429, headers: { 'content-type': 'application/json', 'retry-after': '7200' }, text: JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down' } }) });

  it('tells the credentials and the wait (not its end: the window’s clock may differ), once: a test answered from the refusal tells nothing again', async () => {
    const told: unknown[] = [];
    const first = await testConnectionAsync('library', { baseUrl, key }, hoursLong, (refusal) => told.push(refusal));
    expect(first).toMatchObject({ ok: false, message: 'The email library asked Envelope to slow down for this key.' });
    expect(told).toEqual([{ baseUrl, key, waitMs: 7_200_000 }]);
    await testConnectionAsync('library', { baseUrl, key }, hoursLong, (refusal) => told.push(refusal));
    expect(told).toHaveLength(1);
  });

  it('tells nothing of a wait it sits through', async () => {
    let asked = 0;
    const briefly: HttpTransport = () => {
      asked += 1;
      return Promise.resolve<HttpResponse>(
        asked === 1
          ? { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '0' }, text: JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down' } }) }
          : { status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ data: [] }) },
      );
    };
    const told: unknown[] = [];
    const result = await testConnectionAsync('library', { baseUrl: 'https://library-test-brief.example', key: 'lib_live_TestBrief000001' }, briefly, (refusal) => told.push(refusal));
    // Asked again after the wait: what the second answer says is another matter.
    expect(asked).toBe(2);
    expect(result.message).not.toMatch(/slow down/);
    expect(told).toEqual([]);
  });
});
