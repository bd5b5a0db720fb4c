// The Sync list in the smallest window (320 × 240), the real UI build against the stand-in sandbox
// with changes of every kind: the "Show:" chips took four lines there and the list's first rows
// were under the window's edge. Folded behind "Show: All 41 ▾" beside the search, the first row
// shows; the chips unfold, filter and fold again from the keyboard, counting as they did.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { checkAxeAsync, focusedAsync } from './support/a11y-checks';
import { UI_URL, useBrowser } from './support/browser';
import { chipsAndRowsAsync } from './support/sync-chip-counts';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

/** Whether all of the element shows inside the window and its scrolling screen. */
const wholeInSight = (element: Locator) =>
  element.evaluate((shown) => {
    const box = shown.getBoundingClientRect();
    const view = shown.closest('main')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
    return box.height > 0 && box.top >= Math.max(0, view.top) && box.bottom <= Math.min(window.innerHeight, view.bottom);
  });

async function openAsync(theme: 'light' | 'dark'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 320, height: 240 }, colorScheme: theme });
  // 40 rows of nine kinds and a replaced pair: eight "Show:" chips and four "Changed:" ones.
  await page.addInitScript(installSyncStub, { count: 40, replaced: true });
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  return page;
}

describe('the Sync list in the smallest window', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows its first row under the chips, folded beside the search, which unfold, filter and fold again from the keyboard, ${theme}`, async () => {
      const page = await openAsync(theme);
      const ui = page.mainFrame();
      const firstRow = page.getByTestId('sync-row').first();
      expect(await wholeInSight(firstRow), 'the first row in sight').toBe(true);
      await checkAxeAsync(ui, `the list at 320 × 240, the chips folded, ${theme}`);

      // From the search, Shift+Tab reaches the chips' button: it says what is shown.
      const search = page.getByRole('searchbox', { name: 'Search by name' });
      await search.focus();
      await page.keyboard.press('Shift+Tab');
      const fold = page.getByRole('button', { name: /^Show: / });
      expect(await focusedAsync(ui)).toBe('button Show: All 41▾');
      expect(await fold.getAttribute('aria-expanded')).toBe('false');

      // Enter unfolds the chips; Tab goes through them; Enter on "Conflicts 4" shows the conflicts.
      await page.keyboard.press('Enter');
      const kinds = page.getByRole('group', { name: 'Show:' });
      await kinds.waitFor();
      expect(await fold.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Tab');
      expect(await focusedAsync(ui)).toBe('button All 41');
      await page.keyboard.press('Tab');
      expect(await focusedAsync(ui)).toBe('button Conflicts 4');
      await page.keyboard.press('Enter');
      await expect.poll(() => kinds.getByRole('button', { name: 'Conflicts 4' }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('sync-row').count()).toBe(4);
      await checkAxeAsync(ui, `the chips unfolded at 320 × 240, Conflicts pressed, ${theme}`);

      // Escape folds them again, the keyboard back on their button, which says what is shown now; the first row shows.
      await page.keyboard.press('Escape');
      await expect.poll(() => kinds.isVisible()).toBe(false);
      expect(await focusedAsync(ui)).toBe('button Show: Conflicts 4▾');
      expect(await fold.getAttribute('aria-expanded')).toBe('false');
      expect(await wholeInSight(firstRow), 'the first conflict in sight').toBe(true);
      expect(await firstRow.textContent()).toContain('Skip for now');

      // Unfolded, the chips are those a taller window shows, with the same counts (a tall window lists every row pressing one shows).
      await page.keyboard.press('Enter');
      await kinds.getByRole('button', { name: /^All / }).click();
      const chipsShown = () => page.getByRole('group', { name: /^(Show|Changed):$/ }).getByRole('button').allTextContents();
      const short = await chipsShown();
      expect(short.length).toBe(12);
      await page.setViewportSize({ width: 320, height: 2400 });
      await expect.poll(() => fold.isVisible()).toBe(false);
      expect(await chipsShown()).toEqual(short);
      for (const group of ['Show:', 'Changed:'] as const) for (const { chip, says, shows } of await chipsAndRowsAsync(page, group)) expect(says, `${group} ${chip}`).toBe(shows);
      await page.close();
    });
  }
});
