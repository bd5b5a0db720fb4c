// A key refused while placing emails, then a new key saved in Settings (the insert's summary still
// showing): the new key is not said refused, in Settings or by the summary, which offers Browse
// without the key only while the refusal is of the key Browse sends. Nor does the summary send the
// designer to Settings to check a key since replaced: it said "Check the key in Settings" again,
// also after Browse without the key was pressed; it says the settings changed, and to try again.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { switchToOtherAccountAsync } from './support/browse-steps';
import { openBrowseOnCurrentPageAsync } from './support/canvas-references';
import { revokeKeyForEmailReadsAsync } from './support/revoked-key';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

/** One email chosen and Insert pressed while the library refuses the key: the summary says so. */
async function refusedWhilePlacingAsync(theme: 'light' | 'dark'): Promise<{ ui: Frame; box: Locator }> {
  const ui = await openBrowseOnCurrentPageAsync(h, theme);
  const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
  await cards.first().waitFor();
  const [subject] = await cards.locator('.email-card-subject').allTextContents();
  const box = cards.first().getByRole('checkbox', { name: `Select “${subject!}”` });
  await box.check();
  const stopAsync = await revokeKeyForEmailReadsAsync(h);
  const status = ui.getByTestId('insert-status');
  try {
    await ui.getByRole('button', { name: 'Insert 1' }).click();
    await expect.poll(() => textOf(status.getByRole('status')), { timeout: 60_000 }).toMatch(/The library API key was not accepted\. Check the key in Settings/);
    await expect.poll(() => status.getByRole('button', { name: 'Browse without the key' }).count()).toBe(1);
  } finally {
    await stopAsync();
  }
  return { ui, box };
}

const SETTINGS_CHANGED = /The library API key was not accepted, and the library settings were changed since: try again\.$/;

describe('A new library key saved after one refused while placing', () => {
  it('is not said refused, and the summary says to try again, with no way to a key no longer sent', async () => {
    const { ui, box } = await refusedWhilePlacingAsync('light');
    const status = ui.getByTestId('insert-status');
    // Browse reconnects with the new key: its grid is drawn anew.
    const before = await box.elementHandle();
    await switchToOtherAccountAsync(h, ui);
    await expect.poll(() => before!.evaluate((element) => element.isConnected), { timeout: 15_000 }).toBe(false);
    await ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().waitFor();
    // The summary stays (its words are about the attempt made), saying what is true now.
    await expect.poll(() => textOf(status.getByRole('status')), { timeout: 15_000 }).toMatch(SETTINGS_CHANGED);
    expect(await textOf(status.getByRole('status'))).not.toContain('Check the key');
    expect(await status.getByRole('button', { name: 'Browse without the key' }).count()).toBe(0);
    expect(await status.getByRole('button', { name: 'Open Settings' }).count()).toBe(0);
    await checkAxeAsync(ui, 'the insert’s summary after a new key, light');
    await ui.getByTestId('nav-settings').click();
    await ui.getByTestId('settings-library-replace-key').waitFor();
    expect(await ui.getByTestId('settings-library-key-refused').count()).toBe(0);
  });

  it('after Browse without the key, a new key saved does not bring back “Check the key in Settings”', async () => {
    const { ui } = await refusedWhilePlacingAsync('dark');
    const status = ui.getByTestId('insert-status');
    await status.getByRole('button', { name: 'Browse without the key' }).click();
    await expect.poll(() => textOf(status.getByRole('status')), { timeout: 15_000 }).toMatch(/Browse goes on without a key now/);
    await switchToOtherAccountAsync(h, ui);
    await expect.poll(() => textOf(status.getByRole('status')), { timeout: 15_000 }).toMatch(SETTINGS_CHANGED);
    expect(await status.getByRole('button', { name: 'Open Settings' }).count()).toBe(0);
    await checkAxeAsync(ui, 'the insert’s summary after going on without the key, then a new key, dark');
  });
});
