// Placing emails when the library refuses the key (revoked meanwhile): placing needs no key, so the
// summary offers Browse without the key, as Browse's notices do; on without it, the emails are
// placed, and Settings says the saved key was refused.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { revokeKeyForEmailReadsAsync } from './support/revoked-key';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe.each(['light', 'dark'] as const)('Placing emails with a key the library refuses (%s)', (theme) => {
  it('offers Browse without the key, and places them without it', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, theme);
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    let chosen = (await cards.locator('.email-card-subject').allTextContents()).slice(0, 2);
    for (const [index, subject] of chosen.entries()) await cards.nth(index).getByRole('checkbox', { name: `Select “${subject}”` }).check();
    // The key is revoked meanwhile: its reads are refused; reads without a key are answered.
    const stopAsync = await revokeKeyForEmailReadsAsync(h);
    try {
      await ui.getByRole('button', { name: 'Insert 2' }).click();
      const status = ui.getByTestId('insert-status');
      await expect.poll(() => textOf(status.getByRole('status')), { timeout: 60_000 }).toMatch(/^Nothing was placed on the canvas\. 2 could not be placed: .*The library API key was not accepted\./);
      await checkAxeAsync(ui, `the insert's key refused (${theme})`);

      await status.getByRole('button', { name: 'Browse without the key' }).click();
      // Gone with the key: Browse sends none now.
      await expect.poll(() => status.getByRole('button', { name: 'Browse without the key' }).count(), { timeout: 15_000 }).toBe(0);
      // The search read again without the key: its first two emails chosen and placed.
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(1);
      chosen = (await cards.locator('.email-card-subject').allTextContents()).slice(0, 2);
      for (const [index, subject] of chosen.entries()) await cards.nth(index).getByRole('checkbox', { name: `Select “${subject}”` }).check();
      await ui.getByRole('button', { name: 'Insert 2' }).click();
      await expect.poll(() => textOf(status.getByRole('status')), { timeout: 60_000 }).toMatch(/^Placed 2 references on the canvas\./);
    } finally {
      await stopAsync();
    }
    const placed = await placedReferencesAsync(h.page);
    for (const subject of chosen) expect(placed.some((reference) => reference.name.endsWith(`— ${subject}`))).toBe(true);
    // Settings heard of the refusal from the insert.
    await ui.getByTestId('nav-settings').click();
    expect(await textOf(ui.getByTestId('settings-library-key-refused'))).toMatch(/^The email library did not accept the saved key/);
  });
});
