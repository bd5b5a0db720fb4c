// The focus ring on the pressed picture mode ("Side by side") in the Sync detail is two layers: a
// 1 px line of the group's grey, then the 3 px ring. The ring reader took the first layer's colour
// for the ring's and looked 1 px outside the control, where the grey line meets the ring: it read
// the whole ring as cut on its left and top. It now reads the widest layer, half-way across the
// part of it that only it covers, and still tells a ring the screen cuts from a whole one.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focusedAsync } from './support/a11y-checks';
import { UI_URL, useBrowser } from './support/browser';
import { focusRingSidesAsync } from './support/focus-ring';
import { installSyncStub } from './support/sync-stub';

const browser = useBrowser();

/** The Sync detail of a component with both pictures, the keyboard on the pressed mode, "Side by side". */
async function pressedModeFocusedAsync(page: Page): Promise<Locator> {
  await page.addInitScript(installSyncStub, { count: 3, kinds: ['local-change'], bothPictures: true });
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  await page.getByTestId('sync-row').filter({ hasText: 'Button / Primary 0' }).click();
  const modes = page.getByTestId('sync-detail').getByRole('group', { name: 'Compare the pictures' });
  await modes.getByRole('button', { name: 'Overlay' }).focus();
  await page.keyboard.press('Shift+Tab');
  const pressed = modes.getByRole('button', { name: 'Side by side' });
  expect(await pressed.getAttribute('aria-pressed')).toBe('true');
  expect(await focusedAsync(page.mainFrame())).toBe('button Side by side');
  return pressed;
}

describe('the focus ring on the pressed picture mode', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows all four sides (${theme})`, async () => {
      const page = await browser.newPage({ viewport: { width: 400, height: 600 }, colorScheme: theme });
      await pressedModeFocusedAsync(page);
      expect(await focusRingSidesAsync(page.mainFrame())).toEqual(['left', 'top', 'right', 'bottom']);
      await page.close();
    });
  }

  it('is read as cut at the top when the screen is scrolled to just above the control, its grey line still showing', async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 240 } });
    const pressed = await pressedModeFocusedAsync(page);
    // Scrolled with the wheel until the control's top is 1 to 2 px under the screen's: the ring's
    // outer 2 px are cut there, while the 1 px grey line inside them shows.
    const screenTop = await pressed.evaluate((control) => control.closest('main')!.getBoundingClientRect().top);
    const below = async () => (await pressed.boundingBox())!.y - screenTop;
    await page.mouse.move(200, screenTop + 40);
    await page.mouse.wheel(0, Math.floor((await below()) - 1));
    await expect.poll(below).toBeLessThan(2);
    expect(await below()).toBeGreaterThanOrEqual(1);
    expect(await focusedAsync(page.mainFrame())).toBe('button Side by side');
    expect(await focusRingSidesAsync(page.mainFrame())).toEqual(['left', 'right', 'bottom']);
    await page.close();
  });
});
