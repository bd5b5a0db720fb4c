// A deletion whose answer was lost may have gone through: pressed again, the builder's "already
// gone" is then this designer's own deletion, not a teammate's. The row knew it only while drawn:
// hidden by the filter, it unmounted and forgot, and the retry read "already deleted elsewhere".
// The list keeps it, by template id, for as long as the row is held.
import { describe, expect, it } from 'vitest';
import type { TemplatePage, TemplateRow } from '../../../src/shared/bridge/messages';
import { answerTemplatePage, askTemplatePage, deletedElsewhere, failTemplatePage, initialTemplateList, markDeletionUnconfirmed, removeTemplateRow, type TemplateListState } from '../../../ui/templates/template-list-state';

const row = (name: string): TemplateRow => ({ id: name, name, description: '', updatedAt: '2026-11-24T10:00:00.000Z', thumbnailUrl: null, linkedFrame: null });
const page = (names: string[]): TemplatePage => ({ templates: names.map(row), page: 1, total: names.length, hasMore: false });

function read(state: TemplateListState, names: string[], keepBelow = false): TemplateListState {
  const request = state.awaiting + 1;
  return answerTemplatePage(askTemplatePage(state, 1, request, keepBelow), request, page(names));
}

describe('a deletion from here that may have gone through unconfirmed', () => {
  it('makes a later “already gone” for that template this designer’s deletion, and for no other', () => {
    const state = markDeletionUnconfirmed(read(initialTemplateList, ['A', 'B']), 'A');
    expect(deletedElsewhere(state, 'A', true)).toBe(false);
    expect(deletedElsewhere(state, 'B', true)).toBe(true);
    // Deleted from here with the builder's own answer: never "elsewhere".
    expect(deletedElsewhere(state, 'A', false)).toBe(false);
    expect(deletedElsewhere(initialTemplateList, 'A', true)).toBe(true);
  });

  it('is kept while the list reads again with the row held, marked once however often it failed', () => {
    let state = markDeletionUnconfirmed(read(initialTemplateList, ['A', 'B']), 'A');
    state = markDeletionUnconfirmed(state, 'A');
    expect(state.deletionsUnconfirmed).toEqual(['A']);
    // A save here reads page 1 again, the rows below kept.
    state = read(state, ['C', 'A', 'B'], true);
    expect(deletedElsewhere(state, 'A', true)).toBe(false);
  });

  it('goes with its row: once deleted, or no longer in a list read afresh, or refused with the key', () => {
    const marked = markDeletionUnconfirmed(read(initialTemplateList, ['A', 'B']), 'A');
    expect(removeTemplateRow(marked, 'A').deletionsUnconfirmed).toEqual([]);
    expect(removeTemplateRow(marked, 'B').deletionsUnconfirmed).toEqual(['A']);
    expect(read(marked, ['B']).deletionsUnconfirmed).toEqual([]);
    const request = marked.awaiting + 1;
    const refused = failTemplatePage(askTemplatePage(marked, 1, request), request, { message: 'The builder API key was not accepted.', action: 'settings', frameId: null });
    expect(refused.deletionsUnconfirmed).toEqual([]);
  });
});
