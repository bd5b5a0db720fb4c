// Placing emails when the library refuses the key, then Browse without the key from the insert's
// summary: the search is read again without the key, and the emails the designer ticked stay
// ticked (none re-ticked here). The summary then says Browse goes on without the key, not to check
// it, and its Open Settings opens Settings on the library's key field.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { revokeKeyForEmailReadsAsync } from './support/revoked-key';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe.each(['light', 'dark'] as const)('Browse without the key from the insert summary (%s)', (theme) => {
  it('keeps the ticked emails, says Browse goes on without the key, and opens Settings on the key', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, theme);
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    // The second and third: not the first, so a list read again that ticked its first would not pass.
    // Known by the whole card (brand, subject and date): subjects repeat across brands.
    const chosenCards = (await cards.allTextContents()).slice(1, 3);
    const chosen = (await cards.locator('.email-card-subject').allTextContents()).slice(1, 3);
    const box = (index: number) => cards.filter({ hasText: chosenCards[index]! }).getByRole('checkbox', { name: `Select “${chosen[index]!}”` });
    for (const index of [0, 1]) await box(index).check();
    const stopAsync = await revokeKeyForEmailReadsAsync(h);
    try {
      await ui.getByRole('button', { name: 'Insert 2' }).click();
      const status = ui.getByTestId('insert-status');
      const words = () => textOf(status.getByRole('status'));
      await expect.poll(words, { timeout: 60_000 }).toMatch(/^Nothing was placed on the canvas\. 2 could not be placed: .*The library API key was not accepted\. Check the key in Settings/);
      // The words send the designer to Settings: the way there is beside them.
      expect(await status.getByRole('button', { name: 'Open Settings' }).count()).toBe(1);
      await checkAxeAsync(ui, `the insert's key refused, with Open Settings (${theme})`);

      // The search is read again without the key: the cards go (the one ticked first with them), and come back.
      const searched = h.page.waitForRequest((request) => new URL(request.url()).pathname === '/v1/emails' && request.headers()['authorization'] === undefined, { timeout: 15_000 });
      const before = await box(0).elementHandle();
      await status.getByRole('button', { name: 'Browse without the key' }).click();
      await searched;
      await expect.poll(() => before!.evaluate((element) => element.isConnected), { timeout: 15_000 }).toBe(false);
      await expect.poll(() => status.getByRole('button', { name: 'Browse without the key' }).count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(2);

      // What the designer chose is still chosen, nothing more.
      for (const index of [0, 1]) await expect.poll(() => box(index).isChecked(), { timeout: 10_000 }).toBe(true);
      expect(await textOf(ui.getByRole('group', { name: 'Selected emails' }))).toContain('2 selected');

      // The words are true after the press: no "check the key" about the attempt made with it.
      await expect.poll(words, { timeout: 10_000 }).toMatch(/Browse goes on without a key now: placing needs none, so try again\./);
      expect(await words()).not.toContain('Check the key in Settings');
      expect(await words()).toContain('To use a key, paste a new one in Settings.');
      await checkAxeAsync(ui, `the insert's summary, on without the key (${theme})`);

      // Its Open Settings opens Settings on the library's key field, as Browse's notices do.
      await status.getByRole('button', { name: 'Open Settings' }).click();
      const keyField = ui.getByTestId('settings-library-key');
      await expect.poll(() => keyField.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
      await h.page.keyboard.press('Escape');

      // Back in Browse, the ticked emails are placed without the key.
      await ui.getByTestId('nav-browse').click();
      await ui.getByRole('button', { name: 'Insert 2' }).click();
      await expect.poll(words, { timeout: 60_000 }).toMatch(/^Placed 2 references on the canvas\./);
    } finally {
      await stopAsync();
    }
    const placed = await placedReferencesAsync(h.page);
    for (const subject of chosen) expect(placed.some((reference) => reference.name.endsWith(`— ${subject}`))).toBe(true);
  });
});
