// `"429_until_waited"`: a screenshot refused with a Retry-After that keeps being refused until that
// wait has passed on the emulator's clock. The one-off `"429"` mends after one answer, so a client
// that asked again at once passed too; with this one, only a client that waited is answered.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { LIBRARY_KEYS } from '../../emulator/library/model';
import { call, control, startTestEmulator } from './support';

let emulator: RunningEmulator;
beforeEach(async () => {
  emulator = await startTestEmulator({ limits: 'relaxed' });
});
afterEach(() => emulator.close());

const screenshotOf = async () => {
  const [email] = (await call(`${emulator.libraryUrl}/v1/emails?per_page=1`, { key: LIBRARY_KEYS.demo })).body.data as Array<{ id: number; preview_url: string }>;
  return email!;
};
const preview = async (id: number, fault: string | null) => expect((await control(emulator, `library/emails/${id}/preview-fault`, { fault })).body).toEqual({ ok: true, id, fault });
const answer = async (url: string) => {
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), type: response.headers.get('content-type') };
};

describe('preview-fault "429_until_waited"', () => {
  it('refuses the screenshot with Retry-After: 2 and keeps refusing, saying what is left, until 2 seconds have passed on the emulator clock; then answers it and mends', async () => {
    const { id, preview_url: url } = await screenshotOf();
    await preview(id, '429_until_waited');
    const first = await answer(url);
    expect(first).toMatchObject({ status: 429, retryAfter: '2' });
    // Asked again at once: still refused (the one-off "429" answered this one).
    expect((await answer(url)).status).toBe(429);
    // The emulator's clock moves instead of the test sleeping; real time only adds to it.
    emulator.clock.advanceSeconds(1);
    expect(await answer(url)).toMatchObject({ status: 429, retryAfter: '1' });
    emulator.clock.advanceSeconds(1);
    expect(await answer(url)).toMatchObject({ status: 200, type: 'image/png' });
    expect((await answer(url)).status).toBe(200);

    const { images } = (await control(emulator, 'requests?include=images')).body as { images: Array<{ kind: string; status: number; fault: string | null }> };
    // The answer after the wait is an ordinary one: the fault had mended.
    expect(images.filter((image) => image.kind === 'screenshot').map(({ status, fault }) => [status, fault])).toEqual([
      [429, '429_until_waited'],
      [429, '429_until_waited'],
      [429, '429_until_waited'],
      [200, null],
      [200, null],
    ]);
  });

  it('its wait starts at the first refusal, not when it is set; set again, it starts a new wait; null mends it mid-wait', async () => {
    const { id, preview_url: url } = await screenshotOf();
    await preview(id, '429_until_waited');
    emulator.clock.advanceSeconds(5);
    expect(await answer(url)).toMatchObject({ status: 429, retryAfter: '2' });
    emulator.clock.advanceSeconds(2);
    expect((await answer(url)).status).toBe(200);
    await preview(id, '429_until_waited');
    expect(await answer(url)).toMatchObject({ status: 429, retryAfter: '2' });
    await preview(id, null);
    expect((await answer(url)).status).toBe(200);
  });
});
