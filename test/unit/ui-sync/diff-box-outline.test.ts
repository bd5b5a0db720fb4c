import { describe, expect, it } from 'vitest';
import { boxOutline, type Ring } from '../../../ui/sync/diff-box-outline';

const inside = (ring: Ring, width: number, height: number) => ring.left >= 0 && ring.top >= 0 && ring.right < width && ring.bottom < height;

describe('the box around a changed area in Difference', () => {
  it('goes outside the area where the picture has room: dark 1 px out, light 2 px out, neither on the area', () => {
    expect(boxOutline({ x: 10, y: 20, width: 8, height: 16 }, 100, 100)).toEqual({
      dark: { left: 9, top: 19, right: 18, bottom: 36 },
      light: { left: 8, top: 18, right: 19, bottom: 37 },
    });
  });

  it('at the picture’s edges, moves inward: the light ring on the edge pixels, the dark one inside it (it lay on the edge, against the frame, as the area’s outline)', () => {
    const { dark, light } = boxOutline({ x: 0, y: 0, width: 64, height: 40 }, 64, 40);
    expect(light).toEqual({ left: 0, top: 0, right: 63, bottom: 39 });
    expect(dark).toEqual({ left: 1, top: 1, right: 62, bottom: 38 });
  });

  it('one pixel from an edge: the light ring on the edge pixels, the dark one on the area’s own', () => {
    expect(boxOutline({ x: 1, y: 5, width: 8, height: 8 }, 10, 20)).toEqual({
      dark: { left: 1, top: 4, right: 8, bottom: 13 },
      light: { left: 0, top: 3, right: 9, bottom: 14 },
    });
  });

  it('stays within the picture, the dark ring within the light one, whatever the area', () => {
    for (const [width, height] of [[1, 1], [2, 3], [7, 5], [40, 9]] as const) {
      for (let x = 0; x < width; x++) {
        for (let y = 0; y < height; y++) {
          for (let w = 1; x + w <= width; w++) {
            const { dark, light } = boxOutline({ x, y, width: w, height: Math.min(3, height - y) }, width, height);
            expect(inside(light, width, height) && inside(dark, width, height)).toBe(true);
            expect(dark.left >= light.left && dark.right <= light.right && dark.top >= light.top && dark.bottom <= light.bottom).toBe(true);
            expect(dark.left <= dark.right && dark.top <= dark.bottom).toBe(true);
          }
        }
      }
    }
  });
});
