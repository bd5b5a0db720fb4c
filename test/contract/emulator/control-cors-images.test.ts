// The control surface (state, reset, clock, faults, remote-edit), CORS on both hosts, and images.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { readImageHeader } from '../../support/png';
import { call, control, expectShape, ISO_MS, startTestEmulator, START } from './support';

let emulator: RunningEmulator;
beforeEach(async () => {
  emulator = await startTestEmulator();
});
afterEach(() => emulator.close());

describe('GET /_emulator/state', () => {
  it('gives both base URLs, the demo keys and the design-system ids, the same on both ports', async () => {
    const fromLibrary = await call(`${emulator.libraryUrl}/_emulator/state`);
    expect(fromLibrary.status).toBe(200);
    expectShape(fromLibrary.body, {
      library: { base_url: 'string', keys: { demo: 'string', other: 'string', revoked: 'string' } },
      builder: { base_url: 'string', keys: { demo: 'string', other: 'string' }, design_systems: ['string'] },
    });
    expect(fromLibrary.body.library.base_url).toBe(emulator.libraryUrl);
    expect(fromLibrary.body.builder.base_url).toBe(emulator.builderUrl);
    expect(fromLibrary.body.library.keys.demo).toMatch(/^[a-z0-9]+_live_[A-Za-z0-9]{8,}$/);
    expect(fromLibrary.body.builder.keys.demo.startsWith('ef_')).toBe(true);
    expect(fromLibrary.body.builder.design_systems).toContain('ds_demo');
    const fromBuilder = await call(`${emulator.builderUrl}/_emulator/state`);
    expect(fromBuilder.body).toEqual(fromLibrary.body);
  });
});

describe('POST /_emulator/clock', () => {
  it('starts at the now option, advances by seconds and jumps to an instant', async () => {
    const start = Date.parse((await call(`${emulator.libraryUrl}/_emulator/clock`)).body.now);
    expect(start - Date.parse(START)).toBeGreaterThanOrEqual(0);
    expect(start - Date.parse(START)).toBeLessThan(10_000);
    const advanced = await control(emulator, 'clock', { advance_seconds: 86_400 });
    expect(Date.parse(advanced.body.now) - start).toBeGreaterThanOrEqual(86_400_000);
    const jumped = await control(emulator, 'clock', { now: '2027-01-01T00:00:00Z' });
    expect(jumped.body.now.startsWith('2027-01-01T00:00:0')).toBe(true);
    expect(emulator.clock.now().toISOString().startsWith('2027-01-01')).toBe(true);
  });

  it.each([[{}], [{ advance_seconds: 'ten' }], [{ now: 'soon' }], [{ now: START, advance_seconds: 1 }]])('rejects %j with 400', async (body) => {
    const response = await control(emulator, 'clock', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_request', message: expect.any(String) });
  });
});

describe('POST /_emulator/reset', () => {
  it('re-seeds the demo data and clears the rate counters', async () => {
    const key = emulator.keys.builder.demo;
    const created = await call(`${emulator.builderUrl}/api/templates`, { method: 'POST', key, body: { name: 'Temporary' } });
    for (let i = 0; i < 25; i++) await call(`${emulator.libraryUrl}/v1/brands?per_page=1`);
    expect((await call(`${emulator.libraryUrl}/v1/brands?per_page=1`)).status).toBe(429);
    const reset = await control(emulator, 'reset', {});
    expect(reset.status).toBe(200);
    expect((await call(`${emulator.builderUrl}/api/templates/${created.body.data.id}`, { key })).status).toBe(404);
    expect((await call(`${emulator.libraryUrl}/v1/brands?per_page=1`)).status).toBe(200);
  });
});

describe('POST /_emulator/faults', () => {
  const libraryEmails = () => call(`${emulator.libraryUrl}/v1/emails?per_page=1`);

  it('injects 429 rate_limited with Retry-After in each API’s error shape', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['429'], seed: 2 });
    const library = await libraryEmails();
    expect(library.status).toBe(429);
    expect(library.body.error.code).toBe('rate_limited');
    expect(Number(library.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const builder = await call(`${emulator.builderUrl}/api/templates`, { key: emulator.keys.builder.demo });
    expect(builder.status).toBe(429);
    expect(builder.body.error).toBe('rate_limited');
    expect(builder.headers.get('retry-after')).not.toBeNull();
  });

  it('asks a 429 fault to wait retry_after seconds when given (a long wait, as a daily limit asks)', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['429'], seed: 2, retry_after: 7200 });
    expect((await libraryEmails()).headers.get('retry-after')).toBe('7200');
    expect((await call(`${emulator.builderUrl}/api/templates`, { key: emulator.keys.builder.demo })).headers.get('retry-after')).toBe('7200');
  });

  it('injects 503 unavailable', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['503'], seed: 2 });
    const response = await libraryEmails();
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('unavailable');
  });

  it('injects malformed 200 bodies: broken JSON or the wrong shape', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['malformed'], seed: 4 });
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const response = await libraryEmails();
      expect(response.status).toBe(200);
      if (response.body === undefined) seen.add('broken');
      else {
        expect(Array.isArray(response.body.data)).toBe(false);
        seen.add('wrong-shape');
      }
    }
    expect(seen).toEqual(new Set(['broken', 'wrong-shape']));
  });

  it('delays a slow response and still delivers it', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['slow'], seed: 2, slow_ms: 20 });
    const response = await libraryEmails();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-emulator-fault')).toBe('slow');
    expect(response.body.data).toHaveLength(1);
  });

  it('drops the connection without a response', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['drop'], seed: 2 });
    await expect(fetch(`${emulator.libraryUrl}/v1/emails?per_page=1`)).rejects.toThrow();
  });

  it('is deterministic per seed, hits about rate of the requests, and {rate: 0} clears', async () => {
    const pattern = async () => {
      await control(emulator, 'faults', { rate: 0.5, kinds: ['503'], seed: 7 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await call(`${emulator.libraryUrl}/v1/journeys?per_page=1`, { key: emulator.keys.library.demo })).status);
      return statuses;
    };
    const first = await pattern();
    expect(await pattern()).toEqual(first);
    expect(first.filter((status) => status === 503).length).toBeGreaterThan(3);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(3);
    const cleared = await control(emulator, 'faults', { rate: 0 });
    expect(cleared.body.rate).toBe(0);
    for (let i = 0; i < 5; i++) expect((await call(`${emulator.libraryUrl}/v1/journeys`, { key: emulator.keys.library.demo })).status).toBe(200);
  });

  it('never faults the control surface or images', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['503'], seed: 2 });
    expect((await call(`${emulator.libraryUrl}/_emulator/state`)).status).toBe(200);
    expect((await fetch(`${emulator.libraryUrl}/images/emails/1000/thumbnail.png`)).status).toBe(200);
  });

  it.each([[{ rate: 2 }], [{ rate: 0.5, kinds: ['boom'] }], [{ rate: 0.5, seed: 'x' }], [{ rate: 1, retry_after: 1.5 }], [{}]])('rejects %j with 400', async (body) => {
    const response = await control(emulator, 'faults', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });
});

describe('POST /_emulator/design-systems/:id/remote-edit', () => {
  const edit = (id: string, body: unknown) => call(`${emulator.builderUrl}/_emulator/design-systems/${id}/remote-edit`, { method: 'POST', body });

  it('changes name, description and properties, bumping updated_at and hash', async () => {
    const before = (await call(`${emulator.builderUrl}/api/plugin/design-systems/ds_demo/changes`, { key: emulator.keys.builder.demo })).body.data.components[0];
    const response = await edit('ds_demo', { key: before.key, name: 'Button (new)', description: 'Edited', properties: { Size: { type: 'VARIANT', values: ['S'] } } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ key: before.key, name: 'Button (new)', description: 'Edited', properties: { Size: { type: 'VARIANT', values: ['S'] } }, deleted: false });
    expect(response.body.hash).not.toBe(before.hash);
    expect(response.body.updated_at > before.updated_at).toBe(true);
    expect(response.body.updated_at).toMatch(ISO_MS);
  });

  it.each([
    ['ds_nope', { key: 'x' }, 404],
    ['ds_demo', { key: 'not-a-component' }, 404],
    ['ds_demo', { name: 'no key' }, 400],
    ['ds_demo', { key: '5e1a9c0f3b7d2e48a6c1f09b3d5e7a21c4b8f6e0', delete: 'yes' }, 400],
    ['ds_demo', { key: '5e1a9c0f3b7d2e48a6c1f09b3d5e7a21c4b8f6e0', properties: [] }, 400],
  ])('on %s with %j answers %i', async (id, body, status) => {
    expect((await edit(id, body)).status).toBe(status);
  });
});

describe('CORS', () => {
  it.each(['library', 'builder'] as const)('answers OPTIONS pre-flights on the %s host, allowing Authorization and Content-Type', async (host) => {
    const base = host === 'library' ? emulator.libraryUrl : emulator.builderUrl;
    for (const path of [host === 'library' ? '/v1/brand-requests' : '/api/plugin/design-systems/ds_demo/sync', '/_emulator/state', '/images/x.png']) {
      const response = await fetch(`${base}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'null', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      expect(allowed).toContain('authorization');
      expect(allowed).toContain('content-type');
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    }
  });

  it('puts Access-Control-Allow-Origin on every kind of response', async () => {
    const responses = await Promise.all([
      fetch(`${emulator.libraryUrl}/v1/emails?per_page=1`),
      fetch(`${emulator.libraryUrl}/v1/me/likes`),
      fetch(`${emulator.libraryUrl}/v1/emails/abc`),
      fetch(`${emulator.libraryUrl}/images/emails/1000/thumbnail.png`),
      fetch(`${emulator.libraryUrl}/images/emails/1/thumbnail.png`),
      fetch(`${emulator.libraryUrl}/_emulator/state`),
      fetch(`${emulator.builderUrl}/api/templates`),
      fetch(`${emulator.builderUrl}/_emulator/clock`),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 401, 400, 200, 404, 200, 401, 200]);
    for (const response of responses) expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('images', () => {
  it('serves PNG thumbnails and full-length screenshots without a key, some taller than 4,096 px', async () => {
    const { body } = await call(`${emulator.libraryUrl}/v1/emails/1007`);
    const preview = await fetch(body.data.preview_url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    const header = readImageHeader(new Uint8Array(await preview.arrayBuffer()));
    expect(header).toEqual({ format: 'png', width: 600, height: 5200 });
    const thumbnail = readImageHeader(new Uint8Array(await (await fetch(body.data.thumbnail_url)).arrayBuffer()));
    expect(thumbnail).toEqual({ format: 'png', width: 300, height: 400 });
  });

  it('answers 404 for an unknown email image', async () => {
    const response = await call(`${emulator.libraryUrl}/images/emails/5/preview.png`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
  });

  it('serves a 600 × 12,000 px screenshot for one email in 200 (ids ending like 1013)', async () => {
    const { body } = await call(`${emulator.libraryUrl}/v1/emails/1013`);
    const preview = await fetch(body.data.preview_url);
    expect(readImageHeader(new Uint8Array(await preview.arrayBuffer()))).toEqual({ format: 'png', width: 600, height: 12_000 });
  });

  it('serves a 600 × 20,000 px screenshot for another email in 200 (ids ending like 1017)', async () => {
    const { body } = await call(`${emulator.libraryUrl}/v1/emails/1017`);
    const preview = await fetch(body.data.preview_url);
    expect(readImageHeader(new Uint8Array(await preview.arrayBuffer()))).toEqual({ format: 'png', width: 600, height: 20_000 });
  });
});

describe('POST /_emulator/library/emails/:id/preview-fault', () => {
  it('breaks one email’s screenshot (a 404, or HTML instead of an image) until mended with null; thumbnails stay', async () => {
    const { body } = await call(`${emulator.libraryUrl}/v1/emails/1007`);
    const url: string = body.data.preview_url;
    expect((await control(emulator, 'library/emails/1007/preview-fault', { fault: '404' })).body).toEqual({ ok: true, id: 1007, fault: '404' });
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(body.data.thumbnail_url)).status).toBe(200);
    await control(emulator, 'library/emails/1007/preview-fault', { fault: 'not_image' });
    const notImage = await fetch(url);
    expect([notImage.status, notImage.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    await control(emulator, 'library/emails/1007/preview-fault', { fault: null });
    expect((await fetch(url)).headers.get('content-type')).toBe('image/png');
  });

  it('"stall" sends the screenshot’s status, headers and half its body, then nothing: the rest never comes', async () => {
    const { body } = await call(`${emulator.libraryUrl}/v1/emails/1007`);
    await control(emulator, 'library/emails/1007/preview-fault', { fault: 'stall' });
    const stop = new AbortController();
    try {
      const stalled = await fetch(body.data.preview_url, { signal: stop.signal });
      expect([stalled.status, stalled.headers.get('content-type')]).toEqual([200, 'image/png']);
      const waited = await Promise.race([stalled.arrayBuffer().then(() => 'body came', () => 'failed'), new Promise((resolve) => setTimeout(resolve, 1000, 'still waiting'))]);
      expect(waited).toBe('still waiting');
    } finally {
      stop.abort();
      await control(emulator, 'library/emails/1007/preview-fault', { fault: null });
    }
  });

  it('"429" asks the next download of the screenshot to wait 2 seconds (readable from a null origin), then mends itself', async () => {
    const { body } = await call(`${emulator.libraryUrl}/v1/emails/1007`);
    expect((await control(emulator, 'library/emails/1007/preview-fault', { fault: '429' })).body).toEqual({ ok: true, id: 1007, fault: '429' });
    const limited = await fetch(body.data.preview_url);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '2']);
    expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect((await fetch(body.data.preview_url)).headers.get('content-type')).toBe('image/png');
  });

  it('refuses an unknown fault or email', async () => {
    expect((await control(emulator, 'library/emails/1007/preview-fault', { fault: 'slow' })).status).toBe(400);
    expect((await control(emulator, 'library/emails/5/preview-fault', { fault: '404' })).status).toBe(404);
  });
});
