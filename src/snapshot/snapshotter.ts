// The snapshot module's Figma side: finds the local components of the open file under
// dynamic-page rules, normalizes each (normalize-component.ts), resolves references, hashes,
// optionally exports thumbnails, and keeps what it learned so that the next snapshot only
// re-reads the components that `documentchange` says were touched.
import { encodeBase64 } from './base64';
import { SnapshotError } from './snapshot-error';
import { ChangeTracker, classifyChanges, type TrackedChange } from './change-tracker';
import { findComponentRoot, isComponentRoot } from './component-roots';
import { createComponentReader, type ComponentReading } from './component-reader';
import type { ComponentRoot } from './normalize-component';
import type { ComponentPayload, ThumbnailPayload } from './normalized-types';
import type { ComponentDependencies } from './reference-resolver';

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

interface CacheEntry {
  readonly root: ComponentRoot;
  readonly payload: ComponentPayload;
  readonly nodeIds: string[];
  readonly dependencies: ComponentDependencies;
  /** Figma reports no documentchange for documentation links: compared on each run instead. */
  readonly documentationLinks: string;
}

function documentationLinksOf(root: ComponentRoot): string {
  return root.documentationLinks.map((link) => link.uri).join('\n');
}

const COMPONENT_TYPES: Array<'COMPONENT' | 'COMPONENT_SET'> = ['COMPONENT', 'COMPONENT_SET'];

function defaultYieldAsync(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function cancelledError(): SnapshotError {
  return new SnapshotError('cancelled', 'The component snapshot was cancelled.');
}

function compareKeys(a: ComponentPayload, b: ComponentPayload): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function isLiveRoot(node: BaseNode | null): node is ComponentRoot {
  if (!node || node.removed) return false;
  if (node.type !== 'COMPONENT' && node.type !== 'COMPONENT_SET') return false;
  return isComponentRoot(node) && !node.remote && findComponentRoot(node) === node;
}

export function createSnapshotter(figma: PluginAPI, options: SnapshotterOptions = {}): Snapshotter {
  const yieldAsync = options.yieldAsync ?? defaultYieldAsync;
  const yieldIntervalMs = options.yieldIntervalMs ?? 25;
  const now = options.now ?? (() => Date.now());
  const incremental = options.incremental ?? true;
  const thumbnailMaxSize = options.thumbnailMaxSize ?? 640;

  const reader = createComponentReader(figma);
  const resolver = reader.resolver;
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

  /** Root ids that must be read again, from recorded changes and style/variable edits. */
  async function dirtyRootsAsync(changes: TrackedChange[]): Promise<Map<string, ComponentRoot | null>> {
    const classified = classifyChanges(changes, (nodeId) => previousRootMap().get(nodeId));
    const dirty = new Map<string, ComponentRoot | null>();
    for (const id of classified.rootIds) dirty.set(id, (classified.roots.get(id) as ComponentRoot | undefined) ?? entries.get(id)?.root ?? null);
    for (const container of classified.containersToSearch) {
      if (container.removed || !('findAllWithCriteria' in container)) continue;
      for (const node of container.findAllWithCriteria({ types: COMPONENT_TYPES })) {
        if (isComponentRoot(node) && !node.remote) dirty.set(node.id, node);
      }
    }
    const refreshed = await resolver.refreshAsync();
    for (const id of classified.styleIds) refreshed.styleIds.add(id);
    const styleOrVariableEdits = refreshed.styleIds.size > 0 || refreshed.variableIds.size > 0;
    for (const [id, entry] of entries) {
      if (dirty.has(id)) continue;
      if (entry.root.removed) {
        // Normally reported by a DELETE change; checked anyway since it costs one read.
        dirty.set(id, null);
        continue;
      }
      if (documentationLinksOf(entry.root) !== entry.documentationLinks) dirty.set(id, entry.root);
      if (!styleOrVariableEdits) continue;
      for (const styleId of entry.dependencies.styleIds) if (refreshed.styleIds.has(styleId)) dirty.set(id, entry.root);
      for (const variableId of entry.dependencies.variableIds) if (refreshed.variableIds.has(variableId)) dirty.set(id, entry.root);
    }
    // Components whose instances show a changed component change with it.
    if (dirty.size > 0) {
      const dependents = new Map<string, string[]>();
      for (const [id, entry] of entries) {
        for (const rootId of entry.dependencies.rootIds) {
          const list = dependents.get(rootId);
          if (list) list.push(id);
          else dependents.set(rootId, [id]);
        }
      }
      const queue = [...dirty.keys()];
      while (queue.length > 0) {
        for (const dependent of dependents.get(queue.pop()!) ?? []) {
          if (!dirty.has(dependent)) {
            dirty.set(dependent, entries.get(dependent)?.root ?? null);
            queue.push(dependent);
          }
        }
      }
    }
    return dirty;
  }

  async function addThumbnailsAsync(
    list: ComponentPayload[],
    roots: Map<string, ComponentRoot>,
    snapshot: SnapshotOptions,
    due: () => boolean,
    tick: (phase: SnapshotProgress['phase'], done: number, total: number) => Promise<void>,
  ): Promise<{ components: ComponentPayload[]; exported: number; reused: number; failed: number }> {
    const out: ComponentPayload[] = [];
    const kept = new Map<string, ThumbnailPayload>();
    let exported = 0;
    let reused = 0;
    let failed = 0;
    for (let i = 0; i < list.length; i++) {
      const payload = list[i]!;
      let thumbnail = thumbnailsByHash.get(payload.hash);
      if (thumbnail) {
        reused++;
      } else {
        if (snapshot.isCancelled?.()) throw cancelledError();
        const root = roots.get(payload.key)!;
        const longest = Math.max(root.width, root.height);
        const scale = longest > thumbnailMaxSize ? thumbnailMaxSize / longest : 1;
        try {
          const bytes = await root.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: scale } });
          thumbnail = { format: 'png', base64: encodeBase64(bytes) };
          exported++;
        } catch {
          failed++; // e.g. an empty or oversized component: the payload goes without a thumbnail
        }
        if (due()) await tick('thumbnails', i + 1, list.length);
      }
      if (thumbnail) {
        kept.set(payload.hash, thumbnail);
        out.push({ ...payload, thumbnail });
      } else {
        out.push(payload);
      }
    }
    thumbnailsByHash = kept;
    return { components: out, exported, reused, failed };
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
    let normalized = 0;
    let nodes = 0;
    try {
      let work: Array<[string, ComponentRoot | null]>;
      if (incrementalRun) {
        work = [...(await dirtyRootsAsync(changes))];
      } else {
        work = (await listRootsAsync()).map((root) => [root.id, root]);
      }
      for (let i = 0; i < work.length; i++) {
        if (snapshot.isCancelled?.()) throw cancelledError();
        const [id, known] = work[i]!;
        const root = known && !known.removed ? known : await figma.getNodeByIdAsync(id);
        if (isLiveRoot(root)) {
          const entry = entryOf(root, await reader.readAsync(root), entries.get(id));
          nextEntries.set(id, entry);
          normalized++;
          nodes += entry.nodeIds.length;
        } else {
          nextEntries.delete(id);
        }
        if (due()) await tick('reading', i + 1, work.length);
      }
    } catch (error) {
      // Nothing was committed: the changes still describe what differs from the last snapshot.
      tracker.giveBack(changes);
      throw error;
    }

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
      const withThumbnails = await addThumbnailsAsync(components, rootsByKey, snapshot, due, tick);
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
      // Hidden layers inside instances are not part of the description (normalize-node.ts),
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
