// The rules of a screen asking the sandbox (or any async source) and waiting, without Preact:
// what is pending, the answer or the failure in words, cancel, and what happens to an answer
// that comes too late. `use-request.ts` is the hook over it; the rules are tested here alone.
import { errorText } from '../messages/error-text';

export interface RequestState<T, Name extends string> {
  /** The request under way, by the name the screen gave it (e.g. which button); null when none. */
  readonly pending: Name | null;
  /** The last answer, until the next request starts. */
  readonly result: T | undefined;
  /** The last failure in words, until the next request starts. */
  readonly error: string | null;
}

export interface RequestHandlers<T> {
  /** The answer, unless it came too late (superseded, cancelled, or the screen is gone). */
  onResult?(result: T): void;
  /** The failure and the same in words, under the same rule. */
  onError?(error: unknown, message: string): void;
}

export interface RequestRunnerOptions {
  /**
   * A new request while one is pending: `supersede` cancels the old one and ignores its answer
   * (a search as the person types); `ignore` drops the new one (a form that saves once).
   * Default `supersede`.
   */
  readonly whilePending?: 'supersede' | 'ignore';
}

/** What `start` may return: any promise; a bridge request (with `cancel`) is also told to stop. */
export type Started<T> = Promise<T> & { cancel?: () => void };

export interface RequestRunner<T, Name extends string> {
  readonly state: RequestState<T, Name>;
  /**
   * Starts a request. Work whose effect must outlive the screen (telling the app about a saved
   * setting) belongs in `start`; `handlers` are for the screen's own state.
   */
  readonly run: <R extends T>(name: Name, start: () => Started<R>, handlers?: RequestHandlers<R>) => Promise<void>;
  /** Stops the pending request, if any: its answer is ignored, and nothing is reported. */
  readonly cancel: () => void;
  /** The screen is gone: cancels, and from now on nothing is published or handled. */
  readonly dispose: () => void;
}

export const IDLE_REQUEST: RequestState<never, never> = { pending: null, result: undefined, error: null };

export function createRequestRunner<T, Name extends string>(
  publish: (state: RequestState<T, Name>) => void,
  options: RequestRunnerOptions = {},
): RequestRunner<T, Name> {
  const whilePending = options.whilePending ?? 'supersede';
  let state: RequestState<T, Name> = IDLE_REQUEST;
  /** The request under way; an answer counts only while its token is still this one. */
  let current: { cancel: (() => void) | undefined } | null = null;
  let disposed = false;

  function set(next: RequestState<T, Name>): void {
    state = next;
    if (!disposed) publish(next);
  }

  function stop(): void {
    const token = current;
    current = null;
    token?.cancel?.();
  }

  async function run<R extends T>(name: Name, start: () => Started<R>, handlers: RequestHandlers<R> = {}): Promise<void> {
    if (disposed) return;
    if (current !== null) {
      if (whilePending === 'ignore') return;
      stop();
    }
    const token: { cancel: (() => void) | undefined } = { cancel: undefined };
    current = token;
    set({ pending: name, result: undefined, error: null });
    const fail = (error: unknown): void => {
      if (current !== token) return;
      current = null;
      const message = errorText(error);
      set({ pending: null, result: undefined, error: message });
      handlers.onError?.(error, message);
    };
    let started: Started<R>;
    try {
      started = start();
    } catch (error) {
      fail(error);
      return;
    }
    const cancelStarted = started.cancel;
    if (typeof cancelStarted === 'function') token.cancel = () => cancelStarted.call(started);
    let result: R;
    try {
      result = await started;
    } catch (error) {
      fail(error);
      return;
    }
    if (current !== token) return;
    current = null;
    set({ pending: null, result, error: null });
    handlers.onResult?.(result);
  }

  return {
    get state() {
      return state;
    },
    run,
    cancel: () => {
      if (current === null) return;
      stop();
      set({ ...state, pending: null });
    },
    dispose: () => {
      disposed = true;
      stop();
    },
  };
}
