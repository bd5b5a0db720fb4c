// Kinder to the rate limit: identical library requests share one answer. A request already in
// flight is joined rather than sent again; an answer is reused for a short time only, so content
// the library removed stops showing soon. Failures are never kept.
// A caller that no longer needs the answer (its `signal` aborts) stops waiting; the request itself
// is cancelled only when no caller is left waiting for it.

export interface ResponseCache {
  /**
   * `load` hears, through its signal, when every caller has stopped waiting. `fresh`: an answer
   * kept from before is not reused (one in flight is still joined); the new one replaces it, and a
   * failure leaves none, so the others stop showing what the library no longer has.
   */
  getAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal, fresh?: boolean): Promise<T>;
  /** Answers given from memory or joined in flight (for the bench and tests). */
  readonly hits: number;
  clear(): void;
  /**
   * Drops the answers kept that `test` picks: what they show, the library no longer has. An answer
   * still on its way is tried when it comes, and not kept if picked (its callers still get it).
   */
  forget(test: (key: string, answer: unknown) => boolean): void;
}

export const RESPONSE_LIFETIME_MS = 60_000;

/** What a caller that stopped waiting hears (the screens ignore it: they have moved on). */
const noLongerNeeded = () => new Error('No longer needed.');

interface Entry {
  /** When the answer came; Infinity while loading. */
  at: number;
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting that can stop; Infinity once one joined that cannot. */
  waiting: number;
  /** The answer, once it came (read by `forget`). */
  answer?: unknown;
  /** What `forget` asked while it was on its way: tried on the answer as it comes. */
  forgotten?: Array<(key: string, answer: unknown) => boolean>;
}

export function createResponseCache(options: { now?: () => number; lifetimeMs?: number; maxEntries?: number } = {}): ResponseCache {
  const now = options.now ?? Date.now;
  const lifetimeMs = options.lifetimeMs ?? RESPONSE_LIFETIME_MS;
  const maxEntries = options.maxEntries ?? 200;
  const entries = new Map<string, Entry>();
  let hits = 0;

  /** The entry's answer for one caller, who may stop waiting before it comes. */
  function follow<T>(key: string, entry: Entry, signal: AbortSignal | undefined): Promise<T> {
    const promise = entry.promise as Promise<T>;
    if (entry.at !== Infinity || !signal) {
      entry.waiting = Infinity;
      return promise;
    }
    entry.waiting += 1;
    return new Promise<T>((resolve, reject) => {
      const stop = () => {
        reject(noLongerNeeded());
        entry.waiting -= 1;
        if (entry.waiting > 0 || entry.at !== Infinity) return;
        entry.controller.abort();
        if (entries.get(key) === entry) entries.delete(key);
      };
      signal.addEventListener('abort', stop, { once: true });
      promise.finally(() => signal.removeEventListener('abort', stop)).then(resolve, reject);
    });
  }

  return {
    get hits() {
      return hits;
    },
    clear: () => entries.clear(),
    forget(test) {
      for (const [key, entry] of entries) {
        if (entry.at === Infinity) (entry.forgotten ??= []).push(test);
        else if (test(key, entry.answer)) entries.delete(key);
      }
    },
    getAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal, fresh = false): Promise<T> {
      if (signal?.aborted) return Promise.reject(noLongerNeeded());
      const entry = entries.get(key);
      // An entry still loading has no age yet (at = Infinity).
      if (entry && (fresh ? entry.at === Infinity : now() - entry.at < lifetimeMs)) {
        hits += 1;
        return follow(key, entry, signal);
      }
      const controller = new AbortController();
      const promise = load(controller.signal);
      const loading: Entry = { at: Infinity, promise, controller, waiting: 0 };
      entries.delete(key);
      entries.set(key, loading);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      promise.then(
        (answer) => {
          loading.at = now();
          loading.answer = answer;
          // Asked on its way to be forgotten, and it shows what was to go: the callers have it, the minute does not.
          if (loading.forgotten?.some((test) => test(key, answer)) && entries.get(key) === loading) entries.delete(key);
          loading.forgotten = undefined;
        },
        () => {
          if (entries.get(key) === loading) entries.delete(key);
        },
      );
      return follow(key, loading, signal);
    },
  };
}
