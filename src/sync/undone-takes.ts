/*
 * Takes undone with ⌘Z. "Take theirs" writes the teammate's version into the file and records it
 * as seen (the base becomes the file's hash after the take, with their `updated_at`). Undone in
 * Figma while the sync was still writing its state (or by any means that leaves the state as
 * written), the file holds its content from before the take again, and against that base it
 * read as a local change, ticked to push over the teammate's version nobody kept.
 *
 * So the base entry of a take keeps what it replaced (`beforeTake`: the file's hash just before
 * the take, and the base entry then). A file whose component has exactly that hash again (not
 * the taken one) is classified against the base from before the take: with their version back
 * in the changes window (the call starts just before its time: `undoneTakesSince`), the row is
 * what it was before taking (a conflict, or a change there ticked to take). An edit after the
 * take (another hash) is an edit of their version, as before. The record goes with the entry:
 * a later push, settle or take of that key writes a new one.
 *
 * A teammate's deletion taken leaves no entry: the state keeps it apart (`takenDeletions`: the
 * file's hash before, the base then, the deletion's time). The component back in the file with
 * that hash is the deletion there again (skipped unless chosen), never an addition pushed over
 * it; the record goes once the key has an entry again, or at a sync that finds it not in the file.
 *
 * Records are pruned (`withoutOutgrownUndoRecords`): a file that takes everything would otherwise
 * keep one for every component ever taken. A record is read only while the file's component has
 * exactly its hash from before the take. To get back there with ⌘Z after a later sync, the
 * designer undoes that sync's writes of the state first (plugin data is in Figma's undo history,
 * and collaborators cannot undo this designer's take), which puts back the state it read, record
 * included. So a later sync that finds the component past the take (the version taken, or an edit
 * of it: read just before its last write, so a ⌘Z during that sync is seen) drops the record.
 * One not in the file, or written by this sync, stays.
 *
 * A take undone while a sync still sent (its own take, or an earlier one: ⌘Z then reverts the
 * file, and the sync's last write puts back the state it holds in memory) is no take at all:
 * that write gives the key its base from before the take again (and its record of a take in
 * part then), and keeps the base time before their version (`withUndoneTakesForgotten`). It is
 * seen undone by the file's hash at that write, or by the stored state having lost the take
 * this run wrote (`takesWrittenOver`: the ⌘Z reverted that write too, so an edit made at once
 * after it is no edit of their version). Kept as a record, an edit made after the ⌘Z changed the
 * file's hash, the record no longer applied, and the edit read as a change here pushed over the
 * teammate's version nobody kept. ⌘⇧Z afterwards brings their version back: the same on both
 * sides, recorded by the next sync (for a take in part, a conflict with it, skipped).
 * Pure.
 */
import type { SyncState, SyncStateEntry, TakenDeletionEntry } from './sync-state';

/** The base to classify `local` against: the one from before a take that the file has been put back from. */
export function effectiveBase(base: SyncStateEntry | null, localHash: string | undefined, deletion?: TakenDeletionEntry): SyncStateEntry | null {
  if (base === null) {
    if (deletion === undefined || localHash !== deletion.hash) return null;
    return { hash: deletion.base.hash, updatedAt: deletion.base.updatedAt, name: '' };
  }
  const before = base.beforeTake;
  if (before === undefined || localHash === undefined || localHash === base.hash || localHash !== before.hash) return base;
  return before.base === null ? null : { hash: before.base.hash, updatedAt: before.base.updatedAt, name: base.name };
}

/** The state with the takes the file is back from no longer taken (see the top). */
export interface UndoneTakesForgotten {
  components: Map<string, SyncStateEntry>;
  takenDeletions: Map<string, TakenDeletionEntry>;
  /** The keys whose take is undone (their records of a take in part go too: the file is back from it). */
  keys: Set<string>;
  /** When the versions no longer taken were made: the base time stays before them. */
  theirTimes: string[];
}

/**
 * The base entries and deletions taken, with every take the file has been put back from
 * (`fileNow`: the file's hash and name of a key, undefined when not in it) undone in them too:
 * the entry from before the take, a deletion's entry back. Pure.
 */
export function withUndoneTakesForgotten(
  state: Pick<SyncState, 'components' | 'takenDeletions' | 'partlyTaken'>,
  fileNow: (key: string) => { hash: string; name: string } | undefined,
  writtenOver: ReadonlyMap<string, string> = new Map(),
): UndoneTakesForgotten {
  const components = new Map(state.components);
  const takenDeletions = new Map(state.takenDeletions ?? []);
  const keys = new Set<string>();
  const theirTimes: string[] = [];
  for (const [key, entry] of state.components) {
    const before = entry.beforeTake;
    if (before === undefined || before.hash === entry.hash || (fileNow(key)?.hash !== before.hash && !writtenOver.has(key))) continue;
    if (before.base === null) components.delete(key);
    else components.set(key, { hash: before.base.hash, updatedAt: before.base.updatedAt, name: entry.name });
    keys.add(key);
    // A version taken in part is not marked as seen: its time is its record's.
    const theirTime = entry.updatedAt ?? state.partlyTaken?.get(key)?.remote.updated_at;
    if (theirTime !== undefined) theirTimes.push(theirTime);
  }
  for (const [key, deletion] of state.takenDeletions ?? []) {
    const now = fileNow(key);
    const name = now?.name ?? writtenOver.get(key);
    if (state.components.has(key) || name === undefined || (now?.hash !== deletion.hash && !writtenOver.has(key))) continue;
    components.set(key, { hash: deletion.base.hash, updatedAt: deletion.base.updatedAt, name });
    takenDeletions.delete(key);
    keys.add(key);
    theirTimes.push(deletion.deletedAt);
  }
  return { components, takenDeletions, keys, theirTimes };
}

/**
 * The takes of the run's last write (`ownLast`) that the stored state no longer has, by key with
 * its name there: that write was undone (⌘Z while the sync still ran, which reverts the file's
 * take too), or a collaborator's sync wrote over it. Either way the take is forgotten at the run's
 * next write (`writtenOver` above), whatever the file's hash by then: an edit after the ⌘Z would
 * otherwise read as a change of their version. Forgotten with the take still in the file, it is
 * the same on both sides at the next check. Pure.
 */
export function takesWrittenOver(ownLast: Pick<SyncState, 'components' | 'takenDeletions'>, stored: Pick<SyncState, 'components' | 'takenDeletions'>): Map<string, string> {
  const over = new Map<string, string>();
  for (const [key, entry] of ownLast.components) {
    if (entry.beforeTake !== undefined && stored.components.get(key)?.hash !== entry.hash) over.set(key, entry.name);
  }
  for (const key of ownLast.takenDeletions?.keys() ?? []) {
    if (ownLast.components.has(key) || stored.takenDeletions?.has(key) === true) continue;
    over.set(key, stored.components.get(key)?.name ?? key);
  }
  return over;
}

/** The keys whose takes the state records (the file's hash and name of each is what `withUndoneTakesForgotten` reads). */
export function keysWithTakeRecords(state: Pick<SyncState, 'components' | 'takenDeletions'>): string[] {
  const keys: string[] = [];
  for (const [key, entry] of state.components) if (entry.beforeTake !== undefined) keys.push(key);
  for (const key of state.takenDeletions?.keys() ?? []) if (!state.components.has(key)) keys.push(key);
  return keys;
}

/** The deletions taken still worth keeping: of keys without an entry that the file has, or that this sync just took out of it (`mayComeBack`). */
export function takenDeletionsToKeep(state: Pick<SyncState, 'components' | 'takenDeletions'>, mayComeBack: (key: string) => boolean): Map<string, TakenDeletionEntry> {
  const kept = new Map<string, TakenDeletionEntry>();
  for (const [key, deletion] of state.takenDeletions ?? []) if (!state.components.has(key) && mayComeBack(key)) kept.set(key, deletion);
  return kept;
}

/** One millisecond before a server time (a changes call returns what came after `since`). */
export function justBefore(time: string): string {
  return new Date(Date.parse(time) - 1).toISOString();
}

/** The earliest `since` that brings back the versions whose take the file has undone (or `since` itself). */
export function undoneTakesSince(state: Pick<SyncState, 'components' | 'takenDeletions'>, since: string, localHashOf: (key: string) => string | undefined): string {
  let earliest = since;
  const bringBack = (time: string) => {
    const before = justBefore(time);
    if (Date.parse(before) < Date.parse(earliest)) earliest = before;
  };
  for (const [key, entry] of state.components) {
    if (entry.beforeTake !== undefined && entry.updatedAt !== null && effectiveBase(entry, localHashOf(key)) !== entry) bringBack(entry.updatedAt);
  }
  for (const [key, deletion] of state.takenDeletions ?? []) if (!state.components.has(key) && localHashOf(key) === deletion.hash) bringBack(deletion.deletedAt);
  return earliest;
}

/**
 * The base entries without the records that can no longer matter (see the top): of entries the
 * state this sync read already had (`read`: a take made by this sync keeps its record), whose
 * component the file has now with another hash than before the take. `components` itself when
 * nothing goes.
 */
export function withoutOutgrownUndoRecords(
  components: Map<string, SyncStateEntry>,
  read: ReadonlyMap<string, SyncStateEntry>,
  localHashNow: (key: string) => string | undefined,
): Map<string, SyncStateEntry> {
  let pruned: Map<string, SyncStateEntry> | null = null;
  for (const [key, entry] of components) {
    const before = entry.beforeTake;
    if (before === undefined || !sameRecord(read.get(key)?.beforeTake, before)) continue;
    const now = localHashNow(key);
    if (now === undefined || now === before.hash) continue;
    pruned ??= new Map(components);
    const { beforeTake: _outgrown, ...rest } = entry;
    pruned.set(key, rest);
  }
  return pruned ?? components;
}

function sameRecord(a: SyncStateEntry['beforeTake'], b: NonNullable<SyncStateEntry['beforeTake']>): boolean {
  return a !== undefined && a.hash === b.hash && a.base?.hash === b.base?.hash && a.base?.updatedAt === b.base?.updatedAt;
}
