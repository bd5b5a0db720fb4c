// Test connection with a builder key saved and not used (saved by an older version, or with an
// address the rules now refuse): it said "No builder API key is saved yet", while Settings says
// beside the key field why the saved one is not used.
import { describe, expect, it, vi } from 'vitest';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { createDocumentSettings } from '../../../src/settings/document-settings';
import { createKeyStore, storageKeys } from '../../../src/settings/key-store';
import { createSettingsHandlers, type SettingsDependencies } from '../../../src/settings/settings-handlers';
import { messageProblems } from '../../support/message-rules';
import { createMemoryStorage } from './memory-storage';

const defaults = { library: 'https://api.mailvault.example', builder: 'https://app.templatebuilder.example' };
const builderKey = 'ef_0123456789abcdef0123';
const names = storageKeys('builder');
const UNUSED = 'The builder API key saved earlier is not used, for the reason given with the key field above. Paste the key, choose Save, then test again.';

/** The builder's Test connection over clientStorage holding `entries`. */
async function testWithAsync(entries: Record<string, string>) {
  const storage = createMemoryStorage();
  for (const [name, value] of Object.entries(entries)) storage.entries.set(name, value);
  const testConnectionAsync = vi.fn<SettingsDependencies['testConnectionAsync']>(() => Promise.resolve({ ok: true, message: 'Connected.' }));
  const handlers = createSettingsHandlers({
    keyStore: createKeyStore(storage, defaults),
    documentSettings: createDocumentSettings({ getSharedPluginData: () => '', setSharedPluginData: () => undefined }),
    defaultBaseUrls: defaults,
    testConnectionAsync,
    checkDesignSystemAsync: () => Promise.resolve({ known: true, message: 'Known.' }),
    undoSteps: { figma: { commitUndo: () => undefined }, open: () => false },
  });
  const result = await handlers['settings/test-connection']({ api: 'builder' }, handlerContext());
  expect(testConnectionAsync).not.toHaveBeenCalled();
  return result;
}

describe('Test connection with a builder key saved and not used', () => {
  it('says the saved key is not used, not that none is saved, for a key the rules refuse', async () => {
    const result = await testWithAsync({ [names.baseUrl]: 'http://localhost:4011', [names.key]: `${builderKey},` });
    expect(result).toEqual({ ok: false, message: UNUSED });
    expect(messageProblems(result.message)).toEqual([]);
    expect(result.message).not.toContain(builderKey);
  });

  it('says the saved key is not used when the address saved with it is refused', async () => {
    expect(await testWithAsync({ [names.baseUrl]: 'http://builder.internal.example', [names.key]: builderKey })).toEqual({ ok: false, message: UNUSED });
  });

  it('still says no key is saved when none is (or only spaces are)', async () => {
    for (const entries of [{ [names.baseUrl]: 'http://localhost:4011' }, { [names.baseUrl]: 'http://localhost:4011', [names.key]: '  ' }]) {
      expect((await testWithAsync(entries)).message).toBe('No builder API key is saved yet. Paste the key, choose Save, then test again.');
    }
  });
});
