// The plugin window made as small as it goes (320 × 240), as a person does it: the resize grip's keys.
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

export async function smallestWindowAsync(page: Page, ui: Frame): Promise<void> {
  await ui.getByTestId('resize-handle').focus();
  // Large steps, more than any opening size needs: the grip stops at the window's limits.
  for (let step = 0; step < 10; step++) await page.keyboard.press('Shift+ArrowLeft');
  for (let step = 0; step < 12; step++) await page.keyboard.press('Shift+ArrowUp');
  await expect.poll(() => ui.evaluate(() => [innerWidth, innerHeight])).toEqual([320, 240]);
}
