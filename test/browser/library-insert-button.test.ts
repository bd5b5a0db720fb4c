// An email's Insert on canvas button at full height: the email's facts and screenshot overflow
// the column it sits in, which squashed the button to its words (18 px, under the 24 px a
// target needs). The real dist/ui.html in the playground against the library emulator, by roles.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';

const h = useHarness();

const heightOf = async (ui: Frame, name: string) => (await ui.getByRole('button', { name, exact: true }).boundingBox())?.height ?? 0;

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
});
