// A collection of two whose emails are opened in turn (Next from the first to the second) and
// each found removed: its empty state said "the library removed the one you opened", though it
// removed both. Now it says how many.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync } from './support/browse-steps';
import { libraryControlAsync, smallestCollectionAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Browse: several emails of one list found removed in turn', () => {
  it('says how many the library removed, not "the one you opened"', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    try {
      // The smallest collection with two emails or more, all but two removed before it is read.
      const { collection, emails: held } = await smallestCollectionAsync(h.emulator.libraryUrl, 2);
      const [first, second, ...others] = held as [{ id: number }, { id: number }, ...Array<{ id: number }>];
      // (After Browse opens: opening the playground resets the emulator.)
      const ui = await openBrowseAsync(h, 'light');
      for (const email of others) await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${email.id}/remove`);
      await ui.getByRole('button', { name: 'Me', exact: true }).click();
      const me = ui.getByRole('region', { name: 'Me' });
      await me.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Collections' }).click();
      await me.getByRole('list', { name: 'Collections' }).getByRole('button', { name: new RegExp(`^${collection.name}`) }).click();
      const rows = me.getByRole('list', { name: `Emails in ${collection.name}` }).getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);

      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${first.id}/remove`);
      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${second.id}/remove`);
      await rows.first().getByRole('button').first().click();
      const position = ui.locator('.email-detail-position');
      await expect.poll(() => textOf(position), { timeout: 10_000 }).toContain('Removed · 1 left');
      await ui.getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(() => textOf(position), { timeout: 10_000 }).toContain('Removed · none left');
      await h.page.keyboard.press('Escape');

      await expect.poll(() => rows.count()).toBe(0);
      expect(await textOf(me.locator('.empty-state'))).toBe('This collection has no emails left: the library removed the 2 you opened.');
      await checkAxeAsync(ui, 'a collection left empty by two removed emails, light');
    } finally {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });
});
