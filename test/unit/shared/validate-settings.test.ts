import { describe, expect, it } from 'vitest';
import { baseUrlProblem, keyProblem, maskKey, normalizeBaseUrl, sameOrigin, savedAddressProblem } from '../../../src/shared/settings/validate-settings';
import { isBuilderKey } from '../../../src/shared/api/builder/keys';
import { isLibraryKey } from '../../../src/shared/api/library/keys';
import { messageProblems } from '../../support/message-rules';
import { parseHttpUrl } from '../../../src/shared/validation/http-url';

describe('base URL rule', () => {
  it.each(['https://api.example.com', 'https://api.example.com/v1/', 'http://localhost:4010', 'http://127.0.0.1:4011', 'HTTPS://API.EXAMPLE.COM'])(
    'accepts %s',
    (url) => expect(baseUrlProblem(url)).toBeNull(),
  );

  it('refuses plain http to anything but the local machine, saying why', () => {
    expect(baseUrlProblem('http://example.com')).toMatch(/over HTTPS only/);
    expect(baseUrlProblem('http://localhost.evil.com')).toMatch(/over HTTPS only/);
  });

  it('says the refusal truly whether or not a key goes with the address, naming every local address README and the emulator use', () => {
    const said = baseUrlProblem('http://example.com', 'library')!;
    // An address may be saved without a key: the words are about the address, not keys.
    expect(said).not.toMatch(/\bkeys?\b/i);
    // 127.0.0.1 is allowed, and is the address README and the emulator give.
    expect(said).toContain('http://127.0.0.1');
    expect(baseUrlProblem('http://127.0.0.1:4010', 'library')).toBeNull();
    expect(said).toContain('http://localhost');
    expect(said).not.toMatch(/localhost only/);
    expect(messageProblems(said)).toEqual([]);
  });

  it.each([
    ['', /Enter the API address/],
    ['api.example.com', /not a web address/],
    ['ftp://example.com', /not a web address/],
    ['https://user:pw@example.com', /user name or password/],
    ['https://example.com/?x=1', /“\?” or “#”/],
    ['https://exa mple.com', /not a web address/],
  ])('refuses %j with a message', (url, message) => expect(baseUrlProblem(url)).toMatch(message));

  it.each([
    ['library', 'https://library.example.com/v1', 'https://library.example.com'],
    ['library', 'https://library.example.com/v1/emails?q=sale', null],
    ['library', 'https://library.example.com/v1/emails/', 'https://library.example.com'],
    ['library', 'https://proxy.example.com/email-library/V1/', 'https://proxy.example.com/email-library'],
    ['builder', 'https://builder.example.com/api', 'https://builder.example.com'],
    ['builder', 'https://builder.example.com/api/templates', 'https://builder.example.com'],
  ] as const)('for the %s, says an address %j that already holds the API’s own path to stop before it', (api, url, before) => {
    const problem = baseUrlProblem(url, api);
    if (before === null) return expect(problem).toMatch(/“\?” or “#”/);
    const segment = api === 'library' ? '/v1' : '/api';
    expect(problem).toBe(`Leave out “${segment}” and what follows it: Envelope adds it to each request. Enter ${before}`);
  });

  it('takes an address with a path of its own and a trailing slash (the slash is not stored)', () => {
    expect(baseUrlProblem('https://proxy.example.com/email-library/', 'library')).toBeNull();
    expect(baseUrlProblem('https://builder.example.com/apis/', 'builder')).toBeNull();
    // The other API's path is no mistake of this kind.
    expect(baseUrlProblem('https://builder.example.com/v1', 'builder')).toBeNull();
  });

  it('stores the address without trailing slashes or spaces', () => {
    expect(normalizeBaseUrl('  https://api.example.com/// ')).toBe('https://api.example.com');
  });
});

describe('key rules', () => {
  it('builder keys must start with ef_', () => {
    expect(keyProblem('builder', 'ef_8f2kq93lsx0')).toBeNull();
    expect(keyProblem('builder', ' ef_8f2kq93lsx0 ')).toBeNull();
    expect(keyProblem('builder', 'sk_8f2kq93lsx0')).toMatch(/start with "ef_"/);
    expect(keyProblem('builder', 'ef_')).toMatch(/start with "ef_"/);
    expect(keyProblem('builder', '')).toMatch(/Paste your API key/);
  });

  it('sends a designer for a builder key to the email builder’s own Settings, not to Envelope’s Settings tab', () => {
    expect(keyProblem('builder', 'sk_8f2kq93lsx0')).toBe('Builder keys start with "ef_". Copy the key from your email builder, under its Settings → API Keys.');
  });

  it('library keys follow <prefix>_live_<random of 8 or more>', () => {
    expect(keyProblem('library', 'lib_live_A1b2C3d4')).toBeNull();
    expect(keyProblem('library', 'lib_live_A1b2C3')).toMatch(/xxx_live_/);
    expect(keyProblem('library', 'lib_test_A1b2C3d4e5')).toMatch(/xxx_live_/);
    expect(keyProblem('library', 'LIB_live_A1b2C3d4')).toMatch(/xxx_live_/);
    expect(keyProblem('library', 'lib_live_A1b2-C3d4')).toMatch(/xxx_live_/);
  });

  it('says so when a key is pasted in two pieces or into the other API’s field, naming which key', () => {
    expect(keyProblem('builder', 'ef_8f2kq9 3lsx0')).toBe('This builder API key has a space or line break inside it: copy it again in one piece.');
    expect(keyProblem('library', 'lib_live_A1b2\nC3d4E5')).toBe('This library API key has a space or line break inside it: copy it again in one piece.');
    expect(keyProblem('builder', 'lib_live_A1b2C3d4')).toBe('This is a library API key: paste it under Email library. Builder keys start with "ef_".');
    expect(keyProblem('library', ' ef_8f2kq93lsx0 ')).toBe('This is a builder API key: paste it under Email builder. Library keys look like xxx_live_ followed by at least 8 letters or digits.');
  });

  it.each([
    ['builder', 'Bearer ef_8f2kq93lsx0'],
    ['builder', 'bearer  ef_8f2kq93lsx0'],
    ['builder', 'Authorization: Bearer ef_8f2kq93lsx0'],
    ['library', 'Bearer lib_live_A1b2C3d4'],
  ] as const)('says to leave out "Bearer" when %s key %j is pasted with it', (api, input) => {
    expect(keyProblem(api, input)).toBe('Paste the key alone, without “Bearer” in front of it.');
  });

  // Copied from JSON or a shell, a key brings its quote marks along: the words name the mark and where it is.
  it.each([
    ['builder', '"ef_8f2kq93lsx0"', 'The key starts and ends with a quote mark ("). Paste the key without quotes.'],
    ['builder', "'ef_8f2kq93lsx0'", "The key starts and ends with a quote mark ('). Paste the key without quotes."],
    ['builder', '“ef_8f2kq93lsx0”', 'The key starts and ends with a quote mark (“). Paste the key without quotes.'],
    ['builder', '"ef_8f2kq93lsx0', 'The key starts with a quote mark ("). Paste the key without quotes.'],
    ['builder', "ef_8f2kq93lsx0'", "The key ends with a quote mark ('). Paste the key without quotes."],
    ['library', '"lib_live_A1b2C3d4', 'The key starts with a quote mark ("). Paste the key without quotes.'],
    ['library', "lib_live_A1b2C3d4'", "The key ends with a quote mark ('). Paste the key without quotes."],
    ['library', '"lib_live_A1b2C3d4"\n', 'The key starts and ends with a quote mark ("). Paste the key without quotes.'],
    ['library', '`lib_live_A1b2C3d4`', 'The key starts and ends with a quote mark (`). Paste the key without quotes.'],
  ] as const)('names the quote mark when %s key %j is pasted with it', (api, input, words) => {
    expect(keyProblem(api, input)).toBe(words);
    expect(messageProblems(words)).toEqual([]);
  });

  // Copied from JSON ("ef_…",) or JavaScript ("ef_…";), the commonest paste: the quote marks and the mark after them both named.
  it.each([
    ['builder', '"ef_8f2kq93lsx0",', 'The key starts and ends with a quote mark ("), and a comma follows it, as copied from code. Paste the key alone, without them.'],
    ['library', '"lib_live_A1b2C3d4",', 'The key starts and ends with a quote mark ("), and a comma follows it, as copied from code. Paste the key alone, without them.'],
    ['builder', '"ef_8f2kq93lsx0";', 'The key starts and ends with a quote mark ("), and a semicolon follows it, as copied from code. Paste the key alone, without them.'],
    ['library', "'lib_live_A1b2C3d4';", "The key starts and ends with a quote mark ('), and a semicolon follows it, as copied from code. Paste the key alone, without them."],
    ['builder', '"ef_8f2kq93lsx0" ,', 'The key starts and ends with a quote mark ("), and a comma follows it, as copied from code. Paste the key alone, without them.'],
  ] as const)('names the quote marks and the comma or semicolon when %s key %j is pasted from code', (api, input, words) => {
    expect(keyProblem(api, input)).toBe(words);
    expect(messageProblems(words)).toEqual([]);
  });

  // Two things wrong at once (quotes and a line break, "Bearer" and quotes): each check alone
  // found the rest no key, and the words said builder keys start with "ef_", which this one does.
  it.each([
    ['builder', '"ef_8f2kq93l\nsx0"'],
    ['builder', 'Bearer "ef_8f2kq93lsx0"'],
    ['library', '"lib_live_A1b2 C3d4"'],
  ] as const)('says what came along with a %s key pasted with more than one thing around it: %j', (api, input) => {
    const words = keyProblem(api, input);
    expect(words).toBe(`This ${api} API key came with more than the key (quote marks, a comma or semicolon, spaces, line breaks or “Bearer”): copy the key alone again, in one piece.`);
    expect(messageProblems(words ?? '')).toEqual([]);
  });

  // Copied from JSON ("ef_…",), a key brings the comma after it: the builder key check took it in
  // (any keyboard character past ef_) and the builder then refused the key.
  it.each([
    ['builder', 'ef_8f2kq93lsx0,'],
    ['builder', ' ef_8f2kq93lsx0, '],
    ['library', 'lib_live_A1b2C3d4,'],
  ] as const)('names the comma when %s key %j is pasted with it', (api, input) => {
    const words = keyProblem(api, input);
    expect(words).toBe('The key ends with a comma. Paste the key without it.');
    expect(messageProblems(words ?? '')).toEqual([]);
  });

  // Copied from JavaScript (const key = "ef_…";), a key brings the semicolon after it, as the comma above.
  it.each([
    ['builder', 'ef_8f2kq93lsx0;'],
    ['builder', ' ef_8f2kq93lsx0 ; '],
    ['library', 'lib_live_A1b2C3d4;'],
  ] as const)('names the semicolon when %s key %j is pasted with it', (api, input) => {
    const words = keyProblem(api, input);
    expect(words).toBe('The key ends with a semicolon. Paste the key without it.');
    expect(messageProblems(words ?? '')).toEqual([]);
  });

  it('a key ending in a semicolon is no key (a semicolon inside a builder key still is)', () => {
    expect(isBuilderKey('ef_8f2kq93lsx0;')).toBe(false);
    expect(isBuilderKey('ef_8f2k;q93lsx0')).toBe(true);
    expect(isBuilderKey('ef_8f2kq93lsx:')).toBe(true);
    expect(isBuilderKey('ef_8f2kq93lsx<')).toBe(true);
  });

  it('a key ending in a comma is no key (a comma inside a builder key still is)', () => {
    expect(isBuilderKey('ef_8f2kq93lsx0,')).toBe(false);
    expect(isBuilderKey('ef_8f2k,q93lsx0')).toBe(true);
    expect(isLibraryKey('lib_live_A1b2C3d4,')).toBe(false);
  });

  it('a builder key ending in a quote mark is no key (any other keyboard character past ef_ still is)', () => {
    expect(isBuilderKey("ef_8f2kq93lsx0'")).toBe(false);
    expect(isBuilderKey('ef_8f2kq93lsx0"')).toBe(false);
    expect(isBuilderKey('ef_8f2k"q93lsx0')).toBe(true);
    expect(isLibraryKey('lib_live_A1b2C3d4"')).toBe(false);
  });

  it('refuses a builder key carrying an invisible or non-keyboard character (it cannot be sent in a request header)', () => {
    expect(keyProblem('builder', 'ef_8f2kq93lsx0\u200b')).toBe('This builder API key has an invisible character in it: copy it again from where it was made.');
    expect(keyProblem('library', 'lib_live_A1b2\u200bC3d4')).toBe('This library API key has an invisible character in it: copy it again from where it was made.');
    expect(keyProblem('builder', 'ef_8f2kq93lsxé')).toMatch(/^Builder keys start with "ef_"/);
    // Every keyboard character after the prefix is still a builder key: its format past ef_ is not known.
    expect(keyProblem('builder', 'ef_A-b.c~9_Z+/=')).toBeNull();
  });

  it('masks a key down to its prefix and, for long keys, four last characters', () => {
    expect(maskKey('lib_live_A1b2C3d4E5f6G7h8J9')).toBe('lib_live_••••h8J9');
    expect(maskKey('ef_0123456789abcdefXYZW')).toBe('ef_••••XYZW');
    expect(maskKey('ef_short123')).toBe('ef_••••');
    expect(maskKey('ef_short123')).not.toContain('123');
  });
});

describe('parseHttpUrl', () => {
  it('splits an address and normalizes its origin', () => {
    expect(parseHttpUrl('HTTPS://Api.Example.com:443/v1/emails?q=a#top')).toEqual({
      protocol: 'https:',
      hostname: 'api.example.com',
      port: '',
      origin: 'https://api.example.com',
      path: '/v1/emails',
      query: '?q=a',
      fragment: '#top',
      hasCredentials: false,
    });
    expect(parseHttpUrl('http://127.0.0.1:4010')?.origin).toBe('http://127.0.0.1:4010');
    expect(parseHttpUrl('http://[::1]:80/x')?.origin).toBe('http://[::1]');
  });

  it.each(['', 'example.com', 'https://', 'https://a..b', 'https://host:99999', 'javascript:alert(1)', 'https://a b.com'])(
    'returns null for %j',
    (input) => expect(parseHttpUrl(input)).toBeNull(),
  );
});

describe('sameOrigin', () => {
  it('compares scheme, host and port, not paths or letter case', () => {
    expect(sameOrigin('https://API.example.com/v1/', 'https://api.example.com')).toBe(true);
    expect(sameOrigin('https://api.example.com:443', 'https://api.example.com')).toBe(true);
    expect(sameOrigin('http://api.example.com', 'https://api.example.com')).toBe(false);
    expect(sameOrigin('http://localhost:4010', 'http://localhost:4011')).toBe(false);
    expect(sameOrigin('https://api.example.com', 'https://api.example.com.evil.example')).toBe(false);
    expect(sameOrigin('not a url', 'not a url')).toBe(false);
  });
});

describe('savedAddressProblem', () => {
  it('names a refused saved address without the user name and password it held (they were shown in Settings)', () => {
    for (const keySaved of [true, false]) {
      const words = savedAddressProblem('builder', ' https://designer:s3cret-pw@api.example.com/v2?team=3 ', keySaved)!;
      expect(words).toContain('https://api.example.com/v2?team=3');
      expect(words).not.toMatch(/designer|s3cret/);
      expect(words).toContain('must not contain a user name or password');
    }
  });

  it('names any other refused address as it was saved', () => {
    expect(savedAddressProblem('library', 'http://builder.internal.example', false)).toContain(', http://builder.internal.example, is not used:');
    expect(savedAddressProblem('library', 'https://api.example.com')).toBeNull();
  });
});
