import { describe, expect, it } from 'vitest';
import { clearPersisted, persistClientStorageAsync, PERSISTED_STORAGE_KEY, readPersisted } from '../../playground/page/storage-persistence';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('keeping clientStorage across reloads', () => {
  it('writes every entry and reads them back', async () => {
    const storage = memoryStorage();
    const entries = new Map<string, unknown>([
      ['envelope.library.apiKey', 'lib_live_abcdefgh'],
      ['envelope.prefs', { compact: true, sizes: [1, 2] }],
    ]);
    await persistClientStorageAsync({ keysAsync: async () => [...entries.keys()], getAsync: async (key) => entries.get(key) }, storage);
    expect(readPersisted(storage)).toEqual({ 'envelope.library.apiKey': 'lib_live_abcdefgh', 'envelope.prefs': { compact: true, sizes: [1, 2] } });
    clearPersisted(storage);
    expect(readPersisted(storage)).toEqual({});
  });

  it('starts empty from nothing, from broken JSON and from JSON that is not an object', () => {
    const storage = memoryStorage();
    expect(readPersisted(storage)).toEqual({});
    storage.setItem(PERSISTED_STORAGE_KEY, '{oops');
    expect(readPersisted(storage)).toEqual({});
    storage.setItem(PERSISTED_STORAGE_KEY, '[1,2]');
    expect(readPersisted(storage)).toEqual({});
  });
});
