// The ways of comparing a Sync row's pictures (Side by side, Overlay, Swipe, Difference), through the
// playground: the mode that is on is filled, the one with the keyboard has the focus ring and no
// fill. Both were a blue edge, so a keyboard user moving through them could not tell which was on.
// Measured in the computed colours, in both themes (Figma's theme variables), and in forced colours.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, expectSegmentMarksAsync, fillContrastAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { headerFillChangedDetailAsync, linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();

const hasFocusAsync = (control: Locator) => control.evaluate((element) => element === document.activeElement);

/** Tab from where the keyboard is until it reaches `control` (at most 30 presses). */
async function tabToAsync(control: Locator): Promise<void> {
  for (let press = 0; press < 30 && !(await hasFocusAsync(control)); press++) await h.page.keyboard.press('Tab');
  expect(await hasFocusAsync(control)).toBe(true);
}

describe('the way of comparing a row’s pictures', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the mode that is on filled and the one with the keyboard ringed, each 3:1 from the control, ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      const modes = await headerFillChangedDetailAsync(h, ui);
      const side = modes.getByRole('button', { name: 'Side by side' });
      const overlay = modes.getByRole('button', { name: 'Overlay' });
      expect(await side.getAttribute('aria-pressed')).toBe('true');

      // From the detail's heading, Tab reaches "Side by side" (on), then "Overlay" (off).
      await tabToAsync(side);
      await h.page.keyboard.press('Tab');
      expect(await hasFocusAsync(overlay)).toBe(true);
      // On without the keyboard: filled, no ring; off with the keyboard: the ring, no fill; and so in forced colours.
      await expectSegmentMarksAsync(h.page, ui, side, overlay, `Side by side on, Overlay focused, ${theme}`);
      await checkAxeAsync(ui, `the detail, Overlay focused, ${theme}`);

      // Back on "Side by side": filled and ringed, the ring still 3:1.
      await h.page.keyboard.press('Shift+Tab');
      const both = await fillContrastAsync(ui, side);
      expect(both.fillOnGround).toBeGreaterThanOrEqual(3);
      expect(both.ring, 'the ring on the mode that is on').toBeGreaterThanOrEqual(3);
    }, 120_000);
  }
});
