import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TILE_SIDE, planTiles, tilesMismatch } from '../../../src/shared/canvas/tile-plan';

describe('planTiles', () => {
  it('keeps a screenshot within the limit as one tile', () => {
    expect(planTiles(600, 4096)).toEqual([{ x: 0, y: 0, width: 600, height: 4096 }]);
  });

  it('cuts a 600 × 12,000 px screenshot into three even rows', () => {
    expect(planTiles(600, 12_000)).toEqual([
      { x: 0, y: 0, width: 600, height: 4000 },
      { x: 0, y: 4000, width: 600, height: 4000 },
      { x: 0, y: 8000, width: 600, height: 4000 },
    ]);
  });

  it('cuts one pixel over the limit into two, larger part first', () => {
    expect(planTiles(4097, 10)).toEqual([
      { x: 0, y: 0, width: 2049, height: 10 },
      { x: 2049, y: 0, width: 2048, height: 10 },
    ]);
  });

  it('covers any size exactly, with no tile over the limit, no gap and no overlap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 30_000 }), fc.integer({ min: 512, max: MAX_TILE_SIDE }), (width, height, max) => {
        const tiles = planTiles(width, height, max);
        let area = 0;
        const outside = tiles.filter((tile) => tile.width > max || tile.height > max || tile.x < 0 || tile.y < 0 || tile.x + tile.width > width || tile.y + tile.height > height);
        expect(outside).toEqual([]);
        for (const tile of tiles) area += tile.width * tile.height;
        // Equal area inside the bounds and each tile starting where its row/column neighbour ends: a partition.
        expect(area).toBe(width * height);
        expect(tiles.length).toBe(Math.ceil(width / max) * Math.ceil(height / max));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses sizes that are not whole pixels', () => {
    expect(() => planTiles(0, 10)).toThrow(/whole pixels/);
    expect(() => planTiles(10.5, 10)).toThrow(/whole pixels/);
    expect(() => planTiles(10, Number.NaN)).toThrow(/whole pixels/);
  });
});

describe('tilesMismatch', () => {
  it('accepts the plan and names the first difference otherwise', () => {
    const plan = planTiles(600, 9000);
    expect(tilesMismatch(600, 9000, plan)).toBeNull();
    expect(tilesMismatch(600, 9000, plan.slice(1))).toMatch(/2 tiles were sent; a 600 × 9000 px screenshot has 3/);
    expect(tilesMismatch(600, 9000, [plan[0]!, { ...plan[1]!, y: plan[1]!.y + 1 }, plan[2]!])).toMatch(/Tile 2 is 600 × 3000 at 0, 3001; it should be 600 × 3000 at 0, 3000/);
    expect(tilesMismatch(0, 10, [])).toMatch(/whole pixels/);
  });
});
