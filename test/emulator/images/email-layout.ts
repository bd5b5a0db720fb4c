// A simple, deterministic email-like picture: header band, hero, headings, grey text bars,
// buttons, image blocks and a footer. Pure: a list of rectangles and a pixel function.
import { createPrng } from '../core/prng';

type Rgb = readonly [number, number, number];

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  color: Rgb;
}

export interface Layout {
  width: number;
  height: number;
  background: Rgb;
  /** Sorted by `y`. */
  rects: Rect[];
}

const mix = (color: Rgb, toward: Rgb, amount: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(color[i]! + (toward[i]! - color[i]!) * amount)) as unknown as Rgb;
const WHITE: Rgb = [255, 255, 255];
const TEXT_GREY: Rgb = [200, 200, 204];
const HEADING_GREY: Rgb = [90, 90, 96];

export function emailLayout(seed: number, color: Rgb, width: number, height: number): Layout {
  const prng = createPrng(seed);
  const rects: Rect[] = [];
  const margin = 32;
  rects.push({ x: 0, y: 0, w: width, h: 80, color }, { x: margin, y: 28, w: 140, h: 24, color: WHITE });
  rects.push({ x: 0, y: 80, w: width, h: 300, color: mix(color, WHITE, 0.55) });
  let y = 412;
  const footerTop = height - 160;
  let previous = -1;
  while (y < footerTop - 120) {
    // A heading is followed by text, and no block kind repeats except text.
    let kind = previous === 1 ? 2 : prng.int(0, 3);
    if (kind === previous && kind !== 2) kind = 2;
    previous = kind;
    if (kind === 0) {
      // Image block, like a product photo row.
      const h = prng.int(140, 260);
      rects.push({ x: margin, y, w: width - 2 * margin, h: Math.min(h, footerTop - 40 - y), color: mix(color, WHITE, prng.next() * 0.5 + 0.2) });
      y += h + 28;
    } else if (kind === 1) {
      rects.push({ x: margin, y, w: Math.round((width - 2 * margin) * (0.4 + prng.next() * 0.4)), h: 18, color: HEADING_GREY });
      y += 34;
    } else if (kind === 2) {
      for (let line = prng.int(3, 6); line > 0 && y < footerTop - 60; line--) {
        rects.push({ x: margin, y, w: Math.round((width - 2 * margin) * (0.6 + prng.next() * 0.4)), h: 10, color: TEXT_GREY });
        y += 20;
      }
      y += 16;
    } else {
      rects.push({ x: margin, y, w: 160, h: 44, color });
      y += 72;
    }
  }
  rects.push({ x: 0, y: footerTop, w: width, h: 160, color: [238, 238, 240] });
  for (let line = 0; line < 3; line++) rects.push({ x: margin, y: footerTop + 40 + line * 22, w: 300 - line * 60, h: 8, color: [190, 190, 196] });
  rects.sort((a, b) => a.y - b.y);
  return { width, height, background: WHITE, rects };
}

/** Pixel function for `encodePng`, drawing the layout scaled by `scale` (rows in order). */
export function layoutPixels(layout: Layout, scale = 1): (x: number, y: number) => readonly [number, number, number, number] {
  let rowY = -1;
  let rowRects: Rect[] = [];
  return (x, y) => {
    const ly = Math.floor(y / scale);
    if (ly !== rowY) {
      rowY = ly;
      rowRects = layout.rects.filter((rect) => ly >= rect.y && ly < rect.y + rect.h);
    }
    const lx = Math.floor(x / scale);
    let color = layout.background;
    for (const rect of rowRects) if (lx >= rect.x && lx < rect.x + rect.w) color = rect.color;
    return [color[0], color[1], color[2], 255];
  };
}
