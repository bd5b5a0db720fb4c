// Where the drawing of a page goes on the canvas: one scale and offset that fit every top-level
// node into the visible area, never enlarging (a 600-px email stays at most 600 px wide).
import { unionBox, type Box } from '../../../src/canvas/placement';

export type { Box };

export interface Fit {
  scale: number;
  /** Add to a document coordinate after scaling to get the canvas coordinate. */
  offsetX: number;
  offsetY: number;
}

/** The box around every node; a node's negative size (mid-edit) counts as none. */
export function boundsOf(boxes: readonly Box[]): Box | null {
  return unionBox(boxes.map((box) => ({ ...box, width: Math.max(0, box.width), height: Math.max(0, box.height) })));
}

/**
 * Fits the boxes into a `width` × `height` area with `padding` around them. `minScale` keeps a
 * huge page readable: below it the drawing is allowed to overflow (and the canvas scrolls).
 */
export function fitDrawing(
  boxes: readonly Box[],
  area: { width: number; height: number; padding: number; minScale?: number },
): Fit {
  const bounds = boundsOf(boxes);
  if (!bounds) return { scale: 1, offsetX: area.padding, offsetY: area.padding };
  const availableWidth = Math.max(1, area.width - 2 * area.padding);
  const availableHeight = Math.max(1, area.height - 2 * area.padding);
  const fitScale = Math.min(1, availableWidth / Math.max(1, bounds.width), availableHeight / Math.max(1, bounds.height));
  const scale = Math.max(area.minScale ?? 0, fitScale);
  return {
    scale,
    offsetX: area.padding - bounds.x * scale,
    offsetY: area.padding - bounds.y * scale,
  };
}

/** Places the boxes at a chosen scale (a person zoomed in or out), `padding` from the top left. */
export function placeAtScale(boxes: readonly Box[], scale: number, padding: number): Fit {
  const bounds = boundsOf(boxes);
  if (!bounds) return { scale, offsetX: padding, offsetY: padding };
  return { scale, offsetX: padding - bounds.x * scale, offsetY: padding - bounds.y * scale };
}

const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3];

/** The next zoom step in or out from `scale` (Figma-like steps), within 10 %–300 %. */
export function nextZoom(scale: number, direction: 'in' | 'out'): number {
  if (direction === 'in') return ZOOM_STEPS.find((step) => step > scale + 1e-9) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 1e-9) ?? ZOOM_STEPS[0]!;
}
