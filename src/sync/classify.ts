/*
 * Three-way classification of the file's components: the last sync (base B, from the sync
 * state), this file (local L, from the snapshot) and the design system (remote R, every change
 * since the base time; a key may repeat, the last one wins; deletions are tombstones). The
 * runner puts the remote additions the last sync recorded before those changes (remote-adds.ts).
 *
 * Remote changed. R counts only if it is new relative to B: not when `R.hash === B.hash`, nor
 * when `B.updatedAt !== null && R.updated_at <= B.updatedAt` (compared as times) — those are
 * echoes of our own pushes or versions already taken. A tombstone counts when B exists and it is
 * not older than B.updatedAt (its hash is the deleted version's, so equal hashes do not make it an
 * echo). A tombstone without B is ignored: nothing of it was ever synced from here (with L, the
 * component is a local add; without L, nothing at all).
 *
 * Local changed. B and L with different hashes (an edit), B without L (a local delete), L
 * without B (a local add). Deletions are only explicit: a component gone from the file with a
 * base entry, or a tombstone. Nothing is inferred from a page that was not read.
 *
 * Kinds (exactly one per key):
 * - unchanged: neither side changed.
 * - local-change / local-add / local-delete: only the file changed.
 * - remote-change: only the remote changed (a new version); remote-delete: a tombstone, L unchanged.
 * - remote-add: no B, no L, R not deleted.
 * - both-same: both changed to the same hash, both deleted, or both added with the same hash;
 *   or with different hashes but the same content (`sameContent`: the builder app's own hashes).
 * - conflict: both changed differently, changed on one side and deleted on the other, or both
 *   added with different hashes.
 * - format-update: when `baseFormat < currentFormat`, a local hash that differs from B no longer
 *   means an edit (the description itself changed): with no remote change it is a format update;
 *   with a remote change it is a conflict (never silently overwritten), unless both hashes agree.
 *
 * Undone takes. A base entry written by a take keeps what it replaced; a file put back to its
 * content from before the take is classified against the base from before it (undone-takes.ts).
 *
 * Taken in part. A remote-change or conflict whose R is a version the file's state records as
 * taken only in part (partly-taken.ts) carries that record (`takenInPart`): its steps are shown,
 * and it is not taken again unless chosen (its default is skip). Not once that take is undone
 * (the file back to its content before it): then the row is their version not taken, as before.
 */
import { syncKindSchema, type SyncChoice, type SyncKind } from '../shared/bridge/messages';
import type { Component } from '../shared/api/builder/schemas';
import { compareServerTimes } from '../shared/api/builder/server-time';
import type { PartlyTakenEntry, SyncStateEntry, TakenDeletionEntry } from './sync-state';
import { effectiveBase } from './undone-takes';

/** Whether `remote` is the version recorded as taken in part (partly-taken.ts), not a newer one nor a deletion. */
export function isRecordedVersion(record: PartlyTakenEntry | undefined, remote: Component | null): record is PartlyTakenEntry {
  // The same instant, however the builder writes it this time ("Z" or "+00:00", more digits).
  return record !== undefined && remote !== null && !remote.deleted && remote.hash === record.remote.hash && compareServerTimes(remote.updated_at, record.remote.updated_at) === 0;
}

export interface LocalComponentSummary {
  key: string;
  name: string;
  kind: 'component' | 'component_set';
  hash: string;
}

export interface ClassifyInput {
  base: ReadonlyMap<string, SyncStateEntry>;
  baseFormat: number;
  currentFormat: number;
  /** Every local component (the snapshot). */
  local: readonly LocalComponentSummary[];
  /** Every change since the base time, oldest first (a key may repeat: the last wins). */
  remote: readonly Component[];
  /** The versions the state records as taken only in part (partly-taken.ts). */
  partlyTaken?: ReadonlyMap<string, PartlyTakenEntry>;
  /** The deletions the state records as taken (undone-takes.ts). */
  takenDeletions?: ReadonlyMap<string, TakenDeletionEntry>;
  /**
   * Whether the file's component `key` has exactly `remote`'s content though their hashes differ
   * (same-content.ts: the builder app writes hashes of its own). Asked only where both sides
   * changed and the hashes differ; without it, such a pair is a conflict.
   */
  sameContent?: (key: string, remote: Component) => boolean;
}

export interface ClassifiedComponent {
  key: string;
  name: string;
  kind: SyncKind;
  componentKind: 'component' | 'component_set';
  local: LocalComponentSummary | null;
  /** The last remote version seen since the base (also when it is an echo), or null. */
  remote: Component | null;
  base: SyncStateEntry | null;
  /** The record of `remote` taken only in part, when R is that version (remote-change or conflict). */
  takenInPart?: PartlyTakenEntry;
}

export interface Classification {
  /** Sorted by name (then key); unchanged components included. */
  components: ClassifiedComponent[];
  counts: Record<SyncKind, number>;
}

/** Every kind, in the order the bridge declares them. */
export const SYNC_KINDS: readonly SyncKind[] = syncKindSchema.options;

/** Whether server time `a` is at or before `b`: as instants to every digit of their fraction (a change a microsecond after the base is a change), as text when either is not a time. */
export function serverTimeAtOrBefore(a: string, b: string): boolean {
  return compareServerTimes(a, b) <= 0;
}

/** Whether `remote` is a version the base has not seen (see the rules at the top). */
export function isRemoteChange(remote: Component, base: SyncStateEntry | null): boolean {
  if (base === null) return !remote.deleted;
  if (!remote.deleted && remote.hash === base.hash) return false;
  return base.updatedAt === null || !serverTimeAtOrBefore(remote.updated_at, base.updatedAt);
}

type SameContent = (key: string, remote: Component) => boolean;

function kindOf(base: SyncStateEntry | null, local: LocalComponentSummary | null, remote: Component | null, formatChanged: boolean, same: SameContent | undefined): SyncKind | null {
  const remoteChanged = remote !== null && isRemoteChange(remote, base);
  const remoteDeleted = remoteChanged && remote.deleted;
  if (base === null) {
    if (local === null) return remoteChanged ? 'remote-add' : null;
    if (!remoteChanged) return 'local-add';
    return remote.hash === local.hash || (same !== undefined && same(local.key, remote)) ? 'both-same' : 'conflict';
  }
  if (local === null) {
    if (!remoteChanged) return 'local-delete';
    return remoteDeleted ? 'both-same' : 'conflict';
  }
  const localChanged = local.hash !== base.hash;
  if (!localChanged) {
    if (!remoteChanged) return 'unchanged';
    return remoteDeleted ? 'remote-delete' : 'remote-change';
  }
  if (!remoteChanged) return formatChanged ? 'format-update' : 'local-change';
  return !remoteDeleted && (remote.hash === local.hash || (same !== undefined && same(local.key, remote))) ? 'both-same' : 'conflict';
}

export function emptyCounts(): Record<SyncKind, number> {
  const counts = {} as Record<SyncKind, number>;
  for (const kind of SYNC_KINDS) counts[kind] = 0;
  return counts;
}

export function classifyComponents(input: ClassifyInput): Classification {
  const formatChanged = input.baseFormat < input.currentFormat;
  const lastRemote = new Map<string, Component>();
  for (const remote of input.remote) lastRemote.set(remote.key, remote);
  const localByKey = new Map<string, LocalComponentSummary>();
  for (const local of input.local) localByKey.set(local.key, local);

  const counts = emptyCounts();
  const rows: Array<{ sortName: string; sortKey: string; item: ClassifiedComponent }> = [];
  const add = (key: string, local: LocalComponentSummary | null) => {
    // A take the file has been put back from (⌘Z) is classified as before it (undone-takes.ts).
    const stored = input.base.get(key) ?? null;
    const base = effectiveBase(stored, local?.hash, input.takenDeletions?.get(key));
    const remote = lastRemote.get(key) ?? null;
    const kind = kindOf(base, local, remote, formatChanged, input.sameContent);
    if (kind === null) return;
    counts[kind] += 1;
    const name = local?.name ?? (remote !== null && !remote.deleted ? remote.name : (base?.name ?? remote?.name ?? key));
    const componentKind = local?.kind ?? remote?.kind ?? 'component';
    const item: ClassifiedComponent = { key, name, kind, componentKind, local, remote, base };
    const record = input.partlyTaken?.get(key);
    // A take in part the file has been put back from is their version not taken (its record
    // stays for a redo, partly-taken.ts), so the row is what it was before taking.
    const undone = base !== stored;
    if (!undone && (kind === 'remote-change' || kind === 'conflict') && isRecordedVersion(record, remote)) item.takenInPart = record;
    const sortName = name.toLowerCase();
    rows.push({ sortName, sortKey: numberOrderKey(sortName), item });
  };
  for (const local of localByKey.values()) add(local.key, local);
  for (const key of input.base.keys()) if (!localByKey.has(key)) add(key, null);
  for (const key of lastRemote.keys()) if (!localByKey.has(key) && !input.base.has(key)) add(key, null);

  rows.sort((a, b) => compareText(a.sortKey, b.sortKey) || compareText(a.sortName, b.sortName) || compareText(a.item.name, b.item.name) || compareText(a.item.key, b.item.key));
  return { components: rows.map((row) => row.item), counts };
}

// Numbers in names in number order, as Figma's layers read (Card 2 before Card 10, not after
// Card 199); the rest in code-unit order. Each name gets one key, compared as text: a run of
// digits becomes \u0001, its length (leading zeros dropped) and its digits, so a shorter number
// sorts first, and a number before text as a name ending there would. Splitting names at each of
// the sort's comparisons took the plugin's interpreter 25 times as long as the classifying.
const numberOrderKey = (name: string): string => name.replace(/\d+/g, (digits) => {
  const number = digits.replace(/^0+/, '');
  return `\u0001${String.fromCharCode(number.length + 1)}${number}`;
});

// Code-unit order: the same everywhere (localeCompare depends on the engine's locale data).
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What a sync does with a component unless the user chooses otherwise. */
export function defaultChoice(kind: SyncKind): SyncChoice {
  switch (kind) {
    case 'local-change':
    case 'local-add':
    case 'local-delete':
    case 'format-update':
      return 'push';
    case 'remote-change':
      return 'take';
    default:
      // Conflicts wait for a decision; a remote add cannot be taken; a remote delete removes
      // the designer's component, so only on request; unchanged and both-same need nothing.
      return 'skip';
  }
}

/**
 * The choices one component allows: its kind's, but a conflict whose local side was deleted
 * cannot be taken (that would rebuild the component from the remote description).
 */
export function allowedChoicesFor(item: Pick<ClassifiedComponent, 'kind' | 'local'>): SyncChoice[] {
  const allowed = allowedChoices(item.kind);
  return item.kind === 'conflict' && item.local === null ? allowed.filter((choice) => choice !== 'take') : allowed;
}

/** The choices a kind allows (the first is not necessarily the default). */
export function allowedChoices(kind: SyncKind): SyncChoice[] {
  switch (kind) {
    case 'conflict':
      return ['push', 'take', 'skip'];
    case 'local-change':
    case 'local-add':
    case 'local-delete':
      return ['push', 'skip'];
    case 'remote-change':
      return ['take', 'skip'];
    case 'remote-delete':
      // Deleted there: delete it here too, or keep it and add this file's version back.
      return ['push', 'take', 'skip'];
    case 'format-update':
      return ['push'];
    case 'remote-add':
      // The file cannot be given a component built from the remote description.
      return ['skip'];
    default:
      return ['skip'];
  }
}
