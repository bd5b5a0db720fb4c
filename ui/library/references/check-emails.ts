// Asks the library about each distinct email once (`GET /v1/emails/:id`, sent even when Browse
// keeps an answer for it, through the client whose gate keeps every minute within the limit): a
// 404 is "gone", a 429 is waited out and asked again, any other failure is "couldn't check" and
// never counted as gone.
import { libraryProblem } from '../library-problem';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../../../src/shared/api/http/retry-policy';
import { classifyEmailError, OFFLINE_REASON, type EmailCheckProgress } from './reference-check';

export interface EmailCheckOptions {
  /** Lets go of the request when `signal` aborts (it holds one of the library's slots). */
  getEmailAsync(id: number, signal: AbortSignal): Promise<unknown>;
  concurrency: number;
  onProgress(progress: EmailCheckProgress): void;
  /** Ends early when `signal` aborts. */
  sleepAsync(ms: number, signal: AbortSignal): Promise<void>;
  /** The clock `sleepAsync` runs on, in ms. */
  now(): number;
  /**
   * Aborts once nobody needs the answer (the view closed) or the person stopped the check: no
   * further request is sent, those on their way are let go, and the emails not answered are
   * reported as not checked.
   */
  signal: AbortSignal;
  /** 429 waits per email before it counts as "couldn't check". */
  maxWaits?: number;
  /** Emails an earlier check heard the library's 404 for, with when: offline, they still count as removed. */
  goneBefore?: ReadonlyMap<number, number>;
  /** Whether the computer is offline (navigator.onLine false): "couldn't reach" is then said as that. */
  isOffline?: () => boolean;
}

export interface EmailCheckResult {
  gone: Set<number>;
  /** Email id → why it could not be checked, in words. */
  unchecked: Map<number, string>;
  /** When the earliest check was that found the removals counted from memory (offline now), else null. */
  goneBeforeAt: number | null;
  /** A wait of hours refused the check: when (Date.now() time) asking again can work, else null. */
  tryAgainAt: number | null;
}


export async function checkEmailsAsync(ids: readonly number[], options: EmailCheckOptions): Promise<EmailCheckResult> {
  const maxWaits = options.maxWaits ?? 3;
  const gone = new Set<number>();
  const unchecked = new Map<number, string>();
  let goneBeforeAt: number | null = null;
  const queue = [...ids];
  const answered = new Set<number>();
  let done = 0;
  const { signal } = options;
  // Aborted with `signal`, and once the library refuses for hours: requests held for that wait are let go.
  const asking = new AbortController();
  const letGo = () => asking.abort();
  signal.addEventListener('abort', letGo, { once: true });
  // A 429 pauses every request on the allowance (the client's gate) until the longest wait
  // ends: every report counts that down (not the last 429's own wait), and says "checking" only
  // once the asking goes on, also when another email is answered meanwhile.
  let resumeAt = 0;
  // A wait too long to count down (hours): no email is asked again or further, each is "couldn't check" with when to try.
  let refused: string | null = null;
  let tryAgainAt: number | null = null;
  const report = () => {
    const left = resumeAt - options.now();
    options.onProgress({ done, total: ids.length, waitingSeconds: left > 0 ? Math.ceil(left / 1000) : null });
  };
  async function waitOutAsync(seconds: number): Promise<void> {
    resumeAt = Math.max(resumeAt, options.now() + seconds * 1000);
    for (let left = resumeAt - options.now(); left > 0 && !signal.aborted; left = resumeAt - options.now()) {
      const shown = Math.ceil(left / 1000);
      report();
      // Until the number said changes.
      await options.sleepAsync(left - (shown - 1) * 1000, signal);
    }
  }

  /** Asks until answered (exists, gone, or couldn't check); false when stopped before the answer. */
  async function askAsync(id: number): Promise<boolean> {
    for (let waits = 0; ; waits++) {
      try {
        await options.getEmailAsync(id, asking.signal);
        return true;
      } catch (error) {
        const answer = classifyEmailError(error);
        // Stopped: an email let go on its way is not checked (one the library said is gone still counts).
        if (signal.aborted && answer !== 'gone') return false;
        if (answer === 'gone') {
          gone.add(id);
          return true;
        }
        const problem = libraryProblem(error);
        const offline = problem.kind === 'offline';
        // A removal the library made minutes ago stands while the library cannot be reached: the summary says since when.
        const heard = options.goneBefore?.get(id);
        if (offline && heard !== undefined) {
          gone.add(id);
          goneBeforeAt = Math.min(goneBeforeAt ?? heard, heard);
          return true;
        }
        // The first refusal's words only: each later 429 names its own time, and the summary would say them all.
        if (answer === 'wait' && problem.kind !== 'busy' && refused === null) {
          refused = problem.message;
          tryAgainAt = problem.tryAgainAt ?? null;
          asking.abort();
        }
        if (answer === 'failed' || waits >= maxWaits || refused !== null) {
          unchecked.set(id, refused ?? (answer === 'wait' ? 'The library kept asking us to slow down.' : offline && options.isOffline?.() ? OFFLINE_REASON : problem.message));
          return true;
        }
        await waitOutAsync(problem.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
        if (signal.aborted) return false;
        report();
      }
    }
  }

  async function workerAsync(): Promise<void> {
    for (let id = queue.shift(); id !== undefined && !signal.aborted && refused === null; id = queue.shift()) {
      if (await askAsync(id)) answered.add(id);
      done++;
      report();
    }
  }

  report();
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, ids.length)) }, () => workerAsync()));
  // Stopped part way: an email never answered is not known to exist, so it is said so.
  signal.removeEventListener('abort', letGo);
  for (const id of ids) if (!answered.has(id)) unchecked.set(id, refused ?? 'The check was stopped before they were asked.');
  return { gone, unchecked, goneBeforeAt, tryAgainAt };
}
