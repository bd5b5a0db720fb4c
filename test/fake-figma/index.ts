// A strict in-memory fake of Figma's plugin API for tests, the playground and benchmarks.
// `createFakeFigma()` gives a `figma` object typed as PluginAPI that behaves as Figma documents
// and fails where Figma fails (dynamic-page rules, font loading, data limits, cloning rules),
// plus a test handle for the UI side, notifications, storage and unrestricted inspection.
import { FakeClientStorage, type ClientStorageHold } from './client-storage';
import {
  FakeComponentNode,
  FakeComponentSetNode,
  FakeInstanceNode,
  installComponentHooks,
} from './components';
import { FakeContext, fontKey, type DocumentAccess } from './context';
import { exportNodeAsync } from './export';
import { figmaError } from './figma-errors';
import { createFigmaStyleFetch, type FigmaFetch, type NetworkFn } from './fetch';
import { imageStore } from './images';
import { MANIFEST_ALLOWED_DOMAINS, MANIFEST_RELAUNCH_COMMANDS } from './manifest-grants';
import { installLayout } from './layout';
import {
  FakeBaseNode,
  FakeBooleanOperationNode,
  FakeDocumentNode,
  FakeEllipseNode,
  FakeFrameNode,
  FakeGroupNode,
  FakePageNode,
  FakePolygonNode,
  FakeRectangleNode,
  FakeSceneNode,
  FakeStarNode,
  FakeTextNode,
  FakeVectorNode,
  pageOf,
} from './nodes';
import { closeRun, createPluginApi, DEFAULT_FONTS, emit, emitNodeChange, runEach, updateRecording, type EventName, type Notification, type PluginApiState } from './plugin-api';
import { gateRun, PLUGIN_CLOSED_MESSAGE, untilClosed } from './run-gate';
import { createRunTimers, hostTimersNow, type RunTimers } from './run-timers';
import { microtaskScheduler, type ScheduleTask } from './scheduler';
import { applyStyleId } from './styles';
import { installTextRanges } from './text-ranges';
import { FakeUiChannel, type UiListener } from './ui';
import { strictObject } from './not-implemented';
import { publishDefaultLibrary } from './team-library';
import { bindVariable } from './variables';

export type { NetworkFn, NetworkRequestInit, NetworkResponse, FigmaFetch } from './fetch';
export { createFigmaStyleFetch } from './fetch';
export { DataCloneError, structuredCloneValue, utf8Length } from './structured-clone';
export { NotImplementedByFakeError } from './not-implemented';
export { PLUGIN_DATA_ENTRY_LIMIT_BYTES } from './plugin-data';
export { CLIENT_STORAGE_LIMIT_BYTES } from './client-storage';
export type { Notification } from './plugin-api';
export { NORTHWIND_LIBRARY } from './team-library';

export interface FakeFigmaOptions {
  /** The manifest's documentAccess; default 'dynamic-page' (as Envelope's manifest). */
  documentAccess?: DocumentAccess;
  /** figma.command (the menu command the plugin was started with); default ''. */
  command?: string;
  /** The document's name (figma.root.name); also seeds component keys. Default 'Northwind Email System'. */
  fileName?: string;
  /** figma.currentUser; null for none. */
  currentUser?: { id: string; name: string } | null;
  /** The value of `__html__`. */
  html?: string;
  /** What sits behind figma's fetch; default the host's globalThis.fetch as it is when the fake is created. */
  network?: NetworkFn;
  /** Where the fake reports things worth seeing (unused handlers, messages to a closed UI). */
  console?: { log: (...args: unknown[]) => void; warn: (...args: unknown[]) => void; error: (...args: unknown[]) => void };
  /** Plugin id used for private plugin data; default the manifest's 'envelope-plugin-dev'. */
  pluginId?: string;
  /** How asynchronous deliveries are queued; default promise jobs (works in QuickJS). */
  schedule?: ScheduleTask;
  /** Fonts figma.loadFontAsync can load; default Inter, Roboto, Georgia, Playfair Display. */
  fonts?: FontName[];
  /** The file is read-only for this person (view access, Dev Mode): creating nodes throws. Default false. */
  readOnly?: boolean;
  /**
   * Origins figma's fetch (and createImageAsync) may reach; others are refused as Figma's CSP does.
   * Default: manifest.json's allowedDomains + devAllowedDomains, and loopback addresses on any
   * port (tests start emulators on free ports); null: any origin.
   */
  allowedDomains?: readonly string[] | null;
  /** The manifest's permissions; when given, figma.currentUser needs 'currentuser'. */
  permissions?: readonly string[];
  /** clientStorage contents at start (a previous session's values). */
  clientStorage?: Record<string, unknown>;
  /** The manifest's relaunchButtons commands (the buttons Figma shows); default manifest.json's; null: any. */
  relaunchCommands?: readonly string[] | null;
  /**
   * zlib compressor for exported PNGs (Node's `deflateSync`), so exports are about as large as
   * Figma's; without it PNGs are stored uncompressed (QuickJS and the browser have no zlib).
   */
  deflate?: (data: Uint8Array) => Uint8Array;
  /** Publish the default "Northwind Brand Library" components (NORTHWIND_LIBRARY); default true. */
  teamLibrary?: boolean;
}

export interface FakeUiHandle {
  /** Messages the plugin posts with figma.ui.postMessage (cloned, async). Returns unsubscribe. */
  onMessage(listener: UiListener): () => void;
  /** A message from the UI to the plugin's figma.ui.onmessage / on('message') (cloned, async). */
  send(message: unknown): void;
  readonly shown: boolean;
  readonly visible: boolean;
  readonly options: ShowUIOptions | null;
  readonly closed: boolean;
  readonly html: string | null;
  readonly size: { width: number; height: number };
  /** Every message the plugin posted, in order. */
  readonly sent: readonly unknown[];
}

export interface FakeInspect {
  readonly root: DocumentNode;
  /** Every node in the document (pages and their subtrees, instance layers included), pre-order. */
  allNodes(): BaseNode[];
  /** A node's children regardless of page loading or skipInvisibleInstanceChildren. */
  children(node: BaseNode): SceneNode[];
  /** An instance's main component without the dynamic-page restriction. */
  mainComponent(instance: InstanceNode): ComponentNode;
  /** A copy of a node's shared plugin data, every namespace (the API reads one namespace at a time). */
  sharedPluginData(node: BaseNode): Record<string, Record<string, string>>;
  page(name: string): PageNode;
  /** The page the person has open (figma.currentPage), whatever run is open. */
  readonly currentPage: PageNode;
  /** The node with this id (null when there is none or it was removed), whatever run is open. */
  node(id: string): BaseNode | null;
  /** The relaunch buttons Figma shows for a node: its relaunch data whose command is in the manifest. */
  relaunchButtons(node: BaseNode): Array<{ command: string; description: string }>;
  /** The image with this hash, whatever run is open. */
  image(hash: string): Image | null;
  /** Runs `read` with plugin restrictions lifted (page loading, sync getters, fonts). */
  run<T>(read: () => T): T;
}

export interface RemoteComponentSpec {
  name: string;
  /** Fixed key (40 hex digits recommended); default derived from the name. */
  key?: string;
  width?: number;
  height?: number;
  description?: string;
  /** Fills the component (restrictions are off while it runs). */
  build?: (component: ComponentNode, figma: PluginAPI) => void;
}

/** One run of the plugin: from its start to closePlugin, the window's ✕ or the next run. */
export interface FakeRun {
  /** 1 for the first run, then 2, 3… */
  readonly id: number;
  readonly closed: boolean;
  readonly figma: PluginAPI;
  readonly fetch: FigmaFetch;
  /** The run's setTimeout / setInterval / clearTimeout / clearInterval (cancelled when it ends). */
  readonly timers: Omit<RunTimers, 'cancelAll'>;
}

export interface FakeFigma {
  /** The current run's `figma` (a new object after relaunch()). */
  readonly figma: PluginAPI;
  /** The current run's fetch (also installed as the global `fetch`). */
  readonly fetch: FigmaFetch;
  /** The current run. */
  readonly run: FakeRun;
  /**
   * Sets the current run's `figma`, `__html__`, `fetch` and (when the host has them) timers on
   * `target`; returns a function that restores them. After relaunch(), install the new run.
   */
  install(target?: object): () => void;
  /** The person closes the plugin's window (✕): the run ends as with figma.closePlugin(). */
  closeWindow(): void;
  /** The plugin's clientStorage seen from outside any run (the same data every run reads). */
  readonly clientStorage: ClientStorageAPI;
  ui: FakeUiHandle;
  notifications: Notification[];
  clientStorageBytes(): number;
  /** A fault: the plugin's clientStorage calls wait until released (slow storage). */
  readonly clientStorageHold: ClientStorageHold;
  /** Fires figma.on('run') with the command (default: the current command). */
  runCommand(command?: string): void;
  /** Fires figma.on('drop'); returns the handlers' results. */
  drop(event: Partial<DropEvent>): unknown[];
  inspect: FakeInspect;
  /** Runs `edit` as a collaborator: restrictions off, changes reported with origin 'REMOTE'. */
  remoteEdit(edit: () => void): void;
  /**
   * The person opens `page` (as clicking it in Figma's pages list): it becomes the current page,
   * and the open run gets currentpagechange and selectionchange.
   */
  showPage(page: PageNode): void;
  /** The person selects `nodes` on the current page (as clicking them): the open run gets selectionchange. */
  select(nodes: readonly SceneNode[]): void;
  /**
   * The person presses ⌘⇧Z (redo): the step last undone (figma.triggerUndo, or ⌘Z) comes back, and
   * ⌘Z takes it away again. Plugins cannot redo (the typings give `triggerUndo` only). An edit
   * of the plugin's after the undo leaves nothing to redo.
   */
  redo(): void;
  /**
   * The document as it is now is the file as the person opened it: Figma's undo history starts
   * empty when a file is opened, so what a test's set-up built before the plugin runs is not in
   * it (⌘Z right after has nothing to undo, rather than reverting or refusing the set-up).
   */
  markFileOpened(): void;
  /** Publishes a component in the fake team library (remote: true); importComponentByKeyAsync finds it. */
  createRemoteComponent(spec: RemoteComponentSpec): ComponentNode;
  /**
   * Runs the plugin again on the same file, as a person does: the current run ends (its close
   * handlers run) and a new run starts with a new `figma` bound to the same document, plugin
   * data and clientStorage; handlers, UI, loaded pages and fonts start empty.
   */
  relaunch(options?: { command?: string }): void;
  /** Resolves when every queued delivery (messages, events) has run. */
  settleAsync(): Promise<void>;
  readonly closed: boolean;
  readonly closeMessage: string | null;
}

export function createFakeFigma(options: FakeFigmaOptions = {}): FakeFigma {
  const log = options.console ?? { log: () => undefined, warn: () => undefined, error: () => undefined };
  let run!: Run;
  const ctx = new FakeContext({
    documentAccess: options.documentAccess ?? 'dynamic-page',
    fileName: options.fileName ?? 'Northwind Email System',
    pluginId: options.pluginId ?? 'envelope-plugin-dev',
    schedule: options.schedule ?? microtaskScheduler,
    deliverDocumentChanges: (documentChanges, pages) => {
      const state = run.state;
      if (state.closed) return;
      const listeners = state.handlers.get('documentchange');
      // The pages listening when the batch is delivered: one added by a handler below hears the next batch.
      const listening = [...state.pageHandlers].map(([page, list]) => [page, [...list]] as const);
      // A handler that throws does not take the other listeners' deliveries with it (runEach).
      const calls: Array<() => void> = [];
      // Typings: never notified "if the change was caused directly by your plugin in a
      // `documentchange` callback" (said of that event only: a nodechange callback's edits are reported).
      if (listeners && listeners.length > 0) calls.push(() => ctx.changes.unreportedPluginEdits(() => emit(state, 'documentchange', { documentChanges })));
      for (const [page, list] of listening) {
        const nodeChanges = documentChanges.filter((change, i) => pages[i] === page) as NodeChange[];
        if (nodeChanges.length === 0) continue;
        // A listener removed by a handler before its turn is not called.
        calls.push(() => !state.closed && emitNodeChange(state, page, { nodeChanges }, list.filter((entry) => state.pageHandlers.get(page)?.includes(entry))));
      }
      runEach(calls);
    },
  });
  ctx.availableFonts = new Set((options.fonts ?? DEFAULT_FONTS).map(fontKey));
  ctx.relaunchCommands = options.relaunchCommands === undefined ? MANIFEST_RELAUNCH_COMMANDS : options.relaunchCommands;
  installNodeFactory(ctx);
  installComponentHooks(ctx);
  installLayout(ctx);
  installTextRanges(ctx);
  ctx.changes.beforeFlush = () => ctx.flushLayout();
  ctx.applyStyleId = applyStyleId;
  ctx.bindVariable = (node, field, variable) => bindVariable(node, field, variable);
  ctx.exporter = (node, settings) => exportNodeAsync(node, settings, options.deflate);
  // Pages are looked up only while a page has nodechange listeners (a walk up the parents per
  // change). A page's own changes are not those of "a node on the page".
  ctx.changes.pageOf = (subject) => (run.state.pageHandlers.size === 0 || subject.type === 'PAGE' ? null : pageOf(subject as unknown as FakeBaseNode));
  ctx.pageEvents = {
    add(page, handler, once, api) {
      const state = run.state;
      if (state.closed) throw figmaError(`page.${api}`, PLUGIN_CLOSED_MESSAGE);
      const list = state.pageHandlers.get(page) ?? [];
      list.push({ handler, once });
      state.pageHandlers.set(page, list);
      updateRecording(state);
    },
    remove(page, handler) {
      const state = run.state;
      const list = (state.pageHandlers.get(page) ?? []).filter((entry) => entry.handler !== handler);
      if (list.length > 0) state.pageHandlers.set(page, list);
      else state.pageHandlers.delete(page);
      updateRecording(state);
    },
    forget(page) {
      run.state.pageHandlers.delete(page);
      updateRecording(run.state);
    },
  };
  ctx.onSelectionChange = (page) => {
    if (page !== ctx.currentPage) return;
    const state = run.state;
    ctx.queue.run(() => {
      if (!state.closed) emit(state, 'selectionchange');
    });
  };

  const root = new FakeDocumentNode(ctx);
  root._name = ctx.fileName;
  ctx.root = root;
  const firstPage = new FakePageNode(ctx, '0:1');
  firstPage._name = 'Page 1';
  const pages = root._children as unknown as FakePageNode[];
  pages.push(firstPage);
  firstPage._parent = root;
  ctx.currentPage = firstPage;

  const ui = new FakeUiChannel(ctx.queue, () => run.state, (...args) => log.warn(...args));
  const user = options.currentUser === undefined ? { id: '361203971744395284', name: 'Robin Tester' } : options.currentUser;
  // What every run of the plugin on this file shares: the document (ctx), clientStorage, the
  // team library, the notifications shown and the viewport.
  const shared = {
    ctx,
    ui,
    clientStorage: new FakeClientStorage(options.clientStorage),
    notifications: [] as Notification[],
    currentUser: user === null ? null : { id: user.id, name: user.name, photoUrl: null, color: '#18A0FB', sessionId: 1 },
    permissions: options.permissions ?? null,
    fonts: options.fonts ?? DEFAULT_FONTS,
    readOnly: options.readOnly === true,
    library: new Map<string, FakeComponentNode | FakeComponentSetNode>(),
    viewport: { center: { x: 0, y: 0 }, zoom: 1 },
  };
  // The host's fetch and timers, taken now: once install() has run, the globals are the run's.
  const hostFetch = (globalThis as { fetch?: (url: string, init: unknown) => Promise<unknown> }).fetch;
  const hostTimers = hostTimersNow();
  const network: NetworkFn =
    options.network ??
    ((url, init) => {
      if (!hostFetch) return Promise.reject(new Error('no network: pass options.network to createFakeFigma'));
      return hostFetch.call(globalThis, url, init) as ReturnType<NetworkFn>;
    });
  const allowedDomains = options.allowedDomains === undefined ? MANIFEST_ALLOWED_DOMAINS : options.allowedDomains;
  const figmaFetch = createFigmaStyleFetch(network, allowedDomains ? { allowedDomains, allowLoopback: options.allowedDomains === undefined } : {});
  const html = options.html ?? '<html><body>Envelope (fake __html__)</body></html>';
  async function fetchImageBytesAsync(url: string): Promise<Uint8Array> {
    const response = await figmaFetch(url);
    if (!response.ok) throw new Error(`in createImageAsync: ${url} answered ${response.status} ${response.statusText}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  const clientStorageOutside = strictObject(shared.clientStorage.api(), 'clientStorage');

  function startRun(id: number, command: string): Run {
    const state: PluginApiState = { ...shared, command, closed: false, closing: false, closeMessage: null, onClosed: null, handlers: new Map(), pageHandlers: new Map(), fetchBytes: fetchImageBytesAsync, closesWithRun: [] };
    const timers = createRunTimers(state, hostTimers);
    const fetch: FigmaFetch = (url, init) => {
      if (state.closed) throw new Error(`in fetch: ${PLUGIN_CLOSED_MESSAGE}`);
      return untilClosed(state, figmaFetch(url, init).then((response) => gateRun(state, response, 'FetchResponse')));
    };
    state.onClosed = () => {
      timers.cancelAll();
      ctx.pluginClosed = true;
      ctx.changes.active = false;
      ctx.changes.clear();
    };
    ctx.pluginClosed = false;
    return { id, state, figma: createPluginApi(state), fetch, timers };
  }
  run = startRun(1, options.command ?? '');

  const inspect: FakeInspect = {
    get root() {
      return root as unknown as DocumentNode;
    },
    allNodes() {
      const out: BaseNode[] = [];
      const walk = (node: FakeBaseNode) => {
        out.push(node as unknown as BaseNode);
        for (const child of (node as unknown as { _children?: FakeBaseNode[] })._children ?? []) walk(child);
      };
      for (const page of pages) walk(page);
      return out;
    },
    children(node) {
      return [...((node as unknown as { _children?: SceneNode[] })._children ?? [])];
    },
    mainComponent(instance) {
      if (!(instance instanceof FakeInstanceNode)) throw new Error('inspect.mainComponent: not an instance');
      return instance._main as unknown as ComponentNode;
    },
    sharedPluginData(node) {
      const shared = (node as unknown as { _shared?: Record<string, Record<string, string>> | null })._shared ?? {};
      return Object.fromEntries(Object.entries(shared).map(([namespace, entries]) => [namespace, { ...entries }]));
    },
    page(name) {
      const page = pages.find((p) => p._name === name);
      if (!page) throw new Error(`inspect.page: no page named "${name}" (pages: ${pages.map((p) => p._name).join(', ')})`);
      return page as unknown as PageNode;
    },
    get currentPage() {
      return ctx.currentPage as unknown as PageNode;
    },
    node(id) {
      const node = ctx.nodes.get(id);
      return node && !node._removed ? (node as unknown as BaseNode) : null;
    },
    relaunchButtons(node) {
      const data = (node as unknown as FakeBaseNode)._relaunch ?? {};
      const known = ctx.relaunchCommands;
      return Object.entries(data)
        .filter(([command]) => known === null || known.includes(command))
        .map(([command, description]) => ({ command, description }));
    },
    image(hash) {
      return (imageStore(ctx).get(hash) as unknown as Image | undefined) ?? null;
    },
    run: (read) => ctx.withRulesOff(read),
  };

  const runView = (current: Run): FakeRun => ({
    id: current.id,
    get closed() {
      return current.state.closed;
    },
    figma: current.figma,
    fetch: current.fetch,
    timers: { setTimeout: current.timers.setTimeout, setInterval: current.timers.setInterval, clearTimeout: current.timers.clearTimeout, clearInterval: current.timers.clearInterval, pendingCount: current.timers.pendingCount },
  });
  const openRun = (api: string): PluginApiState => {
    if (run.state.closed) throw new Error(`fake figma ${api}: the plugin is closed; call relaunch() to run it again`);
    return run.state;
  };

  const handle: FakeFigma = {
    get figma() {
      return run.figma;
    },
    get fetch() {
      return run.fetch;
    },
    get run() {
      return runView(run);
    },
    install(target: object = globalThis) {
      const record = target as Record<string, unknown>;
      const values: Array<readonly [string, unknown]> = [
        ['figma', run.figma],
        ['__html__', html],
        ['fetch', run.fetch],
      ];
      if (hostTimers) {
        const { setTimeout, setInterval, clearTimeout, clearInterval } = run.timers;
        values.push(['setTimeout', setTimeout], ['setInterval', setInterval], ['clearTimeout', clearTimeout], ['clearInterval', clearInterval]);
      }
      const previous = values.map(([key]) => [key, Object.getOwnPropertyDescriptor(record, key)] as const);
      for (const [key, value] of values) {
        Object.defineProperty(record, key, { value, configurable: true, writable: true, enumerable: false });
      }
      return () => {
        for (const [key, descriptor] of previous) {
          if (descriptor) Object.defineProperty(record, key, descriptor);
          else delete record[key];
        }
      };
    },
    closeWindow() {
      closeRun(run.state, null);
    },
    clientStorage: clientStorageOutside,
    ui: {
      onMessage: (listener) => ui.onMessage(listener),
      send: (message) => ui.send(message),
      get shown() {
        return ui.shown;
      },
      get visible() {
        return ui.visible;
      },
      get options() {
        return ui.options;
      },
      get closed() {
        return ui.closed;
      },
      get html() {
        return ui.html;
      },
      get size() {
        return { ...ui.size };
      },
      get sent() {
        return ui.sent;
      },
    },
    notifications: shared.notifications,
    clientStorageBytes: () => shared.clientStorage.totalBytes(),
    clientStorageHold: shared.clientStorage.hold,
    runCommand(command) {
      const state = openRun('runCommand');
      if (command !== undefined) state.command = command;
      emit(state, 'run', { command: state.command, parameters: undefined });
    },
    drop(event) {
      return emit(openRun('drop'), 'drop', { node: ctx.currentPage, x: 0, y: 0, absoluteX: 0, absoluteY: 0, items: [], files: [], dropMetadata: undefined, ...event } as DropEvent);
    },
    inspect,
    remoteEdit(edit) {
      ctx.changes.origin = 'REMOTE';
      try {
        ctx.withRulesOff(edit);
      } finally {
        ctx.changes.origin = 'LOCAL';
      }
    },
    showPage(page) {
      const target = page as unknown as FakePageNode;
      if (!(target instanceof FakePageNode) || target._removed) throw new Error('showPage: not a page of this file');
      if (ctx.currentPage === target) return;
      ctx.currentPage = target;
      target._loaded = true;
      const state = run.state;
      ctx.queue.run(() => {
        if (state.closed) return;
        emit(state, 'currentpagechange');
        emit(state, 'selectionchange');
      });
    },
    select(nodes) {
      ctx.withRulesOff(() => {
        ctx.currentPage.selection = nodes as SceneNode[];
      });
    },
    redo() {
      ctx.undo.redo();
    },
    markFileOpened() {
      ctx.undo.forget();
    },
    createRemoteComponent(spec) {
      return createRemoteComponent(ctx, shared.library, run.figma, spec);
    },
    relaunch(relaunchOptions = {}) {
      const previous = run;
      closeRun(previous.state, null);
      // Figma lays out synchronously: by the time a plugin starts again, layout edits of the
      // previous run are applied. The fake's lazy pass must not surface them as new changes.
      if (ctx.dirtyLayout.size !== 0) ctx.flushLayout();
      ctx.changes.active = false;
      ctx.changes.clear();
      ui.reset();
      ctx.forgetLoadedFonts();
      ctx.skipInvisibleInstanceChildren = false;
      if (ctx.documentAccess === 'dynamic-page') {
        ctx.allPagesLoaded = false;
        for (const page of pages) page._loaded = page === ctx.currentPage;
      }
      run = startRun(previous.id + 1, relaunchOptions.command ?? previous.state.command);
    },
    settleAsync: () => ctx.queue.settleAsync(),
    get closed() {
      return run.state.closed;
    },
    get closeMessage() {
      return run.state.closeMessage;
    },
  };
  if (options.teamLibrary !== false) publishDefaultLibrary(handle);
  return handle;
}

function installNodeFactory(ctx: FakeContext): void {
  const classes: Partial<Record<NodeType, new (ctx: FakeContext, id: string) => FakeBaseNode>> = {
    FRAME: FakeFrameNode,
    GROUP: FakeGroupNode,
    RECTANGLE: FakeRectangleNode,
    ELLIPSE: FakeEllipseNode,
    VECTOR: FakeVectorNode,
    POLYGON: FakePolygonNode,
    STAR: FakeStarNode,
    BOOLEAN_OPERATION: FakeBooleanOperationNode,
    TEXT: FakeTextNode,
    COMPONENT: FakeComponentNode,
    COMPONENT_SET: FakeComponentSetNode,
    INSTANCE: FakeInstanceNode,
  };
  ctx.createNodeOfType = (type, id) => {
    const klass = classes[type];
    if (!klass) throw new Error(`not implemented by the fake: ${type} nodes`);
    return new klass(ctx, id);
  };
}

interface Run {
  id: number;
  state: PluginApiState;
  figma: PluginAPI;
  fetch: FigmaFetch;
  timers: RunTimers;
}

function createRemoteComponent(ctx: FakeContext, library: PluginApiState['library'], figma: PluginAPI, spec: RemoteComponentSpec): ComponentNode {
  if (!spec || typeof spec.name !== 'string') throw new Error('createRemoteComponent: spec.name is required');
  return ctx.withRulesOff(() => {
    const component = ctx.createNodeOfType('COMPONENT', ctx.nextId()) as FakeComponentNode;
    component._name = spec.name;
    component._remote = true;
    component._key = spec.key ?? digestKey(spec.name);
    if (spec.description) component.description = spec.description;
    component.resize(spec.width ?? 100, spec.height ?? 100);
    // Library components live outside the file's pages: build them on a scratch page, then detach.
    const scratch = new FakePageNode(ctx, ctx.nextId());
    scratch._children.push(component);
    component._parent = scratch;
    spec.build?.(component as unknown as ComponentNode, figma);
    scratch._children.length = 0;
    component._parent = null;
    ctx.nodes.delete(scratch.id);
    const markRemote = (node: FakeBaseNode) => {
      (node as unknown as { _inRemote: boolean })._inRemote = true;
      for (const child of (node as unknown as { _children?: FakeBaseNode[] })._children ?? []) markRemote(child);
    };
    markRemote(component);
    library.set(component._key, component);
    return component as unknown as ComponentNode;
  });
}

function digestKey(name: string): string {
  let out = '';
  for (let round = 0; out.length < 40; round++) {
    let h = 0x811c9dc5 ^ round;
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out.slice(0, 40);
}

export type { EventName, FakeSceneNode };
