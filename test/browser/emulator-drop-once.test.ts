// The emulator's "drop" fault in Chromium. The emulator makes a dropped POST and then closes the
// connection without an answer; Chromium sends a request again by itself when a connection it
// reused closes so (a POST too), so a template saved on a warm connection was made twice, and on
// one idle past the emulator's keep-alive (5 s) once: which, the timing said. While a drop may be
// drawn, the emulator now keeps no connection open between requests, so each is made once.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromiumAsync } from '../support/chromium';
import { startEmulator, type RunningEmulator } from '../emulator/index';
import { emulatorFaults } from './support/emulator-faults';

let emulator: RunningEmulator;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  emulator = await startEmulator({ limits: 'relaxed' });
  browser = await launchChromiumAsync();
  page = await browser.newPage();
  // A page of the emulator's own (another origin than the builder's, as the plugin's window is).
  await page.goto(`${emulator.libraryUrl}/_emulator/state`);
});

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
});

/** The builder's templates of that name, read with the demo key from outside the browser. */
async function templatesNamedAsync(name: string): Promise<number> {
  const response = await fetch(`${emulator.builderUrl}/api/templates?per_page=100`, { headers: { authorization: `Bearer ${emulator.keys.builder.demo}` } });
  return ((await response.json()) as { data: Array<{ name: string }> }).data.filter((template) => template.name === name).length;
}

describe('a "drop" fault on a request the browser sends on a connection it has used before', () => {
  it('makes a POSTed template once, though the browser had the builder’s connection open', async () => {
    const input = { url: emulator.builderUrl, key: emulator.keys.builder.demo, name: 'Dropped once' };
    // The list read first: the browser keeps that connection for its next request.
    expect(
      await page.evaluate(async ({ url, key }) => (await fetch(`${url}/api/templates`, { headers: { Authorization: `Bearer ${key}` } })).status, input),
    ).toBe(200);
    const faults = emulatorFaults(emulator);
    await faults.setAsync({ rate: 1, kinds: ['drop'] });
    const outcome = await page.evaluate(async ({ url, key, name }) => {
      const body = JSON.stringify({ name, content: { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name } } });
      try {
        return String((await fetch(`${url}/api/templates`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body })).status);
      } catch (error) {
        return String(error);
      }
    }, input);
    await faults.clearAsync();
    expect(outcome).toBe('TypeError: Failed to fetch');
    expect(await templatesNamedAsync(input.name)).toBe(1);
  });
});
