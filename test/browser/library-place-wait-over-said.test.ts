// Placing an email the library asked to slow down for, for ten minutes: when the wait was over the
// bar added "You can try again now." to its own status region, under the summary. A status is read
// out whole when it changes (role=status is atomic), so a screen reader heard the whole summary again,
// "… You can try again after 12:16, in about 10 minutes. You can try again now.", an untrue time
// and all. Now, as on Browse, Sync, Settings and Templates, the words come alone, in a status line
// of their own beside the bar's region (not inside it), there, empty, since the summary came.
// The page's clock is the test's: the ten minutes pass at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync, openFirstEmailAsync } from './support/canvas-references';
import { emulatorFaults } from './support/emulator-faults';
import { demoLibraryKeyAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';
import { watchStatusRegionsAsync } from './support/status-regions';

const h = useHarness();
let key: string;

beforeAll(async () => {
  // Installed before each test opens the playground afresh, so the window's timers are the clock's.
  await h.context.clock.install();
  key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
});

describe('The placing’s ten-minute “slow down” over', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says “You can try again now.” alone, once, and not the summary again (${theme}; the summary was read out again with it)`, async () => {
      const ui = await openBrowseOnCurrentPageAsync(h, theme);
      const first = await openFirstEmailAsync(ui, h.emulator.libraryUrl, key);
      await h.context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5));
      const bar = ui.getByTestId('insert-status');
      const summary = bar.getByRole('status').filter({ hasText: 'could not be placed' });
      const faults = emulatorFaults(h.emulator);
      try {
        await faults.previewAsync(first.id, '429_long');
        await ui.getByRole('button', { name: 'Insert on canvas' }).click();
        await expect.poll(() => textOf(summary), { timeout: 20_000 }).toMatch(/You can try again after 12:1[56], in about 10 minutes\.$/);
      } finally {
        await faults.clearAsync();
      }
      const said = await textOf(summary);
      const regions = await watchStatusRegionsAsync(ui);

      await h.context.clock.fastForward('10:01');
      const over = bar.getByRole('status').filter({ hasText: 'You can try again now.' });
      await expect.poll(() => textOf(over), { timeout: 10_000 }).toBe('You can try again now.');
      // Said alone, by a line that was there before it spoke; the summary stays as it was, unsaid.
      expect(await regions.said()).toEqual(['You can try again now.']);
      expect(await regions.addedWith()).not.toContain('You can try again now.');
      expect(await textOf(summary)).toBe(said);
      // No status inside another (a screen reader may read the words twice).
      expect(await ui.evaluate(() => document.querySelectorAll('[role="status"] [role="status"], [aria-live] [aria-live]').length)).toBe(0);
      await checkAxeAsync(ui, `the placing’s “slow down” over, said alone, ${theme}`);
    }, 120_000);
  }
});
