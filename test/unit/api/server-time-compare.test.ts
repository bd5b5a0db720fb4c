// One comparison of the builder's times for the sync batches' earliest time and the templates' links.
import { describe, expect, it } from 'vitest';
import { compareServerTimes } from '../../../src/shared/api/builder/server-time';
import { sameServerTime, serverTimeAfter } from '../../../src/templates/template-link';

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

  // Date.parse reads much that is not ISO as a date: "2" is 1 Feb 2001 and "10" is 1 Oct 2001 in
  // V8, "Nov 21 2026" a day. Only ISO times are instants; the rest is text, in the text's order.
  it('compares text that is not an ISO time as text, even when Date.parse reads it as a date', () => {
    expect(compareServerTimes('2', '10')).toBeGreaterThan(0);
    expect(compareServerTimes('10', '2')).toBeLessThan(0);
    expect(compareServerTimes('1', '01')).toBeGreaterThan(0);
    expect(compareServerTimes('Nov 21 2026', 'Dec 1 2025')).toBeGreaterThan(0);
    expect(serverTimeAfter('2', '10')).toBe(true);
    expect(sameServerTime('1', '01')).toBe(false);
  });
});

// Date.parse keeps milliseconds only: two times a fraction of a millisecond apart read as one
// instant, so a template saved in the builder 0.1 ms after the time a link knows was "the same
// time" (not a change to keep), and not "after" it.
describe('compareServerTimes below a millisecond', () => {
  it('orders times that differ only below a millisecond', () => {
    expect(compareServerTimes('2026-11-21T10:00:00.0001Z', '2026-11-21T10:00:00Z')).toBeGreaterThan(0);
    expect(compareServerTimes('2026-11-21T10:00:00.123456Z', '2026-11-21T10:00:00.123457Z')).toBeLessThan(0);
    expect(compareServerTimes('2026-11-21T11:00:00.1234567+01:00', '2026-11-21T10:00:00.123456Z')).toBeGreaterThan(0);
    expect(sameServerTime('2026-11-21T10:00:00.123457Z', '2026-11-21T10:00:00.123456Z')).toBe(false);
    expect(serverTimeAfter('2026-11-21T10:00:00.123457Z', '2026-11-21T10:00:00.123456Z')).toBe(true);
  });

  it('still reads one instant in every form: zone, fraction’s digits, trailing zeros', () => {
    expect(compareServerTimes('2026-11-21T10:00:00.123450Z', '2026-11-21T10:00:00.12345+00:00')).toBe(0);
    expect(compareServerTimes('2026-11-21T11:00:00.5+0100', '2026-11-21T10:00:00.500000Z')).toBe(0);
    expect(compareServerTimes('2026-11-21T10:00Z', '2026-11-21T10:00:00.000000-00:00')).toBe(0);
    expect(compareServerTimes('2026-11-21T05:30:00.999999-04:30', '2026-11-21T10:00:00.999999Z')).toBe(0);
    expect(sameServerTime('2026-11-21T10:00:00.123456Z', '2026-11-21T10:00:00.123456+00:00')).toBe(true);
  });
});
