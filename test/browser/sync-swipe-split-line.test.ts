// Swipe shows "Last sync" left of the split and "This file" right of it: the split is drawn as a
// line that follows the slider, standing out 3:1 (WCAG 1.4.11) from the frame and, dark with a light
// edge (light with a dark edge in the dark theme), on any picture. There was no line: where two
// similar pictures met, a designer could not tell where one ended.
import { describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { checkAxeAsync, weakMarksAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { headerFillChangedDetailAsync, linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();

/** Where the line is across the frame (0–1), and the contrast of its middle with its edge, read from the pixels half-way down. */
async function lineAsync(ui: Frame, frame: Locator, line: Locator): Promise<{ at: number; edge: number }> {
  const [box, lineBox] = [(await frame.boundingBox())!, (await line.boundingBox())!];
  const png = (await frame.screenshot({ animations: 'disabled' })).toString('base64');
  // The line's two columns of pixels, each against the edge beside it (1 px out), half-way down.
  const left = Math.round(lineBox.x - box.x);
  const edge = await ui.evaluate(
    async ({ base64, left }) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))]));
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const luminance = (x: number) => {
        const data = context.getImageData(x, Math.floor(bitmap.height / 2), 1, 1).data;
        return [0, 1, 2].map((i) => data[i]! / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
      };
      const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      return Math.min(contrast(luminance(left), luminance(left - 1)), contrast(luminance(left + 1), luminance(left + 2)));
    },
    { base64: png, left },
  );
  return { at: (lineBox.x + lineBox.width / 2 - box.x) / box.width, edge };
}

describe.each(['light', 'dark'] as const)('Swipe’s split, %s theme', (theme) => {
  it('is a line where the slider puts it, 3:1 from the frame and from its edge on the pictures', async () => {
    await h.openFreshAsync(`?theme=${theme}`);
    const ui = await linkToEmptyDesignSystemAsync(h);
    const modes = await headerFillChangedDetailAsync(h, ui);
    await modes.getByRole('button', { name: 'Swipe' }).click();
    const slider = ui.getByRole('slider', { name: /^Swipe between/ });
    const frame = ui.locator('.sync-stack');
    const line = frame.locator('.sync-split');
    await ui.getByTestId('sync-detail').getByRole('img').nth(1).waitFor();

    const { measured, weak } = await weakMarksAsync(ui, '.sync-split');
    expect(measured).toBe(1);
    expect(weak).toEqual([]);
    let seen = await lineAsync(ui, frame, line);
    expect(seen.at).toBeCloseTo(0.5, 1);
    expect(seen.edge).toBeGreaterThanOrEqual(3);

    // Moved from the keyboard, the line goes with it.
    await slider.focus();
    for (let step = 0; step < 25; step++) await h.page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).toBe('75');
    seen = await lineAsync(ui, frame, line);
    expect(seen.at).toBeCloseTo(0.75, 1);
    expect(seen.edge).toBeGreaterThanOrEqual(3);
    await checkAxeAsync(ui, `Swipe, ${theme}`);

    // Overlay has no split.
    await modes.getByRole('button', { name: 'Overlay' }).click();
    expect(await line.count()).toBe(0);
  }, 120_000);
});
