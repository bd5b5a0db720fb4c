// A finished sync in words.
import type { SyncItem, SyncOutcome } from '../../src/shared/bridge/messages';
import { plural } from './sync-rows';
import { countWord } from '../components/count-words';

export function outcomeText(outcome: SyncOutcome): { summary: string; conflicts: string | null } {
  const parts = [
    outcome.pushed > 0 ? `${plural(outcome.pushed, 'component')} pushed` : null,
    outcome.deleted > 0 ? `${plural(outcome.deleted, 'component')} deleted from the design system` : null,
    outcome.taken > 0 ? `${plural(outcome.taken, 'component')} taken into this file` : null,
    outcome.skipped > 0 ? `${plural(outcome.skipped, 'component')} skipped for now` : null,
  ].filter((part): part is string => part !== null);
  const summary = parts.length > 0 ? `Sync done: ${parts.join(', ')}.` : 'Sync done: nothing needed sending.';
  const conflicts =
    outcome.newConflicts > 0
      ? `${plural(outcome.newConflicts, 'component')} changed in the design system while syncing and ${countWord(outcome.newConflicts, 'was', 'were')} not overwritten: ${countWord(outcome.newConflicts, 'it is', 'they are')} in the list as ${countWord(outcome.newConflicts, 'a conflict', 'conflicts')}.`
      : null;
  return { summary, conflicts };
}

/** One history line's counts: "12 pushed, 2 taken, 1 conflict". */
export function historyCounts(entry: { pushed: number; deleted: number; taken: number; conflicts: number }): string {
  const parts = [
    entry.pushed > 0 ? `${entry.pushed.toLocaleString('en-US')} pushed` : null,
    entry.deleted > 0 ? `${entry.deleted.toLocaleString('en-US')} deleted` : null,
    entry.taken > 0 ? `${entry.taken.toLocaleString('en-US')} taken` : null,
    entry.conflicts > 0 ? plural(entry.conflicts, 'conflict') : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'nothing changed';
}

/** The last sync's notice: its outcome, and whether its counts still stand. */
export interface ShownOutcome {
  outcome: SyncOutcome;
  /** False once a check showed a take it counted undone (⌘Z) or finished by hand: its counts and its "Sync done" are no longer said. */
  counts: boolean;
}

/**
 * The notice as a new comparison leaves it. A version taken in part keeps its steps while the
 * list shows its row (by key: names repeat) taken in part; listed again without it (the take
 * undone with ⌘Z) or no longer listed (finished by hand), they go, and so do the counts, which
 * may name that take. Null once no step is left.
 */
export function outcomeAfterCheck(shown: ShownOutcome, items: readonly SyncItem[]): ShownOutcome | null {
  const stillTakenInPart = new Set(items.filter((item) => item.takenInPart !== undefined).map((item) => item.key));
  const manualSteps = shown.outcome.manualSteps.filter((entry) => entry.takenInPart !== true || stillTakenInPart.has(entry.key));
  if (manualSteps.length === 0) return null;
  if (manualSteps.length === shown.outcome.manualSteps.length) return shown;
  return { outcome: { ...shown.outcome, manualSteps }, counts: false };
}

/**
 * The words after a cancelled sync, as the list shows what is left: being checked, shown, or not
 * read. Null: the link moved, and the check with the new link says the cancel in its own words.
 */
export function cancelledText(left: 'checking' | 'shown' | 'unread' | null): string {
  return left === null ? 'Sync cancelled.' : `Sync cancelled. What was already sent is recorded; ${left === 'checking' ? 'checking what is left…' : left === 'shown' ? 'the list shows what is left.' : 'Check again to see what is left.'}`;
}
