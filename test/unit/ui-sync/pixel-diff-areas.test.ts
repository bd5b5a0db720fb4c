// Difference boxes at most 12 areas: its caption said "12 areas boxed" of a picture with 25
// changed areas, as if those were all. It says which ones it boxed, and of how many.
import { describe, expect, it } from 'vitest';
import { boxedText, diffPixelsAsync, type Pixels } from '../../../ui/sync/pixel-diff';

/** White, or white with a 4 × 4 red block every 24 px (5 × 5 blocks, each in an 8 px cell of its own, none touching). */
function picture(dots: boolean): Pixels {
  const size = 120;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  if (dots) {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) if (x % 24 >= 2 && x % 24 < 6 && y % 24 >= 2 && y % 24 < 6) data.set([220, 20, 20, 255], (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}

describe('the boxes of Difference in words', () => {
  it('says of 25 changed areas that the 12 largest are boxed', async () => {
    const diff = await diffPixelsAsync(picture(false), picture(true));
    expect(diff.boxes).toHaveLength(12);
    expect(diff.areas).toBe(25);
    expect(boxedText(diff)).toBe('12 largest of 25 areas boxed');
  });

  it('says every area is boxed when each is', async () => {
    expect(boxedText({ boxes: [], areas: 0 })).toBe('');
    const box = { x: 0, y: 0, width: 8, height: 8 };
    expect(boxedText({ boxes: [box], areas: 1 })).toBe('1 area boxed');
    expect(boxedText({ boxes: [box, box, box], areas: 3 })).toBe('3 areas boxed');
    expect(boxedText({ boxes: Array.from({ length: 12 }, () => box), areas: 12 })).toBe('12 areas boxed');
  });
});
