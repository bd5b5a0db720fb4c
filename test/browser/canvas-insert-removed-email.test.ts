// An email removed from the library (at the brand's request) after the results were read, then
// placed from them: its screenshot's 404 was said as "the library has no screenshot at its
// address", which invites trying again. The library is asked afresh, and the email said gone.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { demoLibraryKeyAsync, libraryControlAsync, readLibraryAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Browse › Emails, placing an email the library removed since the results were read', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says it is no longer in the library, and places nothing (${theme})`, async () => {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      const ui = await openBrowseOnCurrentPageAsync(h, theme);
      const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first();
      await card.waitFor({ timeout: 20_000 });
      const subject = ((await card.locator('.email-card-subject').textContent()) ?? '').trim();
      const [first] = (await readLibraryAsync<{ data: Array<{ id: number; subject_line: string }> }>(h.emulator.libraryUrl, '/v1/emails?per_page=1', await demoLibraryKeyAsync(h.emulator.libraryUrl))).data;
      expect(first!.subject_line).toBe(subject);
      await card.getByRole('checkbox', { name: `Select “${subject}”` }).check();
      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${first!.id}/remove`);

      await ui.getByRole('group', { name: 'Selected emails' }).getByRole('button', { name: 'Insert 1' }).click();
      await expect.poll(() => textOf(ui.getByTestId('insert-status')), { timeout: 60_000 }).toMatch(/could not be placed/);
      expect(await textOf(ui.getByTestId('insert-status'))).toContain('It is no longer in the library (the brand asked for it to be removed).');
      expect(await placedReferencesAsync(h.page)).toEqual([]);
      await checkAxeAsync(ui, `an email removed since the results were read, said as gone when placed, ${theme}`);
    });
  }
});
