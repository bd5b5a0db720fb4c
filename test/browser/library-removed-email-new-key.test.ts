// The emails found removed were kept for Browse's whole life: after another key (or address) was
// saved in Settings, a brand's page still left them out, though the library answering now lists
// them (another address is another library, its ids other emails). Now a new connection starts
// with none found removed: its lists are read afresh, through a cache of its own.
import { describe, expect, it } from 'vitest';
import { firstBrandsAsync, openBrandAsync, openBrowseAsync, switchToOtherAccountAsync } from './support/browse-steps';
import { libraryControlAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Browse: the emails found removed, after another key is saved', () => {
  it('are listed again when the library answering now has them', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    try {
      const brand = (await firstBrandsAsync(h)).find((each) => each.email_count >= 3)!;
      const ui = await openBrowseAsync(h);
      await openBrandAsync(ui, brand.name);
      const rows = ui.getByRole('list', { name: `Emails from ${brand.name}` }).locator('.brand-email');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const id = Number(await rows.nth(1).getAttribute('data-email-id'));

      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
      await rows.nth(1).click();
      await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
      await h.page.keyboard.press('Escape');
      await expect.poll(() => ui.locator(`.brand-email[data-email-id="${id}"]`).count()).toBe(0);

      // The library has it again (as another library at another address would have an email of that id).
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      await switchToOtherAccountAsync(h, ui);
      await openBrandAsync(ui, brand.name);
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      expect(await ui.locator(`.brand-email[data-email-id="${id}"]`).count()).toBe(1);
    } finally {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });
});
