// A choice made in a Browse section (a brand search, Me's list and date) outlives the section:
// a section left is unmounted, letting go of its requests, and comes back as the designer left it.
import { useState } from 'preact/hooks';

const kept = new Map<string, unknown>();

/** useState whose value is kept under `key` for the plugin's session, across unmounts. */
export function useKeptState<T>(key: string, initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  return [
    value,
    (next) => {
      kept.set(key, next);
      setValue(next);
    },
  ];
}
