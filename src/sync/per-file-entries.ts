/*
 * The per-file entries Sync keeps in clientStorage (the designer's choices, the pairs kept
 * apart): one per file and design system, forgotten key by key as they are synced. A file never
 * synced again kept its entry for good, and clientStorage (5 MB for the whole plugin, with the
 * builder key and the payload cache) filled up with files long closed.
 *
 * So each kind keeps a list of its entries, most recently written first, and only the latest
 * `PER_FILE_ENTRY_LIMIT`: writing one for another file deletes the oldest past it. Entries
 * written before the list (found by `keysAsync`) join it as the oldest.
 */
import type { ClientStorageLike as StoreStorage } from '../platform/client-storage';

/** The part of figma.clientStorage the list uses; `keysAsync` (when present) finds entries written before it. */
export type ClientStorageLike = StoreStorage & { keysAsync?(): Promise<string[]> };

/** Files whose entries are kept, per kind: far more than a designer has open at once. */
export const PER_FILE_ENTRY_LIMIT = 30;

const isNameList = (value: unknown): value is string[] => Array.isArray(value) && value.every((name) => typeof name === 'string');

/**
 * Notes that `name` (an entry starting with `prefix`) was just written, and deletes the entries
 * of that kind past the limit. Best effort: a failure here loses no choice of this file.
 */
export async function keepRecentAsync(storage: ClientStorageLike, prefix: string, name: string): Promise<void> {
  const listName = `${prefix}recent`;
  const stored = await storage.getAsync(listName);
  let names: string[];
  if (isNameList(stored)) names = stored;
  else names = storage.keysAsync ? (await storage.keysAsync()).filter((key) => key.startsWith(prefix) && key !== listName) : [];
  const recent = [name, ...names.filter((other) => other !== name)];
  for (const old of recent.slice(PER_FILE_ENTRY_LIMIT)) await storage.deleteAsync(old);
  await storage.setAsync(listName, recent.slice(0, PER_FILE_ENTRY_LIMIT));
}
