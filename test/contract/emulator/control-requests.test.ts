// GET /_emulator/requests: the API requests each host was sent since the last reset, so a test can
// read there that the plugin sent nothing (faulted requests count; pre-flights, images and the
// control surface do not).
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
