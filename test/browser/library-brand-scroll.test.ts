// A brand's page, come back to after another Browse section (its pages kept), shows where the
// designer had scrolled its emails to, as Me and Journeys do: it came back at its top. The real
// dist/ui.html in the playground against the library emulator, driven by the wheel, roles and
// labels; the outcome checked where it lands (what the window shows).
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { firstBrandsAsync, openBrandAsync, openBrowseAsync, sectionButton } from './support/browse-steps';
import { expectAboutAsync, wheelDownAsync } from './support/kept-place';
import { smallestWindowAsync } from './support/window-steps';

const h = useHarness();

/** Up to the sections' buttons if they are out of sight (a short window scrolls as a whole), then to Me. */
async function visitMeAsync(ui: Frame): Promise<void> {
  const sections = ui.getByRole('navigation', { name: 'Library' });
  const seen = () => sections.evaluate((element) => element.getBoundingClientRect().top >= 0);
  if (!(await seen())) await h.page.mouse.wheel(0, -5_000);
  await expect.poll(seen).toBe(true);
  await sectionButton(ui, 'Me').click();
  await ui.getByRole('region', { name: 'Me' }).waitFor();
}

/** The brand with the most emails: enough to scroll through. */
async function longestBrandAsync(): Promise<string> {
  const brands = await firstBrandsAsync(h);
  return brands.reduce((most, brand) => (brand.email_count > most.email_count ? brand : most)).name;
}

describe('A brand’s page: where the designer had scrolled its emails to', () => {
  for (const [theme, small] of [
    ['light', true],
    ['dark', false],
  ] as const) {
    it(`${small ? 'at 320 × 240' : 'in the plugin’s own window'}, ${theme}: comes back there after another section`, async () => {
      const ui = await openBrowseAsync(h, theme);
      if (small) await smallestWindowAsync(h.page, ui);
      const name = await longestBrandAsync();
      await openBrandAsync(ui, name);
      const rows = ui.getByRole('list', { name: `Emails from ${name}` }).getByRole('listitem');
      await rows.nth(5).waitFor({ timeout: 10_000 });
      await ui.getByRole('region', { name: 'Insights', exact: true }).or(ui.getByTestId('no-insights')).first().waitFor({ timeout: 10_000 });
      const before = await wheelDownAsync(h.page, ui, rows, 3);
      await visitMeAsync(ui);
      await openBrandAsync(ui, name);
      await rows.nth(5).waitFor({ timeout: 10_000 });
      await expectAboutAsync(rows, before);
    });
  }
});
