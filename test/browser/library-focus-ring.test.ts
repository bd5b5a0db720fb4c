// The keyboard's focus ring in Browse at 320 × 240, on a control as wide as the section (a brand's
// row, an email's row, an email's Insert on canvas): its left and right sides show. The sections
// scroll, and a box that scrolls clips what is drawn outside it: only the ring's top and bottom showed.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { firstTopBrandAtSmallestAsync, focusedPlaceAsync } from './support/browse-steps';
import { focusRingSidesAsync } from './support/focus-ring';

const h = useHarness();

/** The ring's sides at the section's edges: the left and the right. */
const sidesAsync = async (ui: Frame) => (await focusRingSidesAsync(ui)).filter((side) => side === 'left' || side === 'right');
const BOTH = ['left', 'right'];

describe('Browse at 320 × 240: the focus ring', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`is drawn on both sides of a brand’s row, an email’s row and an email’s Insert on canvas (${theme}; the sides were cut off)`, async () => {
      const ui = await firstTopBrandAtSmallestAsync(h, theme);
      const brands = ui.getByRole('list', { name: 'Top brands' });
      expect(await sidesAsync(ui), 'a brand’s row').toEqual(BOTH);

      const name = (await brands.getByRole('button').first().locator('.brand-row-name').textContent()) ?? '';
      await h.page.keyboard.press('Enter');
      const emails = ui.getByRole('list', { name: `Emails from ${name}` });
      await emails.getByRole('listitem').first().waitFor({ timeout: 10_000 });
      // From the row's Insert, back to the row itself.
      await emails.getByRole('listitem').first().getByRole('button', { name: /^Insert / }).focus();
      await h.page.keyboard.press('Shift+Tab');
      expect(await focusedPlaceAsync(ui)).toBe(`row 0 of Emails from ${name}`);
      expect(await sidesAsync(ui), 'an email’s row').toEqual(BOTH);

      await h.page.keyboard.press('Enter');
      const insert = ui.getByRole('article').getByRole('button', { name: 'Insert on canvas' });
      await insert.waitFor({ timeout: 10_000 });
      await ui.getByRole('navigation', { name: 'Results' }).getByRole('button').last().focus();
      while ((await focusedPlaceAsync(ui)) !== 'BUTTON Insert on canvas') await h.page.keyboard.press('Tab');
      expect(await sidesAsync(ui), 'an email’s Insert on canvas').toEqual(BOTH);
    });
  }
});
