import { describe, expect, it } from 'vitest';
import { createKeyStore, storageKeys } from '../../../src/settings/key-store';
import { createMemoryStorage } from './memory-storage';
import { messageProblems } from '../../support/message-rules';

const defaults = { library: 'https://api.mailvault.example', builder: 'https://app.templatebuilder.example' };
const builderKey = 'ef_0123456789abcdef0123';
const libraryKey = 'lib_live_ABCDEFGH1234';

describe('key store', () => {
  it('reads the default base URL and no key when nothing is saved', async () => {
    const store = createKeyStore(createMemoryStorage(), defaults);
    expect(await store.readAsync('builder')).toEqual({ baseUrl: defaults.builder, key: null });
    expect(await store.readAsync('library')).toEqual({ baseUrl: defaults.library, key: null });
  });

  it('stores the key trimmed and the base URL without a trailing slash, per API', async () => {
    const storage = createMemoryStorage();
    const store = createKeyStore(storage, defaults);
    await store.saveAsync('builder', { baseUrl: ' http://localhost:4011/ ', key: `  ${builderKey}\n` });
    expect(await store.readAsync('builder')).toEqual({ baseUrl: 'http://localhost:4011', key: builderKey });
    expect(await store.readAsync('library')).toEqual({ baseUrl: defaults.library, key: null });
    expect(storage.entries.get(storageKeys('builder').key)).toBe(builderKey);
  });

  it('keeps the saved key when only the base URL is saved on the same host, and refuses to move it to another', async () => {
    const store = createKeyStore(createMemoryStorage(), defaults);
    await store.saveAsync('library', { baseUrl: 'https://api.mailvault.test', key: libraryKey });
    await store.saveAsync('library', { baseUrl: 'https://api.mailvault.test/v1/' });
    expect(await store.readAsync('library')).toEqual({ baseUrl: 'https://api.mailvault.test/v1', key: libraryKey });
    await expect(store.saveAsync('library', { baseUrl: 'https://library.internal.example' })).rejects.toThrow(/Refused to move the saved library key to another host/);
    expect(await store.readAsync('library')).toEqual({ baseUrl: 'https://api.mailvault.test/v1', key: libraryKey });
    await store.saveAsync('library', { baseUrl: 'https://library.internal.example', key: libraryKey });
    expect(await store.readAsync('library')).toEqual({ baseUrl: 'https://library.internal.example', key: libraryKey });
  });

  // Settings asks for just this: a key saved over the built-in stand-in, then the address typed.
  // The stand-in's `.example` host is never asked anything, so the key had gone nowhere yet.
  it('lets a key saved over the stand-in follow the first real address, and from there no further', async () => {
    const store = createKeyStore(createMemoryStorage(), defaults);
    await store.saveAsync('builder', { baseUrl: defaults.builder, key: builderKey });
    await store.saveAsync('builder', { baseUrl: 'https://builder.acme.test' });
    expect(await store.readAsync('builder')).toEqual({ baseUrl: 'https://builder.acme.test', key: builderKey });
    await expect(store.saveAsync('builder', { baseUrl: 'https://other.acme.test' })).rejects.toThrow(/Refused to move the saved builder key to another host/);
    // Nor back to the stand-in and on from there.
    await expect(store.saveAsync('builder', { baseUrl: defaults.builder })).rejects.toThrow(/Refused to move/);
    expect(await store.readAsync('builder')).toEqual({ baseUrl: 'https://builder.acme.test', key: builderKey });
  });

  it('keeps the saved address and key together when a save fails half-way (the old key never follows to the new host)', async () => {
    const storage = createMemoryStorage();
    const store = createKeyStore(storage, defaults);
    await store.saveAsync('builder', { baseUrl: 'https://old.example', key: builderKey });
    storage.refuseWrite.add(storageKeys('builder').key);
    const newKey = 'ef_new_key_for_the_new_host';
    await expect(store.saveAsync('builder', { baseUrl: 'https://new.example', key: newKey })).rejects.toThrow(/quota/);
    expect(await store.readAsync('builder')).toEqual({ baseUrl: 'https://old.example', key: builderKey });
    // Moving back to the default address, which is not stored, is undone the same way.
    await expect(store.saveAsync('builder', { baseUrl: defaults.builder, key: newKey })).rejects.toThrow(/quota/);
    expect(await store.readAsync('builder')).toEqual({ baseUrl: 'https://old.example', key: builderKey });
  });

  it('does not store the default base URL, so a new default applies later', async () => {
    const storage = createMemoryStorage();
    const store = createKeyStore(storage, defaults);
    await store.saveAsync('builder', { baseUrl: 'https://other.example' });
    await store.saveAsync('builder', { baseUrl: `${defaults.builder}/` });
    expect(storage.entries.has(storageKeys('builder').baseUrl)).toBe(false);
  });

  it('forgets the key and only the key', async () => {
    const store = createKeyStore(createMemoryStorage(), defaults);
    await store.saveAsync('builder', { baseUrl: 'https://other.example', key: builderKey });
    await store.forgetKeyAsync('builder');
    expect(await store.readAsync('builder')).toEqual({ baseUrl: 'https://other.example', key: null });
  });

  it('refuses to store an invalid key or address even if a caller skipped the checks', async () => {
    const storage = createMemoryStorage();
    const store = createKeyStore(storage, defaults);
    await expect(store.saveAsync('builder', { baseUrl: defaults.builder, key: 'sk_wrong' })).rejects.toThrow(/invalid builder key/);
    await expect(store.saveAsync('library', { baseUrl: 'http://api.mailvault.example' })).rejects.toThrow(/invalid library base URL/);
    expect(storage.entries.size).toBe(0);
  });

  it('says why a saved key it does not use is not used (one an older version took in), and nothing for a usable or absent key', async () => {
    const storage = createMemoryStorage();
    const store = createKeyStore(storage, defaults);
    expect((await store.readWithProblemAsync('builder')).savedKeyProblem).toBeNull();
    storage.entries.set(storageKeys('builder').key, `${builderKey};`);
    expect(await store.readAsync('builder')).toEqual({ baseUrl: defaults.builder, key: null });
    expect((await store.readWithProblemAsync('builder')).savedKeyProblem).toBe('The builder API key saved earlier is not used, as the builder would refuse it. The key ends with a semicolon. Paste the key without it.');
    storage.entries.set(storageKeys('library').key, libraryKey);
    expect((await store.readWithProblemAsync('library')).savedKeyProblem).toBeNull();
    storage.entries.set(storageKeys('library').key, '');
    expect((await store.readWithProblemAsync('library')).savedKeyProblem).toBeNull();
  });

  it('treats stored entries that break the rules as absent instead of using them', async () => {
    const storage = createMemoryStorage();
    storage.entries.set(storageKeys('builder').key, 'not-a-builder-key');
    storage.entries.set(storageKeys('builder').baseUrl, 'http://evil.example');
    storage.entries.set(storageKeys('library').key, 42);
    const store = createKeyStore(storage, defaults);
    expect(await store.readAsync('builder')).toEqual({ baseUrl: defaults.builder, key: null });
    expect(await store.readAsync('library')).toEqual({ baseUrl: defaults.library, key: null });
  });

  it('does not send a key saved for an address the rules now refuse to the default host', async () => {
    // An older version (or a hand edit) left an address that no longer passes; the key saved with
    // it was meant for that host, so it must not follow the fallback to the default one.
    const storage = createMemoryStorage();
    storage.entries.set(storageKeys('builder').key, builderKey);
    storage.entries.set(storageKeys('builder').baseUrl, 'http://builder.internal.example');
    const store = createKeyStore(storage, defaults);
    expect(await store.readAsync('builder')).toEqual({ baseUrl: defaults.builder, key: null });
    // Said, not dropped unexplained: Settings shows the default address and no key otherwise.
    const said = (await store.readWithProblemAsync('builder')).savedKeyProblem;
    expect(said).toBe(
      'The builder API address saved earlier, http://builder.internal.example, is not used: Envelope connects over HTTPS only, except to this computer (http://localhost or http://127.0.0.1): use an https:// address. So the key saved with it is not used either: save the address again, with the key.',
    );
    expect(messageProblems(said!)).toEqual([]);
    // Nor does it pair with the next address saved without a key.
    await store.saveAsync('builder', { baseUrl: 'https://builder.other.example' });
    expect(await store.readAsync('builder')).toEqual({ baseUrl: 'https://builder.other.example', key: null });
  });

  it('says why an address saved earlier is not used when no key was saved with it (Settings showed the default, nothing said)', async () => {
    const storage = createMemoryStorage();
    storage.entries.set(storageKeys('builder').baseUrl, 'http://builder.internal.example');
    const store = createKeyStore(storage, defaults);
    expect(await store.readAsync('builder')).toEqual({ baseUrl: defaults.builder, key: null });
    const said = (await store.readWithProblemAsync('builder')).savedKeyProblem;
    expect(said).toBe(
      'The builder API address saved earlier, http://builder.internal.example, is not used: Envelope connects over HTTPS only, except to this computer (http://localhost or http://127.0.0.1): use an https:// address. Envelope uses the default address until you save another.',
    );
    expect(messageProblems(said!)).toEqual([]);
    // A usable address, or none, says nothing; saving another address ends the words.
    await store.saveAsync('builder', { baseUrl: 'https://builder.internal.example' });
    expect((await store.readWithProblemAsync('builder')).savedKeyProblem).toBeNull();
    expect((await createKeyStore(createMemoryStorage(), defaults).readWithProblemAsync('library')).savedKeyProblem).toBeNull();
  });

  describe('a key saved earlier and not used, when only the address is saved', () => {
    // It stays bound to the host it was saved for, as a used key does: on that host it is kept
    // (and used once its address passes), on another it goes, and the save says so.
    it('keeps a key saved with an address refused now when the new address is on the same host, and uses it', async () => {
      const storage = createMemoryStorage();
      storage.entries.set(storageKeys('builder').baseUrl, 'https://builder.internal.example/?team=3');
      storage.entries.set(storageKeys('builder').key, builderKey);
      const store = createKeyStore(storage, defaults);
      expect(await store.saveAsync('builder', { baseUrl: 'https://builder.internal.example' })).toBeNull();
      expect(await store.readAsync('builder')).toEqual({ baseUrl: 'https://builder.internal.example', key: builderKey });
      expect((await store.readWithProblemAsync('builder')).savedKeyProblem).toBeNull();
    });

    it('keeps a key refused now when the address is saved again on its host, and still says why it is not used', async () => {
      const storage = createMemoryStorage();
      storage.entries.set(storageKeys('builder').key, `${builderKey},`);
      const store = createKeyStore(storage, defaults);
      const said = (await store.readWithProblemAsync('builder')).savedKeyProblem;
      expect(await store.saveAsync('builder', { baseUrl: `${defaults.builder}/` })).toBeNull();
      expect(storage.entries.get(storageKeys('builder').key)).toBe(`${builderKey},`);
      expect(await store.readAsync('builder')).toEqual({ baseUrl: defaults.builder, key: null });
      expect((await store.readWithProblemAsync('builder')).savedKeyProblem).toBe(said);
    });

    it('removes it for an address on another host, never pairing it, and says why in words', async () => {
      const storage = createMemoryStorage();
      storage.entries.set(storageKeys('builder').baseUrl, 'http://builder.internal.example');
      storage.entries.set(storageKeys('builder').key, builderKey);
      const store = createKeyStore(storage, defaults);
      const said = await store.saveAsync('builder', { baseUrl: 'https://builder.internal.example' });
      expect(said).toBe(
        'The builder API key saved earlier was removed, as it was saved for http://builder.internal.example and a key is only sent to the host it was saved for: paste it again to use it with this address.',
      );
      expect(messageProblems(said!)).toEqual([]);
      expect(storage.entries.has(storageKeys('builder').key)).toBe(false);
      expect(await store.readAsync('builder')).toEqual({ baseUrl: 'https://builder.internal.example', key: null });
      // A key refused itself, saved for the default host, goes the same way; nothing is said of an empty entry.
      storage.entries.set(storageKeys('library').key, `${libraryKey};`);
      expect(await store.saveAsync('library', { baseUrl: 'https://library.internal.example' })).toMatch(/^The library API key saved earlier was removed, as it was saved for https:\/\/api\.mailvault\.example and /);
      storage.entries.set(storageKeys('library').key, '');
      expect(await store.saveAsync('library', { baseUrl: defaults.library })).toBeNull();
    });

    it('never names a password that was in the address the key was saved for', async () => {
      const storage = createMemoryStorage();
      storage.entries.set(storageKeys('builder').baseUrl, 'https://user:secret@builder.internal.example/base');
      storage.entries.set(storageKeys('builder').key, builderKey);
      const said = await createKeyStore(storage, defaults).saveAsync('builder', { baseUrl: 'https://builder.other.example' });
      expect(said).toContain('saved for https://builder.internal.example and');
      expect(said).not.toContain('secret');
    });
  });

  it('reads each stored entry once for what Settings shows and for a save of the address alone (clientStorage reads are calls to Figma)', async () => {
    const storage = createMemoryStorage();
    const reads: string[] = [];
    const counted = { ...storage, getAsync: (name: string) => (reads.push(name), storage.getAsync(name)) };
    const store = createKeyStore(counted, defaults);
    storage.entries.set(storageKeys('builder').key, builderKey);
    storage.entries.set(storageKeys('builder').baseUrl, 'https://builder.example');
    expect(await store.readWithProblemAsync('builder')).toEqual({ baseUrl: 'https://builder.example', key: builderKey, savedKeyProblem: null, keyUnused: false });
    expect(reads.sort()).toEqual([storageKeys('builder').key, storageKeys('builder').baseUrl].sort());
    reads.length = 0;
    expect(await store.saveAsync('builder', { baseUrl: 'https://builder.example/' })).toBeNull();
    expect(reads.sort()).toEqual([storageKeys('builder').key, storageKeys('builder').baseUrl].sort());
    expect(await store.readAsync('builder')).toEqual({ baseUrl: 'https://builder.example', key: builderKey });
  });
});
