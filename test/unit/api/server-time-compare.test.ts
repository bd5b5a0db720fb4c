// One comparison of the builder's times for the sync batches' earliest time and the templates' links.
import { describe, expect, it } from 'vitest';
import { compareServerTimes } from '../../../src/shared/api/builder/server-time';

describe('compareServerTimes', () => {
  it('compares instants, however each is written', () => {
    expect(compareServerTimes('2026-11-21T10:00:00Z', '2026-11-21T10:00:00.000+00:00')).toBe(0);
    expect(compareServerTimes('2026-11-21T11:00:00+01:00', '2026-11-21T10:00:00.500Z')).toBeLessThan(0);
    expect(compareServerTimes('2026-11-21T10:00:00.250Z', '2026-11-21T10:00:00Z')).toBeGreaterThan(0);
  });

  it('falls back to the text when either is not a time', () => {
    expect(compareServerTimes('v2', 'v1')).toBeGreaterThan(0);
    expect(compareServerTimes('v1', 'v2')).toBeLessThan(0);
    expect(compareServerTimes('v1', 'v1')).toBe(0);
  });
});
