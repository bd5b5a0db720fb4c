// A row whose chips include "other properties" says which (the sandbox names them: see
// src/sync/other-properties.ts): "Changed: fill, other properties" sent the designer into the
// row, and the copied summary told the team channel nothing more.
import { describe, expect, it } from 'vitest';
import type { SyncItem } from '../../../src/shared/bridge/messages';
import { chipsText, otherPropertiesRowText, replacementSummary } from '../../../ui/sync/sync-kinds';
import { summaryText } from '../../../ui/sync/sync-summary';

function item(key: string, name: string, chips: SyncItem['chips'], otherProperties?: string[]): SyncItem {
  return { key, name, kind: 'local-change', componentKind: 'component', choice: 'push', remoteUpdatedBy: null, remoteUpdatedAt: null, chips, ...(otherProperties === undefined ? {} : { otherProperties }) };
}

describe('the “other properties” chip’s words', () => {
  it('say what it stands for after it, when named, and only “other properties” when not', () => {
    expect(chipsText(['fill', 'other'], ['opacity', 'corner radius'])).toBe('fill, other properties (opacity, corner radius)');
    expect(chipsText(['fill', 'other'])).toBe('fill, other properties');
    expect(chipsText(['fill', 'other'], [])).toBe('fill, other properties');
    expect(chipsText(['fill'], ['opacity'])).toBe('fill');
  });

  it('lead the row’s quiet line, only with the chip', () => {
    expect(otherPropertiesRowText(item('a', 'Card', ['fill', 'other'], ['opacity', 'corner radius']))).toBe('Other: opacity, corner radius');
    expect(otherPropertiesRowText(item('b', 'Card', ['fill', 'other']))).toBeNull();
    expect(otherPropertiesRowText(item('c', 'Card', ['fill'], ['opacity']))).toBeNull();
    expect(otherPropertiesRowText(item('d', 'Card', undefined))).toBeNull();
  });

  it('are in the copied summary’s line for the row, and a replaced row’s', () => {
    const lines = summaryText([item('a', 'Header', ['fill', 'other'], ['opacity', 'corner radius']), item('b', 'Footer', ['fill'])], null).split('\n');
    expect(lines).toContain('- Header [fill, other properties (opacity, corner radius)] (will be pushed)');
    expect(lines).toContain('- Footer [fill] (will be pushed)');
    const deleted: SyncItem = { ...item('old', 'Card', undefined), kind: 'local-delete' };
    const added: SyncItem = { ...item('new', 'Card', ['other'], ['rotation']), kind: 'local-add' };
    expect(replacementSummary(deleted, added)).toContain('Card [other properties (rotation)] (re-created');
  });
});
