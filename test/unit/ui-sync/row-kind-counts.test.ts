// The "Show:" chips' counts within a search and a kind of change: each kind's rows among those
// "All" shows, a replaced row under both kinds it is made of, as pressing each chip shows them.
import { describe, expect, it } from 'vitest';
import type { SyncItem, SyncKind } from '../../../src/shared/bridge/messages';
import { activePairs, buildRows, rowKindCounts, withPairChips } from '../../../ui/sync/sync-rows';

function item(key: string, kind: SyncKind, name: string, chips?: SyncItem['chips']): SyncItem {
  return { key, name, kind, componentKind: 'component', choice: 'push', remoteUpdatedBy: null, remoteUpdatedAt: null, ...(chips ? { chips } : {}) };
}

describe('the kind chips’ counts', () => {
  const items = [
    item('a', 'local-change', 'Card', ['fill']),
    item('b', 'local-change', 'Hero', ['fill']),
    item('c', 'conflict', 'Card big', ['text']),
    item('old', 'local-delete', 'Card old'),
    item('new', 'local-add', 'Card new', ['fill']),
    item('f', 'format-update', 'Card f', ['fill']),
  ];
  const pairs = activePairs(items, [{ oldKey: 'old', newKey: 'new' }]);
  const shown = withPairChips(items, pairs);
  const itemRows = (filter: Parameters<typeof buildRows>[1], query: string, change: Parameters<typeof buildRows>[3]) => buildRows(shown, filter, query, change, pairs).filter((row) => row.type === 'item').length;

  it('count what each kind shows within the search and the kind of change', () => {
    for (const [query, change] of [['card', 'fill'], ['', 'fill'], ['card', null], ['zzz', null]] as const) {
      const counts = rowKindCounts(buildRows(shown, 'all', query, change, pairs));
      for (const kind of ['local-change', 'local-add', 'local-delete', 'conflict'] as const) expect(counts.get(kind) ?? 0, `${kind} “${query}” ${change}`).toBe(itemRows(kind, query, change));
    }
    expect(Object.fromEntries(rowKindCounts(buildRows(shown, 'all', 'card', 'fill', pairs)))).toEqual({ 'local-change': 1, 'local-add': 1, 'local-delete': 1 });
  });
});
