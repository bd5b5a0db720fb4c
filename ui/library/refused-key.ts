// The library refused the saved key while Browse used it: Browse offers to go on without it, and
// Settings says so by the key field (it opens on an empty field for a new key, and a designer
// would not otherwise know why). Kept in the window only, for as long as that key is the one saved.
import { createContext } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { maskKey } from '../../src/shared/settings/validate-settings';

/** Given by Browse to its notices while it sends a key: `refused` when the library turns the key away. */
export interface KeyRefusal {
  /** The library said the key was not accepted (a notice shows it). */
  refused: () => void;
  /** Browse goes on anonymously, as with no key saved, until another key or address is saved. */
  browseWithoutKey: () => void;
}

/** Null: Browse sends no key (none saved, or it goes on without the refused one). */
export const KeyRefusalContext = createContext<KeyRefusal | null>(null);

interface Refused {
  baseUrl: string;
  key: string;
}

let refused: Refused | null = null;
const listeners = new Set<() => void>();

function set(next: Refused | null): void {
  if (next?.baseUrl === refused?.baseUrl && next?.key === refused?.key) return;
  refused = next;
  for (const listener of listeners) listener();
}

export function noteKeyRefused(baseUrl: string, key: string): void {
  set({ baseUrl, key });
}

/** Another key is used or saved (or none): the refusal said nothing about it. */
export function keyInUse(baseUrl: string, key: string | null): void {
  if (refused && (refused.baseUrl !== baseUrl || refused.key !== key)) set(null);
}

/** A key saved or forgotten in Settings: the refusal was of the one before. */
export function forgetKeyRefusal(): void {
  set(null);
}

/** Whether the key saved now (as Settings shows it: its address and masked hint) is the one the library refused. */
export function isRefusedKey(saved: { baseUrl: string; keyHint: string | null }): boolean {
  return refused !== null && saved.keyHint !== null && refused.baseUrl === saved.baseUrl && maskKey(refused.key) === saved.keyHint;
}

/** `isRefusedKey`, drawn again when Browse hears a refusal (Settings stays mounted while hidden). */
export function useRefusedKey(saved: { baseUrl: string; keyHint: string | null }): boolean {
  const [, redraw] = useState(0);
  useEffect(() => {
    const listener = () => redraw((count) => count + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return isRefusedKey(saved);
}
