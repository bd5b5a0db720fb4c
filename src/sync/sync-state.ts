// The file's sync state, kept in the document root's shared plugin data (namespace
// 'envelope', so every collaborator syncs from the same base): per component key, the hash
// last synced and the remote `updated_at` last seen, plus the last sync time and a history.
//
// Storage. Figma caps an entry at 100 kB and the state of 10,000 components is about 1 MB, so
// the components are one JSON text cut into chunks `syncState.<generation>.<n>`, and a small
// head entry `syncState` names the generation, its chunk count, total length and a checksum.
// A write puts the new generation's chunks first, then the head, then removes the old chunks:
// a crash at any point leaves a head naming a complete generation (the old or the new). The
// reader checks every chunk is there and the checksum matches, so a state mixed from two
// writers (two collaborators syncing at once) reads as damaged, never as valid but wrong.
//
// Encoding (measured in QuickJS at 10,000 entries: JSON of one flat array parses in ≈ 11 ms
// and stringifies in ≈ 12 ms, an array of objects 15 / 28 ms and 30 % more text): the
// components are a flat array [key, hash, timeIndex, name, …] with the distinct `updatedAt`
// values in a table (most come from a few batches), -1 for null. The remote additions a sync
// listed (see remote-adds.ts) follow as `r`: [key, hash, timeIndex, name, kind, updatedBy,
// thumbnailUrl, …]. A head carrying them says version 2, so an Envelope that does not know
// them is read-only there instead of dropping them (the base time has moved past them).
// The versions taken only in part (see partly-taken.ts) follow as `p`: [key, the design system's
// version as it came (a Component), [steps left, in words], …]. A head carrying them says
// version 3: an Envelope of version 2 or 1 would drop them and, with the base time past that
// version, push a later edit over the teammate's layers, so it is read-only there instead.
// What a take replaced (see undone-takes.ts) follows as `u`: [key, the file's hash before the
// take, the base hash then or null, its timeIndex or -1, …], and the deletions taken as `d`:
// [key, the file's hash before, the base hash then, its timeIndex, the deletion's timeIndex, …].
// A head carrying either says version 4: an Envelope of version 3 or older would drop them, and a
// take undone with ⌘Z would read as a local change (or addition) pushed over the teammate's
// version, so it is read-only there instead.
import type { SyncHistoryEntry } from '../shared/bridge/messages';
import { syncHistoryEntrySchema } from '../shared/bridge/messages';
import * as z from '../shared/zod';
import { SHARED_DATA_NAMESPACE, type SharedDataHolder as SettingsDataHolder } from '../platform/shared-data';
import { SNAPSHOT_FORMAT } from '../snapshot/format-version';
import { componentSchema, type Component } from '../shared/api/builder/schemas';
import { isServerTime } from '../shared/api/builder/server-time';

/** The codec's own version: a head with a larger one was written by a newer Envelope. */
export const SYNC_STATE_VERSION = 4;
/** Written while versions taken in part but no take's record (`beforeTake`) are kept: an Envelope of version 3 reads it alike. */
const PARTLY_TAKEN_STATE_VERSION = 3;
/** Written while remote additions but no version taken in part are recorded: an Envelope of version 2 reads it alike. */
const REMOTE_ADDS_STATE_VERSION = 2;
/** Written while no remote addition is recorded: the state an Envelope of version 1 reads alike. */
const PLAIN_STATE_VERSION = 1;

export const SYNC_STATE_HEAD_KEY = 'syncState';
const CHUNK_PREFIX = `${SYNC_STATE_HEAD_KEY}.`;
/** UTF-8 bytes of one chunk's value; the namespace and key add < 40 to Figma's 100,000. */
export const SYNC_STATE_CHUNK_BYTES = 90_000;
export const SYNC_HISTORY_LIMIT = 20;

/** Per component key: the hash last synced, the remote `updated_at` last seen. */
export interface SyncStateEntry {
  hash: string;
  updatedAt: string | null;
  name: string;
  /** Set by a take (undone-takes.ts): the file's hash just before it, and the base entry then (null: none). */
  beforeTake?: { hash: string; base: { hash: string; updatedAt: string | null } | null };
}

/** A component only in the design system, as the sync that listed it saw it (remote-adds.ts). */
export interface RemoteAddEntry {
  hash: string;
  updatedAt: string;
  name: string;
  kind: 'component' | 'component_set';
  updatedBy: string | null;
  thumbnailUrl: string | null;
}

/** A teammate's deletion taken here (undone-takes.ts): the file's hash before, the base then, the deletion's time. */
export interface TakenDeletionEntry {
  hash: string;
  base: { hash: string; updatedAt: string | null };
  deletedAt: string;
}

/** A design-system version taken only in part (partly-taken.ts): that version, and the steps the take left to make by hand. */
export interface PartlyTakenEntry {
  remote: Component;
  steps: string[];
}

export interface SyncState {
  designSystemId: string;
  /** SNAPSHOT_FORMAT the base hashes were made with. */
  format: number;
  /** Server time (never the local clock). */
  lastSyncedAt: string | null;
  components: Map<string, SyncStateEntry>;
  /** Newest first, at most 20. */
  history: SyncHistoryEntry[];
  /** Components only in the design system, listed by the last sync, by key (absent: none). */
  remoteAdds?: ReadonlyMap<string, RemoteAddEntry>;
  /** Versions taken only in part, by key (absent: none). */
  partlyTaken?: ReadonlyMap<string, PartlyTakenEntry>;
  /** Deletions taken into the file, by key, while it may still be put back with ⌘Z (absent: none). */
  takenDeletions?: ReadonlyMap<string, TakenDeletionEntry>;
}

/** The part of figma.root the sync state uses. */
export interface SharedDataHolder extends SettingsDataHolder {
  getSharedPluginDataKeys(ns: string): string[];
}

export type ReadSyncStateResult =
  | { status: 'empty' }
  | { status: 'ok'; state: SyncState }
  | { status: 'newer'; message: string }
  | { status: 'damaged'; message: string };

export function emptySyncState(designSystemId: string, format: number): SyncState {
  return { designSystemId, format, lastSyncedAt: null, components: new Map(), history: [] };
}

/** A copy with `entry` first and at most 20 entries kept. */
export function addHistoryEntry(state: SyncState, entry: SyncHistoryEntry): SyncState {
  return { ...state, history: [entry, ...state.history].slice(0, SYNC_HISTORY_LIMIT) };
}

const headSchema = z.object({
  v: z.number(),
  format: z.int(),
  designSystemId: z.string(),
  lastSyncedAt: z.nullable(z.string()),
  // Each entry read on its own (readableHistory): the history is only shown, so one entry an
  // older, newer or foreign writer left unreadable must not make the whole state damaged.
  history: z.array(z.unknown()),
  generation: z.string().check(z.regex(/^[a-z0-9]+$/)),
  chunks: z.int().check(z.minimum(0)),
  length: z.int().check(z.minimum(0)),
  count: z.int().check(z.minimum(0)),
  /** Recorded remote additions (version 2). */
  adds: z.optional(z.int().check(z.minimum(0))),
  /** Recorded versions taken in part (version 3). */
  partly: z.optional(z.int().check(z.minimum(0))),
  /** Entries that keep what a take replaced (version 4). */
  undo: z.optional(z.int().check(z.minimum(0))),
  /** Deletions taken (version 4). */
  dels: z.optional(z.int().check(z.minimum(0))),
  checksum: z.string(),
});
type Head = z.infer<typeof headSchema>;

const NEWER_MESSAGE = 'This file’s sync state was saved by a newer version of Envelope. Update Envelope to sync this file; until then sync is read-only here.';

function damaged(detail: string): ReadSyncStateResult {
  return {
    status: 'damaged',
    message: `This file’s sync state cannot be read (${detail}). Syncing again will compare every component as if for the first time.`,
  };
}

function chunkKey(generation: string, index: number): string {
  return `${CHUNK_PREFIX}${generation}.${index}`;
}

/** A 32-bit checksum of every UTF-16 unit (multiplier below 2^21, so exact in doubles). */
function checksumOf(text: string): string {
  let hash = 0x811c9dc5 ^ text.length;
  for (let index = 0; index < text.length; index += 1) hash = ((hash ^ text.charCodeAt(index)) * 0x1b873 + 0x9e37) >>> 0;
  return hash.toString(16);
}

function readHead(holder: SharedDataHolder): { head: Head } | { result: ReadSyncStateResult } {
  const raw = holder.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY);
  if (raw === '') return { result: { status: 'empty' } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { result: damaged('its header is not valid') };
  }
  // The version comes first: a newer Envelope may have changed everything else.
  const version = typeof parsed === 'object' && parsed !== null ? (parsed as { v?: unknown }).v : undefined;
  if (typeof version !== 'number') return { result: damaged('its header has no version') };
  if (version > SYNC_STATE_VERSION) return { result: { status: 'newer', message: NEWER_MESSAGE } };
  const head = headSchema.safeParse(parsed);
  if (!head.success) return { result: damaged('its header is incomplete') };
  if (head.data.format > SNAPSHOT_FORMAT) return { result: { status: 'newer', message: NEWER_MESSAGE } };
  // The next changes call is asked from it: one the API refuses would stop every comparison.
  if (head.data.lastSyncedAt !== null && !isServerTime(head.data.lastSyncedAt)) return { result: damaged('its last sync time is not a time') };
  return { head: head.data };
}

/** The history entries that read as entries, in their order; the others are left out. */
function readableHistory(entries: readonly unknown[]): SyncHistoryEntry[] {
  const readable: SyncHistoryEntry[] = [];
  for (const entry of entries) {
    const parsed = syncHistoryEntrySchema.safeParse(entry);
    if (parsed.success) readable.push(parsed.data);
  }
  return readable;
}

export function readSyncState(holder: SharedDataHolder): ReadSyncStateResult {
  const read = readHead(holder);
  if ('result' in read) return read.result;
  const head = read.head;
  const parts: string[] = [];
  for (let index = 0; index < head.chunks; index += 1) {
    const part = holder.getSharedPluginData(SHARED_DATA_NAMESPACE, chunkKey(head.generation, index));
    if (part === '') return damaged(`part ${index + 1} of ${head.chunks} is missing`);
    parts.push(part);
  }
  const text = parts.join('');
  if (text.length !== head.length || checksumOf(text) !== head.checksum) return damaged('its parts do not match its header');
  const decoded = decodeComponents(text, head.count, head.adds ?? 0, head.partly ?? 0, head.undo ?? 0, head.dels ?? 0);
  if (decoded === null) return damaged('its component list is not valid');
  const state: SyncState = { designSystemId: head.designSystemId, format: head.format, lastSyncedAt: head.lastSyncedAt, components: decoded.components, history: readableHistory(head.history) };
  if (decoded.remoteAdds.size > 0) state.remoteAdds = decoded.remoteAdds;
  if (decoded.partlyTaken.size > 0) state.partlyTaken = decoded.partlyTaken;
  if (decoded.takenDeletions.size > 0) state.takenDeletions = decoded.takenDeletions;
  return { status: 'ok', state };
}

const REMOTE_ADD_FIELDS = 7;

/** The recorded remote additions, or null when any is not as written. */
function decodeRemoteAdds(flat: unknown, count: number, timeList: readonly string[]): Map<string, RemoteAddEntry> | null {
  const adds = new Map<string, RemoteAddEntry>();
  if (flat === undefined && count === 0) return adds;
  if (!Array.isArray(flat) || flat.length !== count * REMOTE_ADD_FIELDS) return null;
  const textOrNull = (value: unknown) => value === null || typeof value === 'string';
  for (let index = 0; index < flat.length; index += REMOTE_ADD_FIELDS) {
    const [key, hash, timeIndex, name, kind, updatedBy, thumbnailUrl] = flat.slice(index, index + REMOTE_ADD_FIELDS) as unknown[];
    const updatedAt = typeof timeIndex === 'number' ? timeList[timeIndex] : undefined;
    // Its time becomes a changes call's `since` once the component is in the file: it must be one.
    if (typeof key !== 'string' || typeof hash !== 'string' || typeof name !== 'string' || updatedAt === undefined || !isServerTime(updatedAt)) return null;
    if ((kind !== 'component' && kind !== 'component_set') || !textOrNull(updatedBy) || !textOrNull(thumbnailUrl)) return null;
    adds.set(key, { hash, updatedAt, name, kind, updatedBy, thumbnailUrl });
  }
  return adds.size === count ? adds : null;
}

const PARTLY_TAKEN_FIELDS = 3;

/** The recorded versions taken in part, or null when any is not as written. */
function decodePartlyTaken(flat: unknown, count: number): Map<string, PartlyTakenEntry> | null {
  const records = new Map<string, PartlyTakenEntry>();
  if (flat === undefined && count === 0) return records;
  if (!Array.isArray(flat) || flat.length !== count * PARTLY_TAKEN_FIELDS) return null;
  for (let index = 0; index < flat.length; index += PARTLY_TAKEN_FIELDS) {
    const [key, remote, steps] = flat.slice(index, index + PARTLY_TAKEN_FIELDS) as unknown[];
    const parsed = componentSchema.safeParse(remote);
    // Its time is compared with the changes window's: it must be one.
    if (typeof key !== 'string' || !parsed.success || parsed.data.key !== key || parsed.data.deleted || !isServerTime(parsed.data.updated_at)) return null;
    if (!Array.isArray(steps) || !steps.every((step) => typeof step === 'string')) return null;
    records.set(key, { remote: parsed.data, steps });
  }
  return records.size === count ? records : null;
}

const BEFORE_TAKE_FIELDS = 4;

/** Adds the takes' records to their entries; false when any is not as written. */
function decodeBeforeTakes(flat: unknown, count: number, timeList: readonly string[], components: Map<string, SyncStateEntry>): boolean {
  if (flat === undefined && count === 0) return true;
  if (!Array.isArray(flat) || flat.length !== count * BEFORE_TAKE_FIELDS) return false;
  for (let index = 0; index < flat.length; index += BEFORE_TAKE_FIELDS) {
    const [key, hash, baseHash, timeIndex] = flat.slice(index, index + BEFORE_TAKE_FIELDS) as unknown[];
    const entry = typeof key === 'string' ? components.get(key) : undefined;
    if (entry === undefined || entry.beforeTake !== undefined || typeof hash !== 'string' || (baseHash !== null && typeof baseHash !== 'string') || typeof timeIndex !== 'number') return false;
    const updatedAt = timeIndex === -1 ? null : timeList[timeIndex];
    if (updatedAt === undefined) return false;
    entry.beforeTake = { hash, base: baseHash === null ? null : { hash: baseHash, updatedAt } };
  }
  return true;
}

const TAKEN_DELETION_FIELDS = 5;

/** The deletions taken, or null when any is not as written. */
function decodeTakenDeletions(flat: unknown, count: number, timeList: readonly string[]): Map<string, TakenDeletionEntry> | null {
  const deletions = new Map<string, TakenDeletionEntry>();
  if (flat === undefined && count === 0) return deletions;
  if (!Array.isArray(flat) || flat.length !== count * TAKEN_DELETION_FIELDS) return null;
  for (let index = 0; index < flat.length; index += TAKEN_DELETION_FIELDS) {
    const [key, hash, baseHash, baseTime, deletedTime] = flat.slice(index, index + TAKEN_DELETION_FIELDS) as unknown[];
    const updatedAt = baseTime === -1 ? null : typeof baseTime === 'number' ? timeList[baseTime] : undefined;
    const deletedAt = typeof deletedTime === 'number' ? timeList[deletedTime] : undefined;
    // Its time becomes a changes call's `since` once the component is back: it must be one.
    if (typeof key !== 'string' || typeof hash !== 'string' || typeof baseHash !== 'string' || updatedAt === undefined || deletedAt === undefined || !isServerTime(deletedAt)) return null;
    deletions.set(key, { hash, base: { hash: baseHash, updatedAt }, deletedAt });
  }
  return deletions.size === count ? deletions : null;
}

function decodeComponents(
  text: string,
  count: number,
  addCount: number,
  partlyCount: number,
  undoCount: number,
  deletionCount: number,
): { components: Map<string, SyncStateEntry>; remoteAdds: Map<string, RemoteAddEntry>; partlyTaken: Map<string, PartlyTakenEntry>; takenDeletions: Map<string, TakenDeletionEntry> } | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { times, c: flat, r: adds, p: partly, u: undo, d: deletions } = body as { times?: unknown; c?: unknown; r?: unknown; p?: unknown; u?: unknown; d?: unknown };
  if (!Array.isArray(times) || !Array.isArray(flat) || flat.length !== count * 4) return null;
  for (const time of times) if (typeof time !== 'string') return null;
  const timeList = times as string[];
  const components = new Map<string, SyncStateEntry>();
  for (let index = 0; index < flat.length; index += 4) {
    const key: unknown = flat[index];
    const hash: unknown = flat[index + 1];
    const timeIndex: unknown = flat[index + 2];
    const name: unknown = flat[index + 3];
    if (typeof key !== 'string' || typeof hash !== 'string' || typeof name !== 'string' || typeof timeIndex !== 'number') return null;
    let updatedAt: string | null = null;
    if (timeIndex !== -1) {
      const time = timeList[timeIndex];
      if (time === undefined) return null;
      updatedAt = time;
    }
    components.set(key, { hash, updatedAt, name });
  }
  if (components.size !== count || !decodeBeforeTakes(undo, undoCount, timeList, components)) return null;
  const remoteAdds = decodeRemoteAdds(adds, addCount, timeList);
  const partlyTaken = decodePartlyTaken(partly, partlyCount);
  const takenDeletions = decodeTakenDeletions(deletions, deletionCount, timeList);
  return remoteAdds === null || partlyTaken === null || takenDeletions === null ? null : { components, remoteAdds, partlyTaken, takenDeletions };
}

function encodeComponents(
  components: ReadonlyMap<string, SyncStateEntry>,
  remoteAdds: ReadonlyMap<string, RemoteAddEntry>,
  partlyTaken: ReadonlyMap<string, PartlyTakenEntry>,
  takenDeletions: ReadonlyMap<string, TakenDeletionEntry>,
): string {
  const times: string[] = [];
  const timeIndex = new Map<string, number>();
  const indexOf = (time: string | null): number => {
    if (time === null) return -1;
    let index = timeIndex.get(time);
    if (index === undefined) {
      index = times.length;
      times.push(time);
      timeIndex.set(time, index);
    }
    return index;
  };
  const flat: Array<string | number> = [];
  const undo: Array<string | number | null> = [];
  for (const [key, entry] of components) {
    flat.push(key, entry.hash, indexOf(entry.updatedAt), entry.name);
    const before = entry.beforeTake;
    if (before !== undefined) undo.push(key, before.hash, before.base?.hash ?? null, indexOf(before.base?.updatedAt ?? null));
  }
  const body: { times: string[]; c: typeof flat; r?: Array<string | number | null>; p?: Array<string | Component | string[]>; u?: typeof undo; d?: Array<string | number> } = { times, c: flat };
  if (undo.length > 0) body.u = undo;
  if (takenDeletions.size > 0) {
    const deletions: Array<string | number> = [];
    for (const [key, taken] of takenDeletions) deletions.push(key, taken.hash, taken.base.hash, indexOf(taken.base.updatedAt), indexOf(taken.deletedAt));
    body.d = deletions;
  }
  if (remoteAdds.size > 0) {
    const adds: Array<string | number | null> = [];
    for (const [key, add] of remoteAdds) adds.push(key, add.hash, indexOf(add.updatedAt), add.name, add.kind, add.updatedBy, add.thumbnailUrl);
    body.r = adds;
  }
  if (partlyTaken.size > 0) {
    const partly: Array<string | Component | string[]> = [];
    for (const [key, record] of partlyTaken) partly.push(key, record.remote, record.steps);
    body.p = partly;
  }
  return JSON.stringify(body);
}

/**
 * Cuts `text` into pieces of at most `maxBytes` UTF-8 bytes, never inside a surrogate pair, and
 * computes the checksum on the same pass (one walk of ≈ 1 MB is the write's main cost).
 */
function splitIntoChunks(text: string, maxBytes: number): { chunks: string[]; checksum: string } {
  const chunks: string[] = [];
  let start = 0;
  let bytes = 0;
  let hash = 0x811c9dc5 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    hash = ((hash ^ unit) * 0x1b873 + 0x9e37) >>> 0;
    let size: number;
    let width = 1;
    if (unit < 0x80) size = 1;
    else if (unit < 0x800) size = 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      size = 4;
      width = 2;
    } else size = 3;
    if (bytes + size > maxBytes) {
      chunks.push(text.slice(start, index));
      start = index;
      bytes = 0;
    }
    bytes += size;
    if (width === 2) {
      index += 1;
      hash = ((hash ^ text.charCodeAt(index)) * 0x1b873 + 0x9e37) >>> 0;
    }
  }
  if (start < text.length) chunks.push(text.slice(start));
  return { chunks, checksum: hash.toString(16) };
}

function newGeneration(previous: string | null): string {
  // Random, so two collaborators writing at once never write into each other's chunks.
  const random = Math.floor(Math.random() * 0x100000000).toString(36);
  const counter = previous === null ? 1 : (parseInt(previous.slice(0, -7) || '0', 36) || 0) + 1;
  return counter.toString(36) + `0000000${random}`.slice(-7);
}

/** Writes `state` (see the top of the file for the order). Throws if the stored state is newer. */
export function writeSyncState(holder: SharedDataHolder, state: SyncState): void {
  const read = readHead(holder);
  if ('result' in read && read.result.status === 'newer') throw new Error(NEWER_MESSAGE);
  if (state.format > SNAPSHOT_FORMAT) throw new Error(`Refused to save a sync state of format ${state.format}, newer than this Envelope's ${SNAPSHOT_FORMAT}.`);
  const previous = 'head' in read ? read.head.generation : null;
  const generation = newGeneration(previous);
  const remoteAdds = state.remoteAdds ?? new Map<string, RemoteAddEntry>();
  const partlyTaken = state.partlyTaken ?? new Map<string, PartlyTakenEntry>();
  const takenDeletions = state.takenDeletions ?? new Map<string, TakenDeletionEntry>();
  const text = encodeComponents(state.components, remoteAdds, partlyTaken, takenDeletions);
  const { chunks, checksum } = splitIntoChunks(text, SYNC_STATE_CHUNK_BYTES);
  let undoCount = 0;
  for (const entry of state.components.values()) if (entry.beforeTake !== undefined) undoCount++;
  chunks.forEach((chunk, index) => holder.setSharedPluginData(SHARED_DATA_NAMESPACE, chunkKey(generation, index), chunk));
  const head: Head = {
    // The lowest version that holds what is recorded: an older Envelope reads it alike, or is read-only there.
    v: undoCount > 0 || takenDeletions.size > 0 ? SYNC_STATE_VERSION : partlyTaken.size > 0 ? PARTLY_TAKEN_STATE_VERSION : remoteAdds.size > 0 ? REMOTE_ADDS_STATE_VERSION : PLAIN_STATE_VERSION,
    format: state.format,
    designSystemId: state.designSystemId,
    lastSyncedAt: state.lastSyncedAt,
    history: state.history.slice(0, SYNC_HISTORY_LIMIT),
    generation,
    chunks: chunks.length,
    length: text.length,
    count: state.components.size,
    ...(remoteAdds.size > 0 ? { adds: remoteAdds.size } : {}),
    ...(partlyTaken.size > 0 ? { partly: partlyTaken.size } : {}),
    ...(undoCount > 0 ? { undo: undoCount } : {}),
    ...(takenDeletions.size > 0 ? { dels: takenDeletions.size } : {}),
    checksum,
  };
  holder.setSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY, JSON.stringify(head));
  // Old generations, and leftovers of a write that crashed before its head. Figma deletes an
  // entry set to ''.
  const own = `${CHUNK_PREFIX}${generation}.`;
  for (const key of holder.getSharedPluginDataKeys(SHARED_DATA_NAMESPACE)) {
    if (key.startsWith(CHUNK_PREFIX) && !key.startsWith(own)) holder.setSharedPluginData(SHARED_DATA_NAMESPACE, key, '');
  }
}
