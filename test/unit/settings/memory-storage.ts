// An in-memory stand-in for figma.clientStorage for the pure unit tests (the fake Figma is
// used by the end-to-end tests).
import type { ClientStorageLike } from '../../../src/platform/client-storage';

export function createMemoryStorage(): ClientStorageLike & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    getAsync: (key) => Promise.resolve(entries.get(key)),
    setAsync: (key, value) => {
      entries.set(key, value);
      return Promise.resolve();
    },
    deleteAsync: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}
