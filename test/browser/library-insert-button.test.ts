// An email's Insert on canvas button at full height: the email's facts and screenshot overflow
// the column it sits in, which squashed the button to its words (18 px, under the 24 px a
// target needs). In a wide window it stretched to the window's width, unlike every other primary
// button: it sizes to its words. The real dist/ui.html in the playground against the library
// emulator, by roles.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';

const h = useHarness();

const heightOf = async (ui: Frame, name: string) => (await ui.getByRole('button', { name, exact: true }).boundingBox())?.height ?? 0;
const widthOf = async (ui: Frame, name: string) => (await ui.getByRole('button', { name, exact: true }).boundingBox())?.width ?? 0;

describe('Browse: an email’s Insert on canvas', () => {
  for (const width of [400, 320] as const) {
    it(`is as tall as the buttons beside it at ${width} px (it was squashed to 18 px)`, async () => {
      const ui = await openBrowseAsync(h);
      await ui.getByTestId('resize-handle').focus();
      for (let step = 0; step < (width === 320 ? 3 : 0); step++) await h.page.keyboard.press('Shift+ArrowLeft');
      await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(width);
      await ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().getByRole('button').first().click();
      await ui.getByRole('button', { name: 'Insert on canvas' }).waitFor({ timeout: 10_000 });
      const next = await heightOf(ui, 'Next');
      expect(next).toBeGreaterThanOrEqual(24);
      expect(await heightOf(ui, 'Insert on canvas')).toBe(next);
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`sizes to its words in a window 800 px wide, as at 400 px (it stretched to the window’s width; ${theme}, clean under axe)`, async () => {
      const ui = await openBrowseAsync(h, theme);
      await ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().getByRole('button').first().click();
      await ui.getByRole('button', { name: 'Insert on canvas' }).waitFor({ timeout: 10_000 });
      await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(400);
      const narrow = await widthOf(ui, 'Insert on canvas');
      await ui.getByTestId('resize-handle').focus();
      for (let step = 0; step < 10; step++) await h.page.keyboard.press('Shift+ArrowRight');
      await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(800);
      expect(await widthOf(ui, 'Insert on canvas')).toBe(narrow);
      expect(narrow).toBeLessThan(200);
      expect(await heightOf(ui, 'Insert on canvas')).toBe(await heightOf(ui, 'Next'));
      await checkAxeAsync(ui, `an email's Insert on canvas in a wide window, ${theme}`);
    });
  }
});
