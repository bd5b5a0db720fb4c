import { describe, expect, it } from 'vitest';
import { diffPixelsAsync, nothingDrawnText, pixelDiffText, type Pixels } from '../../../ui/sync/pixel-diff';

type Rgba = [number, number, number, number];
const WHITE: Rgba = [255, 255, 255, 255];
const RED: Rgba = [220, 20, 20, 255];
const BLUE: Rgba = [10, 90, 250, 255];

function picture(width: number, height: number, paint: (x: number, y: number) => Rgba): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  return { width, height, data };
}

const square = (color: Rgba, from: number, to: number) => (x: number, y: number) => (x >= from && x < to && y >= from && y < to ? color : WHITE);

describe('pixel difference', () => {
  it('finds nothing between identical pictures: no box, "No visible change"', async () => {
    const a = picture(40, 30, square(RED, 5, 15));
    const diff = await diffPixelsAsync(a, picture(40, 30, square(RED, 5, 15)));
    expect(diff).toMatchObject({ changed: 0, total: 1200, share: 0, boxes: [] });
    expect(pixelDiffText(diff)).toBe('No visible change');
  });

  it('counts a recoloured block and boxes it; the share is said in words', async () => {
    const diff = await diffPixelsAsync(picture(50, 50, square(RED, 10, 20)), picture(50, 50, square(BLUE, 10, 20)));
    expect(diff.changed).toBe(100);
    expect(pixelDiffText(diff)).toBe('4.0 % of pixels changed');
    expect(diff.boxes).toHaveLength(1);
    const box = diff.boxes[0]!;
    expect(box.x).toBeLessThanOrEqual(10);
    expect(box.y).toBeLessThanOrEqual(10);
    expect(box.x + box.width).toBeGreaterThanOrEqual(20);
    expect(box.y + box.height).toBeGreaterThanOrEqual(20);
    // Changed pixels tinted, the rest faded towards white.
    const at = (x: number, y: number) => [...diff.image.data.slice((y * 50 + x) * 4, (y * 50 + x) * 4 + 3)];
    expect(at(15, 15)).toEqual([240, 30, 90]);
    expect(at(40, 40)).toEqual([255, 255, 255]);
  });

  it('boxes separate changes separately', async () => {
    const before = picture(64, 64, () => WHITE);
    const after = picture(64, 64, (x, y) => ((x < 4 && y < 4) || (x >= 50 && y >= 50 && x < 60 && y < 60) ? BLUE : WHITE));
    const diff = await diffPixelsAsync(before, after);
    expect(diff.boxes).toHaveLength(2);
    expect(diff.boxes[0]!.width * diff.boxes[0]!.height).toBeGreaterThan(diff.boxes[1]!.width * diff.boxes[1]!.height);
  });

  it('aligns pictures of different sizes at the top left on white', async () => {
    const before = picture(10, 10, () => RED);
    const sameLeft = picture(20, 10, (x) => (x < 10 ? RED : WHITE));
    expect((await diffPixelsAsync(before, sameLeft)).changed).toBe(0);
    const widened = picture(20, 10, (x) => (x < 10 ? RED : BLUE));
    const diff = await diffPixelsAsync(before, widened);
    expect(diff).toMatchObject({ width: 20, height: 10, changed: 100, share: 0.5 });
  });

  it('ignores anti-aliasing: an edge moved by one pixel or softened is no change', async () => {
    const before = picture(30, 30, square(RED, 10, 20));
    expect((await diffPixelsAsync(before, picture(30, 30, square(RED, 11, 21)))).changed).toBe(0);
    const soft: Rgba = [237, 137, 137, 255];
    const softened = picture(30, 30, (x, y) => (x === 9 && y >= 10 && y < 20 ? soft : square(RED, 10, 20)(x, y)));
    expect((await diffPixelsAsync(before, softened)).changed).toBe(0);
  });

  it('counts thin lines added or removed (a divider, a hairline stroke, text strokes): they are not anti-aliasing', async () => {
    const BLACK: Rgba = [20, 20, 20, 255];
    const blank = picture(40, 20, () => WHITE);
    const hairline = picture(40, 20, (x, y) => (y === 10 && x >= 5 && x < 35 ? BLACK : WHITE));
    const removed = await diffPixelsAsync(hairline, blank);
    expect(removed.changed).toBe(30);
    expect(removed.boxes.length).toBeGreaterThan(0);
    expect(pixelDiffText(removed)).not.toBe('No visible change');
    const thick = picture(40, 20, (x, y) => ((y === 10 || y === 11) && x >= 5 && x < 35 ? BLACK : WHITE));
    expect((await diffPixelsAsync(blank, thick)).changed).toBe(60);
    // A line that only moves by one pixel stays within the tolerance.
    const lower = picture(40, 20, (x, y) => (y === 11 && x >= 5 && x < 35 ? BLACK : WHITE));
    expect((await diffPixelsAsync(hairline, lower)).changed).toBe(0);
  });

  it('treats transparent pixels as the white canvas', async () => {
    const clear = picture(8, 8, () => [0, 0, 0, 0]);
    expect((await diffPixelsAsync(clear, picture(8, 8, () => WHITE))).changed).toBe(0);
  });

  it('yields between slices of rows', async () => {
    let yields = 0;
    await diffPixelsAsync(picture(10, 100, () => WHITE), picture(10, 100, () => RED), { rowsPerSlice: 10, yieldAsync: async () => void yields++ });
    expect(yields).toBe(9);
  });

  it('says a tiny share as less than 0.1 %', () => {
    expect(pixelDiffText({ changed: 3, share: 0.0004 })).toBe('Less than 0.1 % of pixels changed');
    // Just below 0.1 % would round up to "0.1 %"; just at it, that is what it is.
    expect(pixelDiffText({ changed: 999, share: 0.000999 })).toBe('Less than 0.1 % of pixels changed');
    expect(pixelDiffText({ changed: 1, share: 0.001 })).toBe('0.1 % of pixels changed');
  });

  it('says every pixel changed when all did, and never rounds a share short of that up to 100 %', async () => {
    const diff = await diffPixelsAsync(picture(20, 20, () => WHITE), picture(20, 20, () => RED));
    expect(diff.changed).toBe(diff.total);
    expect(pixelDiffText(diff)).toBe('Every pixel changed');
    expect(pixelDiffText({ changed: 9_996, share: 0.9996 })).toBe('More than 99.9 % of pixels changed');
    expect(pixelDiffText({ changed: 9_994, share: 0.9994 })).toBe('99.9 % of pixels changed');
  });

  // A hidden (or see-through) component's picture draws nothing: on the white canvas every pixel of a
  // filled one differed, and the caption said "Every pixel changed".
  describe('a picture that draws nothing', () => {
    const labels = { before: 'Last sync', after: 'This file' };
    const clear = picture(20, 20, () => [0, 0, 0, 0]);
    const filled = picture(20, 20, () => RED);

    it('is said as nothing to compare, naming the picture that shows nothing', async () => {
      const hidden = await diffPixelsAsync(filled, clear);
      expect(pixelDiffText(hidden)).toBe('Every pixel changed');
      expect(hidden.drawn).toEqual({ before: true, after: false });
      expect(nothingDrawnText(hidden, labels)).toBe('Nothing to compare: “This file” shows nothing (the component hidden, or fully transparent).');
      const shown = await diffPixelsAsync(clear, filled);
      expect(nothingDrawnText(shown, labels)).toBe('Nothing to compare: “Last sync” shows nothing (the component hidden, or fully transparent).');
    });

    it('is said of both when neither draws anything', async () => {
      expect(nothingDrawnText(await diffPixelsAsync(clear, clear), labels)).toBe('Nothing to compare: neither picture shows anything (the component hidden, or fully transparent).');
    });

    it('says nothing of a picture drawn white, or drawn faintly', async () => {
      expect(nothingDrawnText(await diffPixelsAsync(picture(20, 20, () => WHITE), filled), labels)).toBeNull();
      const faint = picture(20, 20, (x, y) => (x === 3 && y === 4 ? [0, 0, 0, 1] : [0, 0, 0, 0]));
      expect(nothingDrawnText(await diffPixelsAsync(faint, filled), labels)).toBeNull();
    });
  });
});
