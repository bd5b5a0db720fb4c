// Check again asks the library afresh. The check went through Browse's response cache: an email
// the library answered for in the last minute (an earlier check, the email opened or placed) was
// answered from memory, so after its brand had it removed Check again still said "0 removed",
// and the email opened from the results still showed its details.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { firstEmailsAsync } from './support/references-steps';
import { useHarness, textOf } from './support/playground-harness';
import { libraryControlAsync } from './support/library-read';

const h = useHarness();
let ids: number[];
let name: string;

beforeAll(async () => {
  ({ ids, name } = await firstEmailsAsync(h.emulator.libraryUrl));
});

describe('References: Check again after an email was removed', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`finds the email removed since the first check, in the same window, and the email opened then says it is gone (${theme})`, async () => {
      await h.openFreshAsync(`?command=browse&demo-keys=1&theme=${theme}&references=${[ids[0], ids[1], ids[2]].join(',')}`);
      const ui = await h.uiFrameAsync();
      const summary = ui.getByTestId('references-summary');
      await ui.getByRole('button', { name: 'References', exact: true }).click();
      await ui.getByRole('button', { name: 'Check references' }).click();
      await expect.poll(() => textOf(summary), { timeout: 30_000 }).toBe('3 references to 3 emails; 0 removed from the library.');

      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
      await ui.getByRole('button', { name: 'Check again' }).click();
      await expect.poll(() => textOf(summary), { timeout: 30_000 }).toBe('3 references to 3 emails; 1 removed from the library.');
      const rows = ui.getByRole('list', { name: 'References to removed emails' }).getByRole('listitem');
      expect(await rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(name);
      await checkAxeAsync(ui, `one removed on Check again, ${theme}`);

      // The results were read before the removal: the email is still a card there.
      await ui.getByRole('button', { name: 'Emails', exact: true }).click();
      await ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().getByRole('button').first().click();
      await expect.poll(() => textOf(ui.getByTestId('library-problem')), { timeout: 10_000 }).toContain('This email is no longer in the library.');
    });
  }
});
