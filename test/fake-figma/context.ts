// The state one fake Figma session shares between its nodes, styles and APIs: the node index,
// which pages are loaded, loaded fonts, images, styles, variables and the change recorder.
import { ChangeRecorder } from './change-recorder';
import { dynamicPageError } from './figma-errors';
import type { FakeBaseNode, FakeDocumentNode, FakePageNode, FakeSceneNode } from './nodes';
import { TaskQueue, type ScheduleTask } from './scheduler';
import type { FakeStyle } from './styles';
import { UndoHistory } from './undo-history';

export type DocumentAccess = 'dynamic-page' | 'full';

export interface ContextOptions {
  documentAccess: DocumentAccess;
  fileName: string;
  pluginId: string;
  schedule: ScheduleTask;
  /** `pages[i]`: the page `changes[i]`'s node is (or was) on, null for a style's. */
  deliverDocumentChanges: (changes: DocumentChange[], pages: Array<object | null>) => void;
}

/** A page's `nodechange` listeners, kept by the open run (a relaunch starts with none). */
export interface PageEvents {
  add(page: FakePageNode, handler: (event: NodeChangeEvent) => void, once: boolean, api: string): void;
  remove(page: FakePageNode, handler: (event: NodeChangeEvent) => void): void;
  /** The page was deleted: its listeners go. */
  forget(page: FakePageNode): void;
}

/** Things whose identity the document index tracks besides nodes (images, styles, variables). */
export interface Identified {
  readonly id: string;
}

export class FakeContext {
  readonly documentAccess: DocumentAccess;
  readonly fileName: string;
  readonly pluginId: string;
  readonly mixed: symbol = Symbol('figma.mixed');
  readonly queue: TaskQueue;
  readonly changes: ChangeRecorder;
  /** commitUndo / triggerUndo: the plugin's edits that can be reverted, step by step. */
  readonly undo: UndoHistory;
  readonly nodes = new Map<string, FakeBaseNode>();
  readonly loadedFonts = new Set<string>();
  /** The fonts the person has (fontKey), for hasMissingFont; null counts every font as there. */
  availableFonts: ReadonlySet<string> | null = null;
  allPagesLoaded: boolean;
  skipInvisibleInstanceChildren = false;
  /** > 0 while the fake itself or a test edits the document: plugin-only restrictions are off. */
  rulesOff = 0;
  /** True between the end of a plugin run and the start of the next: the plugin may not edit. */
  pluginClosed = false;
  /** > 0 while main-component edits are copied into instances (those are not overrides). */
  propagating = 0;
  root!: FakeDocumentNode;
  currentPage!: FakePageNode;
  /** The manifest's relaunchButtons commands; null accepts any. */
  relaunchCommands: readonly string[] | null = null;
  /** Hooks the other modules install (kept here so the node classes need not import them). */
  images: Map<string, unknown> | null = null;
  readonly styles = new Map<string, FakeStyle>();
  /** Variables and variable collections by id. */
  readonly variables = new Map<string, unknown>();
  createNodeOfType!: (type: NodeType, id: string) => FakeBaseNode;
  onSelectionChange: ((page: FakePageNode) => void) | null = null;
  pageEvents: PageEvents | null = null;
  bindVariable: ((node: FakeSceneNode, field: string, variable: Variable | null) => void) | null = null;
  applyStyleId: ((node: FakeSceneNode, kind: 'fill' | 'stroke' | 'effect' | 'text', id: string) => void) | null = null;
  exporter: ((node: FakeSceneNode, settings: ExportSettings | undefined) => Promise<Uint8Array>) | null = null;
  checkPropertyReferences: ((node: FakeSceneNode, references: Readonly<Record<string, string>> | null) => void) | null = null;
  layout: ((node: FakeSceneNode, changed: string) => void) | null = null;
  /** A field of a text node with styled runs changed (text-ranges.ts keeps the runs in step). */
  textRunsChanged: ((node: FakeSceneNode, field: string, value: unknown) => void) | null = null;
  /** Auto-layout frames waiting for a layout pass; geometry reads flush them (flushLayout). */
  readonly dirtyLayout = new Set<FakeSceneNode>();
  layoutFlushing = false;
  flushLayout: () => void = () => undefined;
  copyComponentLinks: ((source: FakeSceneNode, copy: FakeSceneNode, intoInstance: boolean) => void) | null = null;
  buildInstanceLayers: ((copy: FakeSceneNode, source: FakeSceneNode, instanceRoot: FakeSceneNode | null) => void) | null = null;
  private idCounter = 1;
  private propertyCounter = 0;

  constructor(options: ContextOptions) {
    this.documentAccess = options.documentAccess;
    this.fileName = options.fileName;
    this.pluginId = options.pluginId;
    this.allPagesLoaded = options.documentAccess === 'full';
    this.queue = new TaskQueue(options.schedule);
    this.changes = new ChangeRecorder(this.queue, options.deliverDocumentChanges);
    this.undo = new UndoHistory(
      () => this.changes.origin === 'LOCAL',
      (revert) => this.withRulesOff(revert),
    );
    this.changes.undo = this.undo;
  }

  /** True when the plugin runs with `documentAccess: 'dynamic-page'` and rules apply now. */
  get dynamicPage(): boolean {
    return this.documentAccess === 'dynamic-page' && this.rulesOff === 0;
  }

  /** Throws Figma's error for a synchronous getter forbidden under dynamic-page. */
  forbidSyncUnderDynamicPage(api: string, instead: string): void {
    if (this.dynamicPage) throw dynamicPageError(api, instead);
  }

  /** Node ids as Figma writes them: "<session>:<counter>". */
  nextId(): string {
    return `1:${++this.idCounter}`;
  }

  /** Suffix for TEXT / BOOLEAN / INSTANCE_SWAP property names ("Label#12:0"). */
  nextPropertySuffix(): string {
    return `${++this.propertyCounter}:0`;
  }

  /** Runs `edit` with plugin restrictions lifted (fixtures, inspection, collaborator edits). */
  withRulesOff<T>(edit: () => T): T {
    this.rulesOff++;
    try {
      return edit();
    } finally {
      this.rulesOff--;
    }
  }

  /** Font name objects already checked against loadedFonts (they are frozen, so safe to remember). */
  private fontsSeenLoaded = new WeakSet<FontName>();

  isFontLoaded(font: FontName): boolean {
    if (this.rulesOff > 0 || this.fontsSeenLoaded.has(font)) return true;
    if (!this.loadedFonts.has(fontKey(font))) return false;
    if (Object.isFrozen(font)) this.fontsSeenLoaded.add(font);
    return true;
  }

  /** A new plugin run: nothing is loaded any more. */
  forgetLoadedFonts(): void {
    this.loadedFonts.clear();
    this.fontsSeenLoaded = new WeakSet<FontName>();
  }
}

export function fontKey(font: FontName): string {
  return `${font.family}\u0000${font.style}`;
}

/** A stable 40-hex-digit digest (component keys, image hashes); not cryptographic. */
export function digest40(input: string | Uint8Array): string {
  const seeds = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b, 0xc2b2ae35];
  let out = '';
  for (const seed of seeds) {
    let h = seed >>> 0;
    const length = input.length;
    for (let i = 0; i < length; i++) {
      const code = typeof input === 'string' ? input.charCodeAt(i) : input[i]!;
      h ^= code;
      h = Math.imul(h, 0x01000193) >>> 0;
      h ^= h >>> 13;
    }
    h ^= length;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}
