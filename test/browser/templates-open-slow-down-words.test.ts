// Templates: Open on a template with no frame here reads its details from the builder. Told to
// slow down for longer than a minute, the row said "…, so nothing was changed.": true of Open,
// which changes nothing, but it did not say that the template was not opened, which is what the
// designer asked for and did not get. Driven by the keyboard, as a person would, in both themes.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();
/** The builder's wait is over a minute: said by when it ends, not waited out (template-words.ts). */
const OPEN_WAIT_WORDS = /^The email builder asked Envelope to slow down for a while, so the template was not opened\. You can try again after (?:[A-Z][a-z]+day )?\d\d:\d\d(?::\d\d)?, in about 2 minutes\.$/;

describe('Templates: Open told to slow down', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the template was not opened, and by when it can be opened (it said “nothing was changed”) (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const list = ui.getByRole('list', { name: 'Templates in the workspace' });
      await list.waitFor({ timeout: 20_000 });
      // A seed template: no frame in this file is linked to it, so Open asks the builder.
      const row = list.getByRole('listitem').filter({ has: ui.getByText('Welcome email', { exact: true }) });
      await emulatorFaults(h.emulator).setAsync({ rate: 1, kinds: ['429'], seed: 5, retry_after: 120 });
      await row.getByRole('button', { name: 'Open “Welcome email”' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 30_000 }).toMatch(OPEN_WAIT_WORDS);
      expect(await textOf(row.getByRole('alert'))).not.toContain('nothing was changed');
      await checkAxeAsync(ui, `Templates, Open told to slow down (${theme})`);
    });
  }
});
