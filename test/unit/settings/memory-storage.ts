// An in-memory stand-in for figma.clientStorage for the pure unit tests (the fake Figma is
// used by the end-to-end tests).
import type { ClientStorageLike } from '../../../src/platform/client-storage';

/** `refuseWrite` names entries whose writes fail, as Figma's do when clientStorage is full. */
export function createMemoryStorage(): ClientStorageLike & { entries: Map<string, unknown>; refuseWrite: Set<string> } {
  const entries = new Map<string, unknown>();
  const refuseWrite = new Set<string>();
  return {
    entries,
    refuseWrite,
    getAsync: (key) => Promise.resolve(entries.get(key)),
    setAsync: (key, value) => {
      if (refuseWrite.has(key)) return Promise.reject(new Error(`in setAsync: storage quota exceeded writing ${key}`));
      entries.set(key, value);
      return Promise.resolve();
    },
    deleteAsync: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}
