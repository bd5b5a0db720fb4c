// The snapshot module's Figma side: finds the local components of the open file under
// dynamic-page rules, normalizes each (normalize/component.ts), resolves references, hashes,
// optionally exports thumbnails (thumbnails.ts), and keeps what it learned so that the next
// snapshot only re-reads the components that `documentchange` says were touched
// (dirty-roots.ts).
import type { CacheEntry } from './cache-entry';
import { ChangeTracker } from './change-tracker';
import { createComponentReader, type ComponentReader, type ComponentReading } from './component-reader';
import { COMPONENT_TYPES, findComponentRoot, isComponentRoot } from './component-roots';
import { dirtyRootsAsync } from './dirty-roots';
import type { ComponentRoot } from './normalize/component';
import type { ComponentPayload, ThumbnailPayload } from './normalized-types';
import { cancelledError, SnapshotError, unreadableError, type RefusedRoot } from './snapshot-error';
import { yieldToHostAsync } from '../platform/host-turns';
import { addThumbnailsAsync } from './thumbnails';
import { variantsAlike } from './variants-alike';

export interface SnapshotterOptions {
  /** Lets the editor breathe between batches. Default: a `setTimeout(0)` turn. */
  readonly yieldAsync?: () => Promise<void>;
  /** How long to work before yielding, in ms (default 25). */
  readonly yieldIntervalMs?: number;
  /** Clock for yielding and stats (default Date.now). */
  readonly now?: () => number;
  /** Track `documentchange` so later snapshots are incremental (default true). */
  readonly incremental?: boolean;
  /** Longest side of a thumbnail in px; smaller components export at 1× (default 640). */
  readonly thumbnailMaxSize?: number;
}

export interface SnapshotProgress {
  readonly phase: 'reading' | 'thumbnails';
  readonly done: number;
  readonly total: number;
}

export interface SnapshotOptions {
  readonly thumbnails?: boolean;
  readonly onProgress?: (progress: SnapshotProgress) => void;
  /** Checked between components; when it returns true the snapshot throws code `cancelled`. */
  readonly isCancelled?: () => boolean;
  /** Read everything again even if an incremental snapshot is possible. */
  readonly full?: boolean;
}

export interface SnapshotStats {
  readonly mode: 'full' | 'incremental';
  /** Components in the result. */
  readonly components: number;
  /** Components read and normalized in this run. */
  readonly normalized: number;
  /** Components taken unchanged from the previous snapshot. */
  readonly reused: number;
  /** Layers normalized in this run. */
  readonly nodes: number;
  readonly thumbnailsExported: number;
  readonly thumbnailsReused: number;
  readonly thumbnailsFailed: number;
  readonly elapsedMs: number;
}

export interface SnapshotResult {
  /** Sorted by key. Treat as read-only: unchanged payloads are shared between snapshots. */
  readonly components: ComponentPayload[];
  readonly stats: SnapshotStats;
}

export interface Snapshotter {
  snapshotAsync(options?: SnapshotOptions): Promise<SnapshotResult>;
  /** Stops listening to documentchange. */
  dispose(): void;
}

function compareKeys(a: ComponentPayload, b: ComponentPayload): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function isLiveRoot(node: BaseNode | null): node is ComponentRoot {
  if (!node || node.removed) return false;
  if (node.type !== 'COMPONENT' && node.type !== 'COMPONENT_SET') return false;
  return isComponentRoot(node) && !node.remote && findComponentRoot(node) === node;
}

/** For a set Figma refused: its variant whose values another has too, if that is why (null: not known). */
function alikeVariantOf(root: ComponentRoot): string | null {
  if (root.type !== 'COMPONENT_SET') return null;
  try {
    return variantsAlike(root.children.flatMap((child) => (child.type === 'COMPONENT' ? [child.name] : [])));
  } catch {
    // Its layers refused too: said without it.
    return null;
  }
}

export function createSnapshotter(figma: PluginAPI, options: SnapshotterOptions = {}): Snapshotter {
  const yieldAsync = options.yieldAsync ?? yieldToHostAsync;
  const yieldIntervalMs = options.yieldIntervalMs ?? 25;
  const now = options.now ?? (() => Date.now());
  const incremental = options.incremental ?? true;
  const thumbnailMaxSize = options.thumbnailMaxSize ?? 640;

  let reader = createComponentReader(figma);
  /** Roots an incremental snapshot found dirty but did not complete (cancelled, failed). */
  const unfinished = new Map<string, ComponentRoot | null>();
  const tracker = new ChangeTracker();
  let entries = new Map<string, CacheEntry>(); // by root node id
  /** Node id → root id of the last snapshot; built from `entries` when a change first needs it. */
  let rootIdByNodeId: Map<string, string> | null = null;
  let hasBaseline = false;
  let thumbnailsByHash = new Map<string, ThumbnailPayload>();
  let running = false;

  /** A root's cache entry from its reading. */
  function entryOf(root: ComponentRoot, reading: ComponentReading, previous: CacheEntry | undefined): CacheEntry {
    // An unchanged component keeps its previous payload object, so the one just built is freed
    // at once: a full re-read of an unchanged file then holds one snapshot in memory, not two.
    const kept = previous?.payload;
    const payload = kept !== undefined && kept.hash === reading.payload.hash && kept.key === reading.payload.key ? kept : reading.payload;
    // The links as just read (written on the root node when there are any): no second read.
    const links = (payload.node.documentationLinks as string[] | undefined) ?? [];
    return { root, payload, nodeIds: reading.nodeIds, dependencies: reading.dependencies, documentationLinks: links.join('\n') };
  }

  async function listRootsAsync(): Promise<ComponentRoot[]> {
    const roots: ComponentRoot[] = [];
    for (const page of figma.root.children) {
      await page.loadAsync();
      // A teammate may remove the page while it loads.
      if (page.removed) continue;
      for (const node of page.findAllWithCriteria({ types: COMPONENT_TYPES })) {
        if (isComponentRoot(node) && !node.remote) roots.push(node);
      }
    }
    return roots;
  }

  /**
   * Deleted and moved layers are looked up here (change-tracker.ts). Built on first use rather
   * than after every snapshot: a full snapshot of 10,000 components would otherwise spend ≈ 4 %
   * of its time inserting 300,000 ids that ordinary edits never ask for.
   */
  function previousRootMap(): Map<string, string> {
    if (rootIdByNodeId === null) {
      rootIdByNodeId = new Map();
      for (const [id, entry] of entries) for (const nodeId of entry.nodeIds) rootIdByNodeId.set(nodeId, id);
    }
    return rootIdByNodeId;
  }


  /**
   * A root read as it is now, or null when it was deleted meanwhile: a teammate's edit can land
   * during the read's awaits, and a layer gone from under it makes Figma throw. Those edits
   * reach the next run through documentchange. Refused twice while it is still there, Figma will
   * not read it as it is (a set with a warning on it): noted in `refused`, and null.
   */
  async function readAsIsAsync(runReader: ComponentReader, root: ComponentRoot, refused: RefusedRoot[]): Promise<ComponentReading | null> {
    try {
      return await runReader.readAsync(root);
    } catch {
      if (root.removed) return null;
    }
    try {
      return await runReader.readAsync(root);
    } catch (error) {
      if (!root.removed) refused.push({ kind: root.type, name: root.name, cause: error, alikeVariant: alikeVariantOf(root) });
      return null;
    }
  }

  async function runAsync(snapshot: SnapshotOptions): Promise<SnapshotResult> {
    const started = now();
    let lastYield = started;
    // Checked before every call: an async call per component costs in the sandbox's interpreter.
    const due = (): boolean => now() - lastYield >= yieldIntervalMs;
    const tick = async (phase: SnapshotProgress['phase'], done: number, total: number): Promise<void> => {
      snapshot.onProgress?.({ phase, done, total });
      await yieldAsync();
      lastYield = now();
    };

    if (incremental) await tracker.startAsync(figma);
    const changes = tracker.take();
    const incrementalRun = incremental && hasBaseline && snapshot.full !== true;
    const nextEntries = incrementalRun ? new Map(entries) : new Map<string, CacheEntry>();
    // A full read looks styles and variables up afresh (names cached by an earlier run may be
    // out of date, and the changes that said so are dropped above). Its cache replaces the old
    // one only when it completes: until then the old one still describes `entries`.
    const runReader = incrementalRun ? reader : createComponentReader(figma);
    let normalized = 0;
    let nodes = 0;
    let work: Array<[string, ComponentRoot | null]> | undefined;
    const refused: RefusedRoot[] = [];
    try {
      if (incrementalRun) {
        const dirty = await dirtyRootsAsync(changes, entries, (nodeId) => previousRootMap().get(nodeId), reader.resolver);
        for (const [id, root] of unfinished) if (!dirty.has(id)) dirty.set(id, root);
        work = [...dirty];
      } else {
        work = (await listRootsAsync()).map((root) => [root.id, root]);
      }
      for (let i = 0; i < work.length; i++) {
        if (snapshot.isCancelled?.()) throw cancelledError();
        const [id, known] = work[i]!;
        const root = known && !known.removed ? known : await figma.getNodeByIdAsync(id);
        const live = isLiveRoot(root) ? root : null;
        const reading = live === null ? null : await readAsIsAsync(runReader, live, refused);
        if (live !== null && reading !== null) {
          const entry = entryOf(live, reading, entries.get(id));
          nextEntries.set(id, entry);
          normalized++;
          nodes += entry.nodeIds.length;
        } else {
          nextEntries.delete(id);
        }
        if (due()) await tick('reading', i + 1, work.length);
      }
      // Every one refused is read first, so all are named at once (the set to fix among them);
      // then the run stops, so none of them reads as deleted here.
      if (refused.length > 0) throw unreadableError(refused);
    } catch (error) {
      // Nothing was committed: the changes still describe what differs from the last snapshot,
      // and so do the roots this run found dirty (style and variable edits are found only by
      // comparing with the cache, which that run brought up to date).
      tracker.giveBack(changes);
      if (incrementalRun) for (const [id, root] of work ?? []) unfinished.set(id, root);
      throw error;
    }
    unfinished.clear();
    reader = runReader;

    // Commit. A node → root map that was built follows the entries that were (re)read; after a
    // full read it is dropped and built again if a later change needs it.
    const map = rootIdByNodeId;
    if (incrementalRun && map !== null) {
      for (const [id, entry] of entries) {
        if (nextEntries.get(id) !== entry) for (const nodeId of entry.nodeIds) if (map.get(nodeId) === id) map.delete(nodeId);
      }
      for (const [id, entry] of nextEntries) {
        if (entries.get(id) !== entry) for (const nodeId of entry.nodeIds) map.set(nodeId, id);
      }
    } else {
      rootIdByNodeId = null;
    }
    entries = nextEntries;
    hasBaseline = true;

    let components: ComponentPayload[] = [];
    const rootsByKey = new Map<string, ComponentRoot>();
    for (const entry of entries.values()) {
      components.push(entry.payload);
      rootsByKey.set(entry.payload.key, entry.root);
    }
    components.sort(compareKeys);
    let thumbnailStats = { exported: 0, reused: 0, failed: 0 };
    if (snapshot.thumbnails) {
      const withThumbnails = await addThumbnailsAsync(components, rootsByKey, thumbnailsByHash, {
        maxSize: thumbnailMaxSize,
        isCancelled: snapshot.isCancelled,
        due,
        tick,
      });
      thumbnailsByHash = withThumbnails.byHash;
      components = withThumbnails.components;
      thumbnailStats = withThumbnails;
    }
    snapshot.onProgress?.({ phase: snapshot.thumbnails ? 'thumbnails' : 'reading', done: components.length, total: components.length });
    return {
      components,
      stats: {
        mode: incrementalRun ? 'incremental' : 'full',
        components: components.length,
        normalized,
        reused: components.length - normalized,
        nodes,
        thumbnailsExported: thumbnailStats.exported,
        thumbnailsReused: thumbnailStats.reused,
        thumbnailsFailed: thumbnailStats.failed,
        elapsedMs: now() - started,
      },
    };
  }

  return {
    async snapshotAsync(snapshot: SnapshotOptions = {}): Promise<SnapshotResult> {
      if (running) throw new SnapshotError('busy', 'A component snapshot is already running.');
      running = true;
      // Hidden layers inside instances are not part of the description (normalize/node.ts),
      // and skipping them makes traversal much faster in Figma.
      const skipBefore = figma.skipInvisibleInstanceChildren;
      figma.skipInvisibleInstanceChildren = true;
      try {
        return await runAsync(snapshot);
      } finally {
        figma.skipInvisibleInstanceChildren = skipBefore;
        running = false;
      }
    },
    dispose(): void {
      tracker.stop();
    },
  };
}
