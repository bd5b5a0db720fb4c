// What one sync sends and how the sync state moves: pure, so the runner (I/O) only carries it out.
import type { Component, ComponentUpsert, SyncBody, SyncResult } from '../shared/api/builder/schemas';
import { splitSyncBodyLeavingOut } from '../shared/api/builder/sync-batches';
import { compareServerTimes } from '../shared/api/builder/server-time';
import type { SyncChoice } from '../shared/bridge/messages';
import { isListedKind } from '../shared/sync/listed-rows';
import type { ComponentPayload } from '../snapshot/normalized-types';
import { allowedChoicesFor, defaultChoice, type ClassifiedComponent } from './classify';
import type { SyncState, SyncStateEntry } from './sync-state';

export interface PushPlanInput {
  components: readonly ClassifiedComponent[];
  /** Missing → defaultChoiceFor(item); a choice not in allowedChoicesFor(item) counts as skip. */
  choices: ReadonlyMap<string, SyncChoice>;
  /** Local payloads (with thumbnails when present). */
  payloadOf(key: string): ComponentPayload | undefined;
  /** The server time the comparison was built on; null on a first sync. */
  base: string | null;
  source: SyncBody['source'];
}

export interface PushPlan {
  /** Upserts and deletes chosen 'push'; conflicts pushed are also in `force`. */
  body: SyncBody;
  /** splitSyncBody(body); empty when there is nothing to send. */
  batches: SyncBody[];
  /** remote-change / remote-delete / conflict chosen 'take'. */
  take: ClassifiedComponent[];
  /** both-same: record the remote version without a request (null entry: both deleted, remove). */
  settle: Array<{ key: string; entry: SyncStateEntry | null }>;
  /** Everything left as it is (unchanged components are not listed). */
  skipped: ClassifiedComponent[];
  /** Chosen to be pushed but too large to send on its own (over 2 MB): left out of the body, and in `skipped`. */
  tooLarge: ClassifiedComponent[];
}

/** What a sync does with `item` unless the designer chooses otherwise: a version taken in part is not taken again unasked. */
export function defaultChoiceFor(item: Pick<ClassifiedComponent, 'kind' | 'takenInPart'>): SyncChoice {
  return item.takenInPart !== undefined ? 'skip' : defaultChoice(item.kind);
}

/** The choice that will be carried out for `item`. */
export function effectiveChoice(item: ClassifiedComponent, choices: ReadonlyMap<string, SyncChoice>): SyncChoice {
  const chosen = choices.get(item.key) ?? defaultChoiceFor(item);
  return allowedChoicesFor(item).includes(chosen) ? chosen : 'skip';
}

export function upsertOf(payload: ComponentPayload): ComponentUpsert {
  const upsert: ComponentUpsert = {
    key: payload.key,
    name: payload.name,
    kind: payload.kind,
    description: payload.description,
    hash: payload.hash,
    properties: payload.properties,
    variants: payload.variants,
    node: payload.node,
  };
  if (payload.thumbnail !== undefined) upsert.thumbnail = payload.thumbnail;
  return upsert;
}

export function planPush(input: PushPlanInput): PushPlan {
  const body: SyncBody = { base: input.base, source: input.source, upserts: [], deletes: [], force: [] };
  const take: ClassifiedComponent[] = [];
  const settle: PushPlan['settle'] = [];
  const skipped: ClassifiedComponent[] = [];
  const pushUpsert = (item: ClassifiedComponent) => {
    const payload = input.payloadOf(item.key);
    // The classification and the payloads come from the same snapshot, so this is a bug, not
    // bad input; said in words all the same.
    if (payload === undefined) throw new Error(`The component "${item.name}" is no longer in this file's snapshot; compare again before syncing.`);
    body.upserts.push(upsertOf(payload));
  };
  for (const item of input.components) {
    if (item.kind === 'unchanged') continue;
    if (item.kind === 'both-same') {
      const remote = item.remote;
      // The file's hash: the same as theirs, except for a version the builder app wrote (its own hash, the same content).
      settle.push({ key: item.key, entry: remote === null || remote.deleted ? null : { hash: item.local?.hash ?? remote.hash, updatedAt: remote.updated_at, name: item.name } });
      continue;
    }
    const choice = effectiveChoice(item, input.choices);
    if (choice === 'skip') {
      skipped.push(item);
      continue;
    }
    if (choice === 'take') {
      take.push(item);
      continue;
    }
    switch (item.kind) {
      case 'local-change':
      case 'local-add':
      case 'format-update':
        pushUpsert(item);
        break;
      case 'local-delete':
        body.deletes.push(item.key);
        break;
      case 'conflict':
      case 'remote-delete':
        // "Keep mine" (a deletion there: add it back): marked forced; sent over the teammate's version it answers, and no later one (keepMineRequests).
        if (item.local === null) body.deletes.push(item.key);
        else pushUpsert(item);
        body.force.push(item.key);
        break;
      default:
        skipped.push(item);
    }
  }
  const split = body.upserts.length === 0 && body.deletes.length === 0 ? { batches: [], tooLarge: [] } : splitSyncBodyLeavingOut(body);
  const tooLarge: ClassifiedComponent[] = [];
  if (split.tooLarge.length > 0) {
    const left = new Set(split.tooLarge.map((upsert) => upsert.key));
    body.upserts = body.upserts.filter((upsert) => !left.has(upsert.key));
    body.force = body.force.filter((key) => !left.has(key));
    for (const item of input.components) if (left.has(item.key)) tooLarge.push(item);
    skipped.push(...tooLarge);
  }
  const batches = body.upserts.length === 0 && body.deletes.length === 0 ? [] : split.batches;
  return { body, batches, take, settle, skipped, tooLarge };
}

/**
 * How many of the list's rows a sync left for later by choice, as its outcome says "N skipped for
 * now": a replaced row (`replacements`, its two keys) is one; those the run left out itself
 * (`leftOut`: too large, changed since the comparison) are said in their steps instead; format
 * updates are not rows, and components only in the design system have no other choice.
 */
export function skippedRowCount(skipped: readonly ClassifiedComponent[], leftOut: ReadonlySet<string>, replacements: ReadonlyArray<{ oldKey: string; newKey: string }>): number {
  const rowOf = new Map(replacements.map((pair) => [pair.oldKey, pair.newKey]));
  const rows = new Set<string>();
  for (const item of skipped) {
    if (item.kind === 'remote-add' || !isListedKind(item.kind) || leftOut.has(item.key)) continue;
    rows.add(rowOf.get(item.key) ?? item.key);
  }
  return rows.size;
}

/**
 * The "keep mine" keys still safe to send over theirs: those whose version now is the one the designer was shown
 * (the same instant, however the builder writes it this time, and the same content), or that have
 * no version now. One edited again since is left to come back as a conflict.
 */
export function stillSeen(
  forced: readonly string[],
  seen: ReadonlyMap<string, Pick<Component, 'updated_at' | 'hash'>>,
  now: ReadonlyMap<string, Pick<Component, 'updated_at' | 'hash'>>,
): string[] {
  return forced.filter((key) => {
    const version = now.get(key);
    const shown = seen.get(key);
    return version === undefined || (shown !== undefined && compareServerTimes(shown.updated_at, version.updated_at) === 0 && shown.hash === version.hash);
  });
}

/**
 * `batch` as sent. Its "keep mine" keys still as the designer saw them (`stillSeenKeys`, read at
 * server time `asOf`) go in a request of their own based on `asOf`, not forced: the builder applies
 * them over the version seen, and returns as a conflict one changed after that read, however long
 * the request then waits (a 429's wait, a retry, a garbled answer sent again). Forced, such a
 * wait overwrote a teammate's edit made during it unseen. The rest keep the comparison's base (a
 * forced key changed since it was seen comes back as a conflict). Empty requests are left out.
 * `changedSince`: the keys the read found changed since the comparison; when none of the rest is
 * among them, the read's base says of the rest what the comparison's would: one request. Pure.
 */
export function keepMineRequests(batch: SyncBody, stillSeenKeys: readonly string[], asOf: string, changedSince: ReadonlySet<string>): SyncBody[] {
  const mine = new Set(stillSeenKeys);
  const restChanged = [...batch.upserts.map((upsert) => upsert.key), ...batch.deletes].some((key) => !mine.has(key) && changedSince.has(key));
  if (!restChanged) return [{ ...batch, base: asOf, force: [] }];
  const isMine = (key: string) => mine.has(key);
  const rest: SyncBody = { ...batch, upserts: batch.upserts.filter((upsert) => !isMine(upsert.key)), deletes: batch.deletes.filter((key) => !isMine(key)), force: [] };
  const kept: SyncBody = { ...batch, base: asOf, upserts: batch.upserts.filter((upsert) => isMine(upsert.key)), deletes: batch.deletes.filter(isMine), force: [] };
  return [rest, kept].filter((request) => request.upserts.length + request.deletes.length > 0);
}

/**
 * The builder's answer to `batch` with only the keys the batch sent: one it answers for that was
 * not sent (a fault on its side) must not enter the state (an entry for a component not in the
 * file would read as deleted here and be deleted there), take one out, or count as pushed or as
 * a conflict. Pure.
 */
export function sentOnly(batch: SyncBody, answer: SyncResult): SyncResult {
  const upserted = new Set(batch.upserts.map((upsert) => upsert.key));
  const deleted = new Set(batch.deletes);
  return {
    ...answer,
    accepted: answer.accepted.filter((entry) => upserted.has(entry.key)),
    deleted: answer.deleted.filter((key) => deleted.has(key)),
    conflicts: answer.conflicts.filter((component) => upserted.has(component.key) || deleted.has(component.key)),
  };
}

/**
 * The state after one acknowledged batch: accepted keys get {hash, updatedAt, name}; deleted
 * keys leave; conflicts leave their entry as it was. `lastSyncedAt` does not move (the runner
 * sets it from nextBaseTime once the whole sync is done); until then the batch's own versions
 * read as echoes, so an interrupted push resumes where it stopped. Pure.
 */
export function applyBatchResult(state: SyncState, batch: SyncBody, answer: SyncResult): SyncState {
  const result = sentOnly(batch, answer);
  const components = new Map(state.components);
  const names = new Map<string, string>();
  for (const upsert of batch.upserts) names.set(upsert.key, upsert.name);
  for (const accepted of result.accepted) {
    const name = names.get(accepted.key) ?? components.get(accepted.key)?.name ?? accepted.key;
    components.set(accepted.key, { hash: accepted.hash, updatedAt: accepted.updated_at, name });
  }
  for (const key of result.deleted) components.delete(key);
  return { ...state, components };
}

/** The state after recording both-same components (planPush's `settle`). Pure. */
export function applySettled(state: SyncState, settle: PushPlan['settle']): SyncState {
  if (settle.length === 0) return state;
  const components = new Map(state.components);
  for (const { key, entry } of settle) {
    if (entry === null) components.delete(key);
    else components.set(key, entry);
  }
  return { ...state, components };
}

/** One version taken into the file (applyTaken). */
export interface TakenVersion {
  remote: Component;
  /** The file's hash after the take; null when the component is no longer in the file. */
  localHash: string | null;
  name: string;
  /** Taken only in part (partly-taken.ts). */
  partly?: boolean;
  /** The file's hash just before the take, and the base it was classified against (undone-takes.ts). */
  before?: { hash: string; base: SyncStateEntry | null };
}

/**
 * The state after remote versions were taken into the file. The base becomes the file's hash
 * as it is after taking (what Envelope applied of theirs), with the remote's `updated_at`, so
 * that version reads as seen; a taken deletion, or a component no longer in the file (`localHash`
 * null), removes the entry. A version taken only in part (`partly`) is not marked as seen
 * (`updatedAt` null), so it still reads as changed there until the file matches it, and an edit
 * here meanwhile is a conflict. The entry keeps what the take replaced (`before`), and a deletion taken
 * is kept apart (`takenDeletions`), so a file put back with ⌘Z reads as before the take
 * (undone-takes.ts). Pure.
 */
export function applyTaken(state: SyncState, taken: readonly TakenVersion[]): SyncState {
  if (taken.length === 0) return state;
  const components = new Map(state.components);
  const takenDeletions = new Map(state.takenDeletions ?? []);
  for (const { remote, localHash, name, partly, before } of taken) {
    takenDeletions.delete(remote.key);
    if (remote.deleted || localHash === null) {
      components.delete(remote.key);
      if (remote.deleted && before?.base != null) takenDeletions.set(remote.key, { hash: before.hash, base: { hash: before.base.hash, updatedAt: before.base.updatedAt }, deletedAt: remote.updated_at });
      continue;
    }
    const entry: SyncStateEntry = { hash: localHash, updatedAt: partly === true ? null : remote.updated_at, name };
    if (before !== undefined && before.hash !== localHash) entry.beforeTake = { hash: before.hash, base: before.base === null ? null : { hash: before.base.hash, updatedAt: before.base.updatedAt } };
    components.set(remote.key, entry);
  }
  return { ...state, components, takenDeletions };
}

/**
 * The next base time after a sync: the comparison's server time, but strictly before the
 * `updated_at` of every remote version still unresolved (skipped remote changes/conflicts,
 * conflicts the server returned), so the next changes call returns them again. Derived from
 * server times only (one millisecond before the earliest unresolved one).
 */
export function nextBaseTime(serverTime: string, unresolvedRemoteTimes: readonly string[]): string {
  const server = Date.parse(serverTime);
  let earliest = Number.POSITIVE_INFINITY;
  for (const time of unresolvedRemoteTimes) {
    const parsed = Date.parse(time);
    // Without a readable time the remote change could be skipped for good: refuse in words.
    if (Number.isNaN(parsed)) throw new Error(`The design system sent a time Envelope cannot read ("${time}"); the sync state was not moved.`);
    if (parsed < earliest) earliest = parsed;
  }
  if (earliest === Number.POSITIVE_INFINITY) return serverTime;
  if (Number.isNaN(server)) throw new Error(`The design system sent a time Envelope cannot read ("${serverTime}"); the sync state was not moved.`);
  return earliest <= server ? new Date(earliest - 1).toISOString() : serverTime;
}
