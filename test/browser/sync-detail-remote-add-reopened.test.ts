// A component a teammate added in the design system, listed after a sync from that sync's record
// of its row: its detail said only "component added" (the record holds no description, size or
// properties), where before the sync it could say what the component is. Now, opened in a later
// run of the plugin, the detail reads it from where the design system stored it and says what it
// is, as before the sync. Driven through the playground, linked to the emulator's demo design
// system (components added there by a teammate).
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { textOf, useHarness } from './support/playground-harness';
import { readyUiAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

describe('a component only in the design system, after a sync', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says what it is in a later run of the plugin, ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}&demo-keys=1`);
      let ui = await readyUiAsync(h);
      await ui.getByRole('button', { name: /^Sync/ }).first().click();
      await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).waitFor({ timeout: 30_000 });
      await syncEverythingAsync(ui);

      // The next day: the plugin run again on the same file.
      await h.page.getByRole('button', { name: 'Close plugin' }).click();
      await h.page.getByRole('button', { name: 'Run again' }).click();
      ui = await readyUiAsync(h);
      await ui.getByRole('button', { name: /^Sync/ }).first().click();
      const row = ui.getByTestId('sync-row').filter({ hasText: 'Footer / Legal' });
      await row.waitFor({ timeout: 30_000 });
      await row.click();
      const changes = ui.getByTestId('sync-detail').getByTestId('sync-changes');
      await expect.poll(() => changes.getByRole('row').allTextContents(), { timeout: 15_000 }).toContainEqual(expect.stringMatching(/^Footer \/ Legal\s*description.*"Address, unsubscribe and legal text\."$/));
      expect(await changes.getByRole('row').filter({ hasText: 'component added' }).count()).toBe(1);
      expect(await textOf(ui.getByTestId('sync-pictures-why'))).toBe('Only in the design system: this file has no version of it to compare with. The design system has no picture of it.');
      await checkAxeAsync(ui, `a component only in the design system, after a sync, ${theme}`);
    }, 120_000);
  }
});
