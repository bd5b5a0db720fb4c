// Turns `documentchange` events into "which component roots must be read again". Changes are
// only recorded when they arrive (cheap, inside Figma's event); they are classified when the
// next incremental snapshot starts. A live layer's root is found by walking up from it; where
// a layer was at the previous snapshot is asked only for deleted and reparented layers (and
// hidden layers inside instances, which cannot be read), so the snapshotter builds its
// node-id → root map only when such a change arrives.
import { findComponentRoot } from './component-roots';

/** The parts of a DocumentChange the tracker uses (plain objects in tests). */
export interface TrackedChange {
  readonly type: string;
  readonly id: string;
  readonly node?: { readonly removed?: boolean; readonly type: string; readonly parent?: unknown } | null;
  /** PROPERTY_CHANGE: the properties that changed (`parent` when the layer was moved). */
  readonly properties?: readonly string[];
}

/** The root a layer belonged to at the previous snapshot, if any. */
export type PreviousRootLookup = (nodeId: string) => string | undefined;

export interface ChangeClassification {
  /** Ids of roots that must be read again (they may have been deleted meanwhile). */
  readonly rootIds: Set<string>;
  /** Live roots found from the changed nodes themselves (new components among them). */
  readonly roots: Map<string, SceneNode>;
  /** Style ids that changed (STYLE_* changes): roots using them must be read again. */
  readonly styleIds: Set<string>;
  /** A created node outside every component may contain components: search it. */
  readonly containersToSearch: SceneNode[];
}

interface LinkedNode {
  readonly type: string;
  readonly parent: LinkedNode | null;
  readonly id: string;
}

/** `I1:43;1:27;1:16` (a layer inside instance 1:43) → `1:43`; other ids unchanged. */
export function outermostInstanceId(id: string): string {
  if (!id.startsWith('I')) return id;
  const end = id.indexOf(';');
  return end === -1 ? id.slice(1) : id.slice(1, end);
}

export function classifyChanges(changes: readonly TrackedChange[], previousRootOf: PreviousRootLookup): ChangeClassification {
  const rootIds = new Set<string>();
  const roots = new Map<string, SceneNode>();
  const styleIds = new Set<string>();
  const containersToSearch: SceneNode[] = [];

  const addInstanceRoot = (id: string) => {
    const instanceRoot = previousRootOf(outermostInstanceId(id));
    if (instanceRoot !== undefined) rootIds.add(instanceRoot);
  };

  for (const change of changes) {
    if (change.type.startsWith('STYLE_')) {
      styleIds.add(change.id);
      continue;
    }
    const node = change.node;
    // Figma refuses to read hidden layers inside instances while skipInvisibleInstanceChildren
    // is on (any property, `removed` and `parent` included). Such a layer's id names its
    // outermost instance ("I<instance id>;…"), whose root is known from the previous snapshot.
    let removed: boolean;
    try {
      removed = !node || node.removed === true;
    } catch {
      addInstanceRoot(change.id);
      continue;
    }
    // Where the node was at the previous snapshot: only a deletion or a move can take a layer
    // out of the root it is found in now (a moved layer reports `parent`; its descendants
    // move with it and are covered by its change).
    if (change.type === 'DELETE' || removed || change.properties?.includes('parent') === true) {
      const previousRoot = previousRootOf(change.id) ?? previousRootOf(outermostInstanceId(change.id));
      if (previousRoot !== undefined) rootIds.add(previousRoot);
    }
    // A deleted node that held components (a frame, a page): the snapshot drops every root
    // whose node reports `removed`, so nothing more is needed here.
    if (!node || removed) continue;
    // Where the node is now (covers creations and moves in).
    const linked = node as unknown as LinkedNode;
    let root: LinkedNode | null;
    try {
      root = findComponentRoot(linked);
    } catch {
      addInstanceRoot(change.id);
      continue;
    }
    if (root !== null) {
      rootIds.add(root.id);
      roots.set(root.id, root as unknown as SceneNode);
    } else if (change.type === 'CREATE') {
      // A new container may hold components: a pasted frame, an undone page deletion.
      if (linked.type !== 'TEXT' && 'children' in (node as object)) containersToSearch.push(node as unknown as SceneNode);
    }
  }
  return { rootIds, roots, styleIds, containersToSearch };
}

/** Records documentchange events until the next snapshot takes them. */
export class ChangeTracker {
  private changes: TrackedChange[] = [];
  private readonly handler = (event: DocumentChangeEvent): void => {
    for (const change of event.documentChanges) this.changes.push(change);
  };
  private subscribed: PluginAPI | null = null;

  /** Figma requires loadAllPagesAsync before documentchange under dynamic-page. */
  async startAsync(figma: PluginAPI): Promise<void> {
    if (this.subscribed) return;
    await figma.loadAllPagesAsync();
    // eslint-disable-next-line @figma/figma-plugins/dynamic-page-documentchange-event-advice -- awaited just above
    figma.on('documentchange', this.handler);
    this.subscribed = figma;
  }

  stop(): void {
    // eslint-disable-next-line @figma/figma-plugins/dynamic-page-documentchange-event-advice -- only after startAsync
    this.subscribed?.off('documentchange', this.handler);
    this.subscribed = null;
  }

  get active(): boolean {
    return this.subscribed !== null;
  }

  /** Hands over the changes recorded so far and starts a new list. */
  take(): TrackedChange[] {
    const taken = this.changes;
    this.changes = [];
    return taken;
  }

  /** Puts changes back (a cancelled snapshot did not consume them). */
  giveBack(changes: TrackedChange[]): void {
    this.changes = changes.concat(this.changes);
  }
}
