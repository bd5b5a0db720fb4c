// Kinder to the rate limit: identical library requests share one answer. A request already in
// flight is joined rather than sent again; an answer is reused for a short time only, so content
// the library removed stops showing soon. Failures are never kept.

export interface ResponseCache {
  getAsync<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Answers given from memory or joined in flight (for the bench and tests). */
  readonly hits: number;
  clear(): void;
}

export const RESPONSE_LIFETIME_MS = 60_000;

export function createResponseCache(options: { now?: () => number; lifetimeMs?: number; maxEntries?: number } = {}): ResponseCache {
  const now = options.now ?? Date.now;
  const lifetimeMs = options.lifetimeMs ?? RESPONSE_LIFETIME_MS;
  const maxEntries = options.maxEntries ?? 200;
  const entries = new Map<string, { at: number; promise: Promise<unknown> }>();
  let hits = 0;
  return {
    get hits() {
      return hits;
    },
    clear: () => entries.clear(),
    getAsync<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      // An entry still loading has no age yet (at = Infinity).
      if (entry && now() - entry.at < lifetimeMs) {
        hits += 1;
        return entry.promise as Promise<T>;
      }
      const promise = load();
      const fresh = { at: Infinity, promise: promise as Promise<unknown> };
      entries.delete(key);
      entries.set(key, fresh);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      promise.then(
        () => {
          fresh.at = now();
        },
        () => {
          if (entries.get(key) === fresh) entries.delete(key);
        },
      );
      return promise;
    },
  };
}
