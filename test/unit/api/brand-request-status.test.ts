import { describe, expect, it } from 'vitest';
import { describeBrandRequestStatus, nextProcessingRunMs } from '../../../src/shared/api/library/brand-request-status';

describe('brand request status', () => {
  it('the next processing run is 12:00 or midnight UTC, strictly later', () => {
    expect(new Date(nextProcessingRunMs(Date.parse('2026-11-22T01:02:03Z'))).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(new Date(nextProcessingRunMs(Date.parse('2026-11-22T12:00:00Z'))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(nextProcessingRunMs(Date.parse('2026-11-22T23:59:59Z'))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('says what happens next', () => {
    const now = Date.parse('2026-11-22T13:00:00Z');
    expect(describeBrandRequestStatus('queued', now)).toBe('Queued. The library signs up for its emails at the next run, at 00:00 UTC.');
    expect(describeBrandRequestStatus('could_not_subscribe', now)).toContain('could not subscribe');
  });
});
