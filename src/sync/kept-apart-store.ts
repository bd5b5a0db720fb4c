// The replaced rows the designer keeps apart ("Keep them apart": the deleted and the added
// component listed as two rows, each with its own choice), kept per user in clientStorage like
// the choices, so closing the window or checking again loses none of them. Keyed by file and
// design system. Each decision names its pair, the old key and the new key: it applies to that
// same pair only (the deleted component paired with another addition is a new question), and it
// is forgotten once either key is synced (the pair cannot form again).
import { keepRecentAsync, type ClientStorageLike } from './per-file-entries';
import { isSamePair, type Replacement } from './replacements';

export interface KeptApartStore {
  readAsync(): Promise<Replacement[]>;
  /** Adds this pair to those kept apart (once). */
  addAsync(pair: Replacement): Promise<void>;
  /** Forgets the pairs with any of these keys (they were synced). */
  forgetAsync(keys: Iterable<string>): Promise<void>;
}

const PREFIX = 'envelope.sync.apart.';

export function keptApartStorageKey(fileId: string, designSystemId: string): string {
  return `${PREFIX}${fileId}.${designSystemId}`;
}

/** The pairs still to keep apart once `settled` keys were synced: those with neither key among them. */
export function withoutSettled(pairs: readonly Replacement[], settled: Iterable<string>): Replacement[] {
  const keys = new Set(settled);
  return pairs.filter((pair) => !keys.has(pair.oldKey) && !keys.has(pair.newKey));
}

function pairOf(value: unknown): Replacement | null {
  if (typeof value !== 'object' || value === null) return null;
  const { oldKey, newKey } = value as { oldKey?: unknown; newKey?: unknown };
  return typeof oldKey === 'string' && typeof newKey === 'string' ? { oldKey, newKey } : null;
}

export function createKeptApartStore(storage: ClientStorageLike, fileId: string, designSystemId: string): KeptApartStore {
  const name = keptApartStorageKey(fileId, designSystemId);

  async function readAsync(): Promise<Replacement[]> {
    const stored = await storage.getAsync(name);
    // Anything but a list of pairs (edited by hand, another version's) reads as nothing kept apart:
    // the pair is shown as one row again, and the designer can keep it apart again.
    if (!Array.isArray(stored)) return [];
    const pairs: Replacement[] = [];
    for (const value of stored) {
      const pair = pairOf(value);
      if (pair !== null) pairs.push(pair);
    }
    return pairs;
  }

  async function writeAsync(pairs: readonly Replacement[]): Promise<void> {
    if (pairs.length === 0) return storage.deleteAsync(name);
    await storage.setAsync(name, pairs);
    // Only the latest files' pairs are kept (per-file-entries.ts); this file's are written.
    await keepRecentAsync(storage, PREFIX, name).catch(() => undefined);
  }

  return {
    readAsync,
    async addAsync(pair) {
      const pairs = await readAsync();
      if (pairs.some((kept) => isSamePair(kept, pair))) return;
      await writeAsync([...pairs, { oldKey: pair.oldKey, newKey: pair.newKey }]);
    },
    async forgetAsync(keys) {
      const pairs = await readAsync();
      const left = withoutSettled(pairs, keys);
      if (left.length < pairs.length) await writeAsync(left);
    },
  };
}
