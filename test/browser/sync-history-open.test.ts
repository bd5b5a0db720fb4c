// The Sync screen at 320 × 240: "Recent syncs (1)" opened with the keyboard left its list under the
// window's edge (nothing in it takes the focus, so nothing scrolled to it); opening it now brings the
// list into view, as far as the summary stays in sight. At 400 × 600, where it shows already, nothing moves.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { checkAxeAsync, focusedAsync } from './support/a11y-checks';
import { UI_URL, useBrowser } from './support/browser';
import { focusRingSidesAsync } from './support/focus-ring';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

/** Opens the Sync screen in a window of this size and opens "Recent syncs" with Enter on its summary; gives the screen's scroll before the Enter. */
async function openHistoryAsync(page: Page, entries = 1): Promise<number> {
  await page.addInitScript(installSyncStub, { count: 40, historyEntries: entries });
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  await page.getByRole('button', { name: 'Copy summary' }).focus();
  await page.keyboard.press('Tab');
  expect(await focusedAsync(page.mainFrame())).toBe(`summary Recent syncs (${entries})`);
  const before = await page.locator('main').evaluate((main) => main.scrollTop);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('details.sync-history').getAttribute('open')).toBe('');
  return before;
}

/** Whether the element's top and bottom are within the part of the scrolling screen that shows. */
function shownAsync(element: Locator) {
  return element.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const view = element.closest('main')!.getBoundingClientRect();
      return { top: box.top >= view.top, bottom: box.bottom <= view.bottom };
    });
}

const firstEntry = (page: Page) => page.locator('details.sync-history li').first();

describe('“Recent syncs” opened with the keyboard in a short window', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`brings its list into view, the summary still in sight (${theme}; the list stayed under the window’s edge)`, async () => {
      const page = await browser.newPage({ viewport: { width: 320, height: 240 }, colorScheme: theme });
      await openHistoryAsync(page);
      await expect.poll(() => shownAsync(firstEntry(page))).toEqual({ top: true, bottom: true });
      expect(await shownAsync(page.getByText('Recent syncs (1)'))).toEqual({ top: true, bottom: true });
      expect(await focusedAsync(page.mainFrame())).toBe('summary Recent syncs (1)');
      await checkAxeAsync(page.mainFrame(), `the history opened at 320 × 240, ${theme}`);
      await page.close();
    });
  }

  it('brings a list taller than the window up only as far as the summary and its ring stay in sight', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 240 } });
    await openHistoryAsync(page, 20);
    await expect.poll(() => shownAsync(firstEntry(page))).toEqual({ top: true, bottom: true });
    expect(await focusRingSidesAsync(page.mainFrame())).toEqual(['left', 'top', 'right', 'bottom']);
    expect(await shownAsync(page.locator('details.sync-history li').last())).toEqual({ top: true, bottom: false });
    await page.close();
  });

  it('does not move the screen at 400 × 600, where the list shows already', async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
    const before = await openHistoryAsync(page);
    expect(await shownAsync(firstEntry(page))).toEqual({ top: true, bottom: true });
    expect(await page.locator('main').evaluate((main) => main.scrollTop)).toBe(before);
    await page.close();
  });
});
