import { describe, expect, it, vi } from 'vitest';
import { createAppHandlers, type AppDependencies } from '../../../src/app/app-handlers';
import { LAST_SCREEN_STORAGE_KEY, readLastScreenAsync } from '../../../src/app/last-screen';
import { parseLaunchAction, parseMenuCommand } from '../../../src/app/menu-command';
import { DEFAULT_WINDOW_SIZE, readWindowSizeAsync, WINDOW_SIZE_STORAGE_KEY } from '../../../src/app/window-size';
import { fitWindowSize, WINDOW_LIMITS } from '../../../src/shared/window/window-size-limits';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import type { SettingsView } from '../../../src/shared/bridge/messages';
import { createMemoryStorage } from './memory-storage';
import { REFERENCE_DATA_KEY, serializeReferenceRecord } from '../../../src/canvas/reference-record';
import { createFakeFigma } from '../../fake-figma';

const context = handlerContext();
const view: SettingsView = {
  library: { baseUrl: 'https://l.example', defaultBaseUrl: 'https://l.example', keyHint: null },
  builder: { baseUrl: 'https://b.example', defaultBaseUrl: 'https://b.example', keyHint: 'ef_••••' },
  designSystemId: 'ds_demo',
};

function fakeFigma(overrides: Partial<Record<'command' | 'currentUser', unknown>> = {}) {
  const resize = vi.fn();
  const notify = vi.fn();
  const storage = createMemoryStorage();
  const figma = {
    clientStorage: storage,
    command: 'sync',
    root: { name: 'Brand emails' },
    currentUser: { id: '1', name: 'Ada' },
    ui: { resize },
    notify,
    ...overrides,
  } as unknown as AppDependencies['figma'];
  return { figma, resize, notify, storage };
}

describe('menu command', () => {
  it('maps the four menu commands and nothing else', () => {
    expect(['sync', 'browse', 'templates', 'settings'].map(parseMenuCommand)).toEqual(['sync', 'browse', 'templates', 'settings']);
    expect(parseMenuCommand('')).toBeNull();
    expect(parseMenuCommand('Sync')).toBeNull();
    expect(parseMenuCommand('delete-everything')).toBeNull();
  });

  it('maps the "Update template" relaunch button to the Templates screen and its action', () => {
    expect(parseMenuCommand('update-template')).toBe('templates');
    expect(parseLaunchAction('update-template')).toBe('update-template');
    expect(['sync', 'templates', '', 'Update-template'].map(parseLaunchAction)).toEqual([null, null, null, null]);
  });

  it('maps a reference\'s "Open email" relaunch button to Browse and its action', () => {
    expect(parseMenuCommand('open-email')).toBe('browse');
    expect(parseLaunchAction('open-email')).toBe('open-email');
  });
});

describe('window size', () => {
  it('rounds and keeps the window within limits', () => {
    expect(fitWindowSize(400.4, 600.6)).toEqual({ width: 400, height: 601 });
    expect(fitWindowSize(10, 10)).toEqual({ width: WINDOW_LIMITS.minWidth, height: WINDOW_LIMITS.minHeight });
    expect(fitWindowSize(5000, 5000)).toEqual({ width: WINDOW_LIMITS.maxWidth, height: WINDOW_LIMITS.maxHeight });
    expect(fitWindowSize(Number.NaN, 400)).toBeNull();
    expect(fitWindowSize(400, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('opens at the saved size, fitted, or at the default when none is saved or it cannot be read', async () => {
    const storage = createMemoryStorage();
    expect(await readWindowSizeAsync(storage)).toEqual(DEFAULT_WINDOW_SIZE);
    storage.entries.set(WINDOW_SIZE_STORAGE_KEY, { width: 520, height: 700 });
    expect(await readWindowSizeAsync(storage)).toEqual({ width: 520, height: 700 });
    storage.entries.set(WINDOW_SIZE_STORAGE_KEY, { width: 99_999, height: 1 });
    expect(await readWindowSizeAsync(storage)).toEqual({ width: WINDOW_LIMITS.maxWidth, height: WINDOW_LIMITS.minHeight });
    for (const junk of ['520x700', { width: 'wide' }, null, 42]) {
      storage.entries.set(WINDOW_SIZE_STORAGE_KEY, junk);
      expect(await readWindowSizeAsync(storage)).toEqual(DEFAULT_WINDOW_SIZE);
    }
    const broken = { ...storage, getAsync: () => Promise.reject(new Error('storage unavailable')) };
    expect(await readWindowSizeAsync(broken)).toEqual(DEFAULT_WINDOW_SIZE);
  });
});

describe('app handlers', () => {
  it('app/init reports the command, settings, file and user', async () => {
    const { figma } = fakeFigma();
    const handlers = createAppHandlers({ figma, readSettingsViewAsync: () => Promise.resolve(view) });
    expect(await handlers['app/init']({}, context)).toEqual({ command: 'sync', action: null, emailId: null, lastScreen: null, settings: view, fileName: 'Brand emails', userName: 'Ada' });
  });

  it('app/init names the email of the selected reference for "Open email", from the frame or a layer inside it', async () => {
    const fake = createFakeFigma();
    const reference = fake.figma.createFrame();
    reference.setPluginData(REFERENCE_DATA_KEY, serializeReferenceRecord({ emailId: 1017, brandSlug: 'b', brandName: 'B', subject: 'S', url: 'https://l.example/e/1017', capturedDate: '2026-11-01', insertedAt: '2026-11-24T10:00:00.000Z' }));
    const caption = fake.figma.createText();
    reference.appendChild(caption);
    const elsewhere = fake.figma.createFrame();
    const initFor = async (command: string, selection: SceneNode[]) => {
      fake.figma.currentPage.selection = selection;
      const figma = { ...fakeFigma({ command }).figma, currentPage: fake.figma.currentPage } as unknown as AppDependencies['figma'];
      return createAppHandlers({ figma, readSettingsViewAsync: () => Promise.resolve(view) })['app/init']({}, context);
    };
    expect(await initFor('open-email', [reference])).toMatchObject({ command: 'browse', action: 'open-email', emailId: 1017 });
    expect((await initFor('open-email', [caption])).emailId).toBe(1017);
    expect((await initFor('open-email', [elsewhere, caption])).emailId).toBe(1017);
    expect((await initFor('open-email', [elsewhere])).emailId).toBeNull();
    // Only the relaunch button opens the email: the menu's Browse with a reference selected opens the search.
    expect((await initFor('browse', [reference])).emailId).toBeNull();
  });

  it('remembers the last screen per user, and reads back only a screen that exists', async () => {
    const { figma, storage } = fakeFigma();
    const handlers = createAppHandlers({ figma, readSettingsViewAsync: () => Promise.resolve(view) });
    await handlers['app/remember-screen']({ screen: 'browse' }, context);
    expect(storage.entries.get(LAST_SCREEN_STORAGE_KEY)).toBe('browse');
    expect((await handlers['app/init']({}, context)).lastScreen).toBe('browse');
    for (const junk of ['Browse', 'start', 42, { screen: 'sync' }]) {
      storage.entries.set(LAST_SCREEN_STORAGE_KEY, junk);
      expect(await readLastScreenAsync(storage)).toBeNull();
    }
  });

  it('app/init gives null for an unknown command and for a user Figma will not reveal', async () => {
    const { figma } = fakeFigma({ command: '' });
    Object.defineProperty(figma, 'currentUser', {
      get() {
        throw new Error('"currentuser" permission not specified');
      },
    });
    const handlers = createAppHandlers({ figma, readSettingsViewAsync: () => Promise.resolve(view) });
    const init = await handlers['app/init']({}, context);
    expect(init.command).toBeNull();
    expect(init.userName).toBeNull();
  });

  it('ui/resize applies a size within limits and refuses non-numbers in words', async () => {
    const { figma, resize } = fakeFigma();
    const handlers = createAppHandlers({ figma, readSettingsViewAsync: () => Promise.resolve(view) });
    await handlers['ui/resize']({ width: 420, height: 9000 }, context);
    expect(resize).toHaveBeenCalledWith(420, WINDOW_LIMITS.maxHeight);
    await expect(handlers['ui/resize']({ width: Number.NaN, height: 300 }, context)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/finite numbers/) as unknown });
  });

  it('ui/resize saves the size for the next launch only when a resize ends', async () => {
    const { figma, storage } = fakeFigma();
    const handlers = createAppHandlers({ figma, readSettingsViewAsync: () => Promise.resolve(view) });
    await handlers['ui/resize']({ width: 450, height: 640 }, context);
    expect(storage.entries.has(WINDOW_SIZE_STORAGE_KEY)).toBe(false);
    await handlers['ui/resize']({ width: 460.4, height: 5000, save: true }, context);
    expect(storage.entries.get(WINDOW_SIZE_STORAGE_KEY)).toEqual({ width: 460, height: WINDOW_LIMITS.maxHeight });
    expect(await readWindowSizeAsync(storage)).toEqual({ width: 460, height: WINDOW_LIMITS.maxHeight });
  });

  it('ui/notify shows a toast, as an error when asked, and refuses an empty one', async () => {
    const { figma, notify } = fakeFigma();
    const handlers = createAppHandlers({ figma, readSettingsViewAsync: () => Promise.resolve(view) });
    await handlers['ui/notify']({ message: ' Saved ' }, context);
    await handlers['ui/notify']({ message: 'Failed', error: true }, context);
    expect(notify.mock.calls).toEqual([
      ['Saved', undefined],
      ['Failed', { error: true }],
    ]);
    await expect(handlers['ui/notify']({ message: '  ' }, context)).rejects.toMatchObject({ code: 'invalid_input' });
    await handlers['ui/notify']({ message: 'x'.repeat(1000) }, context);
    expect((notify.mock.calls[2]?.[0] as string).length).toBeLessThanOrEqual(300);
    // Cut before an emoji, never through it (the toast showed “�…”).
    await handlers['ui/notify']({ message: `${'x'.repeat(298)}🎉 done` }, context);
    expect(notify.mock.calls[3]?.[0]).toBe(`${'x'.repeat(298)}…`);
  });
});
