// The real sandbox (src/main.ts) inside the fake Figma, driven through the bridge the way the
// UI drives it, with the emulator behind Figma's fetch for the connection tests.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEndpoint } from '../../../src/shared/bridge/endpoint';
import { sandboxEvents, sandboxRequests, uiEvents, uiRequests } from '../../../src/shared/bridge/messages';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { storageKeys } from '../../../src/settings/key-store';
import { createFakeFigma, type FakeFigma, type NetworkFn, type NetworkResponse } from '../../fake-figma/index';
import { BUILDER_KEYS, LIBRARY_KEYS, startEmulator, type RunningEmulator } from '../../emulator/index';

// Node's own fetch, captured before the fake replaces the global one, carries the fake's requests.
const nodeFetch = globalThis.fetch;
const network: NetworkFn = (url, init) => nodeFetch(url, init as RequestInit) as Promise<NetworkResponse>;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ libraryPort: 0, builderPort: 0, limits: 'relaxed' });
});
afterAll(async () => {
  await emulator?.close();
});

const running: Array<() => void> = [];
afterEach(() => {
  while (running.length > 0) running.pop()?.();
  vi.restoreAllMocks();
});

/** Starts the plugin in a fresh fake Figma; every console line of the fake and of Node is kept. */
async function startPluginAsync(options: { command?: string; fileName?: string; permissions?: readonly string[] } = {}) {
  const consoleLines: string[] = [];
  const record = (...parts: unknown[]) => {
    consoleLines.push(parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part) ?? String(part))).join(' '));
  };
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(record);
  const fake: FakeFigma = createFakeFigma({
    command: options.command ?? 'settings',
    fileName: options.fileName ?? 'Brand emails',
    currentUser: { id: 'u1', name: 'Ada' },
    html: '<html></html>',
    network,
    ...(options.permissions ? { permissions: options.permissions } : {}),
    console: { log: record, warn: record, error: record },
  });
  running.push(fake.install());
  // Each test ends as a person ends a run, closing the window: the run's timers and pending
  // answers stop with it, as in Figma (an edit's count, 600 ms later, posted with `figma` gone).
  running.push(() => fake.closeWindow());
  vi.resetModules();
  await import('../../../src/main');
  const ui = createEndpoint({
    post: (message) => fake.ui.send(message),
    incoming: uiRequests,
    handlers: {},
    outgoing: sandboxRequests,
    inEvents: sandboxEvents,
    outEvents: uiEvents,
  });
  running.push(fake.ui.onMessage((message) => ui.receive(message)));
  return { fake, ui, consoleLines };
}

type Plugin = Awaited<ReturnType<typeof startPluginAsync>>;

/** Every plugin-data and shared-plugin-data value anywhere in the document, as one text. */
function allDocumentData(fake: FakeFigma): string {
  const root = fake.inspect.root;
  const nodes: BaseNode[] = [root, ...fake.inspect.allNodes()];
  const values: string[] = [];
  for (const node of nodes) {
    for (const key of node.getPluginDataKeys()) values.push(key, node.getPluginData(key));
    // Shared data is read per namespace: the fake's inspection lists every namespace.
    const shared = fake.inspect.sharedPluginData(node);
    for (const [namespace, entries] of Object.entries(shared)) {
      for (const key of node.getSharedPluginDataKeys(namespace)) values.push(namespace, key, node.getSharedPluginData(namespace, key));
      values.push(JSON.stringify(entries));
    }
  }
  return values.join('\n');
}

async function refusalAsync(promise: Promise<unknown>): Promise<BridgeError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BridgeError);
  return error as BridgeError;
}

async function clientStorageTextAsync(fake: FakeFigma): Promise<string> {
  const keys = await fake.figma.clientStorage.keysAsync();
  const values: unknown[] = await Promise.all(keys.map((key) => fake.figma.clientStorage.getAsync(key)));
  return JSON.stringify(Object.fromEntries(keys.map((key, index) => [key, values[index]])));
}

describe('the plugin’s settings, end to end in the fake Figma', () => {
  it('app/init opens the menu command’s screen and reports the file, the user and the settings', async () => {
    const { ui } = await startPluginAsync({ command: 'browse', fileName: 'Spring campaign' });
    const init = await ui.request('app/init', {});
    expect(init).toMatchObject({ command: 'browse', fileName: 'Spring campaign', userName: 'Ada' });
    expect(init.settings.builder).toEqual({ baseUrl: 'https://app.templatebuilder.example', defaultBaseUrl: 'https://app.templatebuilder.example', keyHint: null });
    expect(init.settings.designSystemId).toBeNull();
  });

  it('app/init has no command and no user name when Figma gives none; ui/resize and ui/notify reach Figma', async () => {
    const { fake, ui } = await startPluginAsync({ command: '', permissions: [] });
    const init = await ui.request('app/init', {});
    expect(init.command).toBeNull();
    expect(init.userName).toBeNull();
    expect(fake.ui.options).toMatchObject({ themeColors: true });
    await ui.request('ui/resize', { width: 460, height: 20_000 });
    expect(fake.ui.size).toEqual({ width: 460, height: 1000 });
    await ui.request('ui/notify', { message: 'Synced 12 components', error: false });
    expect(fake.notifications.map((entry) => entry.message)).toEqual(['Synced 12 components']);
  });

  it('keeps a saved key in clientStorage only: not in any plugin data of the document, not in any console output', async () => {
    const plugin: Plugin = await startPluginAsync();
    const { fake, ui, consoleLines } = plugin;
    const view = await ui.request('settings/save-api', { api: 'builder', baseUrl: emulator.builderUrl, key: BUILDER_KEYS.demo });
    expect(view.builder.keyHint).toBe(`ef_••••${BUILDER_KEYS.demo.slice(-4)}`);
    expect(JSON.stringify(view)).not.toContain(BUILDER_KEYS.demo);
    await ui.request('settings/save-api', { api: 'library', baseUrl: emulator.libraryUrl, key: LIBRARY_KEYS.demo });
    await ui.request('settings/set-design-system', { id: 'ds_demo' });
    // A connection test and a refused save also run, so their logging is covered too.
    await ui.request('settings/test-connection', { api: 'builder' });
    await refusalAsync(ui.request('settings/save-api', { api: 'builder', baseUrl: 'http://evil.example', key: BUILDER_KEYS.other }));

    expect(await fake.figma.clientStorage.getAsync(storageKeys('builder').key)).toBe(BUILDER_KEYS.demo);
    expect(await fake.figma.clientStorage.getAsync(storageKeys('library').key)).toBe(LIBRARY_KEYS.demo);

    const documentData = allDocumentData(fake);
    expect(documentData).toContain('ds_demo'); // the scan does see shared plugin data
    for (const key of [BUILDER_KEYS.demo, LIBRARY_KEYS.demo, BUILDER_KEYS.other]) {
      expect(documentData).not.toContain(key);
      expect(consoleLines.join('\n')).not.toContain(key);
    }
    expect(await clientStorageTextAsync(fake)).not.toContain(BUILDER_KEYS.other);
  });

  it('refuses a key of the wrong form and a non-local http address, with the field and a message', async () => {
    const { fake, ui } = await startPluginAsync();
    const badKey = await refusalAsync(ui.request('settings/save-api', { api: 'builder', baseUrl: emulator.builderUrl, key: 'sk_live_abcdefgh' }));
    expect(badKey.code).toBe('invalid_input');
    expect(badKey.details).toMatchObject({ field: 'key' });
    expect(badKey.message).toMatch(/Builder keys start with "ef_"/);

    const badLibraryKey = await refusalAsync(ui.request('settings/save-api', { api: 'library', baseUrl: emulator.libraryUrl, key: 'lib_test_short' }));
    expect(badLibraryKey.details).toMatchObject({ field: 'key' });

    const insecure = await refusalAsync(ui.request('settings/save-api', { api: 'library', baseUrl: 'http://api.mailvault.example', key: LIBRARY_KEYS.demo }));
    expect(insecure.details).toMatchObject({ field: 'baseUrl' });
    expect(insecure.message).toMatch(/connects over HTTPS only/);

    expect(await fake.figma.clientStorage.keysAsync()).toEqual([]);
    const view = await ui.request('settings/get', {});
    expect(view.library.keyHint).toBeNull();
    expect(view.builder.keyHint).toBeNull();
  });

  it('stores the design-system id in the document root’s shared plugin data, not in clientStorage', async () => {
    const { fake, ui } = await startPluginAsync();
    const view = await ui.request('settings/set-design-system', { id: ' ds_demo ' });
    expect(view.designSystemId).toBe('ds_demo');
    expect(fake.inspect.root.getSharedPluginData('envelope', 'designSystemId')).toBe('ds_demo');
    expect(await clientStorageTextAsync(fake)).not.toContain('ds_demo');
    const cleared = await ui.request('settings/set-design-system', { id: null });
    expect(cleared.designSystemId).toBeNull();
    expect(fake.inspect.root.getSharedPluginDataKeys('envelope')).toEqual([]);
    const refused = await refusalAsync(ui.request('settings/set-design-system', { id: 'ds/../x' }));
    expect(refused.details).toEqual({ field: 'designSystemId' });
  });

  it('forget-key removes the key from clientStorage and keeps the address', async () => {
    const { fake, ui } = await startPluginAsync();
    await ui.request('settings/save-api', { api: 'library', baseUrl: emulator.libraryUrl, key: LIBRARY_KEYS.demo });
    const view = await ui.request('settings/forget-key', { api: 'library' });
    expect(view.library).toMatchObject({ baseUrl: emulator.libraryUrl, keyHint: null });
    expect(await fake.figma.clientStorage.getAsync(storageKeys('library').key)).toBeUndefined();
    expect(await clientStorageTextAsync(fake)).not.toContain(LIBRARY_KEYS.demo);
    expect(await ui.request('library/credentials', {})).toEqual({ baseUrl: emulator.libraryUrl, key: null });
  });

  it('test-connection reports success and a refused key in words (builder and library, via the emulator)', async () => {
    const { ui } = await startPluginAsync();
    expect(await ui.request('settings/test-connection', { api: 'builder' })).toEqual({ ok: false, message: expect.stringMatching(/address is missing and no builder API key is saved/) as unknown as string });
    await ui.request('settings/save-api', { api: 'builder', baseUrl: emulator.builderUrl });
    expect(await ui.request('settings/test-connection', { api: 'builder' })).toEqual({ ok: false, message: expect.stringMatching(/No builder API key is saved yet/) as unknown as string });

    await ui.request('settings/save-api', { api: 'builder', baseUrl: emulator.builderUrl, key: BUILDER_KEYS.demo });
    const builderOk = await ui.request('settings/test-connection', { api: 'builder' });
    expect(builderOk.ok).toBe(true);
    expect(builderOk.message).toMatch(/^Connected to the builder: (\d+ templates?|no templates yet) in this workspace\.$/);

    await ui.request('settings/save-api', { api: 'builder', baseUrl: emulator.builderUrl, key: 'ef_not_a_real_key_000000' });
    const builderRefused = await ui.request('settings/test-connection', { api: 'builder' });
    expect(builderRefused).toEqual({ ok: false, message: expect.stringMatching(/^The builder API key was not accepted\./) as unknown as string });

    await ui.request('settings/save-api', { api: 'library', baseUrl: emulator.libraryUrl, key: LIBRARY_KEYS.demo });
    const libraryOk = await ui.request('settings/test-connection', { api: 'library' });
    expect(libraryOk.ok).toBe(true);
    expect(libraryOk.message).toMatch(/^Connected to the library: /);

    await ui.request('settings/save-api', { api: 'library', baseUrl: emulator.libraryUrl, key: LIBRARY_KEYS.revoked });
    const libraryRefused = await ui.request('settings/test-connection', { api: 'library' });
    expect(libraryRefused.message).toMatch(/^The library API key was not accepted\./);
  });

  it('test-connection says which address it could not reach', async () => {
    const { ui } = await startPluginAsync();
    // A closed port on this machine: the connection is refused.
    const closed = await startEmulator({ libraryPort: 0, builderPort: 0 });
    const unreachable = closed.builderUrl;
    await closed.close();
    await ui.request('settings/save-api', { api: 'builder', baseUrl: unreachable, key: BUILDER_KEYS.demo });
    const result = await ui.request('settings/test-connection', { api: 'builder' }, { timeoutMs: 30_000 });
    expect(result.ok).toBe(false);
    expect(result.message).toBe(`Could not reach ${unreachable}. Check the address above and your network connection, then test again.`);
  });
});
