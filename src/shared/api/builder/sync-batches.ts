// Splits one sync into requests the builder accepts, and merges their answers.
import { invalidArgumentError } from '../http/error-mapping';
import { jsonByteLength } from '../http/utf8';
import type { SyncBody, SyncResult } from './schemas';
import { compareServerTimes } from './server-time';

// assumption: at most 100 upserts and 2 MB of body per sync request (413 payload_too_large above).
export const SYNC_LIMITS = {
  maxUpserts: 100,
  // "2 MB" read as the smaller of 2,000,000 and 2 MiB, so that either reading of the limit holds.
  maxBodyBytes: 2_000_000,
} as const;

const SYNC_ENDPOINT = 'POST /api/plugin/design-systems/:id/sync';

/** The JSON size of a sync body in bytes, as it will be sent. */
export function syncBodyBytes(body: SyncBody): number {
  return jsonByteLength(body);
}

/** A problem in words when `body` cannot be sent as one request, or null. */
export function syncBodyProblem(body: SyncBody): string | null {
  if (body.upserts.length > SYNC_LIMITS.maxUpserts) {
    return `A sync request carries at most ${SYNC_LIMITS.maxUpserts} components (this one has ${body.upserts.length}); send it in batches.`;
  }
  const bytes = syncBodyBytes(body);
  if (bytes > SYNC_LIMITS.maxBodyBytes) {
    return `A sync request is at most 2 MB (this one is ${(bytes / 1_000_000).toFixed(1)} MB); send it in batches.`;
  }
  return null;
}

type Item = { kind: 'upsert'; upsert: SyncBody['upserts'][number] } | { kind: 'delete'; key: string };

function itemKey(item: Item): string {
  return item.kind === 'upsert' ? item.upsert.key : item.key;
}

function itemBytes(item: Item, force: ReadonlySet<string>): number {
  // One comma per array entry, and the key again in `force` when it is forced.
  const forced = force.has(itemKey(item)) ? jsonByteLength(itemKey(item)) + 1 : 0;
  return jsonByteLength(item.kind === 'upsert' ? item.upsert : item.key) + 1 + forced;
}

/** Whether `upsert` fits in a request on its own (with `body`'s base and source, forced or not). */
export function fitsAlone(body: SyncBody, upsert: SyncBody['upserts'][number]): boolean {
  return syncBodyBytes({ ...body, upserts: [upsert], deletes: [], force: [upsert.key] }) <= SYNC_LIMITS.maxBodyBytes;
}

/**
 * Splits `body` into bodies of at most 100 upserts and 2 MB each. Every batch keeps the same
 * `base` (the server time the whole diff was built on; "keep mine" may later move it, see
 * src/sync/push-plan.ts keepMineRequests) and `source`; `force` goes with the batch that carries
 * the key. A single component too large on its own is refused in words.
 */
export function splitSyncBody(body: SyncBody): SyncBody[] {
  const { batches, tooLarge } = splitSyncBodyLeavingOut(body);
  const first = tooLarge[0];
  if (first !== undefined) {
    throw invalidArgumentError(
      'builder',
      SYNC_ENDPOINT,
      `The component "${first.name}" is too large to sync (over 2 MB on its own). Simplify it, or untick it in the list to sync the others.`,
    );
  }
  return batches;
}

/**
 * splitSyncBody for what fits: a component too large to send on its own is left out of every
 * batch (and out of `force`), and returned, so the rest can still be sent.
 */
export function splitSyncBodyLeavingOut(body: SyncBody): { batches: SyncBody[]; tooLarge: Array<SyncBody['upserts'][number]> } {
  const force = new Set(body.force);
  const tooLarge: Array<SyncBody['upserts'][number]> = [];
  const empty: SyncBody = { ...body, upserts: [], deletes: [], force: [] };
  const shellBytes = syncBodyBytes(empty);
  const items: Item[] = [
    ...body.upserts.map((upsert): Item => ({ kind: 'upsert', upsert })),
    ...body.deletes.map((key): Item => ({ kind: 'delete', key })),
  ];
  const batches: SyncBody[] = [];
  let current: SyncBody = { ...empty, upserts: [], deletes: [], force: [] };
  let currentBytes = shellBytes;
  const flush = () => {
    batches.push(current);
    current = { ...empty, upserts: [], deletes: [], force: [] };
    currentBytes = shellBytes;
  };
  for (const item of items) {
    const bytes = itemBytes(item, force);
    if (shellBytes + bytes > SYNC_LIMITS.maxBodyBytes) {
      // A deletion is a key: only a component is ever this large.
      if (item.kind === 'upsert') tooLarge.push(item.upsert);
      continue;
    }
    const isEmpty = current.upserts.length === 0 && current.deletes.length === 0;
    const full = currentBytes + bytes > SYNC_LIMITS.maxBodyBytes || (item.kind === 'upsert' && current.upserts.length >= SYNC_LIMITS.maxUpserts);
    if (full && !isEmpty) flush();
    if (item.kind === 'upsert') current.upserts.push(item.upsert);
    else current.deletes.push(item.key);
    if (force.has(itemKey(item))) current.force.push(itemKey(item));
    currentBytes += bytes;
  }
  if (batches.length === 0 || current.upserts.length > 0 || current.deletes.length > 0) flush();
  return { batches, tooLarge };
}

/** The answers of all batches as one; `synced_at` is the earliest batch's (see below). */
export function mergeSyncResults(results: readonly SyncResult[]): SyncResult {
  const first = results[0];
  if (first === undefined) throw new Error('mergeSyncResults needs at least one result');
  // The next `base` must not skip a teammate's edit made while later batches were sent,
  // so the merged server time is the earliest one, never a later batch's or our own clock.
  const syncedAt = results.map((result) => result.synced_at).reduce((earliest, time) => (compareServerTimes(time, earliest) < 0 ? time : earliest));
  return {
    accepted: results.flatMap((result) => result.accepted),
    deleted: results.flatMap((result) => result.deleted),
    conflicts: results.flatMap((result) => result.conflicts),
    synced_at: syncedAt,
  };
}

