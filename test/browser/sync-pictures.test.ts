// A component whose size changed, its two pictures compared in Overlay and Swipe through the
// playground: the real plugin against the fake Figma and the builder emulator. The outcome is
// read where a person sees it: where and how large each picture is drawn on the screen.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { comparedAgainDetailAsync, linkToEmptyDesignSystemAsync } from './support/sync-steps';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

/** Synced, then Header made taller (its padding, as a designer sets it), compared again and opened. */
async function tallerHeaderDetailAsync(ui: Frame): Promise<Locator> {
  await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).click();
  await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);
  // A fixture step (the playground has no control for padding): through the node's own setters.
  await evaluateHooks(h.page, (hooks) =>
    hooks.inspect().run(() => {
      const header = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Header') as ComponentNode;
      header.paddingTop = 60;
      header.paddingBottom = 60;
    }),
  );
  return comparedAgainDetailAsync(ui, 'Header');
}

/** Where a picture is drawn on the screen (its top left) and at what scale of its own pixels, whatever its element's box and object-fit. */
function drawnAsync(picture: Locator): Promise<{ left: number; top: number; scaleX: number; scaleY: number; naturalHeight: number }> {
  return picture.evaluate(async (element) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const style = getComputedStyle(image);
    const box = image.getBoundingClientRect();
    const px = (value: string) => parseFloat(value) || 0;
    const left = box.left + px(style.borderLeftWidth) + px(style.paddingLeft);
    const top = box.top + px(style.borderTopWidth) + px(style.paddingTop);
    const width = box.width - px(style.borderLeftWidth) - px(style.paddingLeft) - px(style.borderRightWidth) - px(style.paddingRight);
    const height = box.height - px(style.borderTopWidth) - px(style.paddingTop) - px(style.borderBottomWidth) - px(style.paddingBottom);
    const { naturalWidth, naturalHeight } = image;
    if (style.objectFit !== 'contain') return { left, top, scaleX: width / naturalWidth, scaleY: height / naturalHeight, naturalHeight };
    const scale = Math.min(width / naturalWidth, height / naturalHeight);
    const [x, y] = style.objectPosition.split(' ').map((part) => px(part) / 100) as [number, number];
    return { left: left + (width - naturalWidth * scale) * x, top: top + (height - naturalHeight * scale) * y, scaleX: scale, scaleY: scale, naturalHeight };
  });
}

describe('a component whose height changed', () => {
  for (const [mode, theme] of [['Overlay', 'light'], ['Swipe', 'dark']] as const) {
    it(`in ${mode} (${theme}), draws both pictures at one scale from the same top left, as Difference does (each was fitted to the box on its own, the taller one shrunk and centred)`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      const modes = await tallerHeaderDetailAsync(ui);
      await modes.getByRole('button', { name: mode }).click();
      const detail = ui.getByTestId('sync-detail');
      const before = await drawnAsync(detail.getByRole('img', { name: 'Header: Last sync' }));
      const after = await drawnAsync(detail.getByRole('img', { name: 'Header: This file' }));
      // The pictures do differ in size (Header is taller now).
      expect(after.naturalHeight).toBeGreaterThan(before.naturalHeight * 1.5);
      expect(Math.abs(after.left - before.left)).toBeLessThan(1);
      expect(Math.abs(after.top - before.top)).toBeLessThan(1);
      expect(after.scaleX / before.scaleX).toBeCloseTo(1, 2);
      expect(after.scaleY / before.scaleY).toBeCloseTo(1, 2);
      await detail.locator('.sync-stack-wrap').screenshot({ path: `test-results/screenshots/sync-stack-${mode.toLowerCase()}-${theme}.png` });
      expect(await axeViolationsAsync(ui)).toEqual([]);
    }, 120_000);
  }
});
