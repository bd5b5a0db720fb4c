// Browse: the keyboard's focus ring shows whole where a scrolling box would clip it. At 320 × 240, a
// row Tab brought into view flush with the scrolling screen's bottom edge had its ring cut there;
// at the window's opening size (400 × 600) a card in the grid's first column had its ring's left
// side cut by the grid's box, and a card in its first row (the grid at its top, or a row the arrows
// brought down into view) its top side; a card Tab brought back into view, scrolled partly out of
// the grid's box, its top (above the box) or bottom (below it) side.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { firstTopBrandAtSmallestAsync, focusedPlaceAsync, openBrowseAsync, wheelGridAsync } from './support/browse-steps';
import { focusRingSidesAsync } from './support/focus-ring';
import { checkAxeAsync } from './support/a11y-checks';

const h = useHarness();

describe('Browse at 320 × 240: Tab down a list of brands', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the whole ring of each row it brings into view, its bottom too (${theme}; cut at the screen’s bottom edge)`, async () => {
      const ui = await firstTopBrandAtSmallestAsync(h, theme);
      const seen: string[] = [];
      for (let row = 0; row < 5; row++) {
        expect(await focusedPlaceAsync(ui)).toBe(`row ${row} of Top brands`);
        seen.push(`row ${row}: ${(await focusRingSidesAsync(ui)).join(' ')}`);
        await h.page.keyboard.press('Tab');
      }
      expect(seen).toEqual([0, 1, 2, 3, 4].map((row) => `row ${row}: left top right bottom`));
    });
  }
});

describe('Browse at the opening size: a card in the grid’s first column', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the whole ring when the arrows bring the keyboard to it (${theme}; its left side was cut)`, async () => {
      const ui = await openBrowseAsync(h, theme);
      expect(await ui.evaluate(() => [innerWidth, innerHeight])).toEqual([400, 600]);
      const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('button');
      await cards.nth(1).waitFor({ timeout: 20_000 });
      await cards.first().focus();
      await h.page.keyboard.press('ArrowRight');
      await h.page.keyboard.press('ArrowLeft');
      expect(await ui.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe('0');
      expect(await focusRingSidesAsync(ui)).toEqual(expect.arrayContaining(['left', 'right']));
    });
  }
});

describe('Browse at the opening size: the arrows going up the grid', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the whole ring of each row they bring into view, the first row’s at the grid’s top too (${theme}; its top side was cut)`, async () => {
      const ui = await openBrowseAsync(h, theme);
      const grid = ui.getByTestId('email-grid');
      const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('button');
      await cards.nth(1).waitFor({ timeout: 20_000 });
      await cards.first().focus();
      for (let step = 0; step < 3; step++) await h.page.keyboard.press('ArrowDown');
      const columns = await ui.evaluate(() => getComputedStyle(document.querySelector('.email-grid')!).gridTemplateColumns.split(' ').length);
      expect(await ui.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe(String(3 * columns));
      expect(await grid.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      const seen: string[] = [];
      for (let row = 2; row >= 0; row--) {
        await h.page.keyboard.press('ArrowUp');
        expect(await ui.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe(String(row * columns));
        seen.push(`row ${row}: ${(await focusRingSidesAsync(ui)).join(' ')}`);
      }
      expect(await grid.evaluate((element) => element.scrollTop)).toBe(0);
      expect(seen).toEqual([2, 1, 0].map((row) => `row ${row}: left top right bottom`));
      await checkAxeAsync(ui, `the grid at its top, its first card focused (${theme})`);
    });
  }
});

describe('Browse at the opening size: Tab into the grid, its card partly scrolled out of the box', () => {
  const focusedIndex = (ui: Frame) => ui.evaluate(() => document.activeElement?.getAttribute('data-index') ?? null);
  /** Tab from the last filter onto the grid: the card Tab stops at (the last one focused). */
  async function tabIntoGridAsync(ui: Frame): Promise<void> {
    await ui.getByLabel('Captured since').focus();
    for (let press = 0; press < 5 && (await focusedIndex(ui)) === null; press++) await h.page.keyboard.press('Tab');
  }
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the whole ring of the card Tab brings back into view (${theme}; its top side was cut above the box, its bottom below it)`, async () => {
      const ui = await openBrowseAsync(h, theme);
      const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('button');
      await cards.nth(1).waitFor({ timeout: 20_000 });
      // The first row's top out of the box, above.
      await wheelGridAsync(h.page, ui, 40);
      await tabIntoGridAsync(ui);
      expect(await focusedIndex(ui)).toBe('0');
      expect(await focusRingSidesAsync(ui), 'the first card, above the box').toEqual(['left', 'top', 'right', 'bottom']);
      await checkAxeAsync(ui, `the grid’s first card Tabbed back into view (${theme})`);

      // The keyboard two rows down, then that row's bottom out of the box, below.
      await h.page.keyboard.press('ArrowDown');
      await h.page.keyboard.press('ArrowDown');
      const index = Number(await focusedIndex(ui));
      expect(index).toBeGreaterThan(0);
      const [cardTop, cardHeight, boxBottom] = await ui.evaluate(() => {
        const card = document.activeElement!.getBoundingClientRect();
        return [card.top, card.height, document.querySelector('[data-testid="email-grid"]')!.getBoundingClientRect().bottom];
      });
      await wheelGridAsync(h.page, ui, Math.round(cardTop - (boxBottom - cardHeight / 2)));
      await tabIntoGridAsync(ui);
      expect(await focusedIndex(ui)).toBe(String(index));
      expect(await focusRingSidesAsync(ui), 'a card below the box').toEqual(['left', 'top', 'right', 'bottom']);
    });
  }
});
