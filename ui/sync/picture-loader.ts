// The list rows' thumbnails, fetched for the rows on screen only: what scrolls into view is
// gathered for a moment and asked for in one `sync/pictures` request (one document walk in the
// sandbox), one request at a time, and kept by key until the next comparison. Rows scrolled
// past before their turn are not asked for. Nothing here waits on the request, so scrolling
// never does.

export interface PictureLoaderOptions {
  requestAsync: (keys: string[]) => Promise<Record<string, string | null>>;
  /** How long rows must stay in view before they are asked for (skips fast scrolling). */
  delayMs?: number;
  /** The most keys in one request. */
  batchSize?: number;
  timers?: { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
}

export interface PictureLoader {
  /** The picture of a key: a URL, null when there is none (or it could not be had), undefined while it loads. */
  picture(key: string): string | null | undefined;
  /** The rows now in view (none while the list is hidden); replaces the previous set. */
  show(keys: readonly string[]): void;
  /** Called after pictures arrive. */
  subscribe(listener: () => void): () => void;
  /** Forgets every picture (a new comparison), and asks again for the rows still in view. */
  clear(): void;
}

export function createPictureLoader({ requestAsync, delayMs = 60, batchSize = 40, timers = globalThis }: PictureLoaderOptions): PictureLoader {
  const known = new Map<string, string | null>();
  // Asked for and failed: shown as "no picture" rather than loading for ever; asked again when the view changes.
  const failedKeys = new Set<string>();
  const listeners = new Set<() => void>();
  let visible: readonly string[] = [];
  let timer: unknown;
  let inFlight = false;
  let generation = 0;

  function schedule(): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = undefined;
      void flushAsync();
    }, delayMs);
  }

  async function flushAsync(): Promise<void> {
    if (inFlight) return;
    const keys = visible.filter((key) => !known.has(key)).slice(0, batchSize);
    if (keys.length === 0) return;
    inFlight = true;
    const started = generation;
    let failed = false;
    try {
      const pictures = await requestAsync(keys);
      if (started === generation) {
        for (const key of keys) {
          known.set(key, pictures[key] ?? null);
          failedKeys.delete(key);
        }
      }
    } catch {
      // The rows show "no picture" (not a loading pulse that never ends); they are asked for again when the view changes.
      if (started === generation) for (const key of keys) failedKeys.add(key);
      failed = true;
    } finally {
      inFlight = false;
    }
    if (started !== generation) {
      schedule();
      return;
    }
    for (const listener of listeners) listener();
    // More rows in view than one batch holds, or rows that came into view meanwhile (after a
    // failure too: those were not in it). A failed row is asked again only with one of these or a new view.
    if (visible.some((key) => !known.has(key) && (!failed || !failedKeys.has(key)))) schedule();
  }

  return {
    picture: (key) => (known.has(key) ? known.get(key) : failedKeys.has(key) ? null : undefined),
    show(keys) {
      visible = keys;
      if (keys.some((key) => !known.has(key))) schedule();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      known.clear();
      failedKeys.clear();
      generation++;
      for (const listener of listeners) listener();
      // The same rows in view after Check again: no new view will ask for them (they pulsed until a scroll).
      if (visible.length > 0) schedule();
    },
  };
}
