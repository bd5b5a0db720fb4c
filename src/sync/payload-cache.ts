// The "before" of local changes: the payloads last synced, kept per user in figma.clientStorage
// (private, 5 MB for the whole plugin) so the Sync screen can show what changed in this file
// since the last sync. Best effort: a payload not kept (evicted, another machine) reads as
// null, and the detail says the "before" is not known.
//
// Layout, to keep writes few: payloads are stored in buckets (one clientStorage entry each, a
// put writes its payloads into new buckets) and an index entry says which bucket holds which
// key's version. Buckets are evicted whole, oldest first, when the total passes the budget;
// older copies of a key left in an old bucket count until that bucket goes.
import { jsonByteLength, utf8ByteLength } from '../shared/api/http/utf8';
import type { ComponentPayload } from '../snapshot/normalized-types';
import type { ClientStorageLike as KeyStoreStorage } from '../platform/client-storage';

/** The part of figma.clientStorage the cache uses; `keysAsync` (when present) cleans up leftovers. */
export type ClientStorageLike = KeyStoreStorage & { keysAsync?(): Promise<string[]> };

export const PAYLOAD_CACHE_BUDGET_BYTES = 2_500_000;
/** Eviction goes a bucket at a time: small enough to evict finely, large enough for few writes. */
const BUCKET_BYTES = 250_000;
const INDEX_VERSION = 1;
/** The most of the budget one put fills (the index and some older versions need the rest). */
const PUT_SHARE = 0.8;
const PREFIX = 'envelope.payloadCache.';

export interface PayloadCache {
  /** The payload kept for `key` at exactly `hash`, or null. */
  getAsync(key: string, hash: string): Promise<ComponentPayload | null>;
  /** Keeps these payloads (without thumbnails) as the last synced version of their keys. */
  putAsync(payloads: readonly ComponentPayload[]): Promise<void>;
}

interface BucketInfo {
  id: number;
  bytes: number;
}

interface Index {
  v: number;
  next: number;
  /** Oldest first. */
  buckets: BucketInfo[];
  /** key → [hash, bucket id]. */
  entries: Record<string, [string, number]>;
}

type Bucket = Record<string, ComponentPayload>;

function emptyIndex(): Index {
  return { v: INDEX_VERSION, next: 0, buckets: [], entries: {} };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Every part checked: a damaged index (edited by hand, a write cut short) would stop the comparison. */
function isIndex(value: unknown): value is Index {
  if (!isObject(value)) return false;
  const { v, next, buckets, entries } = value;
  if (v !== INDEX_VERSION || typeof next !== 'number' || !Array.isArray(buckets) || !isObject(entries)) return false;
  if (!buckets.every((info) => isObject(info) && typeof info.id === 'number' && typeof info.bytes === 'number')) return false;
  return Object.values(entries).every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number');
}

/** A kept version the detail can compare: the shape property-diff.ts reads. */
function isPayloadOf(value: unknown, key: string, hash: string): value is ComponentPayload {
  if (!isObject(value) || value.key !== key || value.hash !== hash) return false;
  return typeof value.name === 'string' && typeof value.description === 'string' && isObject(value.properties) && Array.isArray(value.variants) && isObject(value.node);
}


function withoutThumbnail(payload: ComponentPayload): ComponentPayload {
  if (payload.thumbnail === undefined) return payload;
  const copy = { ...payload };
  delete copy.thumbnail;
  return copy;
}

export function createPayloadCache(storage: ClientStorageLike, designSystemId: string, budgetBytes = PAYLOAD_CACHE_BUDGET_BYTES): PayloadCache {
  const base = `${PREFIX}${encodeURIComponent(designSystemId)}.`;
  const indexKey = `${base}index`;
  const bucketKey = (id: number) => `${base}b${id}`;
  let index: Index | null = null;
  // The last bucket read: the detail view asks for components one at a time, often neighbours.
  let lastBucket: { id: number; bucket: Bucket } | null = null;
  // Puts run one after another (and gets wait for a put in progress).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function loadIndexAsync(): Promise<Index> {
    if (index !== null) return index;
    const stored = await storage.getAsync(indexKey);
    if (isIndex(stored)) {
      index = stored;
      await removeUnreachableAsync(index);
      return index;
    }
    index = emptyIndex();
    await removeUnreachableAsync(index);
    return index;
  }

  /**
   * Entries nobody can reach take quota for good: another design system's cache (one at a time
   * fits in 5 MB), buckets of a lost index, buckets whose eviction a crash interrupted.
   */
  async function removeUnreachableAsync(current: Index): Promise<void> {
    if (!storage.keysAsync) return;
    const reachable = new Set([indexKey, ...current.buckets.map((info) => bucketKey(info.id))]);
    for (const key of await storage.keysAsync()) if (key.startsWith(PREFIX) && !reachable.has(key)) await storage.deleteAsync(key);
  }

  async function readBucketAsync(id: number): Promise<Bucket | null> {
    if (lastBucket?.id === id) return lastBucket.bucket;
    const stored = await storage.getAsync(bucketKey(id));
    if (typeof stored !== 'object' || stored === null) return null;
    lastBucket = { id, bucket: stored as Bucket };
    return lastBucket.bucket;
  }

  async function getAsync(key: string, hash: string): Promise<ComponentPayload | null> {
    return serial(async () => {
      const current = await loadIndexAsync();
      const entry = current.entries[key];
      if (entry === undefined || entry[0] !== hash) return null;
      const payload: unknown = (await readBucketAsync(entry[1]))?.[key];
      return isPayloadOf(payload, key, hash) ? payload : null;
    });
  }

  async function putAsync(payloads: readonly ComponentPayload[]): Promise<void> {
    if (payloads.length === 0) return;
    return serial(async () => {
      try {
        await storeAsync(await loadIndexAsync(), payloads);
      } catch (error) {
        // The index in memory may be ahead of storage now: read it again next time.
        index = null;
        lastBucket = null;
        throw error;
      }
    });
  }

  async function storeAsync(current: Index, payloads: readonly ComponentPayload[]): Promise<void> {
    // New buckets, each up to BUCKET_BYTES; one put fills at most PUT_SHARE of the budget (the
    // rest of its payloads is not kept).
    const fresh: Array<{ info: BucketInfo; bucket: Bucket }> = [];
    let total = 0;
    let open: { info: BucketInfo; bucket: Bucket } | null = null;
    for (const payload of payloads) {
      const stored = withoutThumbnail(payload);
      const bytes = jsonByteLength(stored) + utf8ByteLength(payload.key) + 4;
      if (total + bytes > budgetBytes * PUT_SHARE) break;
      if (open === null || open.info.bytes + bytes > BUCKET_BYTES) {
        open = { info: { id: current.next++, bytes: 2 + utf8ByteLength(bucketKey(0)) }, bucket: {} };
        fresh.push(open);
      }
      open.bucket[payload.key] = stored;
      open.info.bytes += bytes;
      total += bytes;
    }
    const freshKeys = new Set(fresh.flatMap(({ bucket }) => Object.keys(bucket)));
    // Evict before writing, so that storage never holds more than the budget: buckets that will
    // hold no current version, then the oldest until the budget holds with the new ones.
    const live = new Set<number>();
    for (const key of Object.keys(current.entries)) if (!freshKeys.has(key)) live.add(current.entries[key]![1]);
    const evicted = new Set(current.buckets.filter((info) => !live.has(info.id)).map((info) => info.id));
    let used = total + current.buckets.reduce((sum, info) => sum + (evicted.has(info.id) ? 0 : info.bytes), 0);
    // The index at the end holds roughly what it holds now plus the new keys.
    const indexBytes = jsonByteLength(current) + utf8ByteLength(indexKey) + freshKeys.size * 80;
    for (const info of current.buckets) {
      if (used + indexBytes <= budgetBytes) break;
      if (evicted.has(info.id)) continue;
      evicted.add(info.id);
      used -= info.bytes;
    }
    for (const key of Object.keys(current.entries)) if (evicted.has(current.entries[key]![1]) || freshKeys.has(key)) delete current.entries[key];
    current.buckets = current.buckets.filter((info) => !evicted.has(info.id));
    // The index never names a bucket that is not (yet, or any more) stored.
    if (evicted.size > 0) {
      await storage.setAsync(indexKey, current);
      for (const id of evicted) await storage.deleteAsync(bucketKey(id));
      if (lastBucket !== null && evicted.has(lastBucket.id)) lastBucket = null;
    }
    for (const { info, bucket } of fresh) {
      await storage.setAsync(bucketKey(info.id), bucket);
      current.buckets.push(info);
      for (const key of Object.keys(bucket)) current.entries[key] = [bucket[key]!.hash, info.id];
    }
    await storage.setAsync(indexKey, current);
  }

  return { getAsync, putAsync };
}
