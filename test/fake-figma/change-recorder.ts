// Collects document changes and hands them to `documentchange` listeners in batches: every
// change made before the queued delivery runs lands in the same event, as Figma batches a task.
import type { TaskQueue } from './scheduler';

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
}

export class ChangeRecorder {
  /** True while at least one `documentchange` listener exists; recording is skipped otherwise. */
  active = false;
  origin: ChangeOrigin = 'LOCAL';
  /** > 0 while Figma would not notify (an instance following its main component, a node following its style). */
  private muted = 0;
  private pending = new Map<string, PendingChange>();
  private flushQueued = false;

  /** Runs before a batch is collected (pending auto layout adds its size changes). */
  beforeFlush: (() => void) | null = null;

  constructor(
    private readonly queue: TaskQueue,
    private readonly deliver: (changes: DocumentChange[]) => void,
  ) {}

  private entry(subject: ChangeSubject, isStyle: boolean): PendingChange {
    const key = `${this.origin}|${subject.id}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { subject, origin: this.origin, isStyle, created: false, deleted: false, properties: [] };
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

  created(subject: ChangeSubject, isStyle = false): void {
    if (this.active && this.muted === 0) this.entry(subject, isStyle).created = true;
  }

  deleted(subject: ChangeSubject, isStyle = false): void {
    if (this.active && this.muted === 0) this.entry(subject, isStyle).deleted = true;
  }

  property(subject: ChangeSubject, property: string, isStyle = false): void {
    if (!this.active || this.muted > 0) return;
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
    for (const { subject, origin, isStyle, created, deleted, properties } of entries) {
      const id = subject.id;
      if (isStyle) {
        const style = subject as unknown as BaseStyle;
        if (created) changes.push({ type: 'STYLE_CREATE', id, origin, style });
        if (deleted) changes.push({ type: 'STYLE_DELETE', id, origin, style: null });
        else if (!created && properties.length > 0) {
          changes.push({ type: 'STYLE_PROPERTY_CHANGE', id, origin, style, properties: properties as StyleChangeProperty[] });
        }
        continue;
      }
      const node = subject as unknown as SceneNode;
      if (created) changes.push({ type: 'CREATE', id, origin, node });
      if (deleted) {
        const removed: RemovedNode = { removed: true, type: subject.type as NodeType, id };
        changes.push({ type: 'DELETE', id, origin, node: removed });
      } else if (!created && properties.length > 0) {
        changes.push({ type: 'PROPERTY_CHANGE', id, origin, node, properties: properties as NodeChangeProperty[] });
      }
    }
    if (changes.length > 0) this.deliver(changes);
  }
}
