// Browse at the window's opening size (400 × 600): the screens that scroll (a brand's page, Brands,
// Journeys, a journey, an email's detail) kept room for the keyboard's ring at their sides only, so
// the control at a screen's top lost its ring's top side to the scrolling box ("← All brands",
// "← All journeys", the first journey, an email's Next), and the last brand, scrolled to the end,
// its bottom side. Each now shows its whole ring, reached with Tab.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { firstBrandsAsync, focusedPlaceAsync, openBrandAsync, openBrowseAsync, sectionButton } from './support/browse-steps';
import { focusRingSidesAsync } from './support/focus-ring';
import { useHarness } from './support/playground-harness';

const h = useHarness();

/** The sides of `control`'s ring that show once Tab brings the keyboard to it (from the control before it). */
async function ringSidesByTabAsync(ui: Frame, control: Locator): Promise<string> {
  await control.focus();
  await h.page.keyboard.press('Shift+Tab');
  await h.page.keyboard.press('Tab');
  expect(await control.evaluate((element) => element === document.activeElement), await focusedPlaceAsync(ui)).toBe(true);
  return (await focusRingSidesAsync(ui)).join(' ');
}

describe('Browse at the opening size: the control at a scrolling screen’s edge', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the whole ring at the screen’s top and, scrolled to the end, at its bottom (${theme}; the top or bottom side was cut)`, { timeout: 90_000 }, async () => {
      const ui = await openBrowseAsync(h, theme);
      expect(await ui.evaluate(() => [innerWidth, innerHeight])).toEqual([400, 600]);
      const seen: Record<string, string> = {};

      const emails = ui.getByRole('list', { name: 'Emails' });
      await emails.getByRole('button').first().click();
      const next = ui.getByRole('button', { name: 'Next', exact: true });
      await next.waitFor({ timeout: 10_000 });
      seen['an email’s Next'] = await ringSidesByTabAsync(ui, next);
      await checkAxeAsync(ui, `an email’s detail, Next with the keyboard, ${theme}`);
      await h.page.keyboard.press('Escape');

      await sectionButton(ui, 'Brands').click();
      const topBrands = ui.getByRole('list', { name: 'Top brands' }).getByRole('button');
      await topBrands.first().waitFor({ timeout: 10_000 });
      seen['the last of the top brands'] = await ringSidesByTabAsync(ui, topBrands.last());
      await checkAxeAsync(ui, `Brands, the last row with the keyboard, ${theme}`);

      const name = (await firstBrandsAsync(h))[0]!.name;
      await openBrandAsync(ui, name);
      const allBrands = ui.getByRole('article', { name }).getByRole('button', { name: '← All brands' });
      await allBrands.waitFor({ timeout: 10_000 });
      seen['a brand’s ← All brands'] = await ringSidesByTabAsync(ui, allBrands);
      await checkAxeAsync(ui, `a brand’s page, its back button with the keyboard, ${theme}`);

      await sectionButton(ui, 'Journeys').click();
      const journeys = ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button');
      await journeys.first().waitFor({ timeout: 10_000 });
      seen['the first journey'] = await ringSidesByTabAsync(ui, journeys.first());
      await checkAxeAsync(ui, `Journeys, the first with the keyboard, ${theme}`);
      await journeys.first().click();
      const allJourneys = ui.getByRole('button', { name: '← All journeys' });
      await ui.getByRole('button', { name: 'Insert journey as board' }).waitFor({ timeout: 10_000 });
      seen['a journey’s ← All journeys'] = await ringSidesByTabAsync(ui, allJourneys);
      await checkAxeAsync(ui, `a journey, its back button with the keyboard, ${theme}`);

      const whole = 'left top right bottom';
      expect(seen).toEqual({
        'an email’s Next': whole,
        'the last of the top brands': whole,
        'a brand’s ← All brands': whole,
        'the first journey': whole,
        'a journey’s ← All journeys': whole,
      });
    });
  }
});
