import { describe, expect, it } from 'vitest';
import { median } from '../../bench/stats';

describe('median', () => {
  it('takes the middle sample of an odd count, in any order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('takes the mean of the two middles of an even count', () => {
    expect(median([4, 1, 10, 2])).toBe(3);
  });

  it('leaves the samples in their order', () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('refuses no samples rather than report undefined', () => {
    expect(() => median([])).toThrow('median of no samples');
  });
});
