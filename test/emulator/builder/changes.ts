// GET …/changes paging: components after `since`, oldest first, ordered by (updated_at, key),
// with an opaque cursor that remembers the position and the original `since`.
import type { StoredComponent } from './model';

export interface ChangesPosition {
  sinceMs: number | null;
  afterUpdatedAtMs: number;
  afterKey: string;
}

export function encodeCursor(position: ChangesPosition): string {
  return Buffer.from(JSON.stringify({ v: 1, s: position.sinceMs, u: position.afterUpdatedAtMs, k: position.afterKey })).toString('base64url');
}

/** Null when the text is not a cursor this server issued. */
export function decodeCursor(cursor: string): ChangesPosition | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (value['v'] !== 1 || typeof value['u'] !== 'number' || typeof value['k'] !== 'string') return null;
    if (value['s'] !== null && typeof value['s'] !== 'number') return null;
    return { sinceMs: value['s'] as number | null, afterUpdatedAtMs: value['u'], afterKey: value['k'] };
  } catch {
    return null;
  }
}

export function changesPage(
  components: Iterable<StoredComponent>,
  sinceMs: number | null,
  after: { updatedAtMs: number; key: string } | null,
  limit: number,
): { items: StoredComponent[]; next: ChangesPosition | null } {
  const ordered = [...components]
    .filter((component) => sinceMs === null || component.updatedAtMs > sinceMs)
    .filter(
      (component) =>
        after === null ||
        component.updatedAtMs > after.updatedAtMs ||
        (component.updatedAtMs === after.updatedAtMs && component.key > after.key),
    )
    .sort((a, b) => a.updatedAtMs - b.updatedAtMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const items = ordered.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    next: ordered.length > limit && last ? { sinceMs, afterUpdatedAtMs: last.updatedAtMs, afterKey: last.key } : null,
  };
}
