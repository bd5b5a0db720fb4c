// An email removed from the library (at the brand's request) after the results were read, then
// placed from them: its screenshot's 404 was said as "the library has no screenshot at its
// address", which invites trying again. The library is asked afresh, and the email said gone.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { demoLibraryKeyAsync, libraryControlAsync, readLibraryAsync } from './support/library-read';
import { firstBrandsAsync, openBrandAsync, openBrowseAsync } from './support/browse-steps';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Browse › Emails, placing an email the library removed since the results were read', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says it is no longer in the library, places nothing, and takes it out of the results (${theme})`, async () => {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      const ui = await openBrowseOnCurrentPageAsync(h, theme);
      const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first();
      await card.waitFor({ timeout: 20_000 });
      const subject = ((await card.locator('.email-card-subject').textContent()) ?? '').trim();
      const [first] = (await readLibraryAsync<{ data: Array<{ id: number; subject_line: string }> }>(h.emulator.libraryUrl, '/v1/emails?per_page=1', await demoLibraryKeyAsync(h.emulator.libraryUrl))).data;
      expect(first!.subject_line).toBe(subject);
      await card.getByRole('checkbox', { name: `Select “${subject}”` }).check();
      expect(await ui.locator(`.email-card-button[data-result-id="${first!.id}"]`).count()).toBe(1);
      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${first!.id}/remove`);

      await ui.getByRole('group', { name: 'Selected emails' }).getByRole('button', { name: 'Insert 1' }).click();
      await expect.poll(() => textOf(ui.getByTestId('insert-status')), { timeout: 60_000 }).toMatch(/could not be placed/);
      expect(await textOf(ui.getByTestId('insert-status'))).toContain('It is no longer in the library (the brand asked for it to be removed).');
      expect(await placedReferencesAsync(h.page)).toEqual([]);
      // And it leaves the results (and the selection): it was still there, to be placed again in vain.
      // (Subjects repeat in the demo library: its card by id.)
      const cardShown = () => ui.locator(`.email-card-button[data-result-id="${first!.id}"]`).count();
      await expect.poll(cardShown, { timeout: 10_000 }).toBe(0);
      expect(await ui.getByRole('group', { name: 'Selected emails' }).count()).toBe(0);
      await checkAxeAsync(ui, `an email removed since the results were read, said as gone when placed, ${theme}`);
    });
  }
});

describe('Browse › a brand’s emails, placing one the library removed since the page was read', () => {
  it('takes its row out, and its Insert’s keyboard goes to the row that took its place', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    try {
      const brand = (await firstBrandsAsync(h)).find((each) => each.email_count >= 3)!;
      const ui = await openBrowseAsync(h);
      await openBrandAsync(ui, brand.name);
      const list = ui.getByRole('list', { name: `Emails from ${brand.name}` });
      const rows = list.locator('.brand-email');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const shownIds = () => rows.evaluateAll((buttons) => buttons.map((each) => Number((each as HTMLElement).dataset['emailId'])));
      const before = await shownIds();
      const [, id, after] = before as [number, number, number];

      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
      await list.getByRole('listitem').nth(1).getByRole('button', { name: /^Insert “.*” on canvas$/ }).press('Enter');
      await expect.poll(() => textOf(ui.getByTestId('insert-status')), { timeout: 60_000 }).toContain('It is no longer in the library (the brand asked for it to be removed).');
      await expect.poll(shownIds, { timeout: 10_000 }).toEqual(before.filter((each) => each !== id));
      await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['emailId'])).toBe(String(after));
      expect(await placedReferencesAsync(h.page)).toEqual([]);
      await checkAxeAsync(ui, 'a brand’s emails after placing one found removed');
    } finally {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });
});
