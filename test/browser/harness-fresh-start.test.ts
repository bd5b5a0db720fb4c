// `openFreshAsync` (support/playground-harness.ts), used by most browser tests: a test never starts
// with the previous test's state. It loaded the page (and started the plugin) with the previous
// test's storage and emulator, then reset them: the plugin's first run read the previous keys and
// could ask the emulator with them, under the previous test's faults.
import { beforeAll, describe, expect, it } from 'vitest';
import { PERSISTED_STORAGE_KEY } from '../playground/page/storage-persistence';
import { useHarness } from './support/playground-harness';

const h = useHarness();
/** Library requests that carried a key, since the last open. */
let keyed: string[] = [];

beforeAll(async () => {
  // What the playground's storage held as the page began, before any of its scripts ran.
  await h.page.addInitScript((name) => {
    if (location.pathname !== '/code.js') (window as unknown as { storageAtLoad: string | null }).storageAtLoad = localStorage.getItem(name);
  }, PERSISTED_STORAGE_KEY);
  h.page.on('request', (request) => {
    if (request.url().startsWith(h.emulator.libraryUrl) && request.headers()['authorization'] !== undefined) keyed.push(request.url());
  });
});

const storageAtLoad = () => h.page.evaluate(() => (window as unknown as { storageAtLoad: string | null }).storageAtLoad);

describe('a fresh open after another test', () => {
  it('a test leaves keys in storage and a fault in the emulator', async () => {
    await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
    await expect.poll(() => h.page.evaluate((name) => localStorage.getItem(name), PERSISTED_STORAGE_KEY)).toContain('lib_live_');
    const fault = await fetch(`${h.emulator.libraryUrl}/_emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: 1, kinds: ['503'] }) });
    expect(fault.ok).toBe(true);
  });

  it('the next one’s page loads with empty storage and the emulator reset: no key asked with, no fault (it loaded with the previous keys)', async () => {
    // The previous page is left first: its own requests (a search asked again after the 503, with
    // its key) are the previous test's, not this open's.
    await h.page.goto('about:blank');
    keyed = [];
    await h.openFreshAsync('?command=browse&theme=light');
    expect(await storageAtLoad()).toBeNull();
    const faults = (await (await fetch(`${h.emulator.libraryUrl}/_emulator/faults`)).json()) as { rate: number };
    expect(faults.rate).toBe(0);
    const ui = await h.uiFrameAsync();
    // Without keys or addresses saved, the plugin opens on its first-run words and never asked the library with the previous key.
    await ui.getByRole('navigation', { name: 'Envelope screens' }).waitFor({ timeout: 20_000 });
    expect(keyed).toEqual([]);
  });
});
