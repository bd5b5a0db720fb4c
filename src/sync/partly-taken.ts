/*
 * Design-system versions taken only in part. "Take theirs" applies the name, description,
 * component properties and variant names; the layers are left to the designer (apply-theirs.ts).
 * Until the file matches that version, it must not read as seen: an edit here meanwhile is a
 * conflict against theirs, never a plain push over the teammate's layers. Held as unresolved,
 * the version kept the base time before it (every check read everything since again) and stayed
 * ticked to take, so every sync took it again and repeated the same steps.
 *
 * Instead, the sync that took it records it in the sync state: the version as it came (the
 * whole Component: its detail, chips, a new take and the steps still left need it) and the steps
 * it left, in words (shown while the component is gone from the file; otherwise the row says the
 * steps left as the file is now: `stepsToMatch`).
 * The base entry keeps the file's hash after the take with no remote time (push-plan.ts
 * `applyTaken`, `partly`), the base time moves on, and the next comparison classifies the record
 * as that key's remote version (before the changes window, which wins):
 * - nothing changed here: a remote change, shown as taken in part with its steps, and skipped
 *   by default (the designer can choose to take it again);
 * - edited here (or deleted here): a conflict against theirs, as before;
 * - the file now matches it (the same hash): both-same, settled as that version: resolved;
 * - the take undone with ⌘Z (the file back to its content before it, undone-takes.ts): their
 *   version not taken, as before the take (a change ticked to take, or a conflict); a sync that
 *   sees it undone forgets the take with its record (the one from before it back, if any), so a
 *   redo then reads as a conflict with their version, skipped until chosen;
 * - the teammate changed it again (a newer version or a deletion in the changes window): that
 *   version replaces the record; it is a plain incoming change (ticked to take) or a conflict,
 *   and the record goes.
 * A sync keeps a record only while its row is left as it was (skipped, or chosen but not taken)
 * and still shows that version; one taken again in part is recorded anew with the steps of that
 * take; one taken fully, pushed over ("keep mine") or settled goes. Pure.
 */
import type { Component } from '../shared/api/builder/schemas';
import { isRecordedVersion, type ClassifiedComponent } from './classify';
import type { PartlyTakenEntry, SyncState } from './sync-state';

/**
 * A version larger than this (its JSON, in UTF-16 units) is not recorded: the sync state is
 * rewritten after every pushed batch and is shared with every collaborator. Such a version is
 * held as unresolved as before (listed from the changes window, holding the base time back).
 */
export const PARTLY_TAKEN_RECORD_LIMIT = 200_000;

/**
 * All records together stay under this (same units): without it, every version taken in part
 * over many syncs would grow the state that each pushed batch rewrites. Versions past it are
 * held as unresolved, like one too large on its own.
 */
export const PARTLY_TAKEN_TOTAL_LIMIT = 500_000;

function recordSize(remote: Component, steps: readonly string[]): number {
  return JSON.stringify(remote).length + JSON.stringify(steps).length;
}

/** What a sync may still record: `fits` says whether a version does, and counts it when it does. */
export interface RecordRoom {
  fits(remote: Component, steps: readonly string[]): boolean;
}

/**
 * The room for this sync's records: the total limit less the records it keeps (`kept`: those of
 * keys it does not take again). A version fits while it is within the per-record limit and
 * what is recorded stays within the total.
 */
export function recordRoom(kept: Iterable<PartlyTakenEntry>): RecordRoom {
  let used = 0;
  for (const record of kept) used += recordSize(record.remote, record.steps);
  return {
    fits(remote, steps) {
      const size = recordSize(remote, steps);
      if (size > PARTLY_TAKEN_RECORD_LIMIT || used + size > PARTLY_TAKEN_TOTAL_LIMIT) return false;
      used += size;
      return true;
    },
  };
}

/**
 * The remote versions to classify: the recorded versions taken in part (for keys the base
 * has), then `versions` (the classification keeps a key's last version, so a change since wins).
 */
export function withPartlyTaken(state: Pick<SyncState, 'components' | 'partlyTaken'>, versions: readonly Component[]): Component[] {
  const recorded: Component[] = [];
  for (const [key, record] of state.partlyTaken ?? []) if (state.components.has(key)) recorded.push(record.remote);
  return recorded.length === 0 ? [...versions] : [...recorded, ...versions];
}

/**
 * What to record after a sync: the versions this sync took in part (`takenNow`), and each
 * earlier record whose row this sync left as it was (`left`: skipped, or chosen to be taken but
 * not taken) while it still showed that version (see the rules at the top).
 */
export function partlyTakenToRecord(
  previous: ReadonlyMap<string, PartlyTakenEntry> | undefined,
  left: readonly ClassifiedComponent[],
  takenNow: ReadonlyMap<string, PartlyTakenEntry>,
): Map<string, PartlyTakenEntry> {
  const records = new Map<string, PartlyTakenEntry>();
  for (const component of left) {
    if (component.kind !== 'remote-change' && component.kind !== 'conflict') continue;
    const record = previous?.get(component.key);
    if (isRecordedVersion(record, component.remote)) records.set(component.key, record);
  }
  for (const [key, record] of takenNow) records.set(key, record);
  return records;
}
