// The file's design system changed in Settings while Sync held a list compared with the old one:
// back on Sync, the old list and its Sync button are gone at once, not shown until the new
// comparison starts (a busy plugin read the link late, and a press of "Sync N changes" then
// started a sync from a list made for the other design system).
import { describe, expect, it } from 'vitest';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

const h = useHarness();

describe('Sync after the design system changed in Settings', () => {
  it('shows no list or Sync button of the old design system while the plugin is busy, then the new comparison', async () => {
    await h.openFreshAsync('?components=30');
    const before = await h.page.$('iframe[data-role="plugin-iframe"]');
    await h.page.getByRole('button', { name: 'Use emulator demo keys' }).click();
    await h.page.getByText('Demo keys saved').waitFor();
    await before?.waitForElementState('hidden', { timeout: 10_000 });
    const ui = await readyUiAsync(h);
    await ui.getByRole('button', { name: /^Sync/ }).first().click();
    // Compared with the file's design system (ds_demo): its list and its Sync button.
    const run = ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ });
    await run.waitFor({ timeout: 60_000 });
    // ds_demo holds components this file does not: the list shows them as added remotely.
    const addedRemotely = ui.getByRole('button', { name: /^Added remotely \d+$/ });
    await addedRemotely.waitFor();

    await ui.getByRole('button', { name: 'Settings' }).click();
    await ui.getByLabel('Design system id').fill('ds_empty');
    await ui.getByRole('button', { name: 'Save for this file' }).click();
    await ui.getByText(/The builder knows this design system\./).waitFor({ timeout: 30_000 });
    // A busy plugin: what the window asks waits (a fault the playground sets up), then Sync.
    await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
    try {
      await ui.getByRole('button', { name: /^Sync/ }).first().click();
      await ui.getByTestId('screen-sync').waitFor();
      await expect.poll(async () => (await textOf(ui.getByRole('status').filter({ hasText: 'Opening sync' })))?.trim()).toBe('Opening sync…');
      expect(await run.count()).toBe(0);
      expect(await ui.getByTestId('screen-sync').getByRole('list').count()).toBe(0);
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
    }
    // The new comparison: every component is new to the empty design system.
    await run.waitFor({ timeout: 60_000 });
    // The empty design system holds none.
    await ui.getByRole('button', { name: /^All \d+$/ }).waitFor();
    expect(await addedRemotely.count()).toBe(0);
  }, 180_000);
});
