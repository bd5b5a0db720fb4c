// A choice made in a Browse section (a brand search, Me's list and date) outlives the section:
// a section left is unmounted, letting go of its requests, and comes back as the designer left it.
// An answer on its way when the section was left still lands: its update reaches the section
// drawn since (a brand request's outcome, its form emptied), not only the one that asked.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { useLatest } from '../hooks/use-latest';

const kept = new Map<string, unknown>();
/** The sections drawn now that show what is kept under a key. */
const shown = new Map<string, Set<(value: unknown) => void>>();

function keep(key: string, value: unknown): void {
  kept.set(key, value);
  for (const show of shown.get(key) ?? []) show(value);
}

/**
 * useState whose value is kept under `key` for the plugin's session, across unmounts. An update
 * that comes after the section was left (an answer on its way) is kept, and shown by the section
 * drawn since, if there is one.
 */
export function useKeptState<T>(key: string, initial: T): [T, (next: T | ((current: T) => T)) => void] {
  const first = useLatest(initial);
  const read = useCallback(() => (kept.has(key) ? (kept.get(key) as T) : first.current), [key, first]);
  const [value, setValue] = useState(read);
  useEffect(() => {
    // Values are data, never functions: wrapped so that Preact does not call one.
    const show = (next: unknown) => setValue(() => next as T);
    const mine = shown.get(key) ?? new Set();
    shown.set(key, mine.add(show));
    // What was kept under this key since the first drawing (an answer come meanwhile, a new key).
    show(read());
    return () => {
      mine.delete(show);
      if (mine.size === 0) shown.delete(key);
    };
  }, [key, read]);
  // One setter per key, as useState's is one: effects that use it do not run again at each drawing.
  const set = useCallback(
    (next: T | ((current: T) => T)) => {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(read()) : next;
      keep(key, resolved);
      setValue(() => resolved);
    },
    [key, read],
  );
  return [value, set];
}

/** Changes what is kept under `key` from outside its section (a brand to ask for, from Brands), for when the section shows. */
export function keepState<T>(key: string, update: (current: T | undefined) => T): void {
  keep(key, update(kept.get(key) as T | undefined));
}
