// Where the Difference picture's box around a changed area is drawn: two one-pixel rings, a dark
// one and a light one just outside it, so the box shows on the faded picture, on the tint and
// against the frame in either theme. Each side goes outside the area while the picture has room;
// at the picture's edge it moves inward (the light ring on the edge pixels, the dark one on the
// area), so the box never lies on the frame, where a dark stroke read as the area's own outline.
import type { Box } from './pixel-diff';

/** Pixel columns and rows, inclusive. */
export interface Ring {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The dark ring is 1 px outside the area and the light one 2 px, or as far as the picture allows. */
export function boxOutline(box: Box, width: number, height: number): { dark: Ring; light: Ring } {
  const left = box.x - Math.min(2, box.x);
  const top = box.y - Math.min(2, box.y);
  const right = box.x + box.width - 1 + Math.min(2, width - box.x - box.width);
  const bottom = box.y + box.height - 1 + Math.min(2, height - box.y - box.height);
  const light = { left, top, right, bottom };
  // Inside the light ring, unless the area is too thin for two: then on it.
  const [darkLeft, darkRight] = right - left >= 2 ? [left + 1, right - 1] : [left, right];
  const [darkTop, darkBottom] = bottom - top >= 2 ? [top + 1, bottom - 1] : [top, bottom];
  const dark = { left: darkLeft, top: darkTop, right: darkRight, bottom: darkBottom };
  return { dark, light };
}
