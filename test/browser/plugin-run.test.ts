// Closing the plugin ends its run in the playground, as in Figma: a request pending at the close
// never lets the closed run send another, nothing leaves the page until "Run again", and the new
// run reads the same settings and works (issue 21).
import { beforeAll, describe, expect, it } from 'vitest';
import { maskKey } from '../../src/shared/settings/validate-settings';
import { parseEmulatorState, type EmulatorDemoState } from '../playground/page/emulator-link';
import { evaluateHooks, openSettingsAsync, useHarness, textOf } from './support/playground-harness';

const h = useHarness();
let state: EmulatorDemoState;
/** Every request Chromium sent to the emulator, from any frame (the hooks count the sandbox's). */
const emulatorRequests: string[] = [];

beforeAll(async () => {
  const response = await fetch(`${h.emulator.libraryUrl}/_emulator/state`);
  state = parseEmulatorState(await response.json());
  h.page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(h.emulator.libraryUrl) || url.startsWith(h.emulator.builderUrl)) emulatorRequests.push(url);
  });
  await h.openAsync('?demo-keys=1');
});

function requestsOfRunAsync(run: number): Promise<number> {
  return evaluateHooks(h.page, (hooks, id) => hooks.requests().filter((request) => request.run === id).length, run);
}

describe('closing the plugin in the playground', () => {
  it('sends nothing from a closed run, even with a request pending, and the next run works', async () => {
    const firstRun = await evaluateHooks(h.page, (hooks) => hooks.runId());
    let ui = await openSettingsAsync(h);
    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('hang'));
    await ui.getByTestId('settings-library-test').click();
    await expect.poll(() => requestsOfRunAsync(firstRun), { timeout: 10_000 }).toBeGreaterThan(0);
    const sentBeforeClose = await requestsOfRunAsync(firstRun);
    const leftBeforeClose = emulatorRequests.length;
    // The waiting request keeps timers of the run going (its time limit, the bridge's reply timeout).
    expect(await evaluateHooks(h.page, (hooks) => hooks.fake().run.timers.pendingCount())).toBeGreaterThan(0);

    // A person presses "Close plugin" while the connection test waits for its answer.
    await h.page.locator('[data-action="close-plugin"]').click();
    expect(await evaluateHooks(h.page, (hooks) => hooks.runClosed())).toBe(true);
    await expect.poll(() => textOf(h.page.locator('[data-role="plugin-status"]')), { timeout: 10_000 }).toBe('Plugin closed');
    expect(await h.page.locator('iframe[data-role="plugin-iframe"]').count()).toBe(0);
    expect(await h.page.locator('iframe[data-role="plugin-realm"]').count()).toBe(0);
    // Its timers were cancelled with it.
    expect(await evaluateHooks(h.page, (hooks) => hooks.fake().run.timers.pendingCount())).toBe(0);

    // The network answers again: still nothing leaves the page for the closed run.
    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('normal'));
    await h.page.waitForTimeout(1500);
    expect(await requestsOfRunAsync(firstRun)).toBe(sentBeforeClose);
    expect(emulatorRequests.length).toBe(leftBeforeClose);

    // "Run again": a new run with the same clientStorage reads the settings and reaches the API.
    await h.page.locator('[data-action="run-again"]').click();
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.runId())).toBe(firstRun + 1);
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.runClosed())).toBe(false);
    ui = await openSettingsAsync(h);
    await expect.poll(() => textOf(ui.getByTestId('settings-library-key-hint')), { timeout: 10_000 }).toBe(maskKey(state.library.keys.demo));
    await ui.getByTestId('settings-library-test').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 15_000 }).toMatch(/^Connected to the library: /);
    expect(await requestsOfRunAsync(firstRun + 1)).toBeGreaterThan(0);
    expect(await requestsOfRunAsync(firstRun)).toBe(sentBeforeClose);
    expect(emulatorRequests.length).toBeGreaterThan(leftBeforeClose);
  });

  it("the plugin window's ✕ closes the plugin too; its ↻ runs it again", async () => {
    const run = await evaluateHooks(h.page, (hooks) => hooks.runId());
    await h.uiFrameAsync();
    await h.page.getByRole('button', { name: 'Close the plugin' }).click();
    expect(await evaluateHooks(h.page, (hooks) => hooks.runClosed())).toBe(true);
    expect(await h.page.locator('[data-role="plugin-window"]').isHidden()).toBe(true);
    await h.page.locator('[data-action="run-again"]').click();
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.runId())).toBe(run + 1);
    await (await h.uiFrameAsync()).getByTestId('shell-file').waitFor();
    await h.page.getByRole('button', { name: 'Run the plugin again' }).click();
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.runId())).toBe(run + 2);
    expect(await h.page.locator('iframe[data-role="plugin-realm"]').count()).toBe(1);
  });
});
