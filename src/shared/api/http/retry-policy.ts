// When a failed request is tried again, and after how long. Pure: the random number comes in.
import type { ApiError } from './api-error';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Backoff before the second attempt; doubles each time. */
  baseDelayMs: number;
  /** No backoff is longer than this. */
  maxDelayMs: number;
  /** A 429 asking to wait longer than this is reported rather than waited out. */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterSeconds: 60,
};

/**
 * The wait a screen says (counted down, or by when it ends) for a 429 that came without a usable
 * Retry-After. Both APIs document one on every 429, so this is a stand-in, never "for a minute" left
 * open on the screen: Browse, References and Settings say the same.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** Whether a 429 gave a usable Retry-After (a wait of more than nothing); without one, DEFAULT_RETRY_AFTER_SECONDS stands in. */
export function retryAfterGiven(retryAfterSeconds: unknown): retryAfterSeconds is number {
  return typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0;
}

/** A 429's wait in whole seconds: its Retry-After when one was given, otherwise DEFAULT_RETRY_AFTER_SECONDS. */
export function rateLimitWaitSeconds(retryAfterSeconds: unknown): number {
  return retryAfterGiven(retryAfterSeconds) ? Math.ceil(retryAfterSeconds) : DEFAULT_RETRY_AFTER_SECONDS;
}

/**
 * The longest 429 wait a screen counts down (the limits are per minute); a longer one is said by
 * when it ends (ui/messages/retry-countdown.ts retryAtText). Here, not in ui/, so that the
 * sandbox's Test connection (src/settings/connection-messages.ts) and the window read one number.
 */
export const MAX_COUNTDOWN_SECONDS = 300;

/** Exponential backoff with "equal jitter": between half and all of the capped delay. */
export function backoffDelayMs(failedAttempt: number, policy: RetryPolicy, random: number): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1);
  const capped = Math.min(policy.maxDelayMs, exponential);
  return Math.round(capped / 2 + (capped / 2) * Math.min(Math.max(random, 0), 1));
}

/**
 * The wait before trying again, or null to give up with `error`.
 * `safeToRepeat` is true only for requests whose repetition cannot do anything twice. A 429 over
 * the per-minute limit is repeated even when it is not: the server refused the request without
 * doing it, and the builder document expects the client "to wait and retry".
 */
export function retryDelayMs(
  error: ApiError,
  failedAttempt: number,
  safeToRepeat: boolean,
  policy: RetryPolicy,
  random: number,
): number | null {
  if (failedAttempt >= policy.maxAttempts || (!safeToRepeat && error.code !== 'rate_limited')) return null;
  switch (error.code) {
    case 'rate_limited':
      if (error.retryAfterSeconds === null) return backoffDelayMs(failedAttempt, policy, random);
      return error.retryAfterSeconds <= policy.maxRetryAfterSeconds ? error.retryAfterSeconds * 1000 : null;
    case 'network_error':
    case 'timeout':
    case 'unavailable':
    case 'server_error':
      return backoffDelayMs(failedAttempt, policy, random);
    default:
      return null;
  }
}
