// The conflict rule of design-system sync (docs/api/api-assumptions.md, "Design-system sync"). Pure apart
// from writing into the design system it is given.
import type { DesignSystem, StoredComponent } from './model';
import type { SyncInput } from './sync-body';

export interface SyncResult {
  accepted: Array<{ key: string; hash: string; updatedAtMs: number }>;
  deleted: string[];
  conflicts: StoredComponent[];
}

const changedAfter = (stored: StoredComponent, baseMs: number | null): boolean => baseMs !== null && stored.updatedAtMs > baseMs;

/** Applies a sync; `writeTimeMs` stamps every change it makes. */
export function applySync(designSystem: DesignSystem, input: SyncInput, writeTimeMs: number): SyncResult {
  const result: SyncResult = { accepted: [], deleted: [], conflicts: [] };
  const forced = new Set(input.force);
  for (const upsert of input.upserts) {
    const stored = designSystem.components.get(upsert.key);
    if (stored && !stored.deleted && stored.hash === upsert.hash) {
      // Same content: a no-op that still counts as accepted, so retries are safe.
      result.accepted.push({ key: stored.key, hash: stored.hash, updatedAtMs: stored.updatedAtMs });
      continue;
    }
    // A tombstone made after base is a teammate's deletion: a conflict even for an equal hash.
    if (stored && changedAfter(stored, input.baseMs) && !forced.has(upsert.key)) {
      result.conflicts.push(stored);
      continue;
    }
    const { thumbnailPng, ...fields } = upsert;
    designSystem.components.set(upsert.key, {
      ...fields,
      thumbnailPng: thumbnailPng ?? (stored && !stored.deleted ? stored.thumbnailPng : null),
      updatedAtMs: writeTimeMs,
      updatedBy: input.user,
      deleted: false,
    });
    result.accepted.push({ key: upsert.key, hash: upsert.hash, updatedAtMs: writeTimeMs });
  }
  for (const key of input.deletes) {
    const stored = designSystem.components.get(key);
    if (!stored || stored.deleted) {
      // Nothing to delete (or already deleted): idempotent.
      result.deleted.push(key);
      continue;
    }
    if (changedAfter(stored, input.baseMs) && !forced.has(key)) {
      result.conflicts.push(stored);
      continue;
    }
    designSystem.components.set(key, { ...stored, updatedAtMs: writeTimeMs, updatedBy: input.user, deleted: true });
    result.deleted.push(key);
  }
  return result;
}
