// The library refused the saved key while Browse used it. Browse holds that (library-screen.tsx,
// with the connection it describes) and gives it to its sections here: where a refusal is said,
// they offer to go on without the key when what they show works without one, and say what does
// when it does not. Settings hears of it from Browse and says so by the key field (it opens on an
// empty field for a new key, and a designer would not otherwise know why).
import { createContext } from 'preact';
import { maskKey } from '../../src/shared/settings/validate-settings';

/** A key the library turned away, at the address it was sent to. */
export interface RefusedKey {
  baseUrl: string;
  key: string;
}

/** Given by Browse to its sections. */
export interface KeyRefusal {
  /** The library refused the saved key: Browse sends it, or goes on without it. */
  refused: boolean;
  /** The library said the key sent was not accepted (a 401 heard anywhere in Browse). Nothing while no key is sent. */
  noteRefused: () => void;
  /** Browse goes on anonymously, as with no key saved, until another key or address is saved. Null while no key is sent. */
  browseWithoutKey: (() => void) | null;
  /** Browse Without the key was pressed: Browse goes on anonymously (words about the key's earlier refusal say so). */
  withoutKey: boolean;
  /** The key or address was saved since the refusal was heard: what Browse sends now (words about the refusal say so). */
  savedSince: KeySavedSince | null;
}

/** Since a refusal, a save left Browse with another key or address ('changed'), or with no key ('noKey'). */
export type KeySavedSince = 'changed' | 'noKey';

const NO_REFUSAL: KeyRefusal = { refused: false, noteRefused: () => undefined, browseWithoutKey: null, withoutKey: false, savedSince: null };

export const KeyRefusalContext = createContext<KeyRefusal>(NO_REFUSAL);

/** Where the library works without a key, said where a refusal stops something that needs one (Me, brand requests). */
export const WORKS_WITHOUT_KEY = 'Emails, brands and journeys can be browsed without a key.';

/** Whether the key saved now (as Settings shows it: its address and masked hint) is the one the library refused. */
export function isRefusedKey(refused: RefusedKey | null, saved: { baseUrl: string; keyHint: string | null }): boolean {
  return refused !== null && saved.keyHint !== null && refused.baseUrl === saved.baseUrl && maskKey(refused.key) === saved.keyHint;
}

/**
 * The refusal heard in this epoch (since the library's key or address was last saved), while it
 * still describes the connection: one sending the refused key, or one going on without it. A
 * connection with another key (saved in another window, read on reconnecting) ends it.
 */
export function refusalOfConnection(heard: (RefusedKey & { epoch: number }) | null, epoch: number, connection: { baseUrl: string; key: string | null } | null, withoutKey: boolean): RefusedKey | null {
  if (heard === null || connection === null || heard.epoch !== epoch || heard.baseUrl !== connection.baseUrl) return null;
  return connection.key === heard.key || (withoutKey && connection.key === null) ? { baseUrl: heard.baseUrl, key: heard.key } : null;
}

/**
 * What the connection sends since the refusal heard in an earlier epoch (a key or address saved
 * since): no key, or another key or address; null while the refusal is of this epoch, or the same
 * key goes on to the same address (saved again).
 */
export function savedSinceRefusal(heard: (RefusedKey & { epoch: number }) | null, epoch: number, connection: { baseUrl: string; key: string | null } | null): KeySavedSince | null {
  if (heard === null || connection === null || heard.epoch === epoch) return null;
  if (connection.key === null) return 'noKey';
  return connection.key !== heard.key || connection.baseUrl !== heard.baseUrl ? 'changed' : null;
}
