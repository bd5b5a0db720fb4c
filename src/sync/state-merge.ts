/*
 * Two syncs of one file at once (two collaborators, each with the file open). The file's sync
 * state is shared plugin data, and a sync writes it several times (after the take, after each
 * acknowledged request, at the end): written from its own copy, it overwrote what a collaborator's
 * sync had written meanwhile (their takes, pushes, records and history entry), so their work read
 * as never synced and their entry left the history.
 *
 * Instead a sync that finds the stored state written by someone else since it read it (`start`)
 * writes the three-way merge: what its run changed (by key: components, remote additions,
 * versions taken in part, deletions taken; its new history entries) over the state as stored
 * (`theirs`). A key both changed is ours (this run's version is the later one it acted on, and
 * the next comparison classifies the file against it). The base time is the earlier of the two
 * when both moved it, so neither sync's unresolved versions fall behind it; the format the older.
 * Pure: nothing is changed in place (this run's unchanged entries are the very objects it read,
 * which is how its changes are told apart).
 */
import { jsonEqual } from './json-equal';
import type { SyncState } from './sync-state';

/**
 * Per key: ours where this run changed it (set or removed) since `start`, else theirs. A key this
 * run wrote before (`ownBefore`) and no longer has is removed by it too (a take undone since):
 * kept from theirs, where that earlier write put it, it came back.
 */
function mergeKeyed<V>(
  start: ReadonlyMap<string, V> | undefined,
  ours: ReadonlyMap<string, V> | undefined,
  theirs: ReadonlyMap<string, V> | undefined,
  ownBefore: ReadonlyMap<string, V> | undefined,
): Map<string, V> {
  const merged = new Map(theirs ?? []);
  const before = start ?? new Map<string, V>();
  const after = ours ?? new Map<string, V>();
  for (const [key, value] of after) if (before.get(key) !== value) merged.set(key, value);
  for (const key of before.keys()) if (!after.has(key)) merged.delete(key);
  for (const key of ownBefore?.keys() ?? []) if (!after.has(key)) merged.delete(key);
  return merged;
}

function earlierTime(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return null;
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

/** `ownBefore`: the state this run last wrote (its own, before any merge), if it wrote one. */
export function mergeConcurrentState(start: SyncState, ours: SyncState, theirs: SyncState, ownBefore?: SyncState): SyncState {
  const merged: SyncState = {
    ...theirs,
    components: mergeKeyed(start.components, ours.components, theirs.components, ownBefore?.components),
    remoteAdds: mergeKeyed(start.remoteAdds, ours.remoteAdds, theirs.remoteAdds, ownBefore?.remoteAdds),
    partlyTaken: mergeKeyed(start.partlyTaken, ours.partlyTaken, theirs.partlyTaken, ownBefore?.partlyTaken),
    takenDeletions: mergeKeyed(start.takenDeletions, ours.takenDeletions, theirs.takenDeletions, ownBefore?.takenDeletions),
  };
  if (ours.lastSyncedAt !== start.lastSyncedAt) merged.lastSyncedAt = theirs.lastSyncedAt === start.lastSyncedAt ? ours.lastSyncedAt : earlierTime(ours.lastSyncedAt, theirs.lastSyncedAt);
  if (ours.format !== start.format) merged.format = Math.min(ours.format, theirs.format);
  // This run's entries (those not in the history it read) first, then the stored ones.
  const own = ours.history.filter((entry) => !start.history.includes(entry) && !theirs.history.some((stored) => jsonEqual(stored, entry)));
  merged.history = [...own, ...theirs.history];
  return merged;
}
