// A search whose one result is opened and found removed from the library: its card left the
// results, and Back had no card to give the keyboard to (it fell to the page, and a screen reader
// said nothing), while the empty results said "No emails match this search", as if the words were
// wrong. Now the search field takes the keyboard, over an empty state that says the library removed it.
// The same in a collection whose one email is found removed: its heading takes the keyboard, and
// it no longer counts "1 email".
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { firstBrandsAsync, openBrowseAsync } from './support/browse-steps';
import { libraryControlAsync, readLibraryAsync, smallestCollectionAsync } from './support/library-read';
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

  for (const theme of ['light', 'dark'] as const) {
    it(`in a collection of one, gives the keyboard to its heading, and it counts none (${theme})`, async () => {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      try {
        // The smallest collection with emails, all but one of them removed before the collection is read
        const { collection, emails: held } = await smallestCollectionAsync(h.emulator.libraryUrl, 1);
        const [last, ...others] = held as [{ id: number }, ...Array<{ id: number }>];
        // (After Browse opens: opening the playground resets the emulator.)
        const ui = await openBrowseAsync(h, theme);
        for (const email of others) await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${email.id}/remove`);
        await ui.getByRole('button', { name: 'Me', exact: true }).click();
        const me = ui.getByRole('region', { name: 'Me' });
        await me.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Collections' }).click();
        await me.getByRole('list', { name: 'Collections' }).getByRole('button', { name: new RegExp(`^${collection.name}`) }).click();
        const rows = me.getByRole('list', { name: `Emails in ${collection.name}` }).getByRole('listitem');
        await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
        expect(await textOf(me.locator('.field-hint'))).toBe('1 email.');

        await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${last.id}/remove`);
        await rows.first().getByRole('button').first().click();
        await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
        await h.page.keyboard.press('Escape');

        await expect.poll(() => ui.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)).toBe(`H3 ${collection.name}`);
        expect(await rows.count()).toBe(0);
        expect(await textOf(me.locator('.empty-state'))).toBe('This collection has no emails left: the library removed the one you opened.');
        // The empty state says it: no "0 emails." above it saying it twice.
        expect(await me.locator('.field-hint').count()).toBe(0);
        await checkAxeAsync(ui, `a collection left empty by a removed email, ${theme}`);
      } finally {
        await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      }
    });
  }
});
