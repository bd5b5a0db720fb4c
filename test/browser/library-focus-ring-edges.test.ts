// Browse at 320 × 240: the keyboard's focus ring of a row Tab brings into view at the bottom of
// the scrolling screen shows whole. Scrolled flush with the screen's bottom edge, the row's ring
// was cut there (the screen clips what is drawn outside it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarnessAsync, type Harness } from './support/playground-harness';
import { focusedPlaceAsync, openBrowseAsync, sectionButton } from './support/browse-steps';
import { smallestWindowAsync } from './support/window-steps';
import { focusRingSidesAsync } from './support/focus-ring';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

describe('Browse at 320 × 240: Tab down a list of brands', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the whole ring of each row it brings into view, its bottom too (${theme}; cut at the screen’s bottom edge)`, async () => {
      const ui = await openBrowseAsync(h, theme);
      await smallestWindowAsync(h.page, ui);
      await sectionButton(ui, 'Brands').press('Enter');
      const brands = ui.getByRole('list', { name: 'Top brands' });
      await brands.getByRole('button').first().waitFor({ timeout: 10_000 });
      await ui.getByRole('searchbox', { name: 'Search brands' }).press('Tab');
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
