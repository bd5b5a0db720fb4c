// Where a new reference (or a batch of them) goes on the page: to the right of what is selected,
// or else in the middle of what the person is looking at. Pure.

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

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
