// An open detail whose new answer fails after the screen compared again by itself (a teammate's
// edit moves the badge; the builder is then out of reach): its changes and pictures go, and the
// keyboard, on a picture mode's button, fell to the page with them (Escape did nothing, Tab started
// from the window's top). It stays in the detail, on Try again under the words that say what happened
// and what to do, which bring the changes back. The words are said once, as an alert: the keyboard
// was on them, and a screen reader read them twice, as the alert and as the keyboard's place.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, focusedAsync } from './support/a11y-checks';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

const WORDS = 'The changes of Button / Primary 0 and their pictures could not be loaded again after the last check: Envelope could not reach the builder. Check your connection and try again.';

/** How a screen reader comes to say `words`: as an alert, as the keyboard's place, in the focused control's name or description. */
const saidAs = (page: Page, words: string) =>
  page.evaluate((text) => {
    const holder = [...document.querySelectorAll('body *')].find((element) => element.children.length === 0 && element.textContent?.trim() === text)!;
    const active = document.activeElement;
    const named = (active?.getAttribute('aria-labelledby') ?? '').split(' ').concat((active?.getAttribute('aria-describedby') ?? '').split(' '));
    return [
      holder.closest('[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])') ? 'an alert' : '',
      active && active !== document.body && active.contains(holder) ? 'the keyboard’s place' : '',
      named.some((id) => id !== '' && document.getElementById(id)?.contains(holder)) ? 'the focused control’s name or description' : '',
    ].filter(Boolean);
  }, words);

describe('an open detail whose new answer fails after a check', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keeps the keyboard in the detail, on Try again under the words saying what happened, said once, ${theme}`, async () => {
      const page = await browser.newPage({ viewport: { width: 400, height: 600 }, colorScheme: theme });
      // The second sync/detail (the one after the new comparison) fails.
      await page.addInitScript(installSyncStub, { count: 3, kinds: ['local-change'], bothPictures: true, detailErrorAt: 2 });
      await page.goto(UI_URL);
      const ui = page.mainFrame();
      await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
      await page.getByTestId('sync-row').filter({ hasText: 'Button / Primary 0' }).click();
      const detail = page.getByTestId('sync-detail');
      const modes = detail.getByRole('group', { name: 'Compare the pictures' });
      await modes.getByRole('button', { name: 'Overlay' }).press('Enter');
      expect(await focusedAsync(ui)).toBe('button Overlay');

      // A teammate's edit: the badge moves, the screen compares again by itself and loads the detail again.
      await page.evaluate(() => (window as unknown as { syncStub: { emit(type: string, payload: unknown): void } }).syncStub.emit('sync/badge', { rows: 4 }));
      const words = detail.getByTestId('sync-detail-error');
      await expect.poll(() => words.textContent(), { timeout: 15_000 }).toBe(WORDS);
      expect(await modes.count()).toBe(0);
      expect(await focusedAsync(ui)).toBe('button Try again');
      // Said once: the alert, not also the keyboard's place (it was on the words, read again as it landed).
      expect(await detail.getByRole('alert').textContent()).toBe(WORDS);
      expect(await saidAs(page, WORDS)).toEqual(['an alert']);
      expect(await words.getAttribute('tabindex')).toBeNull();
      await checkAxeAsync(ui, `the detail whose changes could not be loaded again, ${theme}`);

      // Try again brings the changes and the modes back, the keyboard still in the detail.
      await page.keyboard.press('Enter');
      await modes.waitFor();
      await page.getByTestId('sync-changes').waitFor();
      expect(await detail.evaluate((section) => section.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
      await page.close();
    });
  }
});
