// A search whose one result is opened and found removed from the library: its card left the
// results, and Back had no card to give the keyboard to (it fell to the page, and a screen reader
// said nothing), while the empty results said "No emails match this search", as if the words were
// wrong. Now the search field takes the keyboard, over an empty state that says the library removed it.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { firstBrandsAsync, openBrowseAsync } from './support/browse-steps';
import { libraryControlAsync, readLibraryAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Browse: the only result of a search found removed', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`gives the keyboard to the search field, and the empty results say why (${theme})`, async () => {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      try {
        // A subject the library finds once: the first brand's newest email's.
        const [brand] = await firstBrandsAsync(h);
        const newest = (await readLibraryAsync<{ data: { emails: Array<{ id: number; subject_line: string }> } }>(h.emulator.libraryUrl, `/v1/brands/${brand!.slug}?per_page=1`)).data.emails[0]!;
        const found = await readLibraryAsync<{ data: Array<{ id: number }> }>(h.emulator.libraryUrl, `/v1/emails?q=${encodeURIComponent(newest.subject_line)}`);
        expect(found.data.map((email) => email.id)).toEqual([newest.id]);

        const ui = await openBrowseAsync(h, theme);
        await ui.getByLabel('Search emails').fill(newest.subject_line);
        const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('button');
        await expect.poll(() => textOf(ui.getByTestId('library-status')), { timeout: 10_000 }).toBe('1 email.');
        await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${newest.id}/remove`);
        await cards.first().click();
        await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');

        await h.page.keyboard.press('Escape');
        await expect.poll(() => ui.evaluate(() => document.activeElement?.id)).toBe('library-query');
        expect(await cards.count()).toBe(0);
        expect(await textOf(ui.getByTestId('library-empty').locator('strong'))).toBe('No emails left in these results: the library removed the one you opened.');
        await checkAxeAsync(ui, `a search left empty by a removed email, ${theme}`);

        // Another search is an ordinary one again: its empty state is about its words.
        await ui.getByLabel('Search emails').fill('no such words in any email');
        await expect.poll(() => textOf(ui.getByTestId('library-empty').locator('strong')), { timeout: 10_000 }).toBe('No emails match this search.');
      } finally {
        await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      }
    });
  }
});
