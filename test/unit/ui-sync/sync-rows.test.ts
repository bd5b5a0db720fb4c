import { describe, expect, it } from 'vitest';
import type { SyncItem, SyncKind } from '../../../src/shared/bridge/messages';
import { choiceMode, choiceText, KIND_LABEL, KIND_ORDER, replacementChoiceText, takenInPartRowText, takenInPartText, toggledChoice } from '../../../ui/sync/sync-kinds';
import { activePairs, buildRows, changeCounts, firstItemIndex, foldedChipCount, formatUpdateNotice, hasNoComponents, isInSync, kindCounts, nextItemIndex, noMatchText, runSummary, withPairChips } from '../../../ui/sync/sync-rows';
import { summaryHeadline, summaryText } from '../../../ui/sync/sync-summary';
import { isListedKind, listedRowCount } from '../../../src/shared/sync/listed-rows';
import { syncKindSchema } from '../../../src/shared/bridge/messages';

function item(key: string, kind: SyncKind, choice: SyncItem['choice'] = 'skip', name = key): SyncItem {
  return { key, name, kind, componentKind: 'component', choice, remoteUpdatedBy: null, remoteUpdatedAt: null };
}

describe('sync kinds in words', () => {
  it('names every kind and orders every kind but unchanged', () => {
    for (const kind of syncKindSchema.options) expect(KIND_LABEL[kind]).toMatch(/^[A-Z][a-z ]+$/);
    expect([...KIND_ORDER].sort()).toEqual(syncKindSchema.options.filter((kind) => kind !== 'unchanged').sort());
  });

  it('Space ticks local and remote rows between their action and skip, and leaves conflicts to an explicit choice', () => {
    expect(toggledChoice(item('a', 'local-change', 'push'))).toBe('skip');
    expect(toggledChoice(item('a', 'local-delete', 'skip'))).toBe('push');
    // Nothing in the file to take a remote addition into: Space decides nothing.
    expect(toggledChoice(item('a', 'remote-add', 'skip'))).toBeNull();
    expect(choiceText(item('a', 'remote-add', 'skip'))).toBe('Only in the design system');
    expect(toggledChoice(item('a', 'conflict', 'skip'))).toBeNull();
    expect(toggledChoice(item('a', 'both-same', 'skip'))).toBeNull();
    expect(choiceMode('format-update')).toBe('push');
    expect(choiceText(item('a', 'conflict', 'take'))).toBe('Take theirs');
    expect(choiceText(item('a', 'remote-change', 'take'))).toBe('Will be taken into this file');
    // A deletion says it deletes, and where ("Will be taken" read as getting the component).
    expect(choiceText(item('a', 'remote-delete', 'take'))).toBe('Will be deleted from this file');
    expect(choiceText(item('a', 'local-delete', 'push'))).toBe('Will be deleted from the design system');
    expect(choiceText(item('a', 'local-delete', 'skip'))).toBe('Skipped for now');
  });

  it('says of a row taken in part how many steps are left by hand, in the list and in the copied summary', () => {
    const partly = { ...item('Header', 'remote-change'), takenInPart: { steps: ['fill #ffffff → #ff2200', 'Variant "Dark" exists only in the design system: add it by hand.'] } };
    expect(takenInPartText(partly)).toBe('Taken in part: 2 steps left to do by hand');
    expect(takenInPartText({ ...partly, takenInPart: { steps: ['fill #ffffff → #ff2200'] } })).toBe('Taken in part: 1 step left to do by hand');
    expect(takenInPartText(item('Footer', 'remote-change', 'take'))).toBeNull();
    expect(summaryText([partly], null)).toContain('- Header (taken in part: 2 steps left to do by hand; not taken again unless you choose to take it)');
  });

  it('says it short on the row, so who and when still fit at the narrowest window', () => {
    const partly = { ...item('Header', 'remote-change'), takenInPart: { steps: ['fill #ffffff → #ff2200'] } };
    expect(takenInPartRowText(partly)).toBe('Taken in part: 1 step left');
    expect(takenInPartRowText({ ...partly, takenInPart: { steps: ['a', 'b'] } })).toBe('Taken in part: 2 steps left');
    expect(takenInPartRowText(item('Footer', 'remote-change', 'take'))).toBeNull();
  });
});

describe('diff list rows', () => {
  const items = [
    item('1', 'local-change', 'push', 'Button / Primary'),
    item('2', 'conflict', 'skip', 'Card'),
    item('3', 'format-update', 'push', 'Footer'),
    item('4', 'local-change', 'skip', 'Button / Secondary'),
    item('5', 'remote-add', 'take', 'Hero'),
  ];

  it('groups by kind in the fixed order, conflicts first, each group under a header with its count', () => {
    const rows = buildRows(items, 'all', '');
    expect(rows.map((row) => (row.type === 'header' ? `# ${row.kind} ${row.count}` : row.item.key))).toEqual([
      '# conflict 1',
      '2',
      '# local-change 2',
      '1',
      '4',
      '# remote-add 1',
      '5',
    ]);
  });

  it('leaves format updates out of "all" and shows them when filtered to them', () => {
    expect(buildRows(items, 'all', '').some((row) => row.type === 'item' && row.item.kind === 'format-update')).toBe(false);
    expect(buildRows(items, 'format-update', '').map((row) => (row.type === 'item' ? row.item.key : 'h'))).toEqual(['h', '3']);
  });

  it('filters by kind and searches names regardless of case', () => {
    expect(buildRows(items, 'local-change', 'secondary').map((row) => (row.type === 'item' ? row.item.key : 'h'))).toEqual(['h', '4']);
    expect(buildRows(items, 'all', 'nothing like it')).toEqual([]);
  });

  it('keeps every one of 10,000 rows: the list is never cut', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => item(String(index), index % 2 ? 'local-change' : 'remote-change', 'push', `C ${index}`));
    const rows = buildRows(many, 'all', '');
    expect(rows.filter((row) => row.type === 'item')).toHaveLength(10_000);
    expect(rows.filter((row) => row.type === 'header')).toHaveLength(2);
  });

  it('counts per kind from the comparison, and says in sync only when nothing differs', () => {
    const counts = kindCounts({ items, counts: { 'local-change': 2, conflict: 1, unchanged: 40 } });
    expect(counts.get('local-change')).toBe(2);
    // Missing from counts: counted from the items.
    expect(counts.get('remote-add')).toBe(1);
    expect(isInSync(counts)).toBe(false);
    expect(isInSync(kindCounts({ items: [], counts: { unchanged: 40 } }))).toBe(true);
  });

  it('says how many changes the run does, format updates apart', () => {
    // The remote addition cannot be taken, so it is not counted even with a stray 'take'.
    expect(runSummary(items)).toEqual({ changes: 1, formatUpdates: 1, settled: 0, label: 'Sync 1 change' });
    expect(runSummary([item('1', 'local-change', 'push'), item('4', 'local-change', 'push')]).label).toBe('Sync 2 changes');
    expect(runSummary([item('1', 'local-change', 'push')]).label).toBe('Sync 1 change');
    expect(runSummary([item('3', 'format-update', 'push')]).label).toBe('Send 1 format update');
    expect(runSummary([item('2', 'conflict', 'skip')]).label).toBeNull();
    // Rows the same on both sides are recorded by a run: alone, the button says so (else they would stay listed for ever).
    expect(runSummary([item('2', 'conflict', 'skip'), item('6', 'both-same', 'push')])).toEqual({ changes: 0, formatUpdates: 0, settled: 1, label: 'Record 1 component as synced' });
    expect(runSummary([item('1', 'local-change', 'push'), item('6', 'both-same', 'skip')]).label).toBe('Sync 1 change');
    expect(formatUpdateNotice(1240)).toBe('Envelope’s component format changed: 1,240 components will be sent again once.');
  });

  it('moves the keyboard cursor over items, skipping headers, clamped at both ends', () => {
    const rows = buildRows(items, 'all', '');
    expect(firstItemIndex(rows)).toBe(1);
    expect(firstItemIndex(rows, -1)).toBe(6);
    expect(nextItemIndex(rows, 1, 1)).toBe(3);
    expect(nextItemIndex(rows, 3, -1)).toBe(1);
    expect(nextItemIndex(rows, 1, -1)).toBe(1);
    expect(nextItemIndex(rows, 6, 1)).toBe(6);
    expect(nextItemIndex(rows, 1, 3)).toBe(6);
    expect(nextItemIndex(rows, 6, -10)).toBe(1);
    expect(nextItemIndex(rows, -1, 1)).toBe(1);
    expect(nextItemIndex([], 0, 1)).toBe(-1);
  });
});

describe('what-changed chips in the list', () => {
  const withChips = (key: string, kind: SyncKind, chips?: SyncItem['chips']): SyncItem => ({ ...item(key, kind), ...(chips ? { chips } : {}) });
  const items = [withChips('a', 'local-change', ['fill', 'text']), withChips('b', 'remote-change', ['text']), withChips('c', 'local-add'), withChips('d', 'format-update', ['fill'])];

  it('filters the rows by one chip, keeping the kind filter and search', () => {
    const keys = (rows: ReturnType<typeof buildRows>) => rows.flatMap((row) => (row.type === 'item' ? [row.item.key] : []));
    expect(keys(buildRows(items, 'all', '', 'text'))).toEqual(['a', 'b']);
    expect(keys(buildRows(items, 'remote-change', '', 'text'))).toEqual(['b']);
    expect(keys(buildRows(items, 'all', '', 'fill'))).toEqual(['a']);
    expect(keys(buildRows(items, 'all', 'zzz', 'fill'))).toEqual([]);
  });

  it('says what matched nothing: the search, the kind and the kind of change, with the right article', () => {
    expect(noMatchText('  Hero ', 'remote-change', 'fill')).toBe('No component matches “Hero” in incoming with a “fill” change.');
    expect(noMatchText('', 'all', 'effect')).toBe('No component matches with an “effect” change.');
    expect(noMatchText('', 'all', 'other')).toBe('No component matches with an “other properties” change.');
    expect(noMatchText('x', 'conflict', null)).toBe('No component matches “x” in conflicts.');
  });

  it('counts rows per chip in the chips’ order, format updates aside', () => {
    expect(changeCounts(items, ['fill', 'text', 'size'])).toEqual([
      ['fill', 1],
      ['text', 2],
    ]);
  });

  it('summarizes every row: counts first, then one line per component with its chips', () => {
    const text = summaryText(items, 'Newsletter');
    expect(text.split('\n').slice(0, 5)).toEqual(['Design-system sync of Newsletter: 3 components changed, none to sync, plus 1 format update', 'Local changes: 1', 'Added here: 1', 'Incoming: 1', 'Format updates: 1']);
    expect(text).toContain('- a [fill, text] (skipped for now)');
    expect(text).toContain('- b [text] (skipped for now)');
    expect(text).toContain('- c (skipped for now)');
    for (const entry of items) expect(text).toContain(`- ${entry.key}`);
  });
});

describe('one count of rows for "All", the badge and the summary', () => {
  it('counts every kind the list shows under "All": the same on both sides yes, format updates and unchanged no; a replaced pair once', () => {
    expect(syncKindSchema.options.filter((kind) => !isListedKind(kind))).toEqual(['unchanged', 'format-update']);
    expect(listedRowCount({ unchanged: 40, 'local-change': 2, 'both-same': 1, 'format-update': 300, 'local-add': 1, 'local-delete': 1 }, 1)).toBe(4);
  });

  it('heads the summary with that count, format updates after it, or alone', () => {
    const rows = [item('a', 'local-change', 'push'), item('b', 'both-same'), item('c', 'format-update'), item('d', 'format-update')];
    expect(summaryHeadline(rows)).toBe('2 components changed, 1 of them to sync, plus 2 format updates');
    expect(summaryHeadline(rows.slice(0, 1))).toBe('1 component to sync');
    expect(summaryHeadline(rows.slice(2))).toBe('2 format updates to send');
    expect(summaryText(rows.slice(1, 2), 'Kit').split('\n')[0]).toBe('Design-system sync of Kit: 1 component changed, none to sync');
  });

  it('says a conflict’s choice as the team reads it, not “keep mine” or “take theirs” (whose, in a team channel?)', () => {
    const text = summaryText([item('a', 'conflict', 'push', 'Card'), item('b', 'conflict', 'take', 'Hero'), item('c', 'conflict', 'skip', 'Badge')], 'Kit');
    expect(text).toContain('- Card (keep this file’s version)');
    expect(text).toContain('- Hero (take the design system’s version)');
    expect(text).toContain('- Badge (not decided: skipped for now)');
  });

  it('says how many of them sync, as the Sync button counts: skipped rows, conflicts not decided and remote additions do not', () => {
    const rows = [
      item('a', 'local-change', 'push'),
      item('b', 'local-change', 'skip'),
      item('c', 'conflict', 'skip'),
      item('d', 'conflict', 'take'),
      item('e', 'remote-add', 'skip'),
      item('f', 'remote-change', 'take'),
    ];
    expect(runSummary(rows).label).toBe('Sync 3 changes');
    // It said "6 components to sync".
    expect(summaryHeadline(rows)).toBe('6 components changed, 3 of them to sync');
    expect(summaryText(rows, 'Kit').split('\n')[0]).toBe('Design-system sync of Kit: 6 components changed, 3 of them to sync');
  });
});

describe('replaced components in the list', () => {
  const items = [item('old', 'local-delete', 'push', 'Banner'), item('new', 'local-add', 'push', 'Banner'), item('x', 'local-change', 'push', 'Card'), item('y', 'remote-change', 'take', 'Hero')];
  const replacements = [{ oldKey: 'old', newKey: 'new' }];

  it('shows a pair as one row in a "replaced" group after the other changes made here, unless kept apart', () => {
    const pairs = activePairs(items, replacements);
    expect([...pairs].map(([key, deleted]) => [key, deleted.key])).toEqual([['new', 'old']]);
    const rows = buildRows(items, 'all', '', null, pairs);
    expect(rows.map((row) => (row.type === 'header' ? `# ${row.kind} ${row.count}` : `${row.item.key}${row.replaces ? `<${row.replaces.key}` : ''}`))).toEqual([
      '# local-change 1',
      'x',
      '# replaced 1',
      'new<old',
      '# remote-change 1',
      'y',
    ]);
    // Kept apart: the sandbox no longer lists the pair.
    expect(activePairs(items, []).size).toBe(0);
    expect(buildRows(items, 'all', '', null, new Map()).filter((row) => row.type === 'item')).toHaveLength(4);
  });

  it('pairs only rows still deleted and added; filters by the kinds it is made of', () => {
    expect(activePairs([item('old', 'local-delete'), item('new', 'local-change')], replacements).size).toBe(0);
    const pairs = activePairs(items, replacements);
    expect(buildRows(items, 'local-delete', '', null, pairs).filter((row) => row.type === 'item')).toHaveLength(1);
    expect(buildRows(items, 'remote-change', '', null, pairs).some((row) => row.type === 'item' && row.item.key === 'new')).toBe(false);
  });

  it('counts a pair as one change on the Sync button, whichever of its keys run; apart, as two', () => {
    const pairs = activePairs(items, replacements);
    expect(runSummary(items, pairs).label).toBe('Sync 3 changes');
    expect(runSummary(items, new Map()).label).toBe('Sync 4 changes');
    const oldOnly = [item('old', 'local-delete', 'push', 'Banner'), item('new', 'local-add', 'skip', 'Banner')];
    expect(runSummary(oldOnly, activePairs(oldOnly, replacements)).label).toBe('Sync 1 change');
    const neither = [item('old', 'local-delete', 'skip', 'Banner'), item('new', 'local-add', 'skip', 'Banner')];
    expect(runSummary(neither, activePairs(neither, replacements)).label).toBeNull();
  });

  it('summarizes a pair as one line with both keys, counted once', () => {
    const text = summaryText(items, null, activePairs(items, replacements));
    expect(text.split('\n')[0]).toBe('Design-system sync: 3 components to sync');
    expect(text).toContain('Replaced: 1');
    expect(text).toContain('- Banner (re-created: old key old, new key new; will be pushed: the old key deleted, the new one added)');
    expect(text.match(/Banner/g)).toHaveLength(1);
  });

  it('shows a replaced row’s chips (the added component against the deleted one): on the row, in the filter and the summary; kept apart, the addition has none', () => {
    const withChips = [item('old', 'local-delete', 'push', 'Banner'), { ...item('new', 'local-add', 'push', 'Banner'), chips: ['fill' as const, 'other' as const], otherProperties: ['opacity'] }, { ...item('x', 'local-change', 'push', 'Card'), chips: ['text' as const] }];
    const pairs = activePairs(withChips, replacements);
    const shown = withPairChips(withChips, pairs);
    const keysOf = (rows: ReturnType<typeof buildRows>) => rows.flatMap((row) => (row.type === 'item' ? [row.item.key] : []));
    expect(keysOf(buildRows(shown, 'all', '', 'fill', pairs))).toEqual(['new']);
    expect(keysOf(buildRows(shown, 'all', '', 'text', pairs))).toEqual(['x']);
    expect(changeCounts(shown, ['fill', 'text'])).toEqual([
      ['fill', 1],
      ['text', 1],
    ]);
    expect(summaryText(shown, null, pairs)).toContain('- Banner [fill, other properties (opacity)] (re-created: old key old, new key new;');
    // No longer paired (kept apart, the sandbox lists no pair): a plain addition, without chips (nothing it is compared with).
    const apart = withPairChips(withChips, activePairs(withChips, []));
    expect(apart.find((entry) => entry.key === 'new')?.chips).toBeUndefined();
    // The names of its other properties came from that comparison too.
    expect(apart.find((entry) => entry.key === 'new')?.otherProperties).toBeUndefined();
    expect(changeCounts(apart, ['fill', 'text'])).toEqual([['text', 1]]);
  });

  it('finds a replaced row by the deleted component’s name too (renamed re-creations)', () => {
    const renamed = [item('old', 'local-delete', 'push', 'Button'), item('new', 'local-add', 'push', 'Call to action')];
    const rows = buildRows(renamed, 'all', 'button', null, activePairs(renamed, replacements));
    expect(rows.filter((row) => row.type === 'item').map((row) => (row.type === 'item' ? row.item.key : ''))).toEqual(['new']);
  });

  it('says what will be sent when the two keys of a pair were chosen apart (the deletion skipped before the new one was made)', () => {
    const mixed = [item('old', 'local-delete', 'skip', 'Banner'), item('new', 'local-add', 'push', 'Banner')];
    expect(replacementChoiceText(mixed[1]!, mixed[0]!)).toBe('Only the new key will be added; deleting the old one is skipped');
    expect(replacementChoiceText(item('new', 'local-add', 'skip'), item('old', 'local-delete', 'push'))).toBe('Only the old key will be deleted; adding the new one is skipped');
    expect(replacementChoiceText(item('new', 'local-add', 'skip'), item('old', 'local-delete', 'skip'))).toBe('Skipped for now');
    const text = summaryText(mixed, null, activePairs(mixed, replacements));
    expect(text).toContain('- Banner (re-created: old key old, new key new; only the new key will be added; deleting the old one is skipped)');
  });
});

describe('a comparison with no component on either side', () => {
  it('is told apart from one where every component is the same on both sides', () => {
    expect(hasNoComponents({ unchanged: 0, 'changed-local': 0 })).toBe(true);
    expect(hasNoComponents({})).toBe(true);
    expect(hasNoComponents({ unchanged: 40 })).toBe(false);
    expect(hasNoComponents({ unchanged: 0, 'added-remote': 2 })).toBe(false);
  });
});

describe('a row’s chips folded into "+N"', () => {
  it('shows every chip once they fit side by side in the row’s room, the "+N"’s own place counted, whatever folded before', () => {
    // "name" and "fill" with a 2 px gap need 58 px.
    const widths = [36, 20];
    expect(foldedChipCount(widths, 2, 76, 1)).toBe(0);
    expect(foldedChipCount(widths, 2, 59, 2)).toBe(0);
    expect(foldedChipCount(widths, 2, 80, 0)).toBe(0);
  });

  it('otherwise counts those the line left out, with a pixel to spare so that a fit at the edge does not flip', () => {
    expect(foldedChipCount([36, 20], 2, 58.5, 1)).toBe(1);
    expect(foldedChipCount([36, 20], 2, 40, 1)).toBe(1);
    expect(foldedChipCount([36, 20], 2, 23, 2)).toBe(2);
    // Without a "+N" the line decides: nothing left out is nothing folded.
    expect(foldedChipCount([36, 20], 2, 58, 0)).toBe(0);
    expect(foldedChipCount([], 2, 0, 0)).toBe(0);
  });
});
