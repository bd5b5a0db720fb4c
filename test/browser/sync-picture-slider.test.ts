// Overlay's opacity and Swipe's split, set once by a designer comparing many rows at one place,
// through the playground: the real plugin against the fake Figma and the builder emulator.
import { describe, expect, it } from 'vitest';
import { headerAndHeartChangedAsync, openRowDetailAsync } from './support/sync-steps';
import { useHarness } from './support/playground-harness';

const h = useHarness();

describe('the Swipe and Overlay slider a designer moved', () => {
  it('stays where it was left for the next row opened, in Swipe and in Overlay', async () => {
    const ui = await headerAndHeartChangedAsync(h);

    // Swipe, moved from the keyboard to 35 % (the slider starts half way).
    let modes = await openRowDetailAsync(ui, 'Header');
    await modes.getByRole('button', { name: 'Swipe' }).click();
    const slider = ui.getByTestId('sync-detail').getByRole('slider');
    expect(await slider.inputValue()).toBe('50');
    await slider.focus();
    for (let step = 0; step < 15; step++) await h.page.keyboard.press('ArrowLeft');
    expect(await slider.inputValue()).toBe('35');
    await ui.getByRole('button', { name: '← Back to the list' }).click();

    // The next row opens at the same split, and says so.
    modes = await openRowDetailAsync(ui, 'Icon/Heart');
    expect(await slider.inputValue()).toBe('35');
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/ 35 % on the left, .* 65 % on the right$/);

    // Overlay, set to 80 % here, is at 80 % for the row opened next.
    await modes.getByRole('button', { name: 'Overlay' }).click();
    await slider.focus();
    await h.page.keyboard.press('End');
    for (let step = 0; step < 20; step++) await h.page.keyboard.press('ArrowLeft');
    expect(await slider.inputValue()).toBe('80');
    await ui.getByRole('button', { name: '← Back to the list' }).click();
    await openRowDetailAsync(ui, 'Header');
    expect(await slider.inputValue()).toBe('80');
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/ 80 % over .* 20 %$/);
  }, 120_000);
});
