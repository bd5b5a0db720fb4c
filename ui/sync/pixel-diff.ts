// The pixel difference of two pictures of a component (≤ 256 px each), without the DOM: both
// aligned at the top left on a white canvas as big as the larger, every pixel compared by
// perceived colour (YIQ distance, as pixelmatch does), and the result drawn as changed pixels
// tinted over a faded "after", with boxes around the changed regions.
//
// Not counted as changed: a pixel explained by a shift of at most one pixel (its old colour is
// found next to it in the new picture and its new colour next to it in the old one), and a
// pixel on a smoothed edge in either picture (pixelmatch's anti-aliasing test: an in-between
// shade next to a flat area). A thin line or a text stroke added or removed is neither: its
// colour is nowhere near in the other picture.
//
// The loop runs a slice of rows at a time and awaits `yieldAsync` between slices, so a large
// pair never holds the main thread for long.
import { plural } from '../components/count-words';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, not premultiplied (as ImageData). */
  data: Uint8ClampedArray<ArrayBuffer>;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelDiff {
  width: number;
  height: number;
  changed: number;
  total: number;
  /** The changed share, 0–1. */
  share: number;
  /** Around each group of changed pixels (cells of 8 px touching), largest first, at most MAX_BOXES. */
  boxes: Box[];
  /** How many such groups there are, those past MAX_BOXES too. */
  areas: number;
  /** The picture to show: changed pixels tinted over a faded "after". */
  image: Pixels;
  /**
   * Whether each picture draws anything (a pixel not fully transparent). A hidden or see-through
   * component comes as a picture of nothing, which on the white canvas differs from every pixel of
   * a filled one: "Every pixel changed", true of the pixels and not of the design.
   */
  drawn: { before: boolean; after: boolean };
}

export interface PixelDiffOptions {
  /** 0–1: how different two colours must be to count (pixelmatch's default 0.1). */
  threshold?: number;
  /** Rows compared between two yields. */
  rowsPerSlice?: number;
  yieldAsync?: () => Promise<void>;
}

const MAX_BOXES = 12;
const CELL = 8;
/** Changed pixels are drawn in this colour (a strong magenta-red that reads on white and grey). */
const TINT = [240, 30, 90];

/** Pixel (x, y) of `pixels` blended over white, as [r, g, b]; white outside the picture. */
function rgbAt(pixels: Pixels, x: number, y: number, out: number[]): void {
  if (x >= pixels.width || y >= pixels.height) {
    out[0] = 255;
    out[1] = 255;
    out[2] = 255;
    return;
  }
  const index = (y * pixels.width + x) * 4;
  const alpha = pixels.data[index + 3]! / 255;
  out[0] = 255 + (pixels.data[index]! - 255) * alpha;
  out[1] = 255 + (pixels.data[index + 1]! - 255) * alpha;
  out[2] = 255 + (pixels.data[index + 2]! - 255) * alpha;
}

/** Squared YIQ distance of two colours (0 to 35215). */
function colorDelta(a: number[], b: number[]): number {
  const dr = a[0]! - b[0]!;
  const dg = a[1]! - b[1]!;
  const db = a[2]! - b[2]!;
  const y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
  const i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189;
  const q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
  return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
}

/** Whether some pixel within one pixel of (x, y) in `other` is alike `color`. */
function alikeNearby(color: number[], other: Pixels, x: number, y: number, width: number, height: number, maxDelta: number, scratch: number[]): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    const ny = y + dy;
    if (ny < 0 || ny >= height) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx;
      if ((dx === 0 && dy === 0) || nx < 0 || nx >= width) continue;
      rgbAt(other, nx, ny, scratch);
      if (colorDelta(color, scratch) <= maxDelta) return true;
    }
  }
  return false;
}

const brightness = (color: number[]): number => color[0]! * 0.29889531 + color[1]! * 0.58662247 + color[2]! * 0.11448223;
const sameColor = (a: number[], b: number[]): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
// Scratch colours for the two tests below (synchronous, so never shared across an await).
const center = [0, 0, 0];
const near = [0, 0, 0];
const siblingCenter = [0, 0, 0];
const sibling = [0, 0, 0];

/** Whether (x, y) of `pixels` has 3 or more neighbours of exactly its colour (a flat area). */
function hasManySiblings(pixels: Pixels, x: number, y: number, width: number, height: number): boolean {
  rgbAt(pixels, x, y, siblingCenter);
  let zeroes = x === 0 || y === 0 || x === width - 1 || y === height - 1 ? 1 : 0;
  for (let ny = Math.max(y - 1, 0); ny <= Math.min(y + 1, height - 1); ny++) {
    for (let nx = Math.max(x - 1, 0); nx <= Math.min(x + 1, width - 1); nx++) {
      if (nx === x && ny === y) continue;
      rgbAt(pixels, nx, ny, sibling);
      if (sameColor(siblingCenter, sibling) && ++zeroes > 2) return true;
    }
  }
  return false;
}

/**
 * pixelmatch's anti-aliasing test for (x, y) of `pixels`: it has a darker and a brighter
 * neighbour, at most two as bright as itself, and its darkest or brightest neighbour lies in a
 * flat area in both pictures.
 */
function antialiased(pixels: Pixels, x: number, y: number, width: number, height: number, before: Pixels, after: Pixels): boolean {
  rgbAt(pixels, x, y, center);
  const own = brightness(center);
  let zeroes = x === 0 || y === 0 || x === width - 1 || y === height - 1 ? 1 : 0;
  let min = 0;
  let max = 0;
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  for (let ny = Math.max(y - 1, 0); ny <= Math.min(y + 1, height - 1); ny++) {
    for (let nx = Math.max(x - 1, 0); nx <= Math.min(x + 1, width - 1); nx++) {
      if (nx === x && ny === y) continue;
      rgbAt(pixels, nx, ny, near);
      const delta = own - brightness(near);
      if (delta === 0) {
        if (++zeroes > 2) return false;
      } else if (delta < min) {
        min = delta;
        minX = nx;
        minY = ny;
      } else if (delta > max) {
        max = delta;
        maxX = nx;
        maxY = ny;
      }
    }
  }
  if (min === 0 || max === 0) return false;
  return (
    (hasManySiblings(before, minX, minY, width, height) && hasManySiblings(after, minX, minY, width, height)) ||
    (hasManySiblings(before, maxX, maxY, width, height) && hasManySiblings(after, maxX, maxY, width, height))
  );
}

/** Whether any pixel of `pixels` is not fully transparent. */
function drawsAnything(pixels: Pixels): boolean {
  for (let index = 3; index < pixels.data.length; index += 4) if (pixels.data[index] !== 0) return true;
  return false;
}

export async function diffPixelsAsync(before: Pixels, after: Pixels, options: PixelDiffOptions = {}): Promise<PixelDiff> {
  const threshold = options.threshold ?? 0.1;
  const maxDelta = 35215 * threshold * threshold;
  const rowsPerSlice = options.rowsPerSlice ?? 32;
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const image: Pixels = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  const columns = Math.ceil(width / CELL);
  const cells = new Uint8Array(columns * Math.ceil(height / CELL));
  const a = [0, 0, 0];
  const b = [0, 0, 0];
  const scratch = [0, 0, 0];
  let changed = 0;
  for (let y = 0; y < height; y++) {
    if (y > 0 && y % rowsPerSlice === 0 && options.yieldAsync) await options.yieldAsync();
    for (let x = 0; x < width; x++) {
      rgbAt(before, x, y, a);
      rgbAt(after, x, y, b);
      const out = (y * width + x) * 4;
      const differs =
        colorDelta(a, b) > maxDelta &&
        !(alikeNearby(a, after, x, y, width, height, maxDelta, scratch) && alikeNearby(b, before, x, y, width, height, maxDelta, scratch)) &&
        !antialiased(before, x, y, width, height, before, after) &&
        !antialiased(after, x, y, width, height, before, after);
      if (differs) {
        changed++;
        cells[Math.floor(y / CELL) * columns + Math.floor(x / CELL)] = 1;
        image.data[out] = TINT[0]!;
        image.data[out + 1] = TINT[1]!;
        image.data[out + 2] = TINT[2]!;
      } else {
        // The "after", faded towards white, so the tint stands out and the context stays.
        const gray = 0.299 * b[0]! + 0.587 * b[1]! + 0.114 * b[2]!;
        const faded = 255 - (255 - gray) * 0.25;
        image.data[out] = faded;
        image.data[out + 1] = faded;
        image.data[out + 2] = faded;
      }
      image.data[out + 3] = 255;
    }
  }
  const total = width * height;
  const areas = changed === 0 ? [] : boxesOf(cells, columns, width, height);
  const drawn = { before: drawsAnything(before), after: drawsAnything(after) };
  return { width, height, changed, total, share: total === 0 ? 0 : changed / total, boxes: areas.slice(0, MAX_BOXES), areas: areas.length, image, drawn };
}

/** Groups touching changed cells (8 neighbours) and boxes each group, clipped to the picture, largest first. */
function boxesOf(cells: Uint8Array, columns: number, width: number, height: number): Box[] {
  const rows = cells.length / columns;
  const seen = new Uint8Array(cells.length);
  const boxes: Array<Box & { area: number }> = [];
  for (let start = 0; start < cells.length; start++) {
    if (cells[start] === 0 || seen[start] === 1) continue;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -1;
    let maxY = -1;
    let area = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const cx = cell % columns;
      const cy = (cell - cx) / columns;
      area++;
      minX = Math.min(minX, cx);
      minY = Math.min(minY, cy);
      maxX = Math.max(maxX, cx);
      maxY = Math.max(maxY, cy);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= columns || ny >= rows) continue;
          const next = ny * columns + nx;
          if (cells[next] === 1 && seen[next] === 0) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    const x = minX * CELL;
    const y = minY * CELL;
    boxes.push({ x, y, width: Math.min(width, (maxX + 1) * CELL) - x, height: Math.min(height, (maxY + 1) * CELL) - y, area });
  }
  boxes.sort((first, second) => second.area - first.area);
  return boxes.map(({ x, y, width: boxWidth, height: boxHeight }) => ({ x, y, width: boxWidth, height: boxHeight }));
}

/**
 * In place of the share when a picture draws nothing: said as what it is, not as pixels changed.
 * Null when both draw something.
 */
export function nothingDrawnText({ drawn }: Pick<PixelDiff, 'drawn'>, labels: { before: string; after: string }): string | null {
  const why = '(the component hidden, or fully transparent)';
  if (!drawn.before && !drawn.after) return `Nothing to compare: neither picture shows anything ${why}.`;
  const empty = !drawn.before ? labels.before : !drawn.after ? labels.after : null;
  return empty === null ? null : `Nothing to compare: “${empty}” shows nothing ${why}.`;
}

/** "4.2 % of pixels changed", "Less than 0.1 % …", "More than 99.9 % …", "Every pixel changed" or "No visible change". */
export function pixelDiffText(diff: Pick<PixelDiff, 'changed' | 'share'>): string {
  if (diff.changed === 0) return 'No visible change';
  if (diff.share === 1) return 'Every pixel changed';
  const percent = diff.share * 100;
  // Rounded, neither end may read as none or all while it is not.
  if (percent < 0.1) return 'Less than 0.1 % of pixels changed';
  const shown = percent.toFixed(1);
  return `${shown === '100.0' ? 'More than 99.9' : shown} % of pixels changed`;
}

/** "3 areas boxed"; past MAX_BOXES, which ones ("12 largest of 30 areas boxed": not all of them are). */
export function boxedText({ boxes, areas }: Pick<PixelDiff, 'boxes' | 'areas'>): string {
  const boxed = boxes.length;
  return boxed === 0 ? '' : `${boxed < areas ? `${boxed} largest of ${areas} areas` : plural(boxed, 'area')} boxed`;
}
