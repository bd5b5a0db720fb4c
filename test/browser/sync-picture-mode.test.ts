// The way the pictures are compared (Side by side, Overlay, Swipe, Difference), chosen once, through
// the playground: the real plugin against the fake Figma and the builder emulator.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changeFillAsync, headerAndHeartChangedAsync, openRowDetailAsync } from './support/sync-steps';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

const pressedIn = (modes: Locator) => textOf(modes.locator('[aria-pressed="true"]'));

describe('the picture mode a designer chose', () => {
  it('stays while the window is open: for another row, and after Check again, with the detail open or from the list', async () => {
    const ui = await headerAndHeartChangedAsync(h);

    let modes = await openRowDetailAsync(ui, 'Header');
    await modes.getByRole('button', { name: 'Swipe' }).click();
    const headerNow = ui.getByTestId('sync-detail').getByRole('img', { name: 'Header: This file' });
    const headerBefore = await headerNow.getAttribute('src');
    await ui.getByRole('button', { name: '← Back to the list' }).click();

    modes = await openRowDetailAsync(ui, 'Icon/Heart');
    expect(await pressedIn(modes)).toBe('Swipe');

    // Checked again with the detail open: it loads again (the new picture shows), in the same mode.
    const heartNow = ui.getByTestId('sync-detail').getByRole('img', { name: 'Icon/Heart: This file' });
    const heartBefore = await heartNow.getAttribute('src');
    await changeFillAsync(h, 'Icon/Heart', '#00aa44');
    await ui.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => heartNow.getAttribute('src'), { timeout: 30_000 }).not.toBe(heartBefore);
    expect(await pressedIn(modes)).toBe('Swipe');

    // Checked again from the list, then a row opened (its new picture shows).
    await ui.getByRole('button', { name: '← Back to the list' }).click();
    await changeFillAsync(h, 'Header', '#2244ff');
    await ui.getByRole('button', { name: 'Check again' }).click();
    modes = await openRowDetailAsync(ui, 'Header');
    await expect.poll(() => headerNow.getAttribute('src'), { timeout: 30_000 }).not.toBe(headerBefore);
    expect(await pressedIn(modes)).toBe('Swipe');
  }, 120_000);
});
