// Cancelling a request the caller no longer needs. The iframe passes a DOM AbortSignal; the sandbox
// has no AbortController (and its fetch cannot abort), so shared code only needs this much of one,
// and makes its own with createCancelSource.

/** The part of the DOM's AbortSignal that shared code uses: an AbortSignal is one. */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Calls `listener` once when the signal aborts (at once if it has); returns a function that stops listening. */
export function whenCancelled(signal: CancelSignal | undefined, listener: () => void): () => void {
  if (!signal) return () => undefined;
  if (signal.aborted) {
    listener();
    return () => undefined;
  }
  const once = () => {
    signal.removeEventListener('abort', once);
    listener();
  };
  signal.addEventListener('abort', once);
  return () => signal.removeEventListener('abort', once);
}

/** A signal and the function that aborts it, for code that cannot count on AbortController. */
export function createCancelSource(): { signal: CancelSignal; cancel(): void } {
  const listeners = new Set<() => void>();
  let aborted = false;
  return {
    signal: {
      get aborted() {
        return aborted;
      },
      addEventListener: (_type, listener) => void listeners.add(listener),
      removeEventListener: (_type, listener) => void listeners.delete(listener),
    },
    cancel() {
      if (aborted) return;
      aborted = true;
      for (const listener of [...listeners]) listener();
      listeners.clear();
    },
  };
}
