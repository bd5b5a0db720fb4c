// A sync that fails part-way in the smallest window (320 × 240): the failure comes into sight at
// the screen's top, and the keyboard stayed on "Sync N changes" far below it, out of sight, so a
// designer saw no focus anywhere and Enter pushed again unseen. The keyboard now goes to the
// failure's own retry, in sight beside the words that say what happened.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { evaluateHooks, useHarness } from './support/playground-harness';
import { bigFileToPushAsync } from './support/sync-steps';
import { smallestWindowAsync } from './support/window-steps';

const h = useHarness();

const inSight = (element: Locator) =>
  element.evaluate((shown) => {
    const box = shown.getBoundingClientRect();
    const view = shown.closest('main')!.getBoundingClientRect();
    return box.height > 0 && box.top >= view.top && box.bottom <= view.bottom;
  });

describe('a sync that fails part-way in the smallest window', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`puts the keyboard on the failure’s retry, in sight, and Enter there finishes the sync (${theme})`, async () => {
      const { ui, run, total } = await bigFileToPushAsync(h, theme);
      await smallestWindowAsync(h.page, ui);
      const pushes = () => evaluateHooks(h.page, (hooks) => hooks.requests().filter((request) => request.method === 'POST' && request.url.endsWith('/sync')).length);
      const faults = emulatorFaults(h.emulator);
      // Every count the failure's retry says, as it renders: it takes the keyboard at once, so its
      // words may not change under it (they said all the changes first, then what was left).
      await ui.evaluate(() => {
        const said: string[] = [];
        (window as unknown as { retrySaid: string[] }).retrySaid = said;
        new MutationObserver(() => {
          const button = [...(document.querySelector('[data-testid="sync-error"]')?.parentElement?.querySelectorAll('button') ?? [])].find((shown) => /^Sync [\d,]+ changes?$/.test(shown.textContent?.trim() ?? ''));
          const words = button?.textContent?.trim();
          if (words && words !== said.at(-1)) said.push(words);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await run.focus();
      await h.page.keyboard.press('Enter');
      // The builder goes away after the first batch.
      await expect.poll(pushes, { timeout: 30_000 }).toBeGreaterThan(0);
      await faults.setAsync({ rate: 1, kinds: ['503'] });

      const error = ui.getByTestId('sync-error');
      await expect.poll(() => error.textContent({ timeout: 250 }).catch(() => null), { timeout: 60_000 }).toMatch(/^The sync did not finish: The email builder is temporarily unavailable/);
      await expect.poll(() => ui.getByRole('button', { name: 'Cancel sync' }).count(), { timeout: 30_000 }).toBe(0);
      // The retry is the Sync button, in the failure's notice, counting what is left.
      const retry = error.locator('..').getByRole('button', { name: /^Sync [\d,]+ changes?$/ });
      await expect.poll(() => retry.evaluate((shown) => shown === document.activeElement)).toBe(true);
      // It counts what is left (a batch went before the failure), and said no other count before.
      await expect.poll(() => retry.textContent().then((words) => words?.trim())).not.toBe(`Sync ${total.toLocaleString('en-US')} changes`);
      const left = (await retry.textContent())!.trim();
      expect(await ui.evaluate(() => (window as unknown as { retrySaid: string[] }).retrySaid)).toEqual([left]);
      expect(await inSight(retry)).toBe(true);
      expect(await inSight(error)).toBe(true);
      await checkAxeAsync(ui, `a sync failed part-way in the smallest window, ${theme} theme`);

      await faults.clearAsync();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => ui.getByTestId('sync-outcome').textContent({ timeout: 250 }).catch(() => null), { timeout: 60_000 }).toMatch(/^Sync done/);
      // Nothing left to push: the rest reached the design system.
      expect(await ui.getByRole('button', { name: /^Sync \d/ }).filter({ hasNot: ui.getByTestId('nav-sync-badge') }).count()).toBe(0);
      expect(total).toBeGreaterThan(0);
    }, 180_000);
  }
});
