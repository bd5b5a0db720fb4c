// Where a new reference (or a batch of them) goes on the page: to the right of what is selected,
// or else in the middle of what the person is looking at. Pure.

import type { Box, Point } from '../platform/view-onto';

// The shapes live with the view's rule, below canvas, where Show (src/platform) reads them too.
export type { Box, Point };

/** Space between a reference and what it is placed beside, and between references in a batch. */
export const PLACEMENT_GAP = 80;

/** The smallest box holding every box, or null for none. */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * The top-left corner for something `size` big: beside the selection (its right edge plus a gap,
 * tops aligned) when there is one, else centred on the viewport. Whole pixels, so tiles stay
 * on the pixel grid.
 */
export function placeBesideOrCentre(size: { width: number; height: number }, selection: Box | null, viewportCenter: Point): Point {
  if (selection) return { x: Math.round(selection.x + selection.width + PLACEMENT_GAP), y: Math.round(selection.y) };
  return { x: Math.round(viewportCenter.x - size.width / 2), y: Math.round(viewportCenter.y - size.height / 2) };
}

/** A child of an auto-layout frame as the drop sees it; `inFlow` is false for absolute or hidden ones. */
export interface FlowChild extends Box {
  inFlow: boolean;
}

/**
 * Where a reference dropped at `point` (in the frame's coordinates) goes among an auto-layout
 * frame's children, as Figma's own drag does: after every child in the flow whose middle the
 * point has passed along the frame's direction. Wrapped rows count whole rows above the point
 * first. Children outside the flow keep their places (the index counts them as they stand).
 */
export function flowInsertIndex(children: readonly FlowChild[], direction: 'HORIZONTAL' | 'VERTICAL', wraps: boolean, point: Point): number {
  let index = 0;
  children.forEach((child, at) => {
    if (!child.inFlow) return;
    const before =
      direction === 'VERTICAL'
        ? child.y + child.height / 2 < point.y
        : wraps && child.y + child.height <= point.y
          ? true
          : (!wraps || child.y <= point.y) && child.x + child.width / 2 < point.x;
    if (before) index = at + 1;
  });
  return index;
}

/**
 * The first place at or right of `at` (same top) where something `size` big keeps a gap from
 * every box in `taken`: new references go beside what is on the page, never over a designer's
 * work. One pass over the boxes sorted by their left edge, so a page of thousands stays cheap.
 */
export function clearOf(at: Point, size: { width: number; height: number }, taken: readonly Box[]): Point {
  const top = at.y - PLACEMENT_GAP;
  const bottom = at.y + size.height + PLACEMENT_GAP;
  const inBand = taken.filter((box) => box.y < bottom && box.y + box.height > top).sort((a, b) => a.x - b.x);
  let x = at.x;
  for (const box of inBand) {
    if (box.x >= x + size.width + PLACEMENT_GAP) break;
    if (box.x + box.width + PLACEMENT_GAP > x) x = Math.ceil(box.x + box.width + PLACEMENT_GAP);
  }
  return { x, y: at.y };
}
