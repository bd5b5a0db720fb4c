// Library API: keys, the per-minute limits, the limit headers and the error shape of unknown paths.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index';
import { call, control, expectShape, LIBRARY_ERROR_SHAPE, startTestEmulator } from './support';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('keys', () => {
  it('answers 401 unauthorized for an invalid or revoked key on every endpoint, even public ones', async () => {
    emulator = await startTestEmulator();
    for (const key of [emulator.keys.library.revoked, 'lib_live_NotARealKey99']) {
      for (const path of ['/v1/emails', '/v1/brands', '/v1/journeys', '/v1/me/likes']) {
        const { status, body, headers } = await call(`${emulator.libraryUrl}${path}`, { key });
        expect(status).toBe(401);
        expectShape(body, LIBRARY_ERROR_SHAPE);
        expect(body.error.code).toBe('unauthorized');
        expect(headers.get('x-ratelimit-tier')).toBe('anonymous');
      }
    }
    const malformed = await call(`${emulator.libraryUrl}/v1/emails`, { headers: { Authorization: 'Token abc' } });
    expect(malformed.status).toBe(401);
  });
});

describe('rate limits and headers', () => {
  it('carries X-RateLimit-Limit and X-RateLimit-Tier on every response, errors included', async () => {
    emulator = await startTestEmulator();
    const base = emulator.libraryUrl;
    const anonymous = await call(`${base}/v1/emails/99999999`);
    expect(anonymous.status).toBe(404);
    expect([anonymous.headers.get('x-ratelimit-limit'), anonymous.headers.get('x-ratelimit-tier')]).toEqual(['20', 'anonymous']);
    const keyed = await call(`${base}/v1/me/collections/nope`, { key: emulator.keys.library.demo });
    expect([keyed.headers.get('x-ratelimit-limit'), keyed.headers.get('x-ratelimit-tier')]).toEqual(['1200', 'free']);
  });

  it('allows 20 anonymous requests per minute per IP, then 429 rate_limited with Retry-After', async () => {
    emulator = await startTestEmulator();
    const base = emulator.libraryUrl;
    for (let i = 0; i < 20; i++) expect((await call(`${base}/v1/brands?per_page=1`)).status).toBe(200);
    const limited = await call(`${base}/v1/brands?per_page=1`);
    expect(limited.status).toBe(429);
    expectShape(limited.body, LIBRARY_ERROR_SHAPE);
    expect(limited.body.error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-ratelimit-tier')).toBe('anonymous');
    // A key has its own, larger allowance.
    expect((await call(`${base}/v1/brands?per_page=1`, { key: emulator.keys.library.demo })).status).toBe(200);
    // The window rolls with the emulator clock.
    await control(emulator, 'clock', { advance_seconds: retryAfter });
    expect((await call(`${base}/v1/brands?per_page=1`)).status).toBe(200);
  });

  it('allows 1,200 keyed requests per minute per account', async () => {
    emulator = await startTestEmulator();
    const base = emulator.libraryUrl;
    const key = emulator.keys.library.demo;
    const statuses: number[] = [];
    // Eight connections at a time: quicker than 1,200 at once on a small machine.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (statuses.length < 1200) {
          statuses.push(0);
          const response = await fetch(`${base}/v1/journeys?per_page=1`, { headers: { Authorization: `Bearer ${key}` } });
          await response.arrayBuffer();
          statuses[statuses.indexOf(0)] = response.status;
        }
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1200);
    const limited = await call(`${base}/v1/journeys`, { key });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('1200');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another account is not affected.
    expect((await call(`${base}/v1/journeys`, { key: emulator.keys.library.other })).status).toBe(200);
  });

  it('lifts the per-minute limits when relaxed, but keeps the headers', async () => {
    emulator = await startTestEmulator({ limits: 'relaxed' });
    for (let i = 0; i < 30; i++) {
      const response = await call(`${emulator.libraryUrl}/v1/brands?per_page=1`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('20');
    }
  });
});

describe('unknown paths and methods', () => {
  it('answers 404 not_found for an unknown path and 405 for a wrong method, in the library error shape', async () => {
    emulator = await startTestEmulator();
    const unknown = await call(`${emulator.libraryUrl}/v1/nothing-here`);
    expect(unknown.status).toBe(404);
    expectShape(unknown.body, LIBRARY_ERROR_SHAPE);
    const wrong = await call(`${emulator.libraryUrl}/v1/emails`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expectShape(wrong.body, LIBRARY_ERROR_SHAPE);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('answers 413 payload_too_large for a body over 2 MB', async () => {
    emulator = await startTestEmulator();
    const response = await call(`${emulator.libraryUrl}/v1/brand-requests`, {
      method: 'POST', key: emulator.keys.library.demo, body: { brand: 'Big', website: 'big.example', notes: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expectShape(response.body, LIBRARY_ERROR_SHAPE);
  });
});

describe('startEmulator options', () => {
  it.each([
    [{ now: 'soon' }, 'now'],
    [{ seed: 1.5 }, 'seed'],
    [{ limits: 'loose' as never }, 'limits'],
    [{ libraryPort: 70000 }, 'libraryPort'],
  ])('rejects %j with a message naming %s', async (options, name) => {
    await expect(startEmulator(options)).rejects.toThrow(name);
  });
});
