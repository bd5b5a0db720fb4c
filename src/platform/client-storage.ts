// The part of figma.clientStorage that Envelope's stores use, as a type of its own so that any
// room (settings, the window size, sync state) can take it without importing another room, and
// a refused write said in words the same way in each.
import { BridgeError } from '../shared/bridge/bridge-error';

/** figma.clientStorage as the stores see it (a fake or an in-memory map in tests). */
export interface ClientStorageLike {
  getAsync(key: string): Promise<unknown>;
  setAsync(key: string, value: unknown): Promise<void>;
  deleteAsync(key: string): Promise<void>;
}

/**
 * A clientStorage write refused: most likely full (5 MB for the whole plugin, on this computer).
 * Figma's own words are technical and are not passed on; what failed is not kept.
 */
function storageError(what: string): BridgeError {
  return new BridgeError('storage_failed', `Figma could not store ${what} on this computer (Envelope’s storage there may be full).`);
}

/** Runs a clientStorage write, its failure said in words (storageError); answers what the write answered. */
export async function storingAsync<T>(write: Promise<T>, what: string): Promise<T> {
  try {
    return await write;
  } catch {
    throw storageError(what);
  }
}
