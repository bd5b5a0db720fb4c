// Collects document changes and hands them to `documentchange` and pages' `nodechange` listeners
// in batches: every change made before the queued delivery runs lands in the same event, as Figma
// batches a task. Each change goes with the page its node is on (when deleted: was on).
import type { TaskQueue } from './scheduler';
import type { UndoHistory } from './undo-history';

export type ChangeOrigin = 'LOCAL' | 'REMOTE';

/** What the recorder needs from a node or style. */
export interface ChangeSubject {
  readonly id: string;
  readonly type: string;
}

interface PendingChange {
  subject: ChangeSubject;
  origin: ChangeOrigin;
  isStyle: boolean;
  created: boolean;
  deleted: boolean;
  properties: string[];
  /** The page a deleted node was removed from (it has none by the time of the flush). */
  page: object | null;
}

export class ChangeRecorder {
  /** True while a `documentchange` or `nodechange` listener exists; recording is skipped otherwise. */
  active = false;
  /** The page a node is on now, or null (a style, a node not on a page). */
  pageOf: (subject: ChangeSubject) => object | null = () => null;
  origin: ChangeOrigin = 'LOCAL';
  /** > 0 while Figma would not notify (an instance following its main component, a node following its style). */
  private muted = 0;
  /** > 0 while the plugin's documentchange callback runs (see unreportedPluginEdits). */
  private silenced = 0;
  private pending = new Map<string, PendingChange>();
  private flushQueued = false;

  /** Told of creations, removals and style edits the plugin makes itself (not derived ones). */
  undo: UndoHistory | null = null;

  /** Runs before a batch is collected (pending auto layout adds its size changes). */
  beforeFlush: (() => void) | null = null;

  constructor(
    private readonly queue: TaskQueue,
    /** `pages[i]`: the page of `changes[i]`'s node (null for a style's change). */
    private readonly deliver: (changes: DocumentChange[], pages: Array<object | null>) => void,
  ) {}

  private entry(subject: ChangeSubject, isStyle: boolean): PendingChange {
    const key = `${this.origin}|${subject.id}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { subject, origin: this.origin, isStyle, created: false, deleted: false, properties: [], page: null };
      this.pending.set(key, entry);
      if (!this.flushQueued) {
        this.flushQueued = true;
        this.queue.run(() => this.flush());
      }
    }
    return entry;
  }

  /**
   * Runs `update` without recording: the typings say "We currently never notify a
   * `documentchange` listener … if an instance sublayer was updated by a change to a main
   * component; if a node was updated as a result of a style changing".
   */
  unreported<T>(update: () => T): T {
    this.muted++;
    try {
      return update();
    } finally {
      this.muted--;
    }
  }

  /**
   * Runs the plugin's own `documentchange` callback: what it changes is not reported ("if the
   * change was caused directly by your plugin in a `documentchange` callback") but, being the
   * plugin's own edit, is still in its undo history (unlike derived updates, see unreported).
   */
  unreportedPluginEdits<T>(update: () => T): T {
    this.silenced++;
    try {
      return update();
    } finally {
      this.silenced--;
    }
  }

  created(subject: ChangeSubject, isStyle = false): void {
    if (this.muted !== 0) return;
    const undo = this.undo;
    if (undo?.recording) {
      if (isStyle) undo.untracked('creating a style');
      else undo.record(() => (subject as unknown as { remove(): void }).remove());
    }
    if (this.active && this.silenced === 0) this.entry(subject, isStyle).created = true;
  }

  /** `page`: the page the node was on, when it is already detached from it. */
  deleted(subject: ChangeSubject, isStyle = false, page: object | null = null): void {
    if (this.muted !== 0) return;
    // A node's remove() journals its own restore; styles are not journalled.
    if (isStyle) this.undo?.untracked('removing a style');
    if (this.active && this.silenced === 0) {
      const entry = this.entry(subject, isStyle);
      entry.deleted = true;
      if (!isStyle) entry.page = page ?? this.pageOf(subject);
    }
  }

  property(subject: ChangeSubject, property: string, isStyle = false): void {
    if (isStyle && this.muted === 0) this.undo?.untracked(`a style's ${property}`);
    if (!this.active || this.muted > 0 || this.silenced > 0) return;
    // NodeChangeProperty has no "vectorPaths": the paths are a view of the vector network.
    if (property === 'vectorPaths') property = 'vectorNetwork';
    // Nor list options or indentation: they are parts of the styled text.
    else if (property === 'listOptions' || property === 'indentation') property = 'styledTextSegments';
    const entry = this.entry(subject, isStyle);
    if (!entry.created && !entry.properties.includes(property)) entry.properties.push(property);
  }

  /** Drops anything recorded so far (listeners removed before delivery). */
  clear(): void {
    this.pending.clear();
  }

  private flush(): void {
    this.beforeFlush?.();
    this.flushQueued = false;
    const entries = [...this.pending.values()];
    this.pending.clear();
    const changes: DocumentChange[] = [];
    const pages: Array<object | null> = [];
    for (const { subject, origin, isStyle, created, deleted, properties, page: lastPage } of entries) {
      const id = subject.id;
      if (isStyle) {
        const style = subject as unknown as BaseStyle;
        if (created) changes.push({ type: 'STYLE_CREATE', id, origin, style });
        if (deleted) changes.push({ type: 'STYLE_DELETE', id, origin, style: null });
        else if (!created && properties.length > 0) {
          changes.push({ type: 'STYLE_PROPERTY_CHANGE', id, origin, style, properties: properties as StyleChangeProperty[] });
        }
        while (pages.length < changes.length) pages.push(null);
        continue;
      }
      // Typings: a change's node "will be a RemovedNode" if the node "has been removed since the
      // event happened" (only removed, type and id); a change made before the removal is kept.
      const gone = deleted || (subject as unknown as { _removed?: boolean })._removed === true;
      const node: SceneNode | RemovedNode = gone ? { removed: true, type: subject.type as NodeType, id } : (subject as unknown as SceneNode);
      if (created) changes.push({ type: 'CREATE', id, origin, node });
      else if (properties.length > 0) changes.push({ type: 'PROPERTY_CHANGE', id, origin, node, properties: properties as NodeChangeProperty[] });
      if (deleted) changes.push({ type: 'DELETE', id, origin, node });
      const page = gone ? lastPage : this.pageOf(subject);
      while (pages.length < changes.length) pages.push(page);
    }
    if (changes.length > 0) this.deliver(changes, pages);
  }
}
