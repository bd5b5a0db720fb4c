// A failure soon after the connection came back is asked for again after a pause, a few times;
// one long after, or before any, waits for the connection to come back again.
import { describe, expect, it } from 'vitest';
import { countFailure, NO_TRIES, retryPauseMs, SETTLING_MS, type FailureTries } from '../../../ui/library/retry-after-online';

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

describe('countFailure', () => {
  const A = 'https://library.example/emails/1/preview.png';
  const B = 'https://library.example/emails/2/preview.png';

  it('counts each address’s failures since the last online on their own', () => {
    let tries: FailureTries = NO_TRIES;
    const fail = (value: string, online: number): number => {
      const counted = countFailure(tries, value, online);
      tries = counted.tries;
      return counted.count;
    };
    expect(fail(A, 1)).toBe(1);
    expect(fail(A, 1)).toBe(2);
    expect(fail(A, 1)).toBe(3);
    // The next email's screenshot, failing in the same while: its own first failure, asked again.
    expect(fail(B, 1)).toBe(1);
    expect(retryPauseMs(50, fail(B, 1))).toBe(2_000);
    expect(fail(A, 1)).toBe(4);
  });

  it('starts every address afresh once the connection comes back again', () => {
    const first = countFailure(countFailure(NO_TRIES, A, 1).tries, A, 1);
    expect(first.count).toBe(2);
    expect(countFailure(first.tries, A, 2).count).toBe(1);
  });
});
