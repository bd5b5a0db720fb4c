// Check again, pressed from the keyboard with changes to sync, kept the keyboard on the Sync
// button once the comparison ended (Sync, Check again and Copy summary give way to "Stop
// checking" while it runs, and the focus went to the first button back): a second Enter, to
// check again once more, pushed the changes to the design system instead. The keyboard now
// goes back to Check again after a check, whether it finished or failed.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Frame } from 'playwright-core';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { useHarness } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();

/** The control with the keyboard, in words, and whether it is one of the buttons below the list. */
const focused = (ui: Frame) => ui.evaluate(() => `${document.activeElement?.closest('.sync-actions') ? 'actions' : document.activeElement?.tagName}: ${document.activeElement?.textContent?.trim() ?? ''}`);

describe('Check again from the keyboard, with changes to sync', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`leaves the keyboard on Check again, not on Sync, after a comparison that finished and one that failed (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      const run = ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ });
      await run.waitFor({ timeout: 30_000 });
      const checks: string[] = [];
      const noteCheck = (request: { url: () => string }) => {
        if (request.url().startsWith(h.emulator.builderUrl) && request.url().includes('/changes')) checks.push(request.url());
      };
      h.page.on('request', noteCheck);
      onTestFinished(() => void h.page.off('request', noteCheck));
      const check = ui.getByRole('button', { name: 'Check again' });

      // A comparison that finishes.
      await check.focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => checks.length, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => ui.getByRole('button', { name: 'Stop checking' }).count(), { timeout: 30_000 }).toBe(0);
      await run.waitFor();
      expect(await focused(ui)).toBe('actions: Check again');

      // A comparison the builder answers with something unreadable.
      const faults = emulatorFaults(h.emulator);
      await faults.setAsync({ rate: 1, kinds: ['malformed'] });
      await h.page.keyboard.press('Enter');
      const error = ui.getByTestId('sync-error');
      await error.waitFor({ timeout: 30_000 });
      await expect.poll(() => ui.getByRole('button', { name: 'Stop checking' }).count(), { timeout: 30_000 }).toBe(0);
      expect(await error.textContent()).toMatch(/^The comparison did not finish/);
      // Its Check again is the notice's, the only one (the one below hides meanwhile).
      expect(await focused(ui)).toBe('BUTTON: Check again');
      await checkAxeAsync(ui, `a failed Check again, ${theme} theme`);

      // The failure's own Check again, failing once more.
      const failures = checks.length;
      await error.locator('..').getByRole('button', { name: 'Check again' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => checks.length, { timeout: 30_000 }).toBeGreaterThan(failures);
      await error.waitFor({ timeout: 30_000 });
      await expect.poll(() => ui.getByRole('button', { name: 'Stop checking' }).count(), { timeout: 30_000 }).toBe(0);
      expect(await focused(ui)).toBe('BUTTON: Check again');

      // Enter again checks again (it did push before): nothing was pushed.
      await faults.clearAsync();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => error.count(), { timeout: 30_000 }).toBe(0);
      await expect.poll(() => ui.getByRole('button', { name: 'Stop checking' }).count(), { timeout: 30_000 }).toBe(0);
      expect(await ui.getByTestId('sync-outcome').count()).toBe(0);
      await run.waitFor();
      expect(await focused(ui)).toBe('actions: Check again');
    }, 120_000);
  }
});
