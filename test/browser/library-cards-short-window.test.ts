// Browse at 320 × 240: a card of the results fits the view the cards scroll in (the whole screen's,
// under 480 px of height). A card was 267 px tall in a 163 px view: none could be seen whole, and the
// keyboard's focus ring on it was always cut, by Tab or by the arrows.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';
import { smallestWindowAsync } from './support/window-steps';
import { focusRingSidesAsync } from './support/focus-ring';
import { checkAxeAsync } from './support/a11y-checks';
import { seenAreaAsync } from './support/out-of-sight';

const h = useHarness();

const focusedIndex = (ui: Frame) => ui.evaluate(() => document.activeElement?.getAttribute('data-index') ?? null);

/**
 * Where the focused card is in what shows it (every box around it that clips, and the window): 'inside',
 * or which of its edges (with its 2 px ring) are out of it.
 */
async function cardInBox(ui: Frame): Promise<string> {
  const { box: at, area: view } = await seenAreaAsync(ui.locator(':focus'));
  const out = [at.top - 2 < view.top - 0.5 ? `top ${Math.round(view.top - at.top + 2)} px` : '', at.bottom + 2 > view.bottom + 0.5 ? `bottom ${Math.round(at.bottom + 2 - view.bottom)} px` : ''].filter(Boolean);
  return out.length === 0 ? 'inside' : `out by its ${out.join(', ')} (card ${Math.round(at.bottom - at.top)} px, view ${Math.round(view.bottom - view.top)} px)`;
}

describe('Browse at 320 × 240: a card of the results', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows whole, its focus ring too, when Tab or the arrows bring the keyboard to it (${theme}; taller than the view, its ring was cut)`, async () => {
      const ui = await openBrowseAsync(h, theme);
      await smallestWindowAsync(h.page, ui);
      const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('button');
      await cards.nth(1).waitFor({ timeout: 20_000 });
      // Tab on from the last filter to the grid.
      await ui.getByLabel('Captured since').focus();
      for (let press = 0; press < 5 && (await focusedIndex(ui)) === null; press++) await h.page.keyboard.press('Tab');
      expect(await focusedIndex(ui)).toBe('0');
      expect(await cardInBox(ui), 'Tab to the first card').toBe('inside');
      expect(await focusRingSidesAsync(ui), 'Tab to the first card').toEqual(['left', 'top', 'right', 'bottom']);
      // Its picture shows whole, not cut nor stretched: in a box of its own shape, or letterboxed in a wider one.
      const picture = () =>
        ui.evaluate(() => {
          const image = document.activeElement!.querySelector<HTMLImageElement>('.email-thumb img');
          if (!image?.complete || image.naturalWidth === 0) return 'not loaded';
          const box = image.getBoundingClientRect();
          const fit = getComputedStyle(image).objectFit;
          const sameShape = Math.abs(box.width / box.height - image.naturalWidth / image.naturalHeight) < 0.02;
          return fit === 'contain' || (sameShape && fit !== 'none') ? 'whole' : `${fit} in a ${Math.round(box.width)} × ${Math.round(box.height)} box`;
        });
      await expect.poll(picture, { timeout: 10_000 }).toBe('whole');
      await checkAxeAsync(ui, `the first card focused at 320 × 240 (${theme})`);

      // Down the rows with the arrows, then back up: each row they bring into view shows whole.
      const seen: string[] = [];
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp']) {
        await h.page.keyboard.press(key);
        seen.push(`${key} to card ${await focusedIndex(ui)}: ${await cardInBox(ui)}, ring ${(await focusRingSidesAsync(ui)).join(' ')}`);
      }
      expect(seen).toEqual(['2', '4', '6', '4', '2'].map((index, step) => `${step < 3 ? 'ArrowDown' : 'ArrowUp'} to card ${index}: inside, ring left top right bottom`));
    });
  }
});
