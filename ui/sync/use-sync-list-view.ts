// What the Sync list shows: the kind pressed, the kind of change pressed, the search, whether
// the folded chips are open, and the rows and counts that follow from them.
import { useMemo, useRef, useState } from 'preact/hooks';
import { syncChangeChipSchema, type SyncChangeChip, type SyncItem } from '../../src/shared/bridge/messages';
import { buildRows, changeCounts, rowKindCounts, runSummary, shownRowItems, withPairChips, type KindFilter, type RunSummary } from './sync-rows';

/** `items`: the list shown (null before the first comparison); `pairs`: its replaced rows; `summary`: what the Sync button sends. */
export function useSyncListView(items: SyncItem[] | null, pairs: ReadonlyMap<string, SyncItem>, summary: RunSummary) {
  const [filter, setFilter] = useState<KindFilter>('all');
  // The chips unfolded in a short window (folded there behind one button; always shown in a taller one).
  const [chipsOpen, setChipsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [change, setChange] = useState<SyncChangeChip | null>(null);
  const shownItems = useMemo(() => withPairChips(items ?? [], pairs), [items, pairs]);
  const rows = useMemo(() => (items ? buildRows(shownItems, filter, query, change, pairs) : []), [items, shownItems, filter, query, change, pairs]);
  // Each counts the rows it shows, within the kind and the search as they are ("fill 75" stood beside 37 conflicts and showed 12).
  const counted = useMemo(
    () => changeCounts(shownRowItems(change === null ? rows : buildRows(shownItems, filter, query, null, pairs)), syncChangeChipSchema.options),
    [rows, shownItems, filter, query, change, pairs],
  );
  // The kind chips count within the search and the kind of change as they are too ("Conflicts 4" beside "fill" pressed showed 1);
  // "All" counts those rows. Null: neither is set, the comparison's counts stand.
  const kindShown = useMemo(() => {
    if (query.trim() === '' && change === null) return null;
    const all = filter === 'all' ? rows : buildRows(shownItems, 'all', query, change, pairs);
    return { all: all.filter((row) => row.type === 'item').length, counts: rowKindCounts(all) };
  }, [rows, shownItems, filter, query, change, pairs]);
  // A filter the new list has none of (a local change that became a conflict, a pair kept apart)
  // stays shown, pressed, at 0: unshown, it emptied the list with no button pressed to undo it.
  const changes: Array<[SyncChangeChip, number]> = change !== null && !counted.some(([chip]) => chip === change) ? [...counted, [change, 0]] : counted;
  // Changes the Sync button sends that the search or a filter leaves out of the list (format updates have their own line).
  const hiddenChanges = useMemo(() => summary.changes - runSummary(shownRowItems(rows), pairs).changes, [summary, rows, pairs]);
  const search = useRef<HTMLInputElement>(null);
  // Its button goes with what it cleared: the keyboard goes on from the search field.
  const showAll = () => {
    setQuery('');
    setFilter('all');
    setChange(null);
    search.current?.focus();
  };
  return { filter, setFilter, chipsOpen, setChipsOpen, query, setQuery, change, setChange, shownItems, rows, kindShown, changes, hiddenChanges, search, showAll };
}
