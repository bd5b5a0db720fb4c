// A service's "slow down" said as a countdown, the same on every screen that waits one out; a
// longer wait said by when it ends.
import { plural } from '../components/count-words';
import { errorText } from './error-text';
import { describeWait } from '../../src/shared/api/http/describe-wait';
import { rateLimitWaitSeconds, retryAfterGiven } from '../../src/shared/api/http/retry-policy';

/** A failure's code and the Retry-After it carried (the bridge's error details), whatever was thrown. */
export function failureWait(error: unknown): { code: unknown; retryAfterSeconds: unknown } {
  const { code, details } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; details?: { retryAfterSeconds?: unknown } };
  return { code, retryAfterSeconds: details?.retryAfterSeconds };
}

/** "Trying again in 12 seconds." */
export function retryCountdownText(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'Trying again now…';
  return `Trying again in ${plural(secondsLeft, 'second')}.`;
}

/** A wait shorter than this says its end to the second ("after 12:06:10"); a longer one to the minute. */
const SECONDS_SHOWN_UNDER = 120;

/**
 * "You can try again after 14:05, in about 2 hours." Said once, not ticking: the clock time stays
 * true while the notice stays on screen, where "in 2 hours" alone would not. A wait past today names the day.
 * The time is never before the wait ends: "after 12:06" for an end at 12:06:10 was untrue from
 * 12:06:00 (a press then was refused). A short wait says its seconds ("after 12:06:10, in about
 * 30 seconds"), a longer one its minute rounded up ("after 14:06" for 14:05:10).
 */
export function retryAtText(untilMs: number, nowMs: number): string {
  const seconds = (untilMs - nowMs) / 1000;
  const short = seconds < SECONDS_SHOWN_UNDER;
  const until = new Date(short ? Math.ceil(untilMs / 1_000) * 1_000 : Math.ceil(untilMs / 60_000) * 60_000);
  // As absoluteTime writes times (relative-time.ts): "14:05" (with its seconds, "12:06:10").
  const time = until.toLocaleTimeString('en-GB', { timeStyle: short ? 'medium' : 'short' });
  const day = until.toDateString() === new Date(nowMs).toDateString() ? '' : `${until.toLocaleDateString('en-GB', { weekday: 'long' })} `;
  // "About" beside an exact time: hours to the nearest (3 h 20 min is about 3 hours, not 4).
  const about = seconds >= 3_600 ? Math.round(seconds / 3_600) * 3_600 : seconds;
  return `You can try again after ${day}${time}, in about ${describeWait(about)}.`;
}

/**
 * A failure in words. A "slow down" that gave no wait (no Retry-After) has none in its words
 * (error-mapping.ts): said with the stand-in wait every screen says then (rateLimitWaitSeconds),
 * by when it ends, which stays true while it stays on screen.
 */
export function errorWithWaitText(error: unknown, nowMs = Date.now()): string {
  const text = errorText(error);
  const { code, retryAfterSeconds } = failureWait(error);
  if (code !== 'rate_limited' || retryAfterGiven(retryAfterSeconds)) return text;
  return `${text} ${retryAtText(nowMs + rateLimitWaitSeconds(null) * 1000, nowMs)}`;
}
