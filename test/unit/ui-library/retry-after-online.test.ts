// A failure soon after the connection came back is asked for again after a pause, a few times;
// one long after, or before any, waits for the connection to come back again.
import { describe, expect, it } from 'vitest';
import { retryPauseMs, SETTLING_MS } from '../../../ui/library/retry-after-online';

describe('retryPauseMs', () => {
  it('asks again after pauses that double, for the first three failures soon after the connection came back', () => {
    expect(retryPauseMs(50, 1)).toBe(1_000);
    expect(retryPauseMs(1_100, 2)).toBe(2_000);
    expect(retryPauseMs(3_200, 3)).toBe(4_000);
    expect(retryPauseMs(7_300, 4)).toBeNull();
  });

  it('leaves a failure long after the connection came back, or with none heard of, until it comes back again', () => {
    expect(retryPauseMs(SETTLING_MS, 1)).toBe(1_000);
    expect(retryPauseMs(SETTLING_MS + 1, 1)).toBeNull();
    expect(retryPauseMs(Number.POSITIVE_INFINITY, 1)).toBeNull();
    expect(retryPauseMs(Number.NaN, 1)).toBeNull();
  });

  it('asks nothing for no failure, or a clock gone back', () => {
    expect(retryPauseMs(50, 0)).toBeNull();
    expect(retryPauseMs(-1, 1)).toBeNull();
  });
});
