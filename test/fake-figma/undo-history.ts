// figma.commitUndo / figma.triggerUndo. Typings: plugin actions are "not committed to undo
// history" until `commitUndo()`, so without it one undo reverts everything the run did;
// `triggerUndo()` "Reverts to the last `commitUndo()` state". The fake journals the edits it
// can revert (node fields, component descriptions and property definitions, plugin and
// relaunch data, creations, moves, removals); a step that holds anything else (an instance's
// main component, properties or overrides, styles, variables) makes triggerUndo throw "not
// implemented" rather than revert part of it. Collaborators' edits are never in the history.
// Redo (⌘⇧Z) is the person's: the typings give plugins no redo. A revert is made of the same
// journalled edits, so while a step is undone they are recorded as the step that redoes it; an
// edit of the plugin's after an undo leaves nothing to redo, as in the editor.
import { notImplemented } from './not-implemented';

type UndoEntry = { revert: () => void; untracked?: undefined } | { untracked: string; revert?: undefined };

export class UndoHistory {
  /** The open step: what the plugin did since the last commitUndo (or its run's start). */
  private current: UndoEntry[] = [];
  private readonly committed: UndoEntry[][] = [];
  /** The steps undone, the last undone last: what ⌘⇧Z puts back. */
  private readonly undone: UndoEntry[][] = [];
  /** While a step is undone or redone: the edits that take it back the other way. */
  private reversing: UndoEntry[] | null = null;

  constructor(
    private readonly isLocal: () => boolean,
    /** Runs a revert with the plugin's restrictions lifted (the fake's withRulesOff). */
    private readonly privileged: (revert: () => void) => void,
  ) {}

  get recording(): boolean {
    return this.reversing !== null || this.isLocal();
  }

  /** Remembers how to undo an edit about to be made (call only while `recording`). */
  record(revert: () => void): void {
    if (this.reversing !== null) {
      this.reversing.push({ revert });
      return;
    }
    this.undone.length = 0;
    this.current.push({ revert });
  }

  /** An edit the fake cannot revert: undoing its step says so instead of reverting part of it. */
  untracked(what: string): void {
    if (this.reversing !== null || !this.isLocal()) return;
    this.undone.length = 0;
    this.current.push({ untracked: what });
  }

  /** Nothing to undo or redo from here on (a file just opened). */
  forget(): void {
    this.current = [];
    this.committed.length = 0;
    this.undone.length = 0;
  }

  commit(): void {
    if (this.current.length === 0) return;
    this.committed.push(this.current);
    this.current = [];
  }

  trigger(): void {
    const fromCurrent = this.current.length > 0;
    const step = fromCurrent ? this.current : this.committed[this.committed.length - 1];
    if (step === undefined) return;
    const blocker = step.find((entry) => entry.untracked !== undefined);
    if (blocker) {
      notImplemented(
        `figma.triggerUndo over ${blocker.untracked ?? ''} (the fake reverts node fields, component descriptions and property definitions, plugin and relaunch data, creations, moves and removals)`,
      );
    }
    if (fromCurrent) this.current = [];
    else this.committed.pop();
    this.undone.push(this.reversed(step));
  }

  /** The person's ⌘⇧Z: the step last undone is back, as a step of its own that ⌘Z takes away again. */
  redo(): void {
    const step = this.undone.pop();
    if (step === undefined) return;
    this.commit();
    this.committed.push(this.reversed(step));
  }

  /** Runs a step's reverts, last first; returns the edits that take them back. */
  private reversed(step: UndoEntry[]): UndoEntry[] {
    const back: UndoEntry[] = [];
    this.reversing = back;
    try {
      this.privileged(() => {
        for (let i = step.length - 1; i >= 0; i--) step[i]!.revert!();
      });
    } finally {
      this.reversing = null;
    }
    return back;
  }
}
