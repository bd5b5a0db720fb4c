// A component whose width changed (Header, 600 → 640 px wide), through the playground: the real
// plugin against the fake Figma and the builder emulator. Both pictures are exported at most
// 256 px on their long side, so each came at its own scale; read where a person sees them: the
// size each is drawn at, mode after mode, and the share the Difference mode calls changed.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { comparedAgainDetailAsync, drawnPictureSizeAsync, linkToEmptyDesignSystemAsync } from './support/sync-steps';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

interface Widened {
  before: { width: number; height: number };
  after: { width: number; height: number };
  /** Header's navigation (right-aligned: it moves with the width), after the change. */
  nav: { x: number; width: number; height: number };
}

/** Synced, then Header made 40 px wider (set up through the fake's document: the playground has no size control). */
async function syncedThenWidenedAsync(ui: Frame): Promise<Widened> {
  await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).click();
  await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);
  return evaluateHooks(h.page, (hooks) => {
    const { inspect } = hooks.fake();
    return inspect.run(() => {
      const header = inspect.allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Header') as ComponentNode;
      const before = { width: header.width, height: header.height };
      header.resize(header.width + 40, header.height);
      const nav = header.children.find((child) => child.name === 'Navigation')!;
      return { before, after: { width: header.width, height: header.height }, nav: { x: nav.x, width: nav.width, height: nav.height } };
    });
  });
}

describe('the pictures of a component whose size changed', () => {
  it('are drawn at one scale in every mode, and Difference counts only what the change covers', async () => {
    await h.openFreshAsync('?theme=light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    const widened = await syncedThenWidenedAsync(ui);
    expect(widened.before.width).toBe(600);
    expect(widened.after.width).toBe(640);
    const modes = await comparedAgainDetailAsync(ui, 'Header');
    const detail = ui.getByTestId('sync-detail');
    const widthRatio = widened.before.width / widened.after.width;
    const heightRatio = widened.before.height / widened.after.height;

    for (const mode of ['Side by side', 'Overlay', 'Swipe'] as const) {
      await modes.getByRole('button', { name: mode }).click();
      const before = detail.getByRole('img', { name: 'Header: Last sync' });
      const after = detail.getByRole('img', { name: 'Header: This file' });
      await after.waitFor({ timeout: 15_000 });
      await expect.poll(async () => (await drawnPictureSizeAsync(before)).width, { timeout: 10_000 }).toBeGreaterThan(0);
      const [drawnBefore, drawnAfter] = await Promise.all([drawnPictureSizeAsync(before), drawnPictureSizeAsync(after)]);
      // Both exported 256 px wide (each capped on its long side): as they are, both drawn alike.
      expect(drawnBefore.natural.width).toBe(drawnAfter.natural.width);
      // At one scale: the wider version the wider picture, in proportion (a pixel of rounding).
      expect({ mode, width: drawnBefore.width / drawnAfter.width }).toEqual({ mode, width: expect.closeTo(widthRatio, 2) });
      expect(Math.abs(drawnBefore.width - drawnAfter.width * widthRatio)).toBeLessThan(1.5);
      expect(Math.abs(drawnBefore.height - drawnAfter.height * heightRatio)).toBeLessThan(1.5);
    }

    await modes.getByRole('button', { name: 'Difference' }).click();
    const text = detail.getByTestId('sync-pixel-diff-text');
    await expect.poll(() => textOf(text), { timeout: 15_000 }).toMatch(/% of pixels changed/);
    const share = Number(/([\d.]+) % of pixels changed/.exec((await textOf(text)) ?? '')![1]) / 100;
    const canvas = await drawnPictureSizeAsync(detail.getByRole('img', { name: /^Header: pixels that differ/ }));
    // What the change covers, at the after's scale: the 40 px strip the old version did not have,
    // and the navigation's old and new places (it moved 40 px right), with a pixel around each.
    const scale = canvas.natural.width / widened.after.width;
    const frame = canvas.natural.width * canvas.natural.height;
    const strip = 40 * scale * canvas.natural.height;
    const navArea = ((widened.nav.width + 40) * scale + 2) * (widened.nav.height * scale + 2);
    expect(share).toBeGreaterThan((0.9 * strip) / frame);
    expect(share).toBeLessThan((strip + navArea) / frame);
    // Left of the navigation's old place nothing changed: no pixel there is tinted as changed.
    const untouched = Math.floor((widened.nav.x - 40) * scale) - 1;
    const tintedLeft = await detail.getByRole('img', { name: /^Header: pixels that differ/ }).evaluate((element, right) => {
      const canvas = element as HTMLCanvasElement;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, right, canvas.height);
      let tinted = 0;
      for (let at = 0; at < data.length; at += 4) if (data[at] === 240 && data[at + 1] === 30 && data[at + 2] === 90) tinted++;
      return tinted;
    }, untouched);
    expect(untouched).toBeGreaterThan(100);
    expect(tintedLeft).toBe(0);
    expect(await axeViolationsAsync(ui)).toEqual([]);
  }, 150_000);
});

describe('the pictures of a component given a drop shadow', () => {
  it('are drawn at one scale: the shadow’s pixels widen the picture, the component stays its shadowless size', async () => {
    await h.openFreshAsync('?theme=light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).click();
    await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);
    // Header (600 px wide) given a soft shadow, 12 px of blur on each side (set up through the fake's document).
    const painted = await evaluateHooks(h.page, (hooks) => {
      const { inspect } = hooks.fake();
      return inspect.run(() => {
        const header = inspect.allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Header') as ComponentNode;
        header.effects = [{ type: 'DROP_SHADOW', color: { r: 0, g: 0, b: 0, a: 0.2 }, offset: { x: 0, y: 4 }, radius: 12, spread: 0, visible: true, blendMode: 'NORMAL' }];
        return { box: header.width, render: header.absoluteRenderBounds!.width };
      });
    });
    expect(painted).toEqual({ box: 600, render: 624 });
    const modes = await comparedAgainDetailAsync(ui, 'Header');
    const detail = ui.getByTestId('sync-detail');
    await modes.getByRole('button', { name: 'Side by side' }).click();
    const before = detail.getByRole('img', { name: 'Header: Last sync' });
    const after = detail.getByRole('img', { name: 'Header: This file' });
    await after.waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await drawnPictureSizeAsync(before)).width, { timeout: 10_000 }).toBeGreaterThan(0);
    const [drawnBefore, drawnAfter] = await Promise.all([drawnPictureSizeAsync(before), drawnPictureSizeAsync(after)]);
    // px per Figma unit of each, read where it is drawn: the plain one across its box, the shadowed one across its box and shadow.
    expect(drawnAfter.width / painted.render).toBeCloseTo(drawnBefore.width / painted.box, 2);
    expect(Math.abs(drawnAfter.width - (drawnBefore.width * painted.render) / painted.box)).toBeLessThan(1.5);
  }, 150_000);
});
