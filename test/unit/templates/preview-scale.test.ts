import { describe, expect, it } from 'vitest';
import { base64Length, firstPreviewScale, minimumPreviewScale, nextPreviewScale, PREVIEW_MAX_BASE64, previewBudget, previewTooLargeText } from '../../../src/templates/preview-scale';

describe('preview scale', () => {
  it('starts at 600 px wide and at most 4096 px tall, never enlarging a smaller frame', () => {
    expect(firstPreviewScale(600, 2000)).toBe(1);
    expect(firstPreviewScale(400, 300)).toBe(1);
    expect(firstPreviewScale(1200, 2000)).toBe(0.5);
    expect(firstPreviewScale(600, 8192)).toBe(0.5);
    expect(firstPreviewScale(1_000_000, 10)).toBe(0.01);
  });

  it('goes no narrower than 120 px (or the frame), unless a tall frame starts narrower', () => {
    expect(minimumPreviewScale(600, 2000)).toBeCloseTo(0.2);
    expect(minimumPreviewScale(100, 100)).toBe(1);
    expect(minimumPreviewScale(600, 40_960)).toBeCloseTo(0.1);
  });

  it('keeps a preview that fits, shrinks one that does not by the square root of the excess, and gives up at the minimum', () => {
    expect(nextPreviewScale(1, 500_000, 1_000_000, 0.2)).toBe(1);
    const next = nextPreviewScale(1, 4_000_000, 1_000_000, 0.2)!;
    expect(next).toBeCloseTo(0.45);
    expect(nextPreviewScale(0.3, 40_000_000, 1_000_000, 0.2)).toBe(0.2);
    expect(nextPreviewScale(0.2, 1_500_000, 1_000_000, 0.2)).toBeNull();
    expect(nextPreviewScale(1, 10, 0, 0.2)).toBeNull();
  });

  it('keeps the preview well under the 2 MB body, beside the content', () => {
    expect(previewBudget(10_000)).toBe(PREVIEW_MAX_BASE64);
    expect(previewBudget(1_500_000)).toBe(480_000);
    expect(previewBudget(1_990_000)).toBe(0);
  });

  it('measures base64 as 4 characters per 3 bytes', () => {
    expect(base64Length(0)).toBe(0);
    expect(base64Length(1)).toBe(4);
    expect(base64Length(3)).toBe(4);
    expect(base64Length(4)).toBe(8);
  });

  it('refuses a preview naming its own limit, rounded down, under the size said (never “1.2 MB, too large … 2 MB”)', () => {
    expect(previewTooLargeText('Tall email', 1_150_000, 120, PREVIEW_MAX_BASE64)).toBe(
      'The preview of “Tall email” would be 1.2 MB even at 120 px wide, too large to send: Envelope sends a preview of up to 1.0 MB, so that it fits with the frame’s layers in the 2 MB the builder takes per request. Make the frame shorter or split it into several templates.',
    );
    // Just over a budget of 0.98 MB: 0.99 MB is said as 1.0 MB, the limit as 0.9 MB.
    expect(previewTooLargeText('', 990_000, 61, 980_000)).toContain('The preview of the frame would be 1.0 MB even at 61 px wide, too large to send: Envelope sends a preview of up to 0.9 MB,');
  });
});
