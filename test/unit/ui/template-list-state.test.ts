import { describe, expect, it } from 'vitest';
import type { TemplatePage, TemplateRow } from '../../../src/shared/bridge/messages';
import type { TemplateProblem } from '../../../ui/templates/template-words';
import { answerTemplatePage, askTemplatePage, failTemplatePage, initialTemplateList, removeTemplateRow, replaceTemplateRow } from '../../../ui/templates/template-list-state';

const row = (name: string): TemplateRow => ({ id: name, name, description: '', updatedAt: '2026-11-24T10:00:00.000Z', thumbnailUrl: null, linkedFrame: null });
const page = (number: number, names: string[], hasMore = true): TemplatePage => ({ templates: names.map(row), page: number, total: 6, hasMore });
const offline: TemplateProblem = { message: 'You seem to be offline.', action: null, frameId: null };
const names = (state: { rows: TemplateRow[] }) => state.rows.map((each) => each.name);

describe('the templates list, a page at a time', () => {
  it('adds each page below the last; a template that moved up between pages is kept once, where it is now', () => {
    let state = answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, page(1, ['A', 'B', 'C']));
    state = answerTemplatePage(askTemplatePage(state, 2, 2), 2, page(2, ['B', 'D'], false));
    expect(names(state)).toEqual(['A', 'C', 'B', 'D']);
    expect(state).toMatchObject({ page: 2, loading: false, last: { hasMore: false } });
  });

  it('keeps a row renamed here while a page was on its way: the page’s older copy does not put the old name back', () => {
    const first = answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, page(1, ['A', 'B', 'C']));
    const asked = askTemplatePage(first, 1, 2, true);
    const renamed = replaceTemplateRow(asked, { ...row('B'), name: 'B, renamed', updatedAt: '2026-11-24T10:05:00.000Z' });
    // The page the builder answered before the rename landed, and one answered after a later change elsewhere.
    expect(names(answerTemplatePage(renamed, 2, page(1, ['A', 'B', 'C'])))).toEqual(['A', 'B, renamed', 'C']);
    const later = { templates: [{ ...row('B'), name: 'B, renamed again elsewhere', updatedAt: '2026-11-24T10:06:00+00:00' }, row('A'), row('C')], page: 1, total: 6, hasMore: true };
    expect(names(answerTemplatePage(renamed, 2, later))).toEqual(['B, renamed again elsewhere', 'A', 'C']);
  });

  it('drops a "Show more" answer that arrives after a reload began, in either order', () => {
    const first = answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, page(1, ['A', 'B', 'C']));
    const both = askTemplatePage(askTemplatePage(first, 2, 2), 1, 3);
    const moreFirst = answerTemplatePage(answerTemplatePage(both, 2, page(2, ['D', 'E'])), 3, page(1, ['Z', 'A', 'B']));
    const reloadFirst = answerTemplatePage(answerTemplatePage(both, 3, page(1, ['Z', 'A', 'B'])), 2, page(2, ['D', 'E']));
    for (const state of [moreFirst, reloadFirst]) {
      expect(names(state)).toEqual(['Z', 'A', 'B']);
      expect(state).toMatchObject({ page: 1, loading: false });
    }
  });

  it('says a problem only for the request it waits for, and "Try again" asks the same page', () => {
    const first = answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, page(1, ['A']));
    const stale = failTemplatePage(askTemplatePage(askTemplatePage(first, 2, 2), 1, 3), 2, offline);
    expect(stale.problem).toBeNull();
    const failed = failTemplatePage(askTemplatePage(first, 2, 4), 4, offline);
    expect(failed).toMatchObject({ page: 2, loading: false, problem: offline });
    expect(names(failed)).toEqual(['A']);
  });

  it('a fresh read whose key is refused drops the rows read with the key before; a reload after a change here keeps them', () => {
    const refused: TemplateProblem = { message: 'The builder API key was not accepted.', action: 'settings', frameId: null };
    const first = answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, page(1, ['A', 'B']));
    const fresh = failTemplatePage(askTemplatePage(first, 1, 2), 2, refused);
    expect(fresh).toMatchObject({ rows: [], last: null, loading: false, problem: refused });
    expect(names(failTemplatePage(askTemplatePage(first, 1, 3, true), 3, refused))).toEqual(['A', 'B']);
    expect(names(failTemplatePage(askTemplatePage(first, 1, 4), 4, offline))).toEqual(['A', 'B']);
  });

  it('a renamed template is replaced where it is, the other rows and pages kept (nothing is read again)', () => {
    let state = answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, page(1, ['A', 'B', 'C']));
    state = answerTemplatePage(askTemplatePage(state, 2, 2), 2, page(2, ['D'], false));
    const renamed = replaceTemplateRow(state, { ...row('B'), name: 'B (final)' });
    expect(names(renamed)).toEqual(['A', 'B (final)', 'C', 'D']);
    expect(renamed).toMatchObject({ page: 2, loading: false, awaiting: 2 });
    expect(replaceTemplateRow(state, row('Z')).rows).toEqual(state.rows);
  });

  it('reading page 1 again keeps the rows shown (and any form open in them) until its answer replaces them all', () => {
    let state = answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, page(1, ['A', 'B', 'C']));
    state = answerTemplatePage(askTemplatePage(state, 2, 2), 2, page(2, ['D'], false));
    const reading = askTemplatePage(state, 1, 3);
    expect(names(reading)).toEqual(['A', 'B', 'C', 'D']);
    expect(reading).toMatchObject({ page: 1, loading: true });
    expect(names(answerTemplatePage(reading, 3, page(1, ['N', 'A', 'C'])))).toEqual(['N', 'A', 'C']);
    expect(names(failTemplatePage(reading, 3, offline))).toEqual(['A', 'B', 'C', 'D']);
  });

  it('a deleted template leaves at once, and the workspace’s count with it (the read that follows may fail)', () => {
    const state = answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, page(1, ['A', 'B', 'C']));
    const removed = removeTemplateRow(state, 'B');
    expect(names(removed)).toEqual(['A', 'C']);
    expect(removed.last?.total).toBe((state.last?.total ?? 0) - 1);
    // One not held (gone already) changes nothing.
    expect(removeTemplateRow(removed, 'B').last?.total).toBe(removed.last?.total);
  });
});
