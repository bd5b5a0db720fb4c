// GET /_emulator/requests: the API requests each host was sent since the last reset, so a test can
// read there that the plugin sent nothing (faulted requests count; pre-flights, images and the
// control surface do not); with `?include=images`, the image requests too, each with its kind, status
// and fault.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { BUILDER_KEYS } from '../../emulator/builder/model';
import { LIBRARY_KEYS } from '../../emulator/library/model';
import { call, control, startTestEmulator } from './support';

let emulator: RunningEmulator;
beforeEach(async () => {
  emulator = await startTestEmulator({ limits: 'relaxed' });
});
afterEach(() => emulator.close());

const counts = async () => (await control(emulator, 'requests')).body as { library: number; builder: number };

describe('GET /_emulator/requests', () => {
  it('counts each host’s API requests, faulted ones too, and nothing else; a reset starts again from none', async () => {
    expect(await counts()).toEqual({ library: 0, builder: 0 });
    await call(`${emulator.libraryUrl}/v1/emails?per_page=1`, { key: LIBRARY_KEYS.demo });
    await call(`${emulator.libraryUrl}/v1/emails?per_page=1`, { method: 'OPTIONS' });
    await call(`${emulator.builderUrl}/api/templates`, { key: BUILDER_KEYS.demo });
    await control(emulator, 'faults', { rate: 1, kinds: ['429'], retry_after: 600 });
    expect((await call(`${emulator.libraryUrl}/v1/brands`)).status).toBe(429);
    await control(emulator, 'faults', { rate: 0 });
    expect(await counts()).toEqual({ library: 2, builder: 1 });
    await control(emulator, 'reset', {});
    expect(await counts()).toEqual({ library: 0, builder: 0 });
  });
});

describe('GET /_emulator/requests?include=images', () => {
  const log = async () => (await control(emulator, 'requests?include=images')).body as { library: number; builder: number; images: Array<{ path: string }>; images_dropped: number };
  const preview = async (id: number, fault: string | null) => expect((await control(emulator, `library/emails/${id}/preview-fault`, { fault })).status).toBe(200);

  it('lists each image asked of either host, in order, with its kind, the status answered and the screenshot’s fault; the counts stay the API’s', async () => {
    const [email] = (await call(`${emulator.libraryUrl}/v1/emails?per_page=1`, { key: LIBRARY_KEYS.demo })).body.data as Array<{ id: number; thumbnail_url: string; preview_url: string; brand_slug: string }>;
    const [template] = (await call(`${emulator.builderUrl}/api/templates?per_page=1`, { key: BUILDER_KEYS.demo })).body.data as Array<{ thumbnail_url: string | null }>;
    const id = email!.id;
    expect((await call(email!.thumbnail_url)).status).toBe(200);
    await preview(id, '429_long');
    expect((await call(email!.preview_url)).status).toBe(429);
    await preview(id, '429');
    expect((await call(email!.preview_url)).status).toBe(429);
    // The one-off 429 mended itself: this one is answered, with no fault.
    expect((await call(email!.preview_url)).status).toBe(200);
    // A stalled screenshot answers 200 and half its body; the rest is not waited for.
    await preview(id, 'stall');
    const stopped = new AbortController();
    expect((await fetch(email!.preview_url, { signal: stopped.signal })).status).toBe(200);
    stopped.abort();
    await preview(id, null);
    expect((await call(`${emulator.libraryUrl}/images/brands/${email!.brand_slug}/logo.png`)).status).toBe(200);
    expect((await call(`${emulator.libraryUrl}/images/emails/${id}/tile-2.png`)).status).toBe(404);
    expect(template!.thumbnail_url).not.toBeNull();
    expect((await call(template!.thumbnail_url!)).status).toBe(200);

    const library = (kind: string, path: string, status: number, fault: string | null = null) => ({ host: 'library', method: 'GET', path, kind, status, fault });
    expect(await log()).toEqual({
      library: 1,
      builder: 1,
      images: [
        library('thumbnail', `/images/emails/${id}/thumbnail.png`, 200),
        library('screenshot', `/images/emails/${id}/preview.png`, 429, '429_long'),
        library('screenshot', `/images/emails/${id}/preview.png`, 429, '429'),
        library('screenshot', `/images/emails/${id}/preview.png`, 200),
        library('screenshot', `/images/emails/${id}/preview.png`, 200, 'stall'),
        library('logo', `/images/brands/${email!.brand_slug}/logo.png`, 200),
        library('unknown', `/images/emails/${id}/tile-2.png`, 404),
        { host: 'builder', method: 'GET', path: new URL(template!.thumbnail_url!).pathname, kind: 'template_thumbnail', status: 200, fault: null },
      ],
      images_dropped: 0,
    });
    // Without asking for them, the answer is the API counts alone, as before.
    expect(await counts()).toEqual({ library: 1, builder: 1 });
    await control(emulator, 'reset', {});
    expect(await log()).toEqual({ library: 0, builder: 0, images: [], images_dropped: 0 });
  });

  it('keeps the last 3,000 images and says how many older ones it dropped; the API counts are kept whole', async () => {
    await call(`${emulator.libraryUrl}/v1/emails?per_page=1`, { key: LIBRARY_KEYS.demo });
    // No such image route: a cheap 404, each path its own so the order can be read.
    for (let n = 0; n < 3_005; n++) await call(`${emulator.libraryUrl}/images/nothing/${n}.png`);
    const answer = await log();
    expect(answer.images).toHaveLength(3_000);
    expect(answer.images[0]!.path).toBe('/images/nothing/5.png');
    expect(answer.images.at(-1)!.path).toBe('/images/nothing/3004.png');
    expect(answer.images_dropped).toBe(5);
    expect(await counts()).toEqual({ library: 1, builder: 0 });
    await control(emulator, 'reset', {});
    expect(await log()).toEqual({ library: 0, builder: 0, images: [], images_dropped: 0 });
  });

  it('answers 400 to anything else asked to include, rather than the counts alone', async () => {
    const answer = await control(emulator, 'requests?include=image');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
  });
});
