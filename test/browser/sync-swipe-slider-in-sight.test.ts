// Swipe and Overlay are driven by one slider. It sat below the picture: at the plugin's default
// size (400 × 600) a designer who chose Swipe saw a picture that did not move and had to scroll to
// find the control the mode is about. Chosen by pointer or by keyboard, at the default size, the
// widest and the smallest (320 × 240), the slider shows with the picture, in light and dark.
import { describe, expect, it } from 'vitest';
import type { Frame, Locator, Page } from 'playwright-core';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { outOfSightAsync } from './support/out-of-sight';
import { heroChangedAtOpeningSizeAsync } from './support/sync-steps';
import { smallestWindowAsync } from './support/window-steps';

const h = useHarness();
const SHOTS = process.env.G_SHOTS;

async function shotAsync(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A mode chosen again from Side by side by pointer; resolves to the slider. */
async function chosenAsync(ui: Frame, modes: Locator, mode: 'Swipe' | 'Overlay'): Promise<Locator> {
  await modes.getByRole('button', { name: 'Side by side' }).click();
  await modes.getByRole('button', { name: mode }).click();
  const slider = ui.getByTestId('sync-detail').getByRole('slider');
  await slider.waitFor();
  // The frame drawn at its size (the picture read): the layout is the one the designer sees.
  await ui.getByTestId('sync-detail').locator('.sync-stack img').nth(1).evaluate((image) => (image as HTMLImageElement).decode());
  return slider;
}

describe.each(['light', 'dark'] as const)('the Swipe and Overlay slider, %s theme', (theme) => {
  it('shows with the picture as soon as the mode is chosen, at the default, widest and smallest sizes', async () => {
    // Hero: a square-ish picture (a wide, short Header left room below it).
    const { ui, modes } = await heroChangedAtOpeningSizeAsync(h, theme);

    // Default size, by pointer.
    let slider = await chosenAsync(ui, modes, 'Swipe');
    await shotAsync(h.page, `${theme}-default-swipe`);
    expect(await outOfSightAsync(slider), 'Swipe at 400 × 600').toBe(0);
    await expect(slider.getAttribute('aria-valuetext')).resolves.toMatch(/^“.+” 50 % on the left, “.+” 50 % on the right$/);
    expect(await ui.getByRole('slider', { name: /^Swipe between “.+” and “.+”$/ }).count()).toBe(1);
    await checkAxeAsync(ui, `Swipe at 400 × 600, ${theme}`);

    // Overlay chosen by keyboard: the slider in sight, and it still moves and says so.
    await modes.getByRole('button', { name: 'Side by side' }).click();
    await modes.getByRole('button', { name: 'Overlay' }).focus();
    await h.page.keyboard.press('Space');
    await expect.poll(() => modes.getByRole('button', { name: 'Overlay' }).getAttribute('aria-pressed')).toBe('true');
    slider = ui.getByRole('slider', { name: /^Opacity of “.+”$/ });
    expect(await outOfSightAsync(slider), 'Overlay at 400 × 600').toBe(0);
    await slider.focus();
    await h.page.keyboard.press('ArrowRight');
    await expect(slider.getAttribute('aria-valuetext')).resolves.toMatch(/^“.+” 51 % over “.+” 49 %$/);
    await shotAsync(h.page, `${theme}-default-overlay`);

    // The widest window.
    await ui.getByTestId('resize-handle').focus();
    for (let step = 0; step < 10; step++) await h.page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => ui.evaluate(() => innerWidth)).toBe(800);
    slider = await chosenAsync(ui, modes, 'Swipe');
    await shotAsync(h.page, `${theme}-wide-swipe`);
    expect(await outOfSightAsync(slider), 'Swipe at 800 × 600').toBe(0);

    // The smallest window.
    await smallestWindowAsync(h.page, ui);
    slider = await chosenAsync(ui, modes, 'Swipe');
    await shotAsync(h.page, `${theme}-small-swipe`);
    expect(await outOfSightAsync(slider), 'Swipe at 320 × 240').toBe(0);
    slider = await chosenAsync(ui, modes, 'Overlay');
    expect(await outOfSightAsync(slider), 'Overlay at 320 × 240').toBe(0);

    // Scrolled just far enough to see the mode's buttons at the bottom edge, then Swipe: the slider under them is brought into sight.
    await modes.getByRole('button', { name: 'Side by side' }).click();
    await modes.evaluate((group) => group.scrollIntoView({ block: 'end' }));
    await modes.getByRole('button', { name: 'Swipe' }).click();
    slider = ui.getByRole('slider', { name: /^Swipe between/ });
    expect(await outOfSightAsync(slider), 'Swipe at 320 × 240, chosen at the bottom edge').toBe(0);
    expect(await outOfSightAsync(modes.getByRole('button', { name: 'Swipe' })), 'its button still in sight').toBe(0);
    await checkAxeAsync(ui, `Overlay at 320 × 240, ${theme}`);
  }, 180_000);
});
