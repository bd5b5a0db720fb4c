// The playground page's script (bundled by server.ts): a fake Figma with the demo document, the
// REAL dist/code.js running against it, the REAL dist/ui.html in a null-origin iframe, a drawing
// of the document, edit controls, and test hooks on window.__playground.
import type { FakeFigma, NetworkFn } from '../fake-figma/index';
import { CONFIG_ELEMENT_ID, parseConfig, type PlaygroundConfig } from './page-config';
import manifest from '../../manifest.json';
import { listComponents, listTopLevelFrames, readComponent, renameComponent, setComponentFill, setComponentText, type DocumentEditor } from './page/component-edits';
import { rgbToHex } from './page/colors';
import { captureConsole, type ConsoleCapture } from './page/console-capture';
import { renderDocument } from './page/document-drawing';
import { nextZoom } from './page/fit-drawing';
import { collectIds, pageContaining, pageWithMostComponents, snapshotDocument, type DocumentSnapshot, type DrawNode } from './page/document-snapshot';
import { fetchEmulatorStateAsync, resetEmulatorAsync, seedDemoSettingsAsync, type EmulatorDemoState } from './page/emulator-link';
import { startSessionAsync, type LoggedMessage, type LoggedRequest, type PluginSession } from './page/plugin-session';
import type { PlaygroundHooks } from './page/playground-hooks';
import { createPluginWindow, type PluginWindow } from './page/plugin-window';
import { clearPersisted, persistClientStorageAsync, readPersisted } from './page/storage-persistence';
import { uiContentSecurityPolicy } from './page/ui-network-policy';
import { parsePluginDrop, placeDrop, type DropHit } from './page/plugin-drop';
import { addReferenceFixtureAsync, parseReferenceIds } from './page/reference-fixture';
import { createSwitchableNetwork, isNetworkMode, type NetworkMode } from './page/switchable-network';
import { figmaThemeCss, parseTheme, type FigmaTheme } from './theme/apply-figma-theme';

function byRole<T extends HTMLElement = HTMLElement>(role: string): T {
  const found = document.querySelector<T>(`[data-role="${role}"]`);
  if (!found) throw new Error(`The playground page has no [data-role="${role}"] element.`);
  return found;
}

function byAction(action: string): HTMLButtonElement {
  const found = document.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
  if (!found) throw new Error(`The playground page has no [data-action="${action}"] button.`);
  return found;
}

function readConfig(): PlaygroundConfig {
  const element = document.getElementById(CONFIG_ELEMENT_ID);
  return parseConfig(element?.textContent ?? '{"emulator": null}');
}

function applyPageTheme(theme: FigmaTheme): void {
  const root = document.documentElement;
  root.classList.remove('figma-light', 'figma-dark');
  root.classList.add(`figma-${theme}`);
  const style = document.createElement('style');
  style.id = 'figma-style';
  style.textContent = figmaThemeCss(theme);
  document.head.prepend(style);
}

function flagOn(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value !== null && value !== '0' && value !== 'false';
}

function setNote(element: HTMLElement, text: string, tone: 'ok' | 'error' | 'info' = 'info'): void {
  element.textContent = text;
  element.dataset.tone = tone;
}

/** The document's root for writes made from outside any plugin run (the playground seeding keys). */
function rootOutsideRun(fake: FakeFigma): { getSharedPluginData(namespace: string, key: string): string; setSharedPluginData(namespace: string, key: string, value: string): void } {
  const root = fake.inspect.root;
  return {
    getSharedPluginData: (namespace, key) => fake.inspect.run(() => root.getSharedPluginData(namespace, key)),
    setSharedPluginData: (namespace, key, value) => fake.inspect.run(() => root.setSharedPluginData(namespace, key, value)),
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function mainAsync(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const theme = parseTheme(params.get('theme'));
  applyPageTheme(theme);
  const config = readConfig();
  const nativeFetch = window.fetch.bind(window);
  const consoleCapture: ConsoleCapture = captureConsole(console, byRole('console'));

  const elements = {
    fileName: byRole('file-name'),
    status: byRole('plugin-status'),
    emulatorFacts: byRole('emulator-facts'),
    emulatorNote: byRole('emulator-note'),
    editNote: byRole('edit-note'),
    componentSelect: byRole<HTMLSelectElement>('component-select'),
    selectionNote: byRole('selection-note'),
    relaunchButtons: byRole('relaunch-buttons'),
    renameInput: byRole<HTMLInputElement>('rename-input'),
    fillInput: byRole<HTMLInputElement>('fill-input'),
    textInput: byRole<HTMLInputElement>('text-input'),
    freezeInput: byRole<HTMLInputElement>('freeze-input'),
    networkSelect: byRole<HTMLSelectElement>('network-select'),
    toasts: byRole('toasts'),
    zoom: byRole('zoom'),
    drawing: { canvas: byRole('canvas'), drawing: byRole('drawing'), pages: byRole('pages'), layers: byRole('layers') },
  };
  byAction('toggle-theme').textContent = theme === 'dark' ? 'Light theme' : 'Dark theme';

  function setStatus(state: 'starting' | 'running' | 'failed' | 'closed' | 'frozen', detail?: string): void {
    elements.status.dataset.state = state;
    const words = { starting: 'Starting', running: 'Plugin running', failed: 'Plugin failed', closed: 'Plugin closed', frozen: 'Sandbox frozen' };
    elements.status.textContent = words[state];
    elements.status.title = detail ?? '';
    if (detail && state !== 'running') consoleCapture.add(state === 'failed' ? 'error' : 'info', `playground: ${detail}`);
  }

  window.addEventListener('error', (event) => {
    setStatus('failed', `Uncaught error: ${event.message}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    consoleCapture.add('error', `playground: unhandled rejection: ${errorMessage(event.reason)}`);
  });

  const uiResponse = await nativeFetch('/ui.html', { cache: 'no-store' });
  if (!uiResponse.ok) throw new Error(await uiResponse.text());
  const html = await uiResponse.text();

  // The real network behind figma's fetch; the browser's Response has every field NetworkFn reads.
  const network = createSwitchableNetwork<Parameters<NetworkFn>, Awaited<ReturnType<NetworkFn>>>(
    (url, init) => nativeFetch(url, init as RequestInit) as Promise<Awaited<ReturnType<NetworkFn>>>,
  );
  const messageLog: LoggedMessage[] = [];
  // Every request the plugin's sandbox sent, with the run that sent it (kept whole: tests count).
  const requestLog: LoggedRequest[] = [];
  let session: PluginSession | null = null;
  let baselineIds: Set<string> = new Set();
  let viewedPageId: string | null = null;
  let lastCurrentPageId: string | null = null;
  let recentlyEdited = new Set<string>();
  let zoom: number | null = null;
  // Image fills drawn from the fake's image bytes, by hash (object URLs live as long as the page).
  const imageUrls = new Map<string, string | null>();
  let lastScale = 1;
  let lastDrawnSignature = '';
  let shownNotifications = 0;
  let emulatorState: EmulatorDemoState | null = null;
  let tamper: ((message: unknown) => unknown) | null = null;

  const pluginWindow: PluginWindow = createPluginWindow({
    elements: { window: byRole('plugin-window'), body: byRole('plugin-body'), title: byRole('plugin-title') },
    theme,
    contentSecurityPolicy: config.allowedDomains ? uiContentSecurityPolicy(config.allowedDomains) : null,
    deliverToPlugin: (message) => session?.sendToPlugin(tamper ? tamper(message) : message),
    deliverDrop: (drop, frame) => dropOnCanvas(drop, frame),
    log: (level, line) => consoleCapture.add(level, line),
  });

  /** A drag from the plugin window ended: fire figma.on('drop') when it ended over the canvas. */
  function dropOnCanvas(value: unknown, frame: HTMLIFrameElement): void {
    if (!session) return;
    const drop = parsePluginDrop(value);
    if (typeof drop === 'string') {
      consoleCapture.add('warn', `playground: ignored a pluginDrop: ${drop}`);
      return;
    }
    const frameRect = frame.getBoundingClientRect();
    const px = frameRect.left + drop.clientX;
    const py = frameRect.top + drop.clientY;
    const inside = (rect: DOMRect) => px >= rect.left && px <= rect.right && py >= rect.top && py <= rect.bottom;
    const windowElement = byRole('plugin-window');
    if (!inside(elements.drawing.canvas.getBoundingClientRect()) || (!windowElement.hidden && inside(windowElement.getBoundingClientRect()))) return;
    const fake = session.fake;
    const current = snapshot();
    const page = current.pages.find((each) => each.id === viewedPageId);
    const currentPageId = fake.inspect.currentPage.id;
    const boxes = new Map<string, DrawNode>();
    const index = (node: DrawNode) => {
      boxes.set(node.id, node);
      node.children.forEach(index);
    };
    page?.nodes.forEach(index);
    const hits: DropHit[] = [];
    for (const hit of document.elementsFromPoint(px, py)) {
      const id = hit instanceof HTMLElement && elements.drawing.drawing.contains(hit) ? hit.dataset.nodeId : undefined;
      const node = id === undefined ? undefined : boxes.get(id);
      if (node) hits.push({ id: node.id, type: node.type, box: node.box, rect: hit.getBoundingClientRect() });
    }
    const drawingRect = elements.drawing.drawing.getBoundingClientRect();
    const first = page?.nodes[0];
    const firstDrawn = first ? elements.drawing.drawing.querySelector<HTMLElement>(`:scope > [data-node-id="${CSS.escape(first.id)}"]`) : null;
    const origin = first && firstDrawn
      ? { left: firstDrawn.getBoundingClientRect().left - first.box.x * lastScale, top: firstDrawn.getBoundingClientRect().top - first.box.y * lastScale, scale: lastScale }
      : { left: drawingRect.left, top: drawingRect.top, scale: lastScale };
    // Figma drops on the page the person sees; here that is the page drawn, if it is the current one.
    const place = page && page.id === currentPageId ? placeDrop(px, py, hits, origin) : placeDrop(px, py, [], origin);
    const target = place.nodeId ? fake.inspect.node(place.nodeId) : null;
    session.drop({
      ...(target ? { node: target } : {}),
      x: place.x,
      y: place.y,
      absoluteX: place.absoluteX,
      absoluteY: place.absoluteY,
      items: drop.items,
      files: [],
      dropMetadata: drop.dropMetadata,
    });
  }

  function currentFake(): FakeFigma {
    if (!session) throw new Error('The plugin is not running yet.');
    return session.fake;
  }

  function snapshot(): DocumentSnapshot {
    return snapshotDocument(currentFake().inspect.root);
  }

  function redraw(force = false): void {
    if (!session) return;
    // The page the plugin (or the person) opened is the one shown, as on Figma's canvas.
    const currentPageId = session.fake.inspect.currentPage.id;
    if (currentPageId !== lastCurrentPageId) {
      lastCurrentPageId = currentPageId;
      viewedPageId = currentPageId;
      force = true;
    }
    const current = snapshot();
    const signature = JSON.stringify(current);
    if (!force && signature === lastDrawnSignature && recentlyEdited.size === 0) return;
    lastDrawnSignature = signature;
    const windowElement = byRole('plugin-window');
    const scale = renderDocument(elements.drawing, {
      snapshot: current,
      pageId: viewedPageId,
      baselineIds,
      recentlyEdited,
      reservedRight: windowElement.hidden ? 0 : windowElement.offsetWidth + 32,
      zoom,
      imageUrl: (hash) => imageUrlFor(hash),
      onSelectPage: (pageId) => {
        viewedPageId = pageId;
        // Opening a page in the list is the person's page switch, as in Figma.
        const page = currentFake().inspect.node(pageId);
        if (page?.type === 'PAGE') currentFake().showPage(page);
        redraw(true);
        showSelection();
      },
      onSelectLayer: (nodeId) => selectLayer(nodeId),
    });
    recentlyEdited = new Set();
    lastScale = scale;
    elements.zoom.textContent = `${Math.round(scale * 100)}%`;
  }

  /** The person clicks a layer: its page opens and it is selected. */
  function selectLayer(nodeId: string): void {
    const fake = currentFake();
    const node = fake.inspect.node(nodeId);
    if (!node || node.type === 'PAGE' || node.type === 'DOCUMENT') return;
    let page: BaseNode | null = node;
    while (page && page.type !== 'PAGE') page = page.parent;
    if (page?.type === 'PAGE') fake.showPage(page);
    fake.select([node as SceneNode]);
    viewedPageId = page?.id ?? viewedPageId;
    redraw(true);
    showSelection();
  }

  const relaunchNames = new Map((manifest.relaunchButtons ?? []).map((button) => [button.command, button.name]));
  let shownSelection = '';

  /**
   * What is selected and the relaunch buttons Figma shows in its properties panel: one layer's, or
   * with nothing selected the page's and the document's (shown on every page).
   */
  function showSelection(): void {
    if (!session) return;
    const fake = session.fake;
    const selected = fake.inspect.run(() => [...fake.inspect.currentPage.selection]);
    const buttons =
      selected.length === 1
        ? fake.inspect.relaunchButtons(selected[0]!)
        : selected.length === 0
          ? [...fake.inspect.relaunchButtons(fake.inspect.currentPage), ...fake.inspect.relaunchButtons(fake.inspect.root)]
          : [];
    const signature = JSON.stringify([selected.map((node) => node.id), buttons]);
    if (signature === shownSelection) return;
    shownSelection = signature;
    elements.selectionNote.textContent =
      selected.length === 0 ? 'Nothing selected. Click a layer in the Layers list to select it.' : `Selected: ${selected.map((node) => node.name).join(', ')}`;
    elements.relaunchButtons.replaceChildren(
      ...buttons.map(({ command }) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'button secondary';
        button.textContent = relaunchNames.get(command) ?? command;
        button.addEventListener('click', () => {
          if (!session) return;
          lastDrawnSignature = '';
          void session.relaunchAsync(command).then(() => redraw(true));
        });
        return button;
      }),
    );
  }

  function imageUrlFor(hash: string): string | null {
    if (imageUrls.has(hash)) return imageUrls.get(hash) ?? null;
    imageUrls.set(hash, null);
    const image = currentFake().inspect.image(hash);
    image
      ?.getBytesAsync()
      .then((bytes) => {
        imageUrls.set(hash, URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>])));
        redraw(true);
      })
      .catch((error: unknown) => consoleCapture.add('warn', `playground: could not draw image ${hash}: ${errorMessage(error)}`));
    return null;
  }

  function showNewNotifications(): void {
    if (!session) return;
    const list = session.fake.notifications;
    for (; shownNotifications < list.length; shownNotifications += 1) {
      const entry = list[shownNotifications];
      if (!entry) continue;
      const toast = document.createElement('div');
      toast.className = 'toast';
      toast.dataset.error = String(entry.options?.error === true);
      toast.textContent = entry.message;
      elements.toasts.append(toast);
      const timeout = typeof entry.options?.timeout === 'number' && Number.isFinite(entry.options.timeout) ? entry.options.timeout : 4000;
      setTimeout(() => toast.remove(), Math.min(timeout, 10_000));
    }
  }

  let persistQueued = false;
  function persistSoon(): void {
    if (persistQueued || !session) return;
    persistQueued = true;
    const fake = session.fake;
    queueMicrotask(() => {
      persistQueued = false;
      persistClientStorageAsync(fake.clientStorage, localStorage).catch((error: unknown) =>
        consoleCapture.add('warn', `playground: could not keep clientStorage: ${errorMessage(error)}`),
      );
    });
  }

  function fillComponentChoices(): void {
    if (!session) return;
    const choices = [...listComponents(session.fake.inspect.root), ...listTopLevelFrames(session.fake.inspect.root)];
    const previous = elements.componentSelect.value;
    elements.componentSelect.replaceChildren(
      ...choices.map((choice) => {
        const option = document.createElement('option');
        option.value = choice.id;
        option.textContent = choice.label;
        return option;
      }),
    );
    if (choices.some((choice) => choice.id === previous)) elements.componentSelect.value = previous;
    else {
      // Start with a component that has a text and a fill to change, when there is one.
      const rich = choices.find((choice) => choice.hasText);
      if (rich) elements.componentSelect.value = rich.id;
    }
    showComponentDetails();
  }

  function showComponentDetails(): void {
    const id = elements.componentSelect.value;
    if (!session || id === '') return;
    try {
      const details = readComponent(session.fake.inspect, id);
      elements.renameInput.value = details.name;
      elements.textInput.value = details.text ?? '';
      elements.textInput.disabled = details.text === null;
      if (details.fill) elements.fillInput.value = rgbToHex(details.fill);
    } catch (error) {
      setNote(elements.editNote, errorMessage(error), 'error');
    }
  }

  async function useDemoKeysAsync(): Promise<EmulatorDemoState> {
    if (!config.emulator) throw new Error('This playground was started without an emulator.');
    const state = await fetchEmulatorStateAsync(config.emulator, nativeFetch);
    emulatorState = state;
    const fake = currentFake();
    await seedDemoSettingsAsync(fake.clientStorage, rootOutsideRun(fake), state);
    await persistClientStorageAsync(fake.clientStorage, localStorage);
    return state;
  }

  function showEmulatorFacts(): void {
    const facts: Array<[string, string]> = config.emulator
      ? [
          ['Library', config.emulator.libraryUrl],
          ['Builder', config.emulator.builderUrl],
        ]
      : [['Emulator', 'not running']];
    if (emulatorState) facts.push(['Library key', emulatorState.library.keys.demo], ['Builder key', emulatorState.builder.keys.demo]);
    elements.emulatorFacts.replaceChildren(
      ...facts.flatMap(([term, value]) => {
        const dt = document.createElement('dt');
        dt.textContent = term;
        const dd = document.createElement('dd');
        dd.textContent = value;
        return [dt, dd];
      }),
    );
    byAction('use-demo-keys').disabled = !config.emulator;
    byAction('reset-emulator').disabled = !config.emulator;
  }

  async function startAsync(options: { seedDemoKeys: boolean }): Promise<void> {
    lastDrawnSignature = '';
    shownNotifications = 0;
    elements.toasts.replaceChildren();
    session = await startSessionAsync({
      html,
      command: params.get('command') ?? '',
      pluginWindow,
      consoleCapture,
      network: (...args) => network.call(...args),
      allowedDomains: config.allowedDomains,
      permissions: config.permissions,
      clientStorage: readPersisted(localStorage),
      extraComponents: Math.min(2000, Math.max(0, Math.floor(Number(params.get('components') ?? 0)) || 0)),
      prepareAsync: async (fake) => {
        await addReferenceFixtureAsync(fake, parseReferenceIds(params.get('references')), config.emulator, nativeFetch);
        baselineIds = collectIds(snapshotDocument(fake.inspect.root));
        if (options.seedDemoKeys && config.emulator) {
          const state = await fetchEmulatorStateAsync(config.emulator, nativeFetch);
          emulatorState = state;
          await seedDemoSettingsAsync(fake.clientStorage, rootOutsideRun(fake), state);
          await persistClientStorageAsync(fake.clientStorage, localStorage);
        }
      },
      onMessage: (entry) => {
        messageLog.push(entry);
        if (messageLog.length > 1000) messageLog.shift();
        if (entry.direction === 'to-ui') persistSoon();
        setTimeout(() => {
          redraw();
          showNewNotifications();
          showSelection();
        }, 0);
      },
      onRequest: (entry) => requestLog.push(entry),
      onStatus: (state, detail) => setStatus(state, detail),
    });
    elements.fileName.textContent = session.fake.inspect.root.name;
    viewedPageId = pageWithMostComponents(snapshot());
    lastCurrentPageId = session.fake.inspect.currentPage.id;
    showEmulatorFacts();
    fillComponentChoices();
    redraw(true);
  }

  async function resetAsync(): Promise<void> {
    session?.end();
    session = null;
    pluginWindow.setFrozen(false);
    elements.freezeInput.checked = false;
    network.setMode('normal');
    elements.networkSelect.value = 'normal';
    tamper = null;
    clearPersisted(localStorage);
    if (config.emulator) await resetEmulatorAsync(config.emulator, nativeFetch);
    await startAsync({ seedDemoKeys: flagOn(params, 'demo-keys') });
  }

  function edit(change: (editor: DocumentEditor, id: string) => string, done: string): void {
    const id = elements.componentSelect.value;
    try {
      const changedId = change(currentFake().inspect, id);
      recentlyEdited = new Set([changedId, id]);
      viewedPageId = pageContaining(snapshot(), id) ?? viewedPageId;
      setNote(elements.editNote, done, 'ok');
      fillComponentChoices();
      setTimeout(() => redraw(true), 0);
    } catch (error) {
      setNote(elements.editNote, errorMessage(error), 'error');
    }
  }

  // ---- controls ----
  byAction('toggle-theme').addEventListener('click', () => {
    const next = new URLSearchParams(location.search);
    next.set('theme', theme === 'dark' ? 'light' : 'dark');
    location.search = next.toString();
  });
  async function relaunchAsync(): Promise<void> {
    if (!session) return startAsync({ seedDemoKeys: false });
    lastDrawnSignature = '';
    await session.relaunchAsync();
    redraw(true);
  }

  function closePlugin(): void {
    session?.closePlugin();
    redraw(true);
  }

  byAction('relaunch').addEventListener('click', () => void relaunchAsync());
  byAction('run-again').addEventListener('click', () => void relaunchAsync());
  byAction('close-plugin').addEventListener('click', closePlugin);
  byAction('close-window').addEventListener('click', closePlugin);
  byAction('use-demo-keys').addEventListener('click', () => {
    useDemoKeysAsync().then(
      () => {
        setNote(elements.emulatorNote, 'Demo keys saved in the plugin’s clientStorage; the plugin was run again to pick them up.', 'ok');
        showEmulatorFacts();
        return relaunchAsync();
      },
      (error: unknown) => setNote(elements.emulatorNote, errorMessage(error), 'error'),
    );
  });
  byAction('reset-emulator').addEventListener('click', () => {
    if (!config.emulator) return;
    resetEmulatorAsync(config.emulator, nativeFetch).then(
      () => setNote(elements.emulatorNote, 'The emulator is back to its demo data.', 'ok'),
      (error: unknown) => setNote(elements.emulatorNote, errorMessage(error), 'error'),
    );
  });
  byAction('reset').addEventListener('click', () => {
    resetAsync().then(
      () => setNote(elements.editNote, 'Document rebuilt, storage cleared, emulator reset.', 'ok'),
      (error: unknown) => setNote(elements.editNote, errorMessage(error), 'error'),
    );
  });
  byAction('zoom-in').addEventListener('click', () => {
    zoom = nextZoom(lastScale, 'in');
    redraw(true);
  });
  byAction('zoom-out').addEventListener('click', () => {
    zoom = nextZoom(lastScale, 'out');
    redraw(true);
  });
  byAction('zoom-fit').addEventListener('click', () => {
    zoom = null;
    redraw(true);
  });
  elements.componentSelect.addEventListener('change', () => showComponentDetails());
  byAction('rename').addEventListener('click', () => edit((editor, id) => renameComponent(editor, id, elements.renameInput.value), 'Renamed.'));
  byAction('fill').addEventListener('click', () => edit((editor, id) => setComponentFill(editor, id, elements.fillInput.value), 'Fill changed.'));
  byAction('text').addEventListener('click', () => edit((editor, id) => setComponentText(editor, id, elements.textInput.value), 'Text changed.'));
  elements.freezeInput.addEventListener('change', () => {
    pluginWindow.setFrozen(elements.freezeInput.checked);
    setStatus(elements.freezeInput.checked ? 'frozen' : 'running');
  });
  elements.networkSelect.addEventListener('change', () => {
    const mode = elements.networkSelect.value;
    if (isNetworkMode(mode)) network.setMode(mode);
  });
  window.addEventListener('resize', () => redraw(true));
  // Catches changes that arrive without a message (timers in the plugin, remote edits).
  setInterval(() => {
    redraw();
    showNewNotifications();
    showSelection();
  }, 1000);

  await startAsync({ seedDemoKeys: flagOn(params, 'demo-keys') });

  // ---- test hooks ----
  const hooks: PlaygroundHooks = {
    ready: true,
    fake: () => currentFake(),
    inspect: () => currentFake().inspect,
    notifications: () => currentFake().notifications.map((entry) => ({ message: entry.message, options: entry.options })),
    consoleLines: () => consoleCapture.lines().map((line) => ({ ...line })),
    messages: () => messageLog.map((entry) => ({ ...entry })),
    /** A raw message to the plugin, as if the UI had posted it. */
    postToPlugin: (raw: unknown) => session?.sendToPlugin(raw),
    /** A message to the UI, as if the plugin had called figma.ui.postMessage(raw). */
    postToUi: (raw: unknown) => pluginWindow.deliverToUi(raw),
    /** Data posted into the iframe as is, without the {pluginMessage} envelope. */
    postRawToUi: (data: unknown) => pluginWindow.postRawToUi(data),
    freezeSandbox: (on: boolean) => {
      elements.freezeInput.checked = on;
      pluginWindow.setFrozen(on);
      setStatus(on ? 'frozen' : 'running');
    },
    /** Rewrites UI → plugin messages before delivery (a UI that skipped its own checks); null stops. */
    tamperWithUiMessages: (rewrite: ((message: unknown) => unknown) | null) => {
      tamper = rewrite;
    },
    network: {
      mode: () => network.mode(),
      setMode: (mode: NetworkMode) => {
        network.setMode(mode);
        elements.networkSelect.value = mode;
      },
    },
    clientStorageHold: {
      hold: () => currentFake().clientStorageHold.hold(),
      release: (count?: number) => currentFake().clientStorageHold.release(count),
      held: () => currentFake().clientStorageHold.held(),
    },
    clientStorageKeysAsync: () => currentFake().clientStorage.keysAsync(),
    clientStorageValueAsync: (key: string) => currentFake().clientStorage.getAsync(key),
    runId: () => currentFake().run.id,
    runClosed: () => currentFake().run.closed,
    requests: () => requestLog.map((entry) => ({ ...entry })),
    closePlugin,
    useDemoKeysAsync: async () => {
      await useDemoKeysAsync();
      showEmulatorFacts();
      await relaunchAsync();
    },
    relaunchAsync,
    reset: () => resetAsync(),
    redraw: () => redraw(true),
  };
  Object.assign(window, { __playground: hooks });
  document.documentElement.dataset.playgroundReady = 'true';
}

mainAsync().catch((error: unknown) => {
  const message = `The playground could not start: ${errorMessage(error)}`;
  console.error(message);
  const status = document.querySelector<HTMLElement>('[data-role="plugin-status"]');
  if (status) {
    status.dataset.state = 'failed';
    status.textContent = 'Playground failed';
    status.title = message;
  }
  document.documentElement.dataset.playgroundReady = 'failed';
  document.documentElement.dataset.playgroundError = message;
});
