import { describe, expect, it } from 'vitest';
import type { SyncItem } from '../../../src/shared/bridge/messages';
import { sameNameRowText, sameNameSummary, sameNameText } from '../../../ui/sync/same-name';
import { summaryText } from '../../../ui/sync/sync-summary';

const NOW = Date.parse('2026-12-03T12:00:00.000Z');

function item(kind: SyncItem['kind'], sameName?: SyncItem['sameName']): SyncItem {
  return { key: kind, name: 'Button', kind, componentKind: 'component_set', choice: kind === 'local-add' ? 'push' : 'skip', remoteUpdatedBy: null, remoteUpdatedAt: null, ...(sameName ? { sameName } : {}) };
}

describe('an addition whose name the other side adds too, in words', () => {
  const mine = item('local-add', { key: 'theirs', by: 'Robin Vale (builder app)', at: '2026-11-27T12:00:00.000Z' });
  const theirs = item('remote-add', { key: 'mine', by: null, at: null });

  it('says, for the file’s, that pushing adds a second one, whose the first is and what to do', () => {
    expect(sameNameRowText(mine)).toBe('Name already in the design system');
    const words = sameNameText(mine, NOW)!;
    expect(words).toContain('The design system already has a “Button”, added there by Robin Vale (builder app), 6 days ago, not from this file.');
    expect(words).toContain('Pushing this one adds a second “Button”');
    expect(words).toContain('rename it first, or untick it');
  });

  it('says, for the design system’s, that the file adds one of its own', () => {
    expect(sameNameRowText(theirs)).toBe('Same name added here');
    expect(sameNameText(theirs, NOW)).toBe('This file adds a “Button” of its own, not synced yet: pushing it makes two components named “Button” in the design system.');
  });

  it('says nothing for a row without a namesake', () => {
    expect(sameNameRowText(item('local-add'))).toBeNull();
    expect(sameNameText(item('local-add'), NOW)).toBeNull();
    expect(sameNameSummary(item('remote-add'))).toBeNull();
  });

  it('is in the copied summary’s line of each', () => {
    const text = summaryText([mine, theirs], 'Northwind');
    expect(text).toContain('- Button (will be pushed; the design system already has one of this name, not from this file: pushing adds a second)');
    expect(text).toContain('- Button (only in the design system; this file adds one of this name)');
  });
});
