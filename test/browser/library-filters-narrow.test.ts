// Browse's search filters at the narrow widths a designer gives the window: each shows its words
// whole (the longest category, a whole date), wrapping to another row rather than cutting them
// ("All catego", "mm/dd/yy" at 320 px). The real dist/ui.html in the playground against the
// library emulator; the window made narrow with the resize grip's keys, as a person does.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync } from './support/browse-steps';
import { useHarness } from './support/playground-harness';

const h = useHarness();

/** Each filter's width beside the width its own words need (the same control left at its natural width). */
function filterWidthsAsync(ui: Frame): Promise<Array<{ label: string; width: number; needs: number }>> {
  return ui.getByRole('search').evaluate((form) =>
    [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].map((control) => {
      const natural = control.cloneNode(true) as HTMLElement;
      natural.style.cssText = 'position: absolute; width: auto';
      document.body.append(natural);
      const needs = natural.offsetWidth;
      natural.remove();
      return { label: control.labels?.[0]?.textContent?.trim() ?? control.id, width: control.offsetWidth, needs };
    }),
  );
}

describe('Browse: the search filters in a narrow window', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [400, 320] as const) {
      it(`show their words whole at ${width} px (${theme})`, async () => {
        const ui = await openBrowseAsync(h, theme);
        await ui.getByTestId('resize-handle').focus();
        for (let step = 0; step < (width === 320 ? 3 : 0); step++) await h.page.keyboard.press('Shift+ArrowLeft');
        await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(width);
        const filters = await filterWidthsAsync(ui);
        expect(filters.map((filter) => filter.label)).toEqual(['Search emails', 'Category', 'Brand', 'Captured since']);
        for (const filter of filters) expect(filter.width, filter.label).toBeGreaterThanOrEqual(filter.needs);
        // Inside the window: nothing wraps out of sight sideways.
        expect(await ui.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await checkAxeAsync(ui, `Browse's filters at ${width} px, ${theme}`);
        // A note under the brand widens it not (its sentence would push the date, or the brand itself, to another row).
        const boxes = () => ui.getByRole('search').locator('input, select').evaluateAll((controls) => controls.map((control) => [control.getBoundingClientRect().left, control.getBoundingClientRect().width]));
        const before = await boxes();
        await ui.getByRole('combobox', { name: 'Brand' }).fill('Zzyzx');
        await ui.getByText('No brand called “Zzyzx” in the library.', { exact: true }).first().waitFor({ timeout: 10_000 });
        expect(await boxes()).toEqual(before);
      });
    }
  }
});
