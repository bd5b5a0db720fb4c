// A renamed row says its other name in the copied summary ("- Divider line [name]" told the team
// channel nothing of what it was called before) and is found by it in the search.
import { describe, expect, it } from 'vitest';
import type { SyncItem, SyncKind } from '../../../src/shared/bridge/messages';
import { otherNameRowText, otherNameText } from '../../../ui/sync/sync-kinds';
import { buildRows } from '../../../ui/sync/sync-rows';
import { summaryText } from '../../../ui/sync/sync-summary';

function item(key: string, kind: SyncKind, name: string, otherName?: string): SyncItem {
  return { key, name, kind, componentKind: 'component', choice: kind === 'conflict' ? 'skip' : kind === 'remote-change' ? 'take' : 'push', remoteUpdatedBy: null, remoteUpdatedAt: null, chips: ['name'], ...(otherName === undefined ? {} : { otherName }) };
}

describe('a renamed row’s other name', () => {
  it('is what a change made here was last synced as, and what the design system calls an incoming change or a conflict', () => {
    expect(otherNameText(item('a', 'local-change', 'Divider line', 'Divider'))).toBe('was “Divider”');
    expect(otherNameText(item('b', 'remote-change', 'Badge', 'Badge / Small'))).toBe('named “Badge / Small” in the design system');
    expect(otherNameText(item('c', 'conflict', 'Tag', 'Label'))).toBe('named “Label” in the design system');
    expect(otherNameText(item('d', 'local-change', 'Card'))).toBeNull();
  });

  it('is short on the row’s quiet line, leaving room at 320 px for the choice after it', () => {
    expect(otherNameRowText(item('a', 'local-change', 'Divider line', 'Divider'))).toBe('Was “Divider”');
    expect(otherNameRowText(item('b', 'remote-change', 'Badge', 'Badge / Small'))).toBe('Renamed “Badge / Small”');
    expect(otherNameRowText(item('c', 'conflict', 'Tag', 'Label'))).toBe('Theirs: “Label”');
    expect(otherNameRowText(item('d', 'local-change', 'Card'))).toBeNull();
  });

  it('follows the row’s name in the copied summary, before its chips', () => {
    const lines = summaryText([item('a', 'local-change', 'Divider line', 'Divider'), item('b', 'remote-change', 'Badge', 'Badge / Small'), item('d', 'local-change', 'Card')], null).split('\n');
    expect(lines).toContain('- Divider line, was “Divider” [name] (will be pushed)');
    expect(lines).toContain('- Badge, named “Badge / Small” in the design system [name] (will be taken into this file)');
    expect(lines).toContain('- Card [name] (will be pushed)');
  });
});

describe('the search', () => {
  it('finds a renamed row by its other name too, as its line shows it', () => {
    const items = [item('a', 'local-change', 'Rule', 'Divider'), item('b', 'remote-change', 'Badge', 'Pill'), item('c', 'local-change', 'Card')];
    const keys = (query: string) => buildRows(items, 'all', query).flatMap((row) => (row.type === 'item' ? [row.item.key] : []));
    expect(keys('divider')).toEqual(['a']);
    expect(keys('pill')).toEqual(['b']);
    expect(keys('card')).toEqual(['c']);
  });
});
