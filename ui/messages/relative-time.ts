// Times in words, for any screen: "3 hours ago", and the full date and time beside it.
import { isServerTime } from '../../src/shared/api/builder/server-time';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * The time of an ISO 8601 date-time with a zone (what the builder and Envelope write), else null:
 * a broken one is not shown as raw text, nor guessed at (Date.parse reads "12" as the year 2001).
 */
function readableTime(iso: string): number | null {
  return isServerTime(iso) ? Date.parse(iso) : null;
}

/**
 * Hours and minutes in short words ("3 h ago", "1 min ago"), for a narrow line. Not Intl's narrow
 * style: Chromium 156 says "3h ago" and "3m ago" (minutes, beside "3mo" for months), and older ICU
 * versions "3 hr. ago".
 */
const SHORT: Partial<Record<Intl.RelativeTimeFormatUnit, string>> = { hour: 'h', minute: 'min' };

/** A whole number of units ago (or "yesterday"); `short`: in SHORT's words where it has them. */
function ago(count: number, unit: Intl.RelativeTimeFormatUnit, short: boolean): string {
  return short && SHORT[unit] ? `${-count} ${SHORT[unit]} ago` : relative.format(count, unit);
}

/** "just now", "3 minutes ago", "yesterday" (`short`: "3 min ago", "3 h ago"); "at an unknown time" for one that is not a date-time. */
export function relativeTime(iso: string, nowMs: number, short = false): string {
  const at = readableTime(iso);
  if (at === null) return 'at an unknown time';
  const seconds = Math.round((at - nowMs) / 1000);
  // Every time shown is one past: a time ahead of this computer's clock (a server clock ahead of it,
  // by any amount) is "just now", never "in 3 minutes".
  if (seconds > -45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return ago(Math.trunc(seconds / size), unit, short);
  }
  return ago(Math.trunc(seconds / 60) || Math.sign(seconds), 'minute', short);
}

/** The full date and time, for a title next to a relative time; `unknown` for one that is not a date-time. */
export function absoluteTime(iso: string, unknown = 'unknown date'): string {
  const at = readableTime(iso);
  return at === null ? unknown : new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
