import { describe, expect, it } from 'vitest';
import { pairFactors } from '../../../ui/sync/picture-scale';

describe('pairFactors', () => {
  it('shrinks the picture drawn at the larger scale: a 600 px header that became 640 px, both exported 256 px wide', () => {
    const factors = pairFactors({ before: { width: 600, height: 72 }, after: { width: 640, height: 72 } }, { before: { width: 256, height: 31 }, after: { width: 256, height: 29 } });
    expect(factors.after).toBe(1);
    expect(factors.before).toBeCloseTo(600 / 640, 6);
    // At one scale the wider version is the wider picture, in proportion.
    expect(256 * factors.before).toBeCloseTo(240, 6);
  });

  it('leaves pictures at one scale already as they are (a 16 px icon, a fill change)', () => {
    expect(pairFactors({ before: { width: 16, height: 16 }, after: { width: 24, height: 24 } }, { before: { width: 16, height: 16 }, after: { width: 24, height: 24 } })).toEqual({ before: 1, after: 1 });
    expect(pairFactors({ before: { width: 600, height: 72 }, after: { width: 600, height: 72 } }, { before: { width: 256, height: 31 }, after: { width: 256, height: 31 } })).toEqual({ before: 1, after: 1 });
  });

  it('reads the scale along the long side, of tall versions too', () => {
    const factors = pairFactors({ before: { width: 100, height: 512 }, after: { width: 100, height: 1024 } }, { before: { width: 50, height: 256 }, after: { width: 25, height: 256 } });
    expect(factors).toEqual({ before: 0.5, after: 1 });
  });

  it('does not guess when a version’s size is not known or a picture has none', () => {
    const pictures = { before: { width: 256, height: 31 }, after: { width: 256, height: 29 } };
    expect(pairFactors({ after: { width: 640, height: 72 } }, pictures)).toEqual({ before: 1, after: 1 });
    expect(pairFactors({ before: { width: 600, height: 72 } }, pictures)).toEqual({ before: 1, after: 1 });
    expect(pairFactors({ before: { width: 600, height: 72 }, after: { width: 640, height: 72 } }, { before: { width: 0, height: 0 }, after: pictures.after })).toEqual({ before: 1, after: 1 });
  });
});
