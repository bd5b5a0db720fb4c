// A service's "slow down" said as a countdown, the same on every screen that waits one out; a
// longer wait said by when it ends.
import { plural } from '../components/count-words';
import { errorText } from './error-text';
import { describeWait } from '../../src/shared/api/http/describe-wait';
import { DEFAULT_RETRY_POLICY, rateLimitWaitSeconds, retryAfterGiven } from '../../src/shared/api/http/retry-policy';

/**
 * A failure's code and the Retry-After it carried (the bridge's error details), whatever was thrown;
 * `waited`: whether Envelope had waited as asked before it (stillRateLimitedError).
 */
export function failureWait(error: unknown): { code: unknown; retryAfterSeconds: unknown; waited: boolean } {
  const { code, details } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; details?: { retryAfterSeconds?: unknown; waitedSeconds?: unknown } };
  return { code, retryAfterSeconds: details?.retryAfterSeconds, waited: typeof details?.waitedSeconds === 'number' && details.waitedSeconds > 0 };
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

/** What a "slow down" says and by when its wait ends: what sent the request is held until `tryAgainAt` (a Date.now() time). */
export interface RateLimitWait {
  /** The failure's words with by when the wait ends ("… You can try again after 12:06:10, in about 30 seconds."). */
  words: string;
  /** The failure's words alone (a screen that counts the wait down says them beside its countdown). */
  said: string;
  /** The wait in whole seconds, from `nowMs`. */
  seconds: number;
  tryAgainAt: number;
}

/** How a wait longer than the sandbox waits out itself is said, in place of the sandbox's words. */
const SLOW_DOWN_FOR_A_WHILE = 'The email builder asked Envelope to slow down for a while.';

/**
 * A "slow down" (429) said by when its wait ends, and that moment, the one reading of it every
 * screen that holds a button for it uses (Sync, Templates); null for any other failure. The
 * sandbox words no wait (error-mapping.ts, template-errors.ts): words such as "Try again in 2
 * minutes" stayed on screen and went untrue. The wait:
 * - none given (no Retry-After): the stand-in every screen says then (rateLimitWaitSeconds), the words kept;
 * - up to a minute: the sandbox waited it out, each time, and was refused again; the builder counts a
 *   rolling minute, so a minute from the refusal, the words (which say it waited) kept;
 * - longer: not waited out by the sandbox, said in `longWords`, as long as it asked; after shorter
 *   waits the sandbox sat through, the words that say so (they word no wait) are kept.
 */
export function rateLimitWait(error: unknown, nowMs = Date.now(), longWords = SLOW_DOWN_FOR_A_WHILE): RateLimitWait | null {
  const { code, retryAfterSeconds, waited } = failureWait(error);
  if (code !== 'rate_limited') return null;
  const given = retryAfterGiven(retryAfterSeconds);
  const long = given && retryAfterSeconds > DEFAULT_RETRY_POLICY.maxRetryAfterSeconds;
  const seconds = given ? Math.max(DEFAULT_RETRY_POLICY.maxRetryAfterSeconds, rateLimitWaitSeconds(retryAfterSeconds)) : rateLimitWaitSeconds(null);
  const said = long && !waited ? longWords : errorText(error);
  const tryAgainAt = nowMs + seconds * 1000;
  return { words: `${said} ${retryAtText(tryAgainAt, nowMs)}`, said, seconds, tryAgainAt };
}
