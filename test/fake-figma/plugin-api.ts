// The `figma` global: node creation, lookups, pages, fonts, styles, images, events, notify,
// viewport and the plugin lifecycle, with dynamic-page restrictions where Figma has them.
import { isUint8ArrayValue } from './realm-checks';
import { FakeClientStorage } from './client-storage';
import { combineAsVariants, createComponentFromNode, FakeComponentNode, FakeComponentSetNode } from './components';
import { fontKey, type FakeContext } from './context';
import { dynamicPageError, figmaError, validationError } from './figma-errors';
import { createImage, imageStore, type FakeImage } from './images';
import { notImplemented, strictObject } from './not-implemented';
import { FakeBaseNode, FakeBooleanOperationNode, FakeGroupNode, FakePageNode, FakeSceneNode, FakeTextNode, insertChildAt, type FakeParent } from './nodes';
import { isPlainObject } from './properties';
import { createStyle, localStyles, type FakeStyle } from './styles';
import type { FakeUiChannel } from './ui';
import { createUtilApi } from './util-api';
import { createVariablesApi } from './variables';
import { gateRun, PLUGIN_CLOSED_MESSAGE } from './run-gate';

export interface Notification {
  message: string;
  options: NotificationOptions | undefined;
  cancelled: boolean;
}

export type EventName = 'run' | 'drop' | 'documentchange' | 'selectionchange' | 'currentpagechange' | 'close';
// 'stylechange', 'timerstart'… are not modelled: figma.on throws for them. Pages' 'nodechange'
// is on the page (nodes.ts), its listeners kept in `pageHandlers`.
const EVENTS: ReadonlySet<string> = new Set<EventName>(['run', 'drop', 'documentchange', 'selectionchange', 'currentpagechange', 'close']);

export interface PluginApiState {
  ctx: FakeContext;
  ui: FakeUiChannel;
  clientStorage: FakeClientStorage;
  notifications: Notification[];
  command: string;
  currentUser: User | null;
  permissions: readonly string[] | null;
  fonts: FontName[];
  /** The person can only view the file: every node creation throws, as edits do in Figma then. */
  readOnly: boolean;
  closed: boolean;
  /** True while the close handlers run (closePlugin from one of them does nothing more). */
  closing: boolean;
  closeMessage: string | null;
  /** Notifications that last only as long as the run (a button, or timeout Infinity). */
  closesWithRun: Notification[];
  /** Reads a URL through figma's fetch and the manifest's network policy (createImageAsync). */
  fetchBytes: (url: string) => Promise<Uint8Array>;
  /** Ends the run's other parts (timers, fetches) once the API is disabled. */
  onClosed: (() => void) | null;
  handlers: Map<EventName, Array<{ handler: (...args: never[]) => unknown; once: boolean }>>;
  /** Each page's nodechange listeners in this run. */
  pageHandlers: Map<FakePageNode, Array<{ handler: (event: NodeChangeEvent) => void; once: boolean }>>;
  library: Map<string, FakeComponentNode | FakeComponentSetNode>;
  viewport: { center: Vector; zoom: number };
}

export const DEFAULT_FONTS: FontName[] = [
  { family: 'Inter', style: 'Regular' },
  { family: 'Inter', style: 'Medium' },
  { family: 'Inter', style: 'Semi Bold' },
  { family: 'Inter', style: 'Bold' },
  { family: 'Inter', style: 'Italic' },
  { family: 'Roboto', style: 'Regular' },
  { family: 'Roboto', style: 'Bold' },
  { family: 'Georgia', style: 'Regular' },
  { family: 'Georgia', style: 'Bold' },
  { family: 'Playfair Display', style: 'Bold' },
];

/**
 * Ends a run as Figma does (closePlugin, the person closing the window, running the plugin
 * again): the close handlers run first, then the API is disabled and the UI is gone.
 */
export function closeRun(state: PluginApiState, message: string | null): void {
  if (state.closed || state.closing) return;
  state.closing = true;
  try {
    emit(state, 'close');
  } finally {
    state.closing = false;
    state.closed = true;
    state.closeMessage = message;
    // What the run did and had not committed becomes one undo step when it closes.
    state.ctx.undo.commit();
    if (message) state.notifications.push({ message, options: undefined, cancelled: false });
    state.ui.closed = true;
    state.ui.visible = false;
    // Closed without calling back into the closed run (no onDequeue).
    for (const entry of state.closesWithRun) entry.cancelled = true;
    state.onClosed?.();
  }
}

/** Changes are recorded only while someone listens: a documentchange or a page's nodechange listener. */
export function updateRecording(state: PluginApiState): void {
  const listening = (state.handlers.get('documentchange')?.length ?? 0) > 0 || state.pageHandlers.size > 0;
  if (state.ctx.changes.active && !listening) state.ctx.changes.clear();
  state.ctx.changes.active = listening;
}

/** Runs the handlers registered for `type` (once-handlers are dropped first). */
export function emit(state: PluginApiState, type: EventName, ...args: unknown[]): unknown[] {
  const list = state.handlers.get(type);
  if (!list || list.length === 0) return [];
  state.handlers.set(
    type,
    list.filter((entry) => !entry.once),
  );
  if (type === 'documentchange') updateRecording(state);
  return list.map(({ handler }) => (handler as (...a: unknown[]) => unknown)(...args));
}

type PageHandler = PluginApiState['pageHandlers'] extends Map<unknown, Array<infer E>> ? E : never;

/**
 * Runs `list`, `page`'s nodechange handlers as they were when the batch was delivered, with
 * `event` (once-handlers are dropped first).
 */
export function emitNodeChange(state: PluginApiState, page: FakePageNode, event: NodeChangeEvent, list: readonly PageHandler[]): void {
  if (list.length === 0) return;
  const kept = (state.pageHandlers.get(page) ?? []).filter((entry) => !(entry.once && list.includes(entry)));
  if (kept.length > 0) state.pageHandlers.set(page, kept);
  else state.pageHandlers.delete(page);
  updateRecording(state);
  runEach(list.map(({ handler }) => () => handler(event)));
}

/** Runs every call, whatever one of them throws; the first error is thrown after (one listener's failure does not keep a batch from the others). */
export function runEach(calls: ReadonlyArray<() => void>): void {
  let failed: { error: unknown } | null = null;
  for (const call of calls) {
    try {
      call();
    } catch (error) {
      failed ??= { error };
    }
  }
  if (failed !== null) throw failed.error;
}

function checkFontName(api: string, font: unknown): FontName {
  if (!isPlainObject(font) || typeof font.family !== 'string' || typeof font.style !== 'string') throw validationError(api, 'a font name {family, style}', font);
  return { family: font.family, style: font.style };
}

function base64Encode(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += alphabet[a >> 2]! + alphabet[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : alphabet[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : alphabet[c & 63]!;
  }
  return out;
}

function base64Decode(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const clean = text.replace(/[\s=]/g, '');
  if (/[^A-Za-z0-9+/]/.test(clean)) throw figmaError('base64Decode', 'The string is not valid base64');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let o = 0;
  for (const char of clean) {
    buffer = (buffer << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

export function createPluginApi(state: PluginApiState): PluginAPI {
  const { ctx } = state;
  const assertOpen = (api: string) => {
    if (state.closed) throw figmaError(api, PLUGIN_CLOSED_MESSAGE);
  };
  const createNode = <T extends FakeSceneNode>(type: NodeType): T => {
    assertOpen(`create${type}`);
    if (state.readOnly && ctx.rulesOff === 0) throw figmaError(`create${type}`, 'Cannot create nodes: this file is read-only for you (view access or Dev Mode)');
    const node = ctx.createNodeOfType(type, ctx.nextId()) as T;
    ctx.changes.created(node);
    ctx.withRulesOff(() => insertChildAt(ctx.currentPage, undefined, node, `create${type}`));
    // Figma places new nodes at the centre of the viewport.
    (node as unknown as Record<string, number>)._x = Math.round(state.viewport.center.x);
    (node as unknown as Record<string, number>)._y = Math.round(state.viewport.center.y);
    return node;
  };
  /** figma.union / subtract / intersect / exclude: "the same arguments as group". */
  const combineShapes = (operation: BooleanOperationNode['booleanOperation'], api: string, nodes: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number): BooleanOperationNode => {
    assertOpen(api);
    if (state.readOnly && ctx.rulesOff === 0) throw figmaError(api, 'Cannot create nodes: this file is read-only for you (view access or Dev Mode)');
    if (!Array.isArray(nodes) || nodes.length === 0) throw figmaError(api, `Expected a non-empty array of nodes to ${api}`);
    for (const node of nodes as unknown[]) if (!(node instanceof FakeSceneNode)) throw validationError(api, 'scene nodes', node);
    if (!(parent instanceof FakeBaseNode)) throw validationError(api, 'a parent node', parent);
    const shape = ctx.createNodeOfType('BOOLEAN_OPERATION', ctx.nextId()) as FakeBooleanOperationNode;
    (shape as unknown as { _booleanOperation: string })._booleanOperation = operation;
    (shape as unknown as { _name: string })._name = operation.charAt(0) + operation.slice(1).toLowerCase();
    ctx.changes.created(shape);
    insertChildAt(parent, index, shape, api);
    for (const node of nodes as unknown as FakeSceneNode[]) insertChildAt(shape, undefined, node, api);
    return shape as unknown as BooleanOperationNode;
  };
  const lookupNode = (id: unknown, api: string): BaseNode | null => {
    if (typeof id !== 'string') throw validationError(api, 'a node id string', id);
    const node = ctx.nodes.get(id);
    if (!node || node._removed) return null;
    if (ctx.skipInvisibleInstanceChildren && node._inInstance) {
      for (let current: FakeBaseNode | null = node; current !== null && current._inInstance; current = current._parent) {
        if ((current as unknown as { _visible?: boolean })._visible === false) return null;
      }
    }
    return node as unknown as BaseNode;
  };
  const styleLookup = (id: unknown, api: string): BaseStyle | null => {
    if (typeof id !== 'string') throw validationError(api, 'a style id string', id);
    return (ctx.styles.get(id) as unknown as BaseStyle | undefined) ?? null;
  };
  const checkEvent = (api: string, type: unknown, handler: unknown): EventName => {
    if (typeof type !== 'string' || !EVENTS.has(type)) return notImplemented(`figma.${api}('${String(type)}') (the fake supports ${[...EVENTS].join(', ')})`);
    if (typeof handler !== 'function') throw validationError(api, 'a function', handler);
    if (type === 'documentchange' && ctx.dynamicPage && !ctx.allPagesLoaded && api !== 'off') {
      throw figmaError(api, 'Cannot call with documentAccess: dynamic-page without calling figma.loadAllPagesAsync() first. (needed for "documentchange"; or listen to page.on("nodechange"))');
    }
    return type as EventName;
  };
  const addHandler = (api: string, type: unknown, handler: unknown, once: boolean) => {
    const name = checkEvent(api, type, handler);
    const list = state.handlers.get(name) ?? [];
    list.push({ handler: handler as (...args: never[]) => unknown, once });
    state.handlers.set(name, list);
    if (name === 'documentchange') updateRecording(state);
  };
  const pageNodes = (): FakePageNode[] => ctx.root._children as unknown as FakePageNode[];

  const viewport = strictObject(
    {
      get center(): Vector {
        return { ...state.viewport.center };
      },
      set center(value: Vector) {
        if (!isPlainObject(value) || typeof value.x !== 'number' || typeof value.y !== 'number') throw validationError('set_center', '{x, y}', value);
        state.viewport.center = { x: value.x, y: value.y };
      },
      get zoom(): number {
        return state.viewport.zoom;
      },
      set zoom(value: number) {
        if (typeof value !== 'number' || !(value > 0)) throw validationError('set_zoom', 'a positive number', value);
        state.viewport.zoom = value;
      },
      get bounds(): Rect {
        const width = 1440 / state.viewport.zoom;
        const height = 900 / state.viewport.zoom;
        return { x: state.viewport.center.x - width / 2, y: state.viewport.center.y - height / 2, width, height };
      },
      scrollAndZoomIntoView(nodes: ReadonlyArray<BaseNode>) {
        if (!Array.isArray(nodes)) throw validationError('scrollAndZoomIntoView', 'an array of nodes', nodes);
        const boxes = (nodes as unknown[]).filter((n): n is FakeSceneNode => n instanceof FakeSceneNode).map((n) => n.absoluteBoundingBox);
        if (boxes.length === 0) return;
        const left = Math.min(...boxes.map((b) => b.x));
        const top = Math.min(...boxes.map((b) => b.y));
        const right = Math.max(...boxes.map((b) => b.x + b.width));
        const bottom = Math.max(...boxes.map((b) => b.y + b.height));
        state.viewport.center = { x: (left + right) / 2, y: (top + bottom) / 2 };
        state.viewport.zoom = Math.min(4, Math.max(0.02, Math.min(1440 / Math.max(1, right - left), 900 / Math.max(1, bottom - top)) * 0.9));
      },
    },
    'figma.viewport',
  );

  const gatedViewport = gateRun(state, viewport, 'figma.viewport');
  const uiApi = gateRun(state, state.ui.api(), 'figma.ui');
  const clientStorageApi = gateRun(state, strictObject(state.clientStorage.api({ holdable: true }), 'figma.clientStorage'), 'figma.clientStorage');
  const variablesApi = gateRun(state, createVariablesApi(ctx), 'figma.variables');
  const utilApi = gateRun(state, createUtilApi(), 'figma.util');

  const api = {
    apiVersion: '1.0.0',
    editorType: 'figma',
    mode: 'default',
    pluginId: ctx.pluginId,
    fileKey: undefined,
    get command(): string {
      return state.command;
    },
    get currentUser(): User | null {
      if (state.permissions && !state.permissions.includes('currentuser')) {
        throw figmaError('currentUser', 'Accessing figma.currentUser requires the "currentuser" permission in manifest.json');
      }
      return state.currentUser;
    },
    get mixed(): symbol {
      return ctx.mixed;
    },
    get root(): DocumentNode {
      return ctx.root as unknown as DocumentNode;
    },
    get currentPage(): PageNode {
      return ctx.currentPage as unknown as PageNode;
    },
    set currentPage(page: PageNode) {
      if (ctx.dynamicPage) throw dynamicPageError('set_currentPage', 'figma.setCurrentPageAsync');
      switchPage(page);
    },
    async setCurrentPageAsync(page: PageNode): Promise<void> {
      assertOpen('setCurrentPageAsync');
      if (!(page instanceof FakePageNode)) throw validationError('setCurrentPageAsync', 'a PageNode', page);
      await page.loadAsync();
      switchPage(page);
    },
    get skipInvisibleInstanceChildren(): boolean {
      return ctx.skipInvisibleInstanceChildren;
    },
    set skipInvisibleInstanceChildren(value: boolean) {
      if (typeof value !== 'boolean') throw validationError('set_skipInvisibleInstanceChildren', 'a boolean', value);
      ctx.skipInvisibleInstanceChildren = value;
    },
    get viewport(): ViewportAPI {
      return gatedViewport as unknown as ViewportAPI;
    },
    get ui(): UIAPI {
      return uiApi;
    },
    get clientStorage(): ClientStorageAPI {
      return clientStorageApi;
    },
    get variables(): VariablesAPI {
      return variablesApi;
    },
    get util(): UtilAPI {
      return utilApi;
    },
    get activeUsers(): ActiveUser[] {
      if (state.permissions && !state.permissions.includes('activeusers')) {
        throw figmaError('activeUsers', 'Accessing figma.activeUsers requires the "activeusers" permission in manifest.json');
      }
      const user = state.currentUser;
      return user ? [{ ...user, position: null, viewport: viewport.bounds, selection: ctx.currentPage._selection.map((n) => n.id) }] : [];
    },
    // Typings: "true if the document contains text with missing fonts" (every page, loaded or not).
    get hasMissingFont(): boolean {
      for (const node of ctx.nodes.values()) if (node instanceof FakeTextNode && !node._removed && node._usesMissingFont()) return true;
      return false;
    },

    showUI(html: string, options?: ShowUIOptions): void {
      assertOpen('showUI');
      state.ui.show(html, options);
    },
    closePlugin(message?: string): void {
      if (message !== undefined && typeof message !== 'string') throw validationError('closePlugin', 'a string message', message);
      closeRun(state, message ?? null);
    },
    notify(message: string, options?: NotificationOptions): NotificationHandler {
      assertOpen('notify');
      if (typeof message !== 'string') throw validationError('notify', 'a string message', message);
      if (options !== undefined && !isPlainObject(options)) throw validationError('notify', 'an options object', options);
      if (options?.timeout !== undefined && (typeof options.timeout !== 'number' || options.timeout < 0)) throw validationError('notify', 'options.timeout in milliseconds', options.timeout);
      if (options?.button !== undefined && (!isPlainObject(options.button) || typeof options.button.text !== 'string' || typeof options.button.action !== 'function')) {
        throw validationError('notify', 'options.button as {text, action}', options.button);
      }
      const entry: Notification = { message, options, cancelled: false };
      state.notifications.push(entry);
      // Typings: a notification with a button "will be closed automatically when the plugin
      // closes"; one with timeout Infinity shows "indefinitely until the plugin is closed".
      if (options?.button !== undefined || options?.timeout === Infinity) state.closesWithRun.push(entry);
      return {
        cancel: () => {
          if (entry.cancelled) return;
          entry.cancelled = true;
          (options as NotificationOptions | undefined)?.onDequeue?.('dismiss');
        },
      };
    },
    commitUndo(): void {
      assertOpen('commitUndo');
      ctx.undo.commit();
    },
    triggerUndo(): void {
      assertOpen('triggerUndo');
      ctx.undo.trigger();
    },
    openExternal(url: string): void {
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw validationError('openExternal', 'an http(s) URL', url);
      state.notifications.push({ message: `openExternal: ${url}`, options: undefined, cancelled: false });
    },

    getNodeById(id: string): BaseNode | null {
      ctx.forbidSyncUnderDynamicPage('getNodeById', 'figma.getNodeByIdAsync');
      return lookupNode(id, 'getNodeById');
    },
    async getNodeByIdAsync(id: string): Promise<BaseNode | null> {
      const node = lookupNode(id, 'getNodeByIdAsync');
      await Promise.resolve();
      // The typings promise only the node: its page stays as loaded as it was (the stricter
      // reading), so reading that page's children still needs page.loadAsync().
      return node;
    },
    getStyleById(id: string): BaseStyle | null {
      ctx.forbidSyncUnderDynamicPage('getStyleById', 'figma.getStyleByIdAsync');
      return styleLookup(id, 'getStyleById');
    },
    async getStyleByIdAsync(id: string): Promise<BaseStyle | null> {
      const style = styleLookup(id, 'getStyleByIdAsync');
      await Promise.resolve();
      return style;
    },
    async loadAllPagesAsync(): Promise<void> {
      assertOpen('loadAllPagesAsync');
      await Promise.resolve();
      for (const page of pageNodes()) page._loaded = true;
      ctx.allPagesLoaded = true;
    },

    createPage(): PageNode {
      assertOpen('createPage');
      const page = new FakePageNode(ctx, ctx.nextId());
      page._name = `Page ${pageNodes().length + 1}`;
      ctx.changes.created(page);
      insertChildAt(ctx.root, undefined, page, 'createPage');
      return page as unknown as PageNode;
    },
    createFrame: (): FrameNode => createNode('FRAME') as unknown as FrameNode,
    createRectangle: (): RectangleNode => createNode('RECTANGLE') as unknown as RectangleNode,
    createEllipse: (): EllipseNode => createNode('ELLIPSE') as unknown as EllipseNode,
    createVector: (): VectorNode => createNode('VECTOR') as unknown as VectorNode,
    createPolygon: (): PolygonNode => createNode('POLYGON') as unknown as PolygonNode,
    createStar: (): StarNode => createNode('STAR') as unknown as StarNode,
    createText: (): TextNode => createNode('TEXT') as unknown as TextNode,
    createComponent: (): ComponentNode => createNode('COMPONENT') as unknown as ComponentNode,
    createComponentFromNode(node: SceneNode): ComponentNode {
      assertOpen('createComponentFromNode');
      return createComponentFromNode(ctx, node);
    },
    combineAsVariants(nodes: ReadonlyArray<ComponentNode>, parent: BaseNode & ChildrenMixin, index?: number): ComponentSetNode {
      assertOpen('combineAsVariants');
      return combineAsVariants(ctx, nodes, parent, index);
    },
    group(nodes: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number): GroupNode {
      assertOpen('group');
      if (!Array.isArray(nodes) || nodes.length === 0) throw figmaError('group', 'Expected a non-empty array of nodes to group');
      for (const node of nodes as unknown[]) if (!(node instanceof FakeSceneNode)) throw validationError('group', 'scene nodes', node);
      if (!(parent instanceof FakeBaseNode)) throw validationError('group', 'a parent node', parent);
      const group = ctx.createNodeOfType('GROUP', ctx.nextId()) as FakeGroupNode;
      ctx.changes.created(group);
      insertChildAt(parent, index, group, 'group');
      for (const node of nodes as unknown as FakeSceneNode[]) insertChildAt(group, undefined, node, 'group');
      return group as unknown as GroupNode;
    },
    union: (nodes: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number): BooleanOperationNode => combineShapes('UNION', 'union', nodes, parent, index),
    subtract: (nodes: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number): BooleanOperationNode => combineShapes('SUBTRACT', 'subtract', nodes, parent, index),
    intersect: (nodes: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number): BooleanOperationNode => combineShapes('INTERSECT', 'intersect', nodes, parent, index),
    exclude: (nodes: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number): BooleanOperationNode => combineShapes('EXCLUDE', 'exclude', nodes, parent, index),

    createPaintStyle: (): PaintStyle => createStyle(ctx, 'PAINT') as unknown as PaintStyle,
    createTextStyle: (): TextStyle => createStyle(ctx, 'TEXT') as unknown as TextStyle,
    createEffectStyle: (): EffectStyle => createStyle(ctx, 'EFFECT') as unknown as EffectStyle,
    getLocalPaintStyles(): PaintStyle[] {
      ctx.forbidSyncUnderDynamicPage('getLocalPaintStyles', 'figma.getLocalPaintStylesAsync');
      return localStyles(ctx, 'PAINT') as unknown as PaintStyle[];
    },
    getLocalTextStyles(): TextStyle[] {
      ctx.forbidSyncUnderDynamicPage('getLocalTextStyles', 'figma.getLocalTextStylesAsync');
      return localStyles(ctx, 'TEXT') as unknown as TextStyle[];
    },
    getLocalEffectStyles(): EffectStyle[] {
      ctx.forbidSyncUnderDynamicPage('getLocalEffectStyles', 'figma.getLocalEffectStylesAsync');
      return localStyles(ctx, 'EFFECT') as unknown as EffectStyle[];
    },
    getLocalGridStyles(): GridStyle[] {
      ctx.forbidSyncUnderDynamicPage('getLocalGridStyles', 'figma.getLocalGridStylesAsync');
      return [];
    },
    async getLocalPaintStylesAsync(): Promise<PaintStyle[]> {
      await Promise.resolve();
      return localStyles(ctx, 'PAINT') as unknown as PaintStyle[];
    },
    async getLocalTextStylesAsync(): Promise<TextStyle[]> {
      await Promise.resolve();
      return localStyles(ctx, 'TEXT') as unknown as TextStyle[];
    },
    async getLocalEffectStylesAsync(): Promise<EffectStyle[]> {
      await Promise.resolve();
      return localStyles(ctx, 'EFFECT') as unknown as EffectStyle[];
    },
    async getLocalGridStylesAsync(): Promise<GridStyle[]> {
      await Promise.resolve();
      return [];
    },

    async importComponentByKeyAsync(key: string): Promise<ComponentNode> {
      if (typeof key !== 'string') throw validationError('importComponentByKeyAsync', 'a component key', key);
      await Promise.resolve();
      const found = state.library.get(key);
      if (!(found instanceof FakeComponentNode)) throw figmaError('importComponentByKeyAsync', `Could not find a published component with key "${key}"`);
      return found as unknown as ComponentNode;
    },
    async importComponentSetByKeyAsync(key: string): Promise<ComponentSetNode> {
      if (typeof key !== 'string') throw validationError('importComponentSetByKeyAsync', 'a component set key', key);
      await Promise.resolve();
      const found = state.library.get(key);
      if (!(found instanceof FakeComponentSetNode)) throw figmaError('importComponentSetByKeyAsync', `Could not find a published component set with key "${key}"`);
      return found as unknown as ComponentSetNode;
    },

    async listAvailableFontsAsync(): Promise<Font[]> {
      await Promise.resolve();
      return state.fonts.map((fontName) => ({ fontName: { ...fontName } }));
    },
    async loadFontAsync(font: FontNameInput): Promise<void> {
      // Typings: "You can pass a FontNameInput and omit `style` to load every style of the family".
      if (isPlainObject(font) && typeof font.family === 'string' && font.style === undefined) {
        const family = font.family;
        await Promise.resolve();
        const styles = state.fonts.filter((f) => f.family === family);
        if (styles.length === 0) throw figmaError('loadFontAsync', `The font family "${family}" could not be loaded (not available; the fake has ${state.fonts.length} fonts)`);
        for (const each of styles) ctx.loadedFonts.add(fontKey(each));
        return;
      }
      const checked = checkFontName('loadFontAsync', font);
      await Promise.resolve();
      if (!state.fonts.some((f) => f.family === checked.family && f.style === checked.style)) {
        throw figmaError('loadFontAsync', `The font "${checked.family} ${checked.style}" could not be loaded (not available; the fake has ${state.fonts.length} fonts)`);
      }
      ctx.loadedFonts.add(fontKey(checked));
    },

    createImage(data: Uint8Array): Image {
      assertOpen('createImage');
      return createImage(ctx, data) as unknown as Image;
    },
    // Typings: "The `src` passed in must be a URL to a PNG, JPEG, or GIF. Images have a maximum
    // size of 4096 pixels … Invalid images will reject" (createImage throws; this rejects).
    async createImageAsync(src: string): Promise<Image> {
      assertOpen('createImageAsync');
      if (typeof src !== 'string') throw validationError('createImageAsync', 'a URL string', src);
      const bytes = await state.fetchBytes(src);
      return createImage(ctx, bytes, 'createImageAsync') as unknown as Image;
    },
    getImageByHash(hash: string): Image | null {
      if (typeof hash !== 'string') throw validationError('getImageByHash', 'an image hash', hash);
      return (imageStore(ctx).get(hash) as FakeImage | undefined as unknown as Image | undefined) ?? null;
    },

    base64Encode(data: Uint8Array): string {
      if (!isUint8ArrayValue(data)) throw validationError('base64Encode', 'a Uint8Array', data);
      return base64Encode(data);
    },
    base64Decode(data: string): Uint8Array {
      if (typeof data !== 'string') throw validationError('base64Decode', 'a string', data);
      return base64Decode(data);
    },

    on(type: EventName, handler: (...args: never[]) => unknown): void {
      addHandler('on', type, handler, false);
    },
    once(type: EventName, handler: (...args: never[]) => unknown): void {
      addHandler('once', type, handler, true);
    },
    off(type: EventName, handler: (...args: never[]) => unknown): void {
      const name = checkEvent('off', type, handler);
      state.handlers.set(
        name,
        (state.handlers.get(name) ?? []).filter((entry) => entry.handler !== handler),
      );
      if (name === 'documentchange') updateRecording(state);
    },
  };

  // Compile-time check: the members the fake models have the real signatures.
  const conforms: Pick<
    PluginAPI,
    | 'apiVersion' | 'command' | 'currentUser' | 'fileKey' | 'root' | 'currentPage' | 'setCurrentPageAsync' | 'skipInvisibleInstanceChildren'
    | 'viewport' | 'ui' | 'clientStorage' | 'variables' | 'util' | 'showUI' | 'closePlugin' | 'notify' | 'commitUndo' | 'openExternal'
    | 'getNodeById' | 'getNodeByIdAsync' | 'getStyleById' | 'getStyleByIdAsync' | 'loadAllPagesAsync' | 'createPage' | 'createFrame'
    | 'createRectangle' | 'createEllipse' | 'createVector' | 'createPolygon' | 'createStar' | 'union' | 'subtract' | 'intersect' | 'exclude' | 'createText' | 'createComponent' | 'createComponentFromNode'
    | 'combineAsVariants' | 'group' | 'createPaintStyle' | 'createTextStyle' | 'createEffectStyle' | 'getLocalPaintStyles'
    | 'getLocalTextStyles' | 'getLocalEffectStyles' | 'getLocalPaintStylesAsync' | 'getLocalTextStylesAsync' | 'getLocalEffectStylesAsync'
    | 'importComponentByKeyAsync' | 'importComponentSetByKeyAsync' | 'listAvailableFontsAsync' | 'loadFontAsync' | 'createImage' | 'createImageAsync'
    | 'getImageByHash' | 'base64Encode' | 'base64Decode' | 'hasMissingFont' | 'activeUsers' | 'triggerUndo'
  > = api as unknown as typeof api & { readonly apiVersion: '1.0.0'; readonly editorType: 'figma' };
  void conforms;

  function switchPage(page: unknown): void {
    if (!(page instanceof FakePageNode) || page._removed) throw validationError('setCurrentPageAsync', 'a page of this file', page);
    if (ctx.currentPage === page) return;
    ctx.currentPage = page;
    page._loaded = true;
    ctx.queue.run(() => {
      emit(state, 'currentpagechange');
      emit(state, 'selectionchange');
    });
  }

  return gateRun(state, strictObject(api, 'figma'), 'figma', ['closePlugin']) as unknown as PluginAPI;
}

export type { FakeParent, FakeStyle };
