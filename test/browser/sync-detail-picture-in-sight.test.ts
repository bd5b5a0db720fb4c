// Opening a row showed its property table first and its pictures under it, drawn up to 240 px
// tall: at the plugin's default size (400 × 600), a table of a few rows (Hero's fill and text
// changed) put the picture below the visible part of the screen, and the designer saw no picture
// until they scrolled. The pictures now come before the table and show whole on opening; the
// keyboard stays on the detail's heading and nothing scrolls.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { changeFillAsync, comparedAgainDetailAsync, linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

/** How much of the element's box lies outside the visible part of every box that scrolls or clips it, and of the window (0: all in sight). */
function outOfSightAsync(element: Locator): Promise<number> {
  return element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    let [top, bottom, left, right] = [0, innerHeight, 0, innerWidth];
    for (let parent = target.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowY === 'visible' && style.overflowX === 'visible') continue;
      const seen = parent.getBoundingClientRect();
      const inTop = seen.top + parent.clientTop;
      const inLeft = seen.left + parent.clientLeft;
      [top, bottom] = [Math.max(top, inTop), Math.min(bottom, inTop + parent.clientHeight)];
      [left, right] = [Math.max(left, inLeft), Math.min(right, inLeft + parent.clientWidth)];
    }
    return Math.max(0, top - box.top) + Math.max(0, box.bottom - bottom) + Math.max(0, left - box.left) + Math.max(0, box.right - right);
  });
}

describe.each(['light', 'dark'] as const)('a row opened at the default size, %s theme', (theme) => {
  it('shows its pictures without scrolling', async () => {
    await h.openFreshAsync(`?theme=${theme}`);
    const ui = await linkToEmptyDesignSystemAsync(h);
    // Hero: a square-ish picture, drawn up to 240 px tall.
    await syncEverythingAsync(ui);
    await changeFillAsync(h, 'Hero', '#ff2200');
    await h.page.getByRole('textbox', { name: /^Text/ }).fill('Summer, brought outdoors');
    await h.page.getByRole('button', { name: 'Change text' }).click();
    await comparedAgainDetailAsync(ui, 'Hero');
    expect(await ui.evaluate(() => [innerWidth, innerHeight])).toEqual([400, 600]);
    const detail = ui.getByTestId('sync-detail');
    const pictures = detail.locator('.sync-pictures img');
    await expect.poll(() => pictures.count()).toBe(2);
    for (const picture of await pictures.all()) await picture.evaluate((image) => (image as HTMLImageElement).decode());
    // Every property is still said (under the pictures).
    await expect.poll(() => detail.getByTestId('sync-changes').getByRole('row').count()).toBeGreaterThan(2);
    for (const picture of await pictures.all()) expect(await outOfSightAsync(picture), `${await picture.getAttribute('alt')} at 400 × 600`).toBe(0);
    // Shown without moving the keyboard or the screen: the heading keeps it, the Back link in sight.
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('sync-detail-title');
    expect(await outOfSightAsync(detail.getByRole('button', { name: '← Back to the list' }))).toBe(0);
    await checkAxeAsync(ui, `a row opened at 400 × 600, ${theme}`);
  }, 120_000);
});
