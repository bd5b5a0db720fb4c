// An email opened from a brand's page and found removed from the library: its row stayed on the
// page (its thumbnail broken) and Back put the keyboard on it, the position read "2 of 20+" as if
// it were still one of them. Now its row leaves the brand's emails, as its card leaves the search's
// results: the keyboard goes to the row that took its place, the position says it was removed, and
// the brand's count of emails no longer counts it.
// The same in a journey: a stage left empty says so, and its heading takes the keyboard (the next
// stage's row took it, as if the email had been in that stage).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { firstBrandsAsync, openBrandAsync, openBrowseAsync } from './support/browse-steps';
import { libraryControlAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Browse: an email found removed leaves the brand’s emails it was opened from', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`takes its row out, and Back puts the keyboard on the row in its place (${theme})`, async () => {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      try {
        const brand = (await firstBrandsAsync(h)).find((each) => each.email_count >= 3)!;
        const ui = await openBrowseAsync(h, theme);
        await openBrandAsync(ui, brand.name);
        const rows = ui.getByRole('list', { name: `Emails from ${brand.name}` }).locator('.brand-email');
        await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
        const shownIds = () => rows.evaluateAll((buttons) => buttons.map((each) => Number((each as HTMLElement).dataset['emailId'])));
        const before = await shownIds();
        const [, id, after] = before as [number, number, number];

        await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
        await rows.nth(1).click();
        await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
        // No longer one of the brand's emails: not "2 of …", but how many are left.
        await expect.poll(() => textOf(ui.locator('.email-detail-position'))).toMatch(new RegExp(`^Removed · ${before.length - 1}\\+? left`));
        await checkAxeAsync(ui, `a removed email opened from a brand, ${theme}`);

        await h.page.keyboard.press('Escape');
        await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['emailId'])).toBe(String(after));
        expect(await shownIds()).toEqual(before.filter((each) => each !== id));
        // Its count is the library's, less the email found removed (it read one too high until read again).
        expect(await textOf(ui.locator('.brand-page .email-attribution'))).toMatch(new RegExp(`^${brand.email_count - 1} emails in the library`));
        await checkAxeAsync(ui, `a brand's emails without the removed one, ${theme}`);
      } finally {
        await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      }
    });
  }

  it('takes it out of a journey’s stage, which says it is empty, and Back goes on at the stage’s heading', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    try {
      const ui = await openBrowseAsync(h);
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().click();
      // One email a stage: the removed one leaves its stage empty.
      await ui.getByLabel('Emails per stage').selectOption('1');
      const stages = ui.getByRole('region', { name: 'Journeys' }).locator('section');
      const rowsByStage = () =>
        stages.evaluateAll((sections) => sections.map((section) => ({ stage: section.getAttribute('aria-label'), ids: [...section.querySelectorAll<HTMLElement>('.brand-email')].map((row) => Number(row.dataset['emailId'])) })));
      await expect.poll(async () => (await rowsByStage()).every((stage) => stage.ids.length <= 1) && (await rowsByStage()).filter((stage) => stage.ids.length === 1).length >= 2, { timeout: 20_000 }).toBe(true);
      const [first, second] = (await rowsByStage()).filter((stage) => stage.ids.length === 1) as [{ stage: string; ids: [number] }, { stage: string; ids: [number] }];

      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${first.ids[0]}/remove`);
      await ui.locator(`[data-email-id="${first.ids[0]}"]`).click();
      await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
      await h.page.keyboard.press('Escape');

      await expect.poll(() => ui.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.closest('section')?.getAttribute('aria-label')}`)).toBe(`H3 ${first.stage}`);
      expect(await ui.locator(`[data-email-id="${second.ids[0]}"]`).count()).toBe(1);
      expect(await ui.locator(`[data-email-id="${first.ids[0]}"]`).count()).toBe(0);
      expect(await textOf(ui.getByRole('region', { name: first.stage, exact: true }).locator('.empty-state'))).toBe('The library has no emails in this stage now.');
      await checkAxeAsync(ui, 'a journey stage left empty by a removed email');
    } finally {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });
});
