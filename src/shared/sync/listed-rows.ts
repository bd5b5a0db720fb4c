// One rule for "how many rows does Sync have for me": the list's "All" chip, the Sync tab's badge
// and the copied summary's first line all count this way, so the numbers a designer sees agree.
import type { SyncKind } from '../bridge/messages';

/**
 * Whether a kind's components are rows of the list under "All". Unchanged components are not
 * listed; format updates are not either: Envelope's own format changed, not the component,
 * so they get a one-line notice and go with the next sync.
 */
export function isListedKind(kind: SyncKind): boolean {
  return kind !== 'unchanged' && kind !== 'format-update';
}

/** The rows "All" counts, from the counts per kind: a replaced pair (a deletion and an addition) is one row. */
export function listedRowCount(counts: Readonly<Partial<Record<SyncKind, number>>>, replacedPairs: number): number {
  let rows = 0;
  for (const [kind, count] of Object.entries(counts) as Array<[SyncKind, number | undefined]>) {
    if (isListedKind(kind)) rows += count ?? 0;
  }
  return rows - replacedPairs;
}
