import { describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { createDocumentSettings } from '../../../src/settings/document-settings';
import { createKeyStore } from '../../../src/settings/key-store';
import { createSettingsHandlers, type SettingsDependencies } from '../../../src/settings/settings-handlers';
import { messageProblems } from '../../support/message-rules';
import { createMemoryStorage } from './memory-storage';

const defaults = { library: 'https://api.mailvault.example', builder: 'https://app.templatebuilder.example' };
const builderKey = 'ef_0123456789abcdef0123';
const context = handlerContext();

function setup() {
  const storage = createMemoryStorage();
  const shared = new Map<string, string>();
  const documentSettings = createDocumentSettings({
    getSharedPluginData: (namespace, key) => shared.get(`${namespace}/${key}`) ?? '',
    setSharedPluginData: (namespace, key, value) => void (value === '' ? shared.delete(`${namespace}/${key}`) : shared.set(`${namespace}/${key}`, value)),
  });
  const testConnectionAsync = vi.fn<SettingsDependencies['testConnectionAsync']>(() => Promise.resolve({ ok: true, message: 'Connected.' }));
  const checkDesignSystemAsync = vi.fn<SettingsDependencies['checkDesignSystemAsync']>(() => Promise.resolve({ known: true, message: 'Known.' }));
  const handlers = createSettingsHandlers({ keyStore: createKeyStore(storage, defaults), documentSettings, defaultBaseUrls: defaults, testConnectionAsync, checkDesignSystemAsync, undoSteps: { figma: { commitUndo: () => undefined }, open: () => false } });
  return { storage, shared, handlers, testConnectionAsync, checkDesignSystemAsync };
}

async function refusal(promise: Promise<unknown>): Promise<BridgeError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BridgeError);
  return error as BridgeError;
}

describe('settings handlers', () => {
  it('answers settings/get with defaults, no keys and no design system at first', async () => {
    const { handlers } = setup();
    expect(await handlers['settings/get']({}, context)).toEqual({
      library: { baseUrl: defaults.library, defaultBaseUrl: defaults.library, keyHint: null },
      builder: { baseUrl: defaults.builder, defaultBaseUrl: defaults.builder, keyHint: null },
      designSystemId: null,
    });
  });

  // An older version took in a builder key with the comma after it (the builder refuses it): now it
  // reads as no key, and Settings showed the empty key field with nothing saying why.
  it('says in words on settings/get why a key saved earlier is not used, never showing the key', async () => {
    const { handlers, storage } = setup();
    storage.entries.set('envelope.builder.apiKey', `${builderKey},`);
    const view = await handlers['settings/get']({}, context);
    expect(view.builder.keyHint).toBeNull();
    expect(view.builder.savedKeyProblem).toBe('The builder API key saved earlier is not used, as the builder would refuse it. The key ends with a comma. Paste the key without it.');
    expect(messageProblems(view.builder.savedKeyProblem ?? '')).toEqual([]);
    expect(JSON.stringify(view)).not.toContain(builderKey);
    expect(view.library.savedKeyProblem).toBeUndefined();
    // Once a key is saved again, the words go.
    const saved = await handlers['settings/save-api']({ api: 'builder', baseUrl: defaults.builder, key: builderKey }, context);
    expect(saved.builder.keyHint).toBe('ef_••••0123');
    expect(saved.builder.savedKeyProblem).toBeUndefined();
  });

  it('saves a key and answers with the masked hint, never the key', async () => {
    const { handlers } = setup();
    const view = await handlers['settings/save-api']({ api: 'builder', baseUrl: defaults.builder, key: builderKey }, context);
    expect(view.builder.keyHint).toBe('ef_••••0123');
    expect(JSON.stringify(view)).not.toContain(builderKey);
  });

  it('says in words that a save failed in Figma’s storage, names the API, and keeps the saved settings', async () => {
    const { handlers, storage } = setup();
    await handlers['settings/save-api']({ api: 'builder', baseUrl: defaults.builder, key: builderKey }, context);
    storage.refuseWrite.add('envelope.builder.apiKey');
    const newKey = 'ef_another_key_0000000000';
    const error = await refusal(handlers['settings/save-api']({ api: 'builder', baseUrl: defaults.builder, key: newKey }, context));
    expect(error.code).toBe('storage_failed');
    // Not “try Save again”: with the storage full, the same Save fails again. Said as Sync says it (sync-errors.ts).
    expect(error.message).toBe('Figma could not store the email builder settings on this computer (Envelope’s storage there may be full).');
    expect((await handlers['settings/get']({}, context)).builder.keyHint).toBe('ef_••••0123');
  });

  it('says in words that a key could not be forgotten', async () => {
    const { handlers, storage } = setup();
    await handlers['settings/save-api']({ api: 'library', baseUrl: defaults.library, key: 'lib_live_ABCDEFGH1234' }, context);
    storage.deleteAsync = () => Promise.reject(new Error('in deleteAsync: failed'));
    const error = await refusal(handlers['settings/forget-key']({ api: 'library' }, context));
    expect(error.code).toBe('storage_failed');
    expect(error.message).toBe('Figma could not remove the library API key from this computer, so it is still saved. Try again.');
  });

  it('refuses a key of the wrong form, naming the field, and stores nothing', async () => {
    const { handlers, storage } = setup();
    const error = await refusal(handlers['settings/save-api']({ api: 'builder', baseUrl: 'https://builder.example', key: 'sk_live_123' }, context));
    expect(error.code).toBe('invalid_input');
    expect(error.details).toEqual({ field: 'key', api: 'builder' });
    expect(error.message).toMatch(/start with "ef_"/);
    expect(error.message).not.toContain('sk_live_123');
    expect(storage.entries.size).toBe(0);
  });

  it('refuses an address that already holds the API’s own path (every call would go to /v1/v1/…), naming the field', async () => {
    const { handlers, storage } = setup();
    const error = await refusal(handlers['settings/save-api']({ api: 'library', baseUrl: 'https://library.example.com/v1/', key: 'lib_live_ABCDEFGH1234' }, context));
    expect(error.details).toEqual({ field: 'baseUrl', api: 'library' });
    expect(error.message).toBe('Leave out “/v1” and what follows it: Envelope adds it to each request. Enter https://library.example.com');
    expect(storage.entries.size).toBe(0);
  });

  it('refuses an http address that is not localhost, naming the field', async () => {
    const { handlers, storage } = setup();
    const error = await refusal(handlers['settings/save-api']({ api: 'library', baseUrl: 'http://api.mailvault.example', key: 'lib_live_ABCDEFGH1234' }, context));
    expect(error.code).toBe('invalid_input');
    expect(error.details).toEqual({ field: 'baseUrl', api: 'library' });
    expect(error.message).toMatch(/HTTPS/);
    expect(storage.entries.size).toBe(0);
  });

  it('accepts http for localhost', async () => {
    const { handlers } = setup();
    const view = await handlers['settings/save-api']({ api: 'library', baseUrl: 'http://127.0.0.1:4010', key: 'lib_live_ABCDEFGH1234' }, context);
    expect(view.library.baseUrl).toBe('http://127.0.0.1:4010');
  });

  it('forgets a key', async () => {
    const { handlers } = setup();
    await handlers['settings/save-api']({ api: 'builder', baseUrl: defaults.builder, key: builderKey }, context);
    const view = await handlers['settings/forget-key']({ api: 'builder' }, context);
    expect(view.builder.keyHint).toBeNull();
  });

  it('keeps a key bound to its host: a new address without the key again is refused, the same host is fine', async () => {
    const { handlers, storage } = setup();
    const own = 'https://builder.acme.test';
    await handlers['settings/save-api']({ api: 'builder', baseUrl: own, key: builderKey }, context);
    const moved = await refusal(handlers['settings/save-api']({ api: 'builder', baseUrl: 'https://elsewhere.example' }, context));
    expect(moved.details).toEqual({ field: 'key', api: 'builder' });
    expect(moved.message).toMatch(/address changed from https:\/\/builder.acme.test: paste the key again/);
    expect(storage.entries.get('envelope.builder.baseUrl')).toBe(own);
    const samePlace = await handlers['settings/save-api']({ api: 'builder', baseUrl: `${own}/` }, context);
    expect(samePlace.builder.keyHint).toBe('ef_••••0123');
    const withKey = await handlers['settings/save-api']({ api: 'builder', baseUrl: 'https://elsewhere.example', key: builderKey }, context);
    expect(withKey.builder.baseUrl).toBe('https://elsewhere.example');
  });

  // Saved over the stand-in, Settings said "The address is still missing … Enter yours above, then
  // choose Save", and that Save was refused: "paste the key again". The stand-in is never asked
  // anything, so the key follows the first real address; not a later one.
  it('lets a key saved over the stand-in address follow the address entered after it', async () => {
    const { handlers, storage, testConnectionAsync } = setup();
    await handlers['settings/save-api']({ api: 'builder', baseUrl: defaults.builder, key: builderKey }, context);
    const view = await handlers['settings/save-api']({ api: 'builder', baseUrl: 'https://builder.acme.test' }, context);
    expect(view.builder).toMatchObject({ baseUrl: 'https://builder.acme.test', keyHint: 'ef_••••0123' });
    expect(storage.entries.get('envelope.builder.baseUrl')).toBe('https://builder.acme.test');
    await handlers['settings/test-connection']({ api: 'builder' }, context);
    expect(testConnectionAsync).toHaveBeenLastCalledWith('builder', { baseUrl: 'https://builder.acme.test', key: builderKey });
    const movedOn = await refusal(handlers['settings/save-api']({ api: 'builder', baseUrl: 'https://other.acme.test' }, context));
    expect(movedOn.details).toEqual({ field: 'key', api: 'builder' });
  });

  // A key saved with an address refused now cannot follow to another host: the save removed it, and
  // Settings said only "No key is saved yet", as if there had never been one.
  it('answers a save of the address alone that removed a key saved for another host with why, once', async () => {
    const { handlers, storage } = setup();
    storage.entries.set('envelope.builder.baseUrl', 'http://builder.internal.example');
    storage.entries.set('envelope.builder.apiKey', builderKey);
    const saved = await handlers['settings/save-api']({ api: 'builder', baseUrl: 'https://builder.internal.example' }, context);
    expect(saved.builder.keyHint).toBeNull();
    expect(saved.builder.keyRemoved).toBe(
      'The builder API key saved earlier was removed, as it was saved for http://builder.internal.example and a key is only sent to the host it was saved for: paste it again to use it with this address.',
    );
    expect(saved.library.keyRemoved).toBeUndefined();
    expect(JSON.stringify(saved)).not.toContain(builderKey);
    expect((await handlers['settings/get']({}, context)).builder.keyRemoved).toBeUndefined();
  });

  it('tests the connection with the saved address and key, or says none is saved', async () => {
    const { handlers, testConnectionAsync } = setup();
    await handlers['settings/save-api']({ api: 'builder', baseUrl: 'http://localhost:4011' }, context);
    const none = await handlers['settings/test-connection']({ api: 'builder' }, context);
    expect(none.ok).toBe(false);
    expect(none.message).toMatch(/No builder API key is saved/);
    expect(testConnectionAsync).not.toHaveBeenCalled();
    await handlers['settings/save-api']({ api: 'builder', baseUrl: 'http://localhost:4011', key: builderKey }, context);
    expect(await handlers['settings/test-connection']({ api: 'builder' }, context)).toEqual({ ok: true, message: 'Connected.' });
    expect(testConnectionAsync).toHaveBeenCalledWith('builder', { baseUrl: 'http://localhost:4011', key: builderKey });
  });

  it('asks for the builder’s address and key at once when neither is saved (it asked for the key alone, then said the address was missing)', async () => {
    const { handlers, testConnectionAsync } = setup();
    expect(await handlers['settings/test-connection']({ api: 'builder' }, context)).toEqual({
      ok: false,
      message: 'The email builder’s address is missing and no builder API key is saved: enter both above, choose Save, then test again.',
    });
    expect(testConnectionAsync).not.toHaveBeenCalled();
  });

  it('tests the library’s address without a key, as Browse uses it (it said a key was needed to test at all)', async () => {
    const { handlers, testConnectionAsync } = setup();
    expect(await handlers['settings/test-connection']({ api: 'library' }, context)).toEqual({ ok: true, message: 'Connected.' });
    expect(testConnectionAsync).toHaveBeenCalledWith('library', { baseUrl: defaults.library, key: null });
  });

  it('checks a design-system id with the saved builder key only, reading it as Save does', async () => {
    const { handlers, checkDesignSystemAsync } = setup();
    expect((await handlers['settings/check-design-system']({ id: 'ds_demo' }, context)).known).toBeNull();
    expect(checkDesignSystemAsync).not.toHaveBeenCalled();
    await handlers['settings/save-api']({ api: 'builder', baseUrl: 'http://localhost:4011', key: builderKey }, context);
    expect(await handlers['settings/check-design-system']({ id: 'https://app.templatebuilder.example/ds_demo' }, context)).toEqual({ known: true, message: 'Known.' });
    expect(checkDesignSystemAsync).toHaveBeenCalledWith('ds_demo', { baseUrl: 'http://localhost:4011', key: builderKey });
    expect((await refusal(handlers['settings/check-design-system']({ id: 'no spaces please' }, context))).code).toBe('invalid_input');
  });

  it('stores the design-system id in the document, trimmed, and clears it with null or blank', async () => {
    const { handlers, shared, storage } = setup();
    expect((await handlers['settings/set-design-system']({ id: ' ds_demo ' }, context)).designSystemId).toBe('ds_demo');
    expect(shared.get('envelope/designSystemId')).toBe('ds_demo');
    expect(storage.entries.size).toBe(0);
    expect((await handlers['settings/set-design-system']({ id: '  ' }, context)).designSystemId).toBeNull();
    await handlers['settings/set-design-system']({ id: 'ds_demo' }, context);
    expect((await handlers['settings/set-design-system']({ id: null }, context)).designSystemId).toBeNull();
    expect(shared.size).toBe(0);
  });

  it('refuses a design-system id with a slash, naming the field', async () => {
    const { handlers, shared } = setup();
    const error = await refusal(handlers['settings/set-design-system']({ id: '../admin' }, context));
    expect(error.details).toEqual({ field: 'designSystemId' });
    expect(shared.size).toBe(0);
  });

  it('stores the id read from a pasted address whose path is only the id, and refuses one where it could be any part', async () => {
    const { handlers, shared } = setup();
    expect((await handlers['settings/set-design-system']({ id: 'https://app.templatebuilder.example/ds_demo' }, context)).designSystemId).toBe('ds_demo');
    expect(shared.get('envelope/designSystemId')).toBe('ds_demo');
    const error = await refusal(handlers['settings/set-design-system']({ id: 'https://app.templatebuilder.example/acme/ds_other' }, context));
    expect(error.details).toEqual({ field: 'designSystemId' });
    expect(error.message).toMatch(/^Envelope reads an id from an address only when/);
    expect(shared.get('envelope/designSystemId')).toBe('ds_demo');
  });

  it('hands the library key and address to the UI for its own library calls', async () => {
    const { handlers } = setup();
    expect(await handlers['library/credentials']({}, context)).toEqual({ baseUrl: defaults.library, key: null });
    await handlers['settings/save-api']({ api: 'library', baseUrl: defaults.library, key: ' lib_live_ABCDEFGH1234 ' }, context);
    expect(await handlers['library/credentials']({}, context)).toEqual({ baseUrl: defaults.library, key: 'lib_live_ABCDEFGH1234' });
  });
});
