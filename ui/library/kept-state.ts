// A choice made in a Browse section (a brand search, Me's list and date) outlives the section:
// a section left is unmounted, letting go of its requests, and comes back as the designer left it.
import { useState } from 'preact/hooks';

const kept = new Map<string, unknown>();

/**
 * useState whose value is kept under `key` for the plugin's session, across unmounts. An update
 * that comes after the section was left (an answer on its way) is kept for its return.
 */
export function useKeptState<T>(key: string, initial: T): [T, (next: T | ((current: T) => T)) => void] {
  const read = () => (kept.has(key) ? (kept.get(key) as T) : initial);
  const [value, setValue] = useState(read);
  return [
    value,
    (next) => {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(read()) : next;
      kept.set(key, resolved);
      setValue(resolved);
    },
  ];
}

/** Changes what is kept under `key` from outside its section (a brand to ask for, from Brands), for when the section shows. */
export function keepState<T>(key: string, update: (current: T | undefined) => T): void {
  kept.set(key, update(kept.get(key) as T | undefined));
}
