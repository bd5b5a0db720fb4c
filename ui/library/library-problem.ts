// A failed library call as the screen shows it: the sentence, what kind of trouble it is (which
// decides the button under it), and for a 429 how long to wait before the calm retry.
import { errorText } from '../messages/error-text';
import { retryAtText } from '../messages/retry-countdown';
import { UNANSWERED_TYPED_ADDRESS, WEB_PAGE } from '../../src/shared/api/http/error-mapping';
import { MAX_COUNTDOWN_SECONDS, rateLimitWaitSeconds } from '../../src/shared/api/http/retry-policy';

/** `key` and `address` (missing or wrong): Settings fixes it. */
export type ProblemKind = 'offline' | 'key' | 'address' | 'busy' | 'unavailable' | 'not_found' | 'other';

export interface LibraryProblem {
  kind: ProblemKind;
  message: string;
  /** Seconds to wait before trying again by itself (429 only). */
  retryAfterSeconds: number | null;
  /** When (Date.now() time) that wait ends: a notice shown later counts down what is left, not the whole wait again. */
  retryAt?: number;
  /** A wait too long to count down: when (Date.now() time) its Try again can work, not before. */
  tryAgainAt?: number;
  /** The words say to check the address in Settings, and to try again if it is right: both are offered. */
  checkAddress?: boolean;
}

export function libraryProblem(error: unknown, nowMs = Date.now()): LibraryProblem {
  const { code, serverCode, retryAfterSeconds, status, details } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; serverCode?: unknown; retryAfterSeconds?: unknown; status?: unknown; details?: { problem?: unknown } };
  const message = errorText(error);
  switch (code) {
    case 'network_error':
      // The client's words already say the library could not be reached and what to check: at an
      // address typed in Settings that never answered, to check it there too (error-mapping.ts), so
      // Settings is offered beside Try again (the network may only be down). Once it has answered,
      // the words name the connection alone, and Try again alone is offered.
      return details?.problem === UNANSWERED_TYPED_ADDRESS ? { kind: 'offline', message, retryAfterSeconds: null, checkAddress: true } : { kind: 'offline', message, retryAfterSeconds: null };
    case 'timeout':
      return { kind: 'offline', message: `The library cannot be reached: you may be offline. ${message}`, retryAfterSeconds: null };
    case 'unauthorized':
      return { kind: 'key', message, retryAfterSeconds: null };
    case 'address_missing':
      return { kind: 'address', message, retryAfterSeconds: null };
    case 'rate_limited': {
      const seconds = rateLimitWaitSeconds(retryAfterSeconds);
      // A wait of hours is no countdown to sit through: said by when it ends, with a Try again
      // from then on (one before would only be refused again).
      if (seconds > MAX_COUNTDOWN_SECONDS) {
        const tryAgainAt = nowMs + seconds * 1000;
        return { kind: 'other', message: `The library asks us to slow down for a while. ${retryAtText(tryAgainAt, nowMs)}`, retryAfterSeconds: null, tryAgainAt };
      }
      return { kind: 'busy', message: 'The library asks us to slow down for a moment.', retryAfterSeconds: seconds, retryAt: nowMs + seconds * 1000 };
    }
    case 'unavailable':
    case 'server_error':
      return { kind: 'unavailable', message: 'The library is unavailable right now. Try again in a little while.', retryAfterSeconds: null };
    case 'not_found':
      // A bare 404 already arrives as an unexpected answer (error-mapping.ts); another code of
      // the library's own (a missing route, say) says nothing about the content either.
      if (serverCode === 'not_found') return { kind: 'not_found', message: 'This is no longer in the library.', retryAfterSeconds: null };
      return { kind: 'other', message, retryAfterSeconds: null };
    default:
      // A web page instead of data, or a bare 404 (error-mapping.ts): the address reaches something
      // else, and its words say to check it in Settings: asking again gets the same. Another bare
      // status's words say to check the address, else try again later: both.
      if (details?.problem === WEB_PAGE || (code === 'http_error' && status === 404)) return { kind: 'address', message, retryAfterSeconds: null };
      return code === 'http_error' ? { kind: 'other', message, retryAfterSeconds: null, checkAddress: true } : { kind: 'other', message, retryAfterSeconds: null };
  }
}
