import { describe, expect, it } from 'vitest';
import { parseReferenceIds } from '../../playground/page/reference-fixture';

describe('the ?references= fixture flag', () => {
  it('reads whole positive ids in order, repeats kept (two frames), anything else ignored, at most 50', () => {
    expect(parseReferenceIds(null)).toEqual([]);
    expect(parseReferenceIds('12, 34,12')).toEqual([12, 34, 12]);
    expect(parseReferenceIds('x,-3,0,1.5,,7')).toEqual([7]);
    expect(parseReferenceIds(Array.from({ length: 60 }, (_, i) => i + 1).join(',')).length).toBe(50);
  });
});
