// How a screenshot is cut into tiles Figma accepts (`createImage` refuses more than 4,096 px on a
// side) and put back together exactly: the UI cuts by this plan and the sandbox checks the tiles
// it gets against it, so both sides agree on every offset. Pure; shared by both sides.

/** Figma's largest image side (`createImage`). */
export const MAX_TILE_SIDE = 4096;

export interface TileRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Splits `length` px into the fewest parts of at most `max` px, as even as whole pixels allow
 * (12,000 → 4,000 × 3 rather than 4,096 + 4,096 + 3,808), larger parts first.
 */
function splitLength(length: number, max: number): Array<{ start: number; size: number }> {
  const count = Math.ceil(length / max);
  const base = Math.floor(length / count);
  const larger = length - base * count;
  const parts: Array<{ start: number; size: number }> = [];
  let start = 0;
  for (let index = 0; index < count; index++) {
    const size = base + (index < larger ? 1 : 0);
    parts.push({ start, size });
    start += size;
  }
  return parts;
}

/** Whether `value` is a whole number of pixels from 1 up (a screenshot's side). */
function isPixelLength(value: number): boolean {
  return Number.isInteger(value) && value >= 1;
}

/**
 * The tiles of a `width` × `height` px screenshot, row by row: none over `max` px on a side, no
 * gap, no overlap, together exactly the screenshot. Throws for a size that is not whole pixels.
 */
export function planTiles(width: number, height: number, max = MAX_TILE_SIDE): TileRect[] {
  if (!isPixelLength(width) || !isPixelLength(height)) throw new RangeError(`A screenshot must be whole pixels, at least 1 × 1 (got ${width} × ${height}).`);
  if (!isPixelLength(max)) throw new RangeError(`The largest tile side must be whole pixels (got ${max}).`);
  const columns = splitLength(width, max);
  const tiles: TileRect[] = [];
  for (const row of splitLength(height, max)) {
    for (const column of columns) tiles.push({ x: column.start, y: row.start, width: column.size, height: row.size });
  }
  return tiles;
}

/** The first way `tiles` differ from the plan for that size, in words, or null when they match it. */
export function tilesMismatch(width: number, height: number, tiles: readonly TileRect[]): string | null {
  let plan: TileRect[];
  try {
    plan = planTiles(width, height);
  } catch (error) {
    return (error as Error).message;
  }
  if (tiles.length !== plan.length) return `${tiles.length} tiles were sent; a ${width} × ${height} px screenshot has ${plan.length}.`;
  for (let index = 0; index < plan.length; index++) {
    const want = plan[index]!;
    const got = tiles[index]!;
    if (got.x !== want.x || got.y !== want.y || got.width !== want.width || got.height !== want.height) {
      return `Tile ${index + 1} is ${got.width} × ${got.height} at ${got.x}, ${got.y}; it should be ${want.width} × ${want.height} at ${want.x}, ${want.y}.`;
    }
  }
  return null;
}
