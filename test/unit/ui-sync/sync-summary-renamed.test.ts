// A renamed row in the copied summary says its other name: "- Divider line [name]" told the team
// channel nothing of what the component was called before.
import { describe, expect, it } from 'vitest';
import type { SyncItem, SyncKind } from '../../../src/shared/bridge/messages';
import { otherNameText } from '../../../ui/sync/sync-kinds';
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

  it('follows the row’s name in the copied summary, before its chips', () => {
    const lines = summaryText([item('a', 'local-change', 'Divider line', 'Divider'), item('b', 'remote-change', 'Badge', 'Badge / Small'), item('d', 'local-change', 'Card')], null).split('\n');
    expect(lines).toContain('- Divider line, was “Divider” [name] (will be pushed)');
    expect(lines).toContain('- Badge, named “Badge / Small” in the design system [name] (will be taken into this file)');
    expect(lines).toContain('- Card [name] (will be pushed)');
  });
});
