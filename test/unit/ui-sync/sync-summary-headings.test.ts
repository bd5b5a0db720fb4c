// The copied summary's headings: each a group's name as the list heads it, plural like the others
// ("Format update: 2" stood among "Local changes: 1" and "Added here: 1"), each count that of the
// lines under its heading, the groups in the list's order (replaced rows after those deleted here).
import { describe, expect, it } from 'vitest';
import type { SyncItem, SyncKind } from '../../../src/shared/bridge/messages';
import { activePairs } from '../../../ui/sync/sync-rows';
import { KIND_ONE } from '../../../ui/sync/sync-kinds';
import { summaryText } from '../../../ui/sync/sync-summary';

function item(key: string, kind: SyncKind, name = key): SyncItem {
  return { key, name, kind, componentKind: 'component', choice: 'push', remoteUpdatedBy: null, remoteUpdatedAt: null };
}

const items = [
  item('f1', 'format-update'),
  item('f2', 'format-update'),
  item('r', 'remote-change'),
  item('old', 'local-delete', 'Banner'),
  item('new', 'local-add', 'Banner'),
  item('gone', 'local-delete'),
  item('a', 'local-change'),
];

/** The count lines after the first line, and the heading of each section with its lines. */
function parts(text: string): { counts: string[]; sections: Array<[string, number]> } {
  const [head, ...sections] = text.trimEnd().split('\n\n');
  return { counts: head!.split('\n').slice(1), sections: sections.map((section) => [section.split('\n')[0]!, section.split('\n').length - 1]) };
}

describe('the copied summary’s headings', () => {
  it('are plural like the other groups, format updates too, each counting the lines under it', () => {
    const { counts, sections } = parts(summaryText(items, 'Kit', activePairs(items, [{ oldKey: 'old', newKey: 'new' }])));
    expect(counts).toEqual(['Local changes: 1', 'Deleted here: 1', 'Replaced: 1', 'Incoming: 1', 'Format updates: 2']);
    expect(sections.map(([heading, lines]) => `${heading.slice(0, -1)}: ${lines}`)).toEqual(counts);
  });

  it('names one format update in the singular where a single component is meant (its detail)', () => {
    expect(KIND_ONE['format-update']).toBe('Format update');
    expect(parts(summaryText([item('f', 'format-update')], null)).counts).toEqual(['Format updates: 1']);
  });
});
