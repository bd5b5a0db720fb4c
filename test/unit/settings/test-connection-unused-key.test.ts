// Test connection with a builder key saved and not used (saved by an older version, or with an
// address the rules now refuse): it said "No builder API key is saved yet", while Settings says
// beside the key field why the saved one is not used. The library's test said browsing works
// without a key, and nothing of the key saved; at the built-in placeholder address, the address
// went unsaid.
import { describe, expect, it, vi } from 'vitest';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { createDocumentSettings } from '../../../src/settings/document-settings';
import { createKeyStore, storageKeys } from '../../../src/settings/key-store';
import { createSettingsHandlers, type SettingsDependencies } from '../../../src/settings/settings-handlers';
import { messageProblems } from '../../support/message-rules';
import { answerWithWaitText } from '../../../ui/settings/api-form';
import { createMemoryStorage } from './memory-storage';

const defaults = { library: 'https://api.mailvault.example', builder: 'https://app.templatebuilder.example' };
const builderKey = 'ef_0123456789abcdef0123';
const libraryKey = 'lib_live_ABCDEFGH1234';
const names = storageKeys('builder');
const libraryNames = storageKeys('library');
const UNUSED = 'The builder API key saved earlier is not used, for the reason given with the key field above. Paste the key, choose Save, then test again.';
const LIBRARY_UNUSED = 'The library API key saved earlier is not used, for the reason given with the key field above. Paste the key, choose Save, then test again.';
const REACHED = 'Reached the library: browsing works without a key. A library API key adds HTML previews and your follows, likes and collections.';

/** `api`'s Test connection over clientStorage holding `entries`; the library is reached without a key. */
async function testWithAsync(entries: Record<string, string>, api: 'builder' | 'library' = 'builder', defaultBaseUrls = defaults) {
  const storage = createMemoryStorage();
  for (const [name, value] of Object.entries(entries)) storage.entries.set(name, value);
  const testConnectionAsync = vi.fn<SettingsDependencies['testConnectionAsync']>((_api, { key }) => Promise.resolve({ ok: true, message: key === null ? REACHED : 'Connected.' }));
  const handlers = createSettingsHandlers({
    keyStore: createKeyStore(storage, defaultBaseUrls),
    documentSettings: createDocumentSettings({ getSharedPluginData: () => '', setSharedPluginData: () => undefined }),
    defaultBaseUrls,
    testConnectionAsync,
    checkDesignSystemAsync: () => Promise.resolve({ known: true, message: 'Known.' }),
    undoSteps: { figma: { commitUndo: () => undefined }, open: () => false },
  });
  const result = await handlers['settings/test-connection']({ api }, handlerContext());
  return { ...result, calls: testConnectionAsync.mock.calls };
}

describe('Test connection with a builder key saved and not used', () => {
  it('says the saved key is not used, not that none is saved, for a key the rules refuse', async () => {
    const result = await testWithAsync({ [names.baseUrl]: 'http://localhost:4011', [names.key]: `${builderKey},` });
    expect(result).toEqual({ ok: false, message: UNUSED, calls: [] });
    expect(messageProblems(result.message)).toEqual([]);
    expect(result.message).not.toContain(builderKey);
  });

  it('says the saved key is not used when the address saved with it is refused', async () => {
    const realDefaults = { ...defaults, builder: 'https://app.templatebuilder.com' };
    expect(await testWithAsync({ [names.baseUrl]: 'http://builder.internal.example', [names.key]: builderKey }, 'builder', realDefaults)).toEqual({ ok: false, message: UNUSED, calls: [] });
  });

  it('still says no key is saved when none is (or only spaces are)', async () => {
    for (const entries of [{ [names.baseUrl]: 'http://localhost:4011' }, { [names.baseUrl]: 'http://localhost:4011', [names.key]: '  ' }]) {
      expect((await testWithAsync(entries)).message).toBe('No builder API key is saved yet. Paste the key, choose Save, then test again.');
    }
  });

  it('says the address is missing first, then the key, at the placeholder address (it named the key alone)', async () => {
    const result = await testWithAsync({ [names.key]: `${builderKey};` });
    expect(result).toEqual({ ok: false, message: `The email builder’s address is missing: enter it above. ${UNUSED}`, calls: [] });
    expect(messageProblems(result.message)).toEqual([]);
    // Saved for an address now refused: the placeholder stands in for it.
    expect((await testWithAsync({ [names.baseUrl]: 'http://builder.internal.example', [names.key]: builderKey })).message).toBe(result.message);
  });
});

describe('Test connection with a library key saved and not used', () => {
  it('tests browsing without the key, and says the saved key is not used (it said only that browsing works without a key)', async () => {
    // A key the rules refuse, at an address of the designer's own.
    const result = await testWithAsync({ [libraryNames.baseUrl]: 'http://localhost:4010', [libraryNames.key]: `${libraryKey},` }, 'library');
    // The key's sentence apart, said after the answer and its wait (answerWithWaitText).
    expect(result).toEqual({ ok: false, message: REACHED, unusedKeyText: LIBRARY_UNUSED, calls: [['library', { baseUrl: 'http://localhost:4010', key: null }]] });
    expect(answerWithWaitText(result)).toBe(`${REACHED} ${LIBRARY_UNUSED}`);
    expect(messageProblems(answerWithWaitText(result))).toEqual([]);
    expect(answerWithWaitText(result)).not.toContain(libraryKey);
    // Saved with an address the rules now refuse, in a build whose default is a real host: the key
    // does not follow the fallback to the default address, which is tested without it.
    const realDefaults = { ...defaults, library: 'https://api.mailvault.com' };
    expect(await testWithAsync({ [libraryNames.baseUrl]: 'http://library.internal.example', [libraryNames.key]: libraryKey }, 'library', realDefaults)).toEqual({
      ok: false,
      message: REACHED,
      unusedKeyText: LIBRARY_UNUSED,
      calls: [['library', { baseUrl: realDefaults.library, key: null }]],
    });
  });

  it('says the address is missing, then the key, at the placeholder address, without a call', async () => {
    const missing = { ok: false, message: `The email library’s address is missing: enter it above. ${LIBRARY_UNUSED}`, calls: [] };
    expect(await testWithAsync({ [libraryNames.key]: `${libraryKey};` }, 'library')).toEqual(missing);
    // Saved for an address now refused: the placeholder stands in for it.
    expect(await testWithAsync({ [libraryNames.baseUrl]: 'http://library.internal.example', [libraryNames.key]: libraryKey }, 'library')).toEqual(missing);
    expect(messageProblems(missing.message)).toEqual([]);
  });

  it('still tests browsing alone with no key saved, and with the key when it is used', async () => {
    expect(await testWithAsync({ [libraryNames.baseUrl]: 'http://localhost:4010' }, 'library')).toEqual({ ok: true, message: REACHED, calls: [['library', { baseUrl: 'http://localhost:4010', key: null }]] });
    expect((await testWithAsync({ [libraryNames.baseUrl]: 'http://localhost:4010', [libraryNames.key]: libraryKey }, 'library')).message).toBe('Connected.');
  });
});
