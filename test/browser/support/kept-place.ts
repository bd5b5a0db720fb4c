// Where a list was scrolled to, read as a designer sees it: which rows the window shows and at what
// heights. For checks that a list left and come back to holds its place.
import type { Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rows the window shows (within their section, which may scroll itself), by their words and tops (rounded). */
export function inSight(items: Locator): Promise<Array<[string, number]>> {
  return items.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      const section = element.closest('section')!.getBoundingClientRect();
      return box.bottom > Math.max(0, section.top) && box.top < Math.min(window.innerHeight, section.bottom) ? [[element.textContent ?? '', Math.round(box.top)] as [string, number]] : [];
    }),
  );
}

/** Within a few px of where they were: the same words at about the same heights. */
export async function expectAboutAsync(items: Locator, before: Array<[string, number]>): Promise<void> {
  await expect
    .poll(async () => {
      const now = await inSight(items);
      return now.length === before.length && now.every(([text, top], index) => text === before[index]![0] && Math.abs(top - before[index]![1]) <= 3);
    }, { timeout: 10_000 })
    .toBe(true);
}

/** Scrolls `items` with the wheel until the first in sight is row `past` or later; comes to rest there. */
export async function wheelDownAsync(page: Page, ui: Frame, items: Locator, past: number): Promise<Array<[string, number]>> {
  await items.first().hover();
  const all = await items.allTextContents();
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 120);
        const shown = await inSight(items);
        return shown.length > 0 && all.indexOf(shown[0]![0]) >= past;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  // Come to rest (a place is kept once the scroll stops).
  await ui.waitForTimeout(1_000);
  return inSight(items);
}
