// A small component's two pictures (a 16 px icon whose fill changed) through the playground: the
// real plugin against the fake Figma and the builder emulator. Read where a person sees them: the
// size each picture is drawn at on the screen, mode after mode.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { comparedAgainDetailAsync, drawnPictureSizeAsync, linkToEmptyDesignSystemAsync } from './support/sync-steps';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

/** Synced, then the heart icon's fill changed in the playground's controls, compared again and opened. */
async function heartFillChangedDetailAsync(ui: Frame): Promise<Locator> {
  await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).click();
  await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);
  await h.page.getByRole('combobox', { name: /^Component/ }).selectOption({ label: 'Icon/Heart' });
  await h.page.locator('input[type="color"]').fill('#ff2200');
  await h.page.getByRole('button', { name: 'Change fill' }).click();
  return comparedAgainDetailAsync(ui, 'Icon/Heart');
}

describe('a small component’s pictures', () => {
  it('are drawn at the same size in every mode, their own (a 16 px icon was enlarged to 240 px in Overlay and Swipe, 238 px in Difference, 182 px side by side)', async () => {
    await h.openFreshAsync('?theme=light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    const modes = await heartFillChangedDetailAsync(ui);
    const detail = ui.getByTestId('sync-detail');
    const sizes: Record<string, Array<{ width: number; height: number }>> = {};
    let natural = { width: 0, height: 0 };
    for (const mode of ['Side by side', 'Overlay', 'Swipe', 'Difference'] as const) {
      await modes.getByRole('button', { name: mode }).click();
      const pictures =
        mode === 'Difference'
          ? [detail.getByRole('img', { name: /^Icon\/Heart: pixels that differ/ })]
          : [detail.getByRole('img', { name: 'Icon/Heart: Last sync' }), detail.getByRole('img', { name: 'Icon/Heart: This file' })];
      await pictures[0]!.waitFor({ timeout: 15_000 });
      const drawn = await Promise.all(pictures.map(drawnPictureSizeAsync));
      natural = drawn[0]!.natural;
      sizes[mode] = drawn.map(({ width, height }) => ({ width: Math.round(width), height: Math.round(height) }));
    }
    // A small picture: it fits every mode's room as it is.
    expect(natural.width).toBeLessThanOrEqual(32);
    const one = { width: natural.width, height: natural.height };
    expect(sizes).toEqual({ 'Side by side': [one, one], Overlay: [one, one], Swipe: [one, one], Difference: [one] });
    expect(await axeViolationsAsync(ui)).toEqual([]);
  }, 120_000);
});
