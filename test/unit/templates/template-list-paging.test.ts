// The templates list across several pages when something changes here (a save, a deletion): the
// pages shown stay, and "Show more" reads on from the rows held, skipping none.
import { describe, expect, it } from 'vitest';
import type { TemplatePage, TemplateRow } from '../../../src/shared/bridge/messages';
import { answerTemplatePage, askTemplatePage, askTemplatePageAgain, deletedElsewhere, failTemplatePage, hasMoreTemplates, initialTemplateList, markDeletionUnconfirmed, nextTemplatePage, removeTemplateRow, topChangedSinceRead, type TemplateListState } from '../../../ui/templates/template-list-state';

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
    // G, changed before it was read, cannot be told from one made since: counted as one deleted
    // elsewhere too (too many asks a page again, never skips one), so Show more reads the last page
    // once more, which counts them exactly.
    for (let presses = 0; presses < 2 && hasMoreTemplates(state); presses++) {
      state = read(state, nextTemplatePage(state), pages(nextTemplatePage(state)));
      if (topChangedSinceRead(state)) state = read(state, 1, pages(1), true);
    }
    expect(hasMoreTemplates(state)).toBe(false);
    expect([...names(state)].sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'N']);
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

  it('stays afresh after that read failed: page 1 read again then (a save, a deletion answered, coming back) keeps no row read with the old key', () => {
    let state = read(initialTemplateList, 1, workspace(['A', 'B', 'C', 'D', 'E', 'F'])(1));
    state = read(state, nextTemplatePage(state), workspace(['A', 'B', 'C', 'D', 'E', 'F'])(2));
    const afresh = state.awaiting + 1;
    state = failTemplatePage(askTemplatePage(state, 1, afresh, false), afresh, { message: 'The builder could not be reached.', action: null, frameId: null });
    expect(names(state), 'the rows shown while the read afresh failed').toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    state = read(state, 1, workspace(['X', 'Y'])(1), true);
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

describe('the templates list when a teammate deletes one from the pages read', () => {
  /** A workspace as the builder lists it, newest change first: each template a minute older than the one before (its time its own, whatever is deleted). */
  function dated(all: string[]) {
    const rowOf = (name: string): TemplateRow => ({ ...row(name), updatedAt: new Date(Date.UTC(2026, 10, 24, 10, 0) - ALL.indexOf(name) * 60_000).toISOString() });
    return (page: number): TemplatePage => ({ templates: all.slice((page - 1) * 3, page * 3).map(rowOf), page, total: all.length, hasMore: page * 3 < all.length });
  }
  const ALL = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
  /** The first `count` pages of ALL read, before any teammate's deletion. */
  function pagesRead(count: number): TemplateListState {
    let state = initialTemplateList;
    for (let page = 1; page <= count; page++) state = read(state, page, dated(ALL)(page));
    return state;
  }
  /** Reads on as the screen does: the page readAgain names first, then the next page while there are more. */
  function readToEnd(state: TemplateListState, pages: (page: number) => TemplatePage, asked: number[]): TemplateListState {
    for (let reads = 0; reads < 10 && (state.readAgain !== null || hasMoreTemplates(state)); reads++) {
      const request = state.awaiting + 1;
      const page = state.readAgain ?? nextTemplatePage(state);
      asked.push(page);
      state = answerTemplatePage(state.readAgain !== null ? askTemplatePageAgain(state, page, request) : askTemplatePage(state, page, request), request, pages(page));
    }
    return state;
  }

  it('reads the page before again, so the template that slid onto it is not skipped, and ends where it stood', () => {
    let state = pagesRead(2);
    expect(names(state)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    // A teammate deletes B: G, first on page 3, is now last on page 2, read already.
    const left = ALL.filter((name) => name !== 'B');
    const asked: number[] = [];
    state = readToEnd(state, dated(left), asked);
    expect(asked).toEqual([3, 2]);
    // B stays until the list is read again (its Open then says it is gone); G is in its place, none repeated.
    expect(names(state)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect(state.page).toBe(3);
    expect(hasMoreTemplates(state)).toBe(false);
    expect(state.last?.total).toBe(7);
  });

  it('keeps the rows below when page 1, read again so, is read once more before its answer (a save or a deletion here meanwhile)', () => {
    let state = pagesRead(1);
    // A teammate deletes A: page 2 now starts at E, and D slid onto page 1, to be read again.
    const left = ALL.filter((name) => name !== 'A');
    state = read(state, 2, dated(left)(2));
    expect(state.readAgain).toBe(1);
    state = askTemplatePageAgain(state, 1, state.awaiting + 1);
    // Before its answer, a save here reads page 1 again, keeping the rows below.
    state = read(state, 1, dated(left)(1), true);
    expect(names(state)).toEqual(['B', 'C', 'D', 'A', 'E', 'F', 'G']);
  });

  it('reads on to the last page: the row gone elsewhere, still held, is not counted as a template read', () => {
    let state = pagesRead(1);
    // A teammate deletes A: D slid onto page 1, and H is alone on page 3.
    const left = ALL.filter((name) => name !== 'A');
    const asked: number[] = [];
    state = readToEnd(state, dated(left), asked);
    expect(asked).toEqual([2, 1, 3]);
    expect(names(state)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect(hasMoreTemplates(state)).toBe(false);
    // Deleted from its row, A is found gone: the count of rows gone elsewhere goes with it, the builder's count stays.
    state = removeTemplateRow(state, 'A', true);
    expect(state.goneElsewhere).toBe(0);
    expect(state.last?.total).toBe(7);
  });

  it('ends, and stays ended, when the template deleted elsewhere was on a page not read yet (nothing read for ever)', () => {
    let state = pagesRead(1);
    const left = ALL.filter((name) => name !== 'H');
    const asked: number[] = [];
    state = readToEnd(state, dated(left), asked);
    expect(names(state)).toEqual(left);
    expect(state.goneElsewhere).toBe(0);
    // A save here reads page 1 again, the rows below kept: nothing is left to read.
    state = read(state, 1, dated(left)(1), true);
    expect(hasMoreTemplates(state)).toBe(false);
  });

  it('counts a template deleted elsewhere found by page 1 read again (a save, coming back), so Show more does not skip the one that slid', () => {
    let state = pagesRead(2);
    const left = ALL.filter((name) => name !== 'A');
    state = read(state, 1, dated(left)(1), true);
    const asked: number[] = [];
    state = readToEnd(state, dated(left), asked);
    expect(names(state)).toEqual(expect.arrayContaining(left));
    expect(hasMoreTemplates(state)).toBe(false);
  });

  it('a page read again that failed leaves the list where it stood, and reading it again then joins it in order', () => {
    let state = pagesRead(2);
    const left = ALL.filter((name) => name !== 'B');
    state = read(state, 3, dated(left)(3));
    const failed = state.awaiting + 1;
    state = failTemplatePage(askTemplatePageAgain(state, 2, failed), failed, { message: 'The builder could not be reached.', action: null, frameId: null });
    expect(state.page).toBe(3);
    expect(state.readAgain).toBe(2);
    expect(state.problem).not.toBeNull();
    const again = state.awaiting + 1;
    state = answerTemplatePage(askTemplatePageAgain(state, 2, again), again, dated(left)(2));
    expect(names(state)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect(state.page).toBe(3);
    expect(state.problem).toBeNull();
    expect(hasMoreTemplates(state)).toBe(false);
  });

  it('a page to read again asked for after another read was (a deletion answered meanwhile reads page 1 again) is not read', () => {
    let state = pagesRead(1);
    state = read(state, 2, dated(ALL.filter((name) => name !== 'A'))(2));
    expect(state.readAgain).toBe(1);
    const reload = state.awaiting + 1;
    state = askTemplatePage(state, 1, reload, true);
    expect(askTemplatePageAgain(state, 1, reload + 1)).toBe(state);
  });

  it('reads nothing again after a deletion made here (its row went, the count with it, and page 1 was read again)', () => {
    const left = ALL.filter((name) => name !== 'B');
    let state = pagesRead(2);
    state = removeTemplateRow(state, 'B');
    state = read(state, 1, dated(left)(1), true);
    const asked: number[] = [];
    state = readToEnd(state, dated(left), asked);
    expect(asked).toEqual([2, 3]);
    expect(names(state)).toEqual(['A', 'C', 'D', 'E', 'F', 'G', 'H']);
  });
});

describe('the templates list read again when one page holds every template', () => {
  it('drops the rows a teammate deleted, which page 1 no longer lists, and counts none as gone elsewhere', () => {
    const state = read(initialTemplateList, 1, workspace(['A', 'B', 'C'])(1));
    // B deleted in the builder app; the screen opened again reads page 1, keeping the rows below.
    const again = read(state, 1, workspace(['A', 'C'])(1), true);
    expect(names(again)).toEqual(['A', 'C']);
    expect(again.goneElsewhere).toBe(0);
    expect(hasMoreTemplates(again)).toBe(false);
  });

  it('keeps a row in use (its rename typed, a change on its way, the keyboard in it): its own action says it is gone', () => {
    const state = read(initialTemplateList, 1, workspace(['A', 'B', 'C'])(1));
    const request = state.awaiting + 1;
    const again = answerTemplatePage(askTemplatePage(state, 1, request, true), request, workspace(['A', 'C'])(1), (id) => id === 'B');
    expect(names(again)).toEqual(['A', 'C', 'B']);
    // Held though the builder no longer lists it: counted so, and nothing more to read.
    expect(again.goneElsewhere).toBe(1);
    expect(hasMoreTemplates(again)).toBe(false);
  });

  it('keeps a row whose deletion here lost its answer: Delete again says it is deleted, where its row going would say nothing', () => {
    let state = read(initialTemplateList, 1, workspace(['A', 'B', 'C'])(1));
    state = markDeletionUnconfirmed(state, 'B');
    state = read(state, 1, workspace(['A', 'C'])(1), true);
    expect(names(state)).toEqual(['A', 'C', 'B']);
    expect(state.goneElsewhere).toBe(1);
    expect(hasMoreTemplates(state)).toBe(false);
    expect(deletedElsewhere(state, 'B', true)).toBe(false);
  });

  it('keeps the rows below page 1 while more pages follow it: which of them are gone is not known', () => {
    let state = read(initialTemplateList, 1, workspace(['A', 'B', 'C', 'D', 'E'])(1));
    state = read(state, 2, workspace(['A', 'B', 'C', 'D', 'E'])(2));
    state = read(state, 1, workspace(['A', 'B', 'C', 'E'])(1), true);
    expect(names(state)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });
});

describe('the templates list when a teammate deletes and adds templates (each keeps the time of its last change)', () => {
  /** When each template was last changed: a later letter's index, a later change; those made since are newer than all. */
  const changedAt = (name: string) => new Date(Date.UTC(2026, 10, 24, 10, 0) + (name.length > 1 || name >= 'N' ? 60 : -name.charCodeAt(0)) * 60_000).toISOString();
  /** The workspace as the builder lists it (newest change first, 3 to a page), in the order given. */
  function timed(all: string[]) {
    return (page: number): TemplatePage => ({ templates: all.slice((page - 1) * 3, page * 3).map((name) => ({ ...row(name), updatedAt: changedAt(name) })), page, total: all.length, hasMore: page * 3 < all.length });
  }
  /** Presses Show more (and reads page 1 again when the list asks for it, as the screen does) until none is offered. */
  function showMoreToEnd(state: TemplateListState, pages: (page: number) => TemplatePage, asked: number[], presses = 8): TemplateListState {
    for (let pressed = 0; pressed < presses && hasMoreTemplates(state); pressed++) {
      asked.push(nextTemplatePage(state));
      state = read(state, nextTemplatePage(state), pages(nextTemplatePage(state)));
      if (topChangedSinceRead(state)) state = read(state, 1, pages(1), true);
    }
    return state;
  }

  it('offers Show more while a template is unread, after a teammate deleted a template shown and added another (the count the same)', () => {
    let state = read(initialTemplateList, 1, timed(['A', 'B', 'C', 'D'])(1));
    expect(hasMoreTemplates(state)).toBe(true);
    // A teammate deletes B and saves X: still 4. Page 1 read again (back from Settings, or after a save here).
    const pages = timed(['X', 'A', 'C', 'D']);
    state = read(state, 1, pages(1), true);
    // B is not on page 1, among templates changed both before and after it: deleted.
    expect(names(state)).toEqual(['X', 'A', 'C']);
    expect(hasMoreTemplates(state)).toBe(true);
    const asked: number[] = [];
    state = showMoreToEnd(state, pages, asked);
    expect(names(state)).toEqual(['X', 'A', 'C', 'D']);
    expect(asked).toEqual([2]);
  });

  it('reaches every template after a save here and a teammate’s deletion on a page not read yet, never asking the same page for ever', () => {
    let state = read(initialTemplateList, 1, timed(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'])(1));
    // Saved here: page 1 read again, C kept below it.
    state = read(state, 1, timed(['N', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'])(1), true);
    // A teammate deletes H, never shown here; page 1 is read again (back from Settings, say).
    const pages = timed(['N', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'I']);
    state = read(state, 1, pages(1), true);
    const asked: number[] = [];
    state = showMoreToEnd(state, pages, asked);
    expect(hasMoreTemplates(state)).toBe(false);
    expect([...names(state)].sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'I', 'N']);
    expect(asked.length).toBeLessThanOrEqual(3);
  });

  it('keeps a row the page does not list when it was changed after every template on it (its rename answered after the page was read)', () => {
    let state = read(initialTemplateList, 1, timed(['A', 'B', 'C', 'D'])(1));
    state = read(state, 2, timed(['A', 'B', 'C', 'D'])(2));
    // D renamed here; page 1, read before the rename, does not list it yet.
    state = { ...state, rows: state.rows.map((each) => (each.id === 'D' ? { ...each, name: 'D', updatedAt: changedAt('Renamed') } : each)) };
    state = read(state, 1, timed(['A', 'B', 'C', 'D'])(1), true);
    expect(names(state)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('reads a page again once a deletion moved the pages’ edges back, after a page that brought nothing new', () => {
    const ALL9 = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
    let state = read(initialTemplateList, 1, timed(ALL9)(1));
    state = read(state, 2, timed(ALL9)(2));
    // A teammate deletes H (never shown); page 1 read again; Show more then reads a page that brings nothing new.
    let pages = timed(ALL9.filter((name) => name !== 'H'));
    state = read(state, 1, pages(1), true);
    state = showMoreToEnd(state, pages, [], 1);
    // The designer deletes D from its row; page 1 read again.
    state = removeTemplateRow(state, 'D');
    pages = timed(['A', 'B', 'C', 'E', 'F', 'G', 'I']);
    state = read(state, 1, pages(1), true);
    state = showMoreToEnd(state, pages, []);
    expect([...names(state)].sort()).toEqual(['A', 'B', 'C', 'E', 'F', 'G', 'I']);
  });

  it('reads every template after three saved elsewhere and two deleted here', () => {
    const ALL10 = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];
    let state = read(initialTemplateList, 1, timed(ALL10)(1));
    state = read(state, 2, timed(ALL10)(2));
    let pages = timed(['N1', 'N2', 'N3', ...ALL10]);
    state = showMoreToEnd(state, pages, [], 1);
    for (const deleted of ['A', 'B']) {
      state = removeTemplateRow(state, deleted);
      pages = timed(['N1', 'N2', 'N3', ...ALL10.filter((name) => name !== 'A' && (deleted === 'A' || name !== 'B'))]);
      state = read(state, 1, pages(1), true);
    }
    state = showMoreToEnd(state, pages, []);
    expect([...names(state)].sort()).toEqual(['C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'N1', 'N2', 'N3']);
  });

  it('reads page 2 too when page 1 read again is all templates changed or made since (more than a page of them), though the count says every one is held', () => {
    let state = read(initialTemplateList, 1, timed(['A', 'B', 'C', 'D', 'E'])(1));
    state = read(state, 2, timed(['A', 'B', 'C', 'D', 'E'])(2));
    // A teammate adds four templates and deletes four held: still 5, and page 1 is all new.
    const pages = timed(['N4', 'N3', 'N2', 'N1', 'E']);
    state = read(state, 1, pages(1), true);
    expect(state.readAgain).toBe(2);
    const request = state.awaiting + 1;
    state = answerTemplatePage(askTemplatePageAgain(state, 2, request), request, pages(2));
    expect(state.readAgain).toBeNull();
    expect(names(state)).toEqual(expect.arrayContaining(['N1', 'N2', 'N3', 'N4', 'E']));
  });

  it('offers Show more when a teammate deleted a held template below page 1 and made another (the count the same), and reads the one not held', () => {
    let state = read(initialTemplateList, 1, timed(['A', 'B', 'C', 'D', 'E', 'F', 'G'])(1));
    state = read(state, 2, timed(['A', 'B', 'C', 'D', 'E', 'F', 'G'])(2));
    expect(hasMoreTemplates(state)).toBe(true);
    // E (held, page 2) deleted and X made elsewhere: still 7, and G not read yet.
    const pages = timed(['X', 'A', 'B', 'C', 'D', 'F', 'G']);
    state = read(state, 1, pages(1), true);
    expect(hasMoreTemplates(state)).toBe(true);
    state = showMoreToEnd(state, pages, []);
    expect(names(state)).toEqual(expect.arrayContaining(['X', 'A', 'B', 'C', 'D', 'F', 'G']));
    expect(hasMoreTemplates(state)).toBe(false);
  });

  it('offers no Show more with nothing behind it after a teammate renamed a template not read yet (it went to the top; made before page 1 was read, it is no new one)', () => {
    const made = (name: string, changed = changedAt(name)): TemplateRow => ({ ...row(name), updatedAt: changed, createdAt: changedAt(name) });
    const page = (all: TemplateRow[]) => (number: number): TemplatePage => ({ templates: all.slice((number - 1) * 3, number * 3), page: number, total: all.length, hasMore: number * 3 < all.length });
    const before = ['A', 'B', 'C', 'D'].map((name) => made(name));
    let state = read(initialTemplateList, 1, page(before)(1));
    // D, not read yet, renamed by a teammate: it goes to the top, and page 2 repeats C.
    const pages = page([made('D', changedAt('Renamed')), ...before.filter((each) => each.id !== 'D')]);
    state = read(state, nextTemplatePage(state), pages(nextTemplatePage(state)));
    expect(topChangedSinceRead(state)).toBe(true);
    state = read(state, 1, pages(1), true);
    expect(names(state)).toEqual(['D', 'A', 'B', 'C']);
    expect(hasMoreTemplates(state)).toBe(false);
  });

  it('counts a template deleted by a teammate once: read again on the page before, then left out as gone from page 1', () => {
    let state = read(initialTemplateList, 1, timed(['A', 'B', 'C', 'D', 'E', 'F', 'G'])(1));
    const pages = timed(['A', 'C', 'D', 'E', 'F', 'G']);
    state = read(state, 2, pages(2));
    expect(state.readAgain).toBe(1);
    const request = state.awaiting + 1;
    state = answerTemplatePage(askTemplatePageAgain(state, 1, request), request, pages(1));
    state = read(state, 1, pages(1), true);
    // Every template held, B gone: no Show more with nothing behind it.
    expect(names(state)).toEqual(['A', 'C', 'D', 'E', 'F', 'G']);
    expect(hasMoreTemplates(state)).toBe(false);
  });
});
