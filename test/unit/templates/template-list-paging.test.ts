// The templates list across several pages when something changes here (a save, a deletion): the
// pages shown stay, and "Show more" reads on from the rows held, skipping none.
import { describe, expect, it } from 'vitest';
import type { TemplatePage, TemplateRow } from '../../../src/shared/bridge/messages';
import { answerTemplatePage, askTemplatePage, hasMoreTemplates, initialTemplateList, nextTemplatePage, removeTemplateRow, topChangedSinceRead, type TemplateListState } from '../../../ui/templates/template-list-state';

const row = (name: string): TemplateRow => ({ id: name, name, description: '', updatedAt: '2026-11-24T10:00:00.000Z', thumbnailUrl: null, linkedFrame: null });
const names = (state: { rows: TemplateRow[] }) => state.rows.map((each) => each.name);

/** A workspace of templates, newest first, read 3 to a page as the sandbox answers. */
function workspace(all: string[]) {
  return (page: number): TemplatePage => ({ templates: all.slice((page - 1) * 3, page * 3).map(row), page, total: all.length, hasMore: page * 3 < all.length });
}

function read(state: TemplateListState, page: number, answer: TemplatePage, keepBelow = false): TemplateListState {
  const request = state.awaiting + 1;
  return answerTemplatePage(askTemplatePage(state, page, request, keepBelow), request, answer);
}

describe('the templates list after a change made here', () => {
  it('keeps the pages below page 1 when it reads page 1 again, and Show more reads on without skipping or repeating', () => {
    let pages = workspace(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    let state = read(initialTemplateList, 1, pages(1));
    state = read(state, nextTemplatePage(state), pages(2));
    expect(names(state)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    // E deleted from its row; the workspace now holds the rest.
    state = removeTemplateRow(state, 'E');
    pages = workspace(['A', 'B', 'C', 'D', 'F', 'G', 'H']);
    state = read(state, 1, pages(1), true);
    expect(names(state)).toEqual(['A', 'B', 'C', 'D', 'F']);
    // A template saved here goes to the top.
    pages = workspace(['N', 'A', 'B', 'C', 'D', 'F', 'G', 'H']);
    state = read(state, 1, pages(1), true);
    expect(names(state)).toEqual(['N', 'A', 'B', 'C', 'D', 'F']);
    expect(hasMoreTemplates(state)).toBe(true);
    state = read(state, nextTemplatePage(state), pages(nextTemplatePage(state)));
    expect(names(state)).toEqual(['N', 'A', 'B', 'C', 'D', 'F', 'G', 'H']);
    expect(hasMoreTemplates(state)).toBe(false);
  });
});

describe('the templates list when a teammate changes one between pages', () => {
  it('reads on to the end without asking for the same page again (a filter reads every page: it would never stop)', () => {
    let pages = workspace(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    let state = read(initialTemplateList, 1, pages(1));
    // G, not read yet, is changed in the builder app: it moves to the top, and C slides onto page 2.
    pages = workspace(['G', 'A', 'B', 'C', 'D', 'E', 'F', 'H']);
    const asked: number[] = [];
    for (let reads = 0; reads < 10 && hasMoreTemplates(state); reads++) {
      const page = nextTemplatePage(state);
      asked.push(page);
      state = read(state, page, pages(page));
    }
    expect(hasMoreTemplates(state)).toBe(false);
    expect(asked).toEqual([2, 3]);
    expect(names(state)).toEqual(expect.arrayContaining(['A', 'B', 'C', 'D', 'E', 'F', 'H']));
  });
});

describe('the templates list when a teammate saves or changes one while pages are read', () => {
  it('reads page 1 again once to show the template that went to the top, then stops', () => {
    let pages = workspace(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    let state = read(initialTemplateList, 1, pages(1));
    expect(topChangedSinceRead(state)).toBe(false);
    // A teammate saves N and changes G: both go to the top, and page 2 repeats templates held.
    pages = workspace(['N', 'G', 'A', 'B', 'C', 'D', 'E', 'F', 'H']);
    while (hasMoreTemplates(state)) state = read(state, nextTemplatePage(state), pages(nextTemplatePage(state)));
    expect(topChangedSinceRead(state)).toBe(true);
    state = read(state, 1, pages(1), true);
    expect(topChangedSinceRead(state)).toBe(false);
    expect([...names(state)].sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'N']);
    expect(hasMoreTemplates(state)).toBe(false);
  });
});

describe('the templates list read afresh with a new key, and read again before its answer', () => {
  it('keeps no row read with the old key: a deletion answered meanwhile reads page 1 again, and that read stays afresh', () => {
    let state = read(initialTemplateList, 1, workspace(['A', 'B', 'C', 'D', 'E', 'F'])(1));
    state = read(state, nextTemplatePage(state), workspace(['A', 'B', 'C', 'D', 'E', 'F'])(2));
    expect(names(state)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    // A new key is saved: page 1 is read afresh. Before its answer, a deletion sent with the old key is answered, and page 1 is read again.
    state = askTemplatePage(state, 1, state.awaiting + 1, false);
    state = removeTemplateRow(state, 'B');
    const again = state.awaiting + 1;
    state = askTemplatePage(state, 1, again, true);
    state = answerTemplatePage(state, again, workspace(['X', 'Y'])(1));
    expect(names(state)).toEqual(['X', 'Y']);
  });

  it('keeps the rows below once the read afresh was answered (page 1 read again after a change)', () => {
    let state = read(initialTemplateList, 1, workspace(['A', 'B', 'C', 'D'])(1));
    state = read(state, nextTemplatePage(state), workspace(['A', 'B', 'C', 'D'])(2));
    state = removeTemplateRow(state, 'B');
    state = read(state, 1, workspace(['A', 'C', 'D'])(1), true);
    expect(names(state)).toEqual(['A', 'C', 'D']);
  });
});
