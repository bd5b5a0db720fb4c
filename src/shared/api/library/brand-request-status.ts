// What a brand request's status means for the person who asked, and when it will move on.

import type { BrandRequestStatus } from './schemas';

// assumption: queued requests move to `signed_up` at the next processing run (00:00 and 12:00 UTC), then to `first_email_captured` (sets library_url) or `could_not_subscribe`; the list is at most 15 minutes stale.
export const PROCESSING_HOURS_UTC = [0, 12] as const;
export const STATUS_STALENESS_MINUTES = 15;

const HOUR_MS = 3_600_000;

/** The next processing run strictly after `nowMs`. */
export function nextProcessingRunMs(nowMs: number): number {
  const dayStart = Math.floor(nowMs / (24 * HOUR_MS)) * 24 * HOUR_MS;
  for (const hour of [...PROCESSING_HOURS_UTC, 24]) {
    const run = dayStart + hour * HOUR_MS;
    if (run > nowMs) return run;
  }
  return dayStart + 24 * HOUR_MS;
}

function hourUtc(ms: number): string {
  return `${String(new Date(ms).getUTCHours()).padStart(2, '0')}:00 UTC`;
}

/** The status in words, with what happens next. */
export function describeBrandRequestStatus(status: BrandRequestStatus, nowMs: number): string {
  switch (status) {
    case 'already_in_library':
      return 'This brand is already in the library.';
    case 'queued':
      return `Queued. The library signs up for its emails at the next run, at ${hourUtc(nextProcessingRunMs(nowMs))}.`;
    case 'signed_up':
      return 'Signed up. Waiting for the first email from this brand.';
    case 'first_email_captured':
      return 'The first email has arrived: the brand is now in the library.';
    case 'could_not_subscribe':
      return 'The library could not subscribe to this brand (for example, signup only through an app).';
  }
}
