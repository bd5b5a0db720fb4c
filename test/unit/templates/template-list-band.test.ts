// The templates list's band of pages (page 1 read again all changed elsewhere: the pages after it read
// again) cut short, and a list that cannot reach its count: it reads every page again once (a sweep)
// rather than the same pages for ever. Cases from a review of the paging.
import { expect, it } from 'vitest';
import type { TemplatePage, TemplateRow } from '../../../src/shared/bridge/messages';
import { answerTemplatePage, askTemplatePage, askTemplatePageAgain, failTemplatePage, hasMoreTemplates, initialTemplateList, nextTemplatePage, topChangedSinceRead, type TemplateListState } from '../../../ui/templates/template-list-state';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString();
const tpl = (id: string, changed: number, made = changed): TemplateRow => ({ id, name: id, description: '', updatedAt: at(changed), createdAt: at(made), thumbnailUrl: null, linkedFrame: null });
/** The builder: newest change first, 3 to a page. */
const builder = (all: TemplateRow[]) => {
  const sorted = [...all].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return (page: number): TemplatePage => ({ templates: sorted.slice((page - 1) * 3, page * 3), page, total: sorted.length, hasMore: page * 3 < sorted.length });
};
let request = 0;
const read = (s: TemplateListState, page: number, pages: (p: number) => TemplatePage, keepBelow = false) => answerTemplatePage(askTemplatePage(s, page, ++request, keepBelow), request, pages(page));
/** The screen's own reads (readAgain, then page 1 when topChangedSinceRead), then Show more until none. */
function toEnd(s: TemplateListState, pages: (p: number) => TemplatePage): TemplateListState {
  for (let i = 0; i < 40; i++) {
    if (s.readAgain !== null) { const p = s.readAgain; s = answerTemplatePage(askTemplatePageAgain(s, p, ++request), request, pages(p)); }
    else if (topChangedSinceRead(s)) s = read(s, 1, pages, true);
    else if (hasMoreTemplates(s)) s = read(s, nextTemplatePage(s), pages);
    else return s;
  }
  throw new Error('reads for ever');
}
const ids = (s: TemplateListState) => s.rows.map((r) => r.id).sort();
/** Only the screen's own reads (no Show more). */
function ownReads(s: TemplateListState, pages: (p: number) => TemplatePage): TemplateListState {
  for (let i = 0; i < 40; i++) {
    if (s.readAgain !== null) { const p = s.readAgain; s = answerTemplatePage(askTemplatePageAgain(s, p, ++request), request, pages(p)); }
    else if (topChangedSinceRead(s)) s = read(s, 1, pages, true);
    else return s;
  }
  throw new Error('reads for ever');
}

const base = ['A', 'B', 'C', 'D', 'E'].map((id, i) => tpl(id, 10 - i));
const imported = [1, 2, 3, 4, 5, 6].map((n) => tpl(`N${n}`, 10 + n));

it('band of pages interrupted by a save here (page 1 read again before page 2 is)', () => {
  let s = read(initialTemplateList, 1, builder(base));
  const afterImport = builder([...base, ...imported]);
  s = read(s, 1, afterImport, true); // coming back to the screen
  expect(s.readAgain).toBe(2);
  // Before page 2 is read again, a save here reads page 1 again (the band's answer would be dropped).
  const all = [...base, ...imported, tpl('S', 17)];
  s = toEnd(read(s, 1, builder(all), true), builder(all));
  expect(ids(s)).toEqual(all.map((r) => r.id).sort());
});

it('band of pages whose page 2 read failed, then the screen was opened again', () => {
  let s = read(initialTemplateList, 1, builder(base));
  const all = [...base, ...imported];
  s = read(s, 1, builder(all), true);
  expect(s.readAgain).toBe(2);
  const r = ++request;
  s = failTemplatePage(askTemplatePageAgain(s, 2, r), r, { message: 'The builder could not be reached.', action: null, frameId: null });
  s = toEnd(read(s, 1, builder(all), true), builder(all));
  expect(ids(s)).toEqual(all.map((r) => r.id).sort());
});

/** The hook's effects in their order, with a filter typed: readAgain, then the filter's next page, then page 1 after topChanged. */
function filterReads(s: TemplateListState, pages: (p: number) => TemplatePage, asked: string[]): TemplateListState {
  for (let i = 0; i < 40; i++) {
    const searching = s.problem === null && hasMoreTemplates(s);
    if (s.readAgain !== null) { const p = s.readAgain; asked.push(`${p}r`); s = answerTemplatePage(askTemplatePageAgain(s, p, ++request), request, pages(p)); }
    else if (searching) { const p = nextTemplatePage(s); asked.push(`${p}`); s = read(s, p, pages); }
    else if (topChangedSinceRead(s)) { asked.push('1k'); s = read(s, 1, pages, true); }
    else return s;
  }
  throw new Error(`reads for ever: ${asked.slice(0, 12).join(' ')} …`);
}

it('with a filter typed, the screen stops reading after a band of pages lost to a save here', () => {
  let s = read(initialTemplateList, 1, builder(base));
  s = read(s, 1, builder([...base, ...imported]), true);
  const all = builder([...base, ...imported, tpl('S', 17)]);
  const asked: string[] = [];
  s = filterReads(read(s, 1, all, true), all, asked);
  expect(asked.length).toBeLessThan(10);
  expect(hasMoreTemplates(s)).toBe(false);
  expect(s.rows).toHaveLength(all(1).total!);
});


it('drops a held row older than all of the last page (a teammate deleted it): the builder lists the oldest templates last', () => {
  // As the random model's sequence 43: pages 1 and 2 held, the third not read yet.
  const first = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((id, i) => tpl(id, 10 - i));
  let s = read(initialTemplateList, 1, builder(first));
  s = read(s, nextTemplatePage(s), builder(first));
  expect(ids(s)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  // A teammate changes D (it goes to the top), deletes G (not read yet) and F (held, the oldest
  // held); the designer comes back to the screen, then reads on: page 2 is the last.
  const now = [tpl('D', 20, 7), ...first.filter((row) => !['D', 'F', 'G'].includes(row.id))];
  s = toEnd(read(s, 1, builder(now), true), builder(now));
  expect(ids(s)).toEqual(['A', 'B', 'C', 'D', 'E']);
});

/**
 * T1–T9 with pages 1 and 2 read; a teammate deletes T5, and Show more reads page 3 (T8, T9): T7
 * slid onto page 2, which is to be read again. `now`: the workspace after the deletion.
 */
function withPageTwoOwed(): { s: TemplateListState; now: TemplateRow[] } {
  const all = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9'].map((id, i) => tpl(id, 30 - i));
  let s = read(initialTemplateList, 1, builder(all));
  s = read(s, nextTemplatePage(s), builder(all));
  const now = all.filter((row) => row.id !== 'T5');
  s = read(s, nextTemplatePage(s), builder(now));
  expect(s.readAgain).toBe(2);
  return { s, now };
}

it('reads a page again after page 1, when page 1 was asked for again (coming back to the screen) while that page was being read again', () => {
  const owed = withPageTwoOwed();
  const { now } = owed;
  let { s } = owed;
  const again = askTemplatePageAgain(s, 2, ++request);
  // Page 1 is read again (the designer came back to the screen) before page 2's answer, which is then dropped.
  s = read(again, 1, builder(now), true);
  s = answerTemplatePage(s, again.awaiting, builder(now)(2));
  expect(s.readAgain).toBe(2);
  s = toEnd(s, builder(now));
  expect(ids(s)).toContain('T7');
  expect(hasMoreTemplates(s)).toBe(false);
});

// From a review: templates new at the top (a save here, a teammate's) push the one that slid onto the owed page on to the next.
it('reaches the template that slid when a save here came while the page was owed a read again', () => {
  const owed = withPageTwoOwed();
  const { now } = owed;
  let { s } = owed;
  const again = askTemplatePageAgain(s, 2, ++request);
  // The designer saves a frame (S, at the top) before page 2's answer, which is then dropped.
  const saved = [tpl('S', 40), ...now];
  s = read(again, 1, builder(saved), true);
  s = answerTemplatePage(s, again.awaiting, builder(saved)(2));
  s = ownReads(s, builder(saved));
  expect(ids(s)).toContain('T7');
  expect(hasMoreTemplates(s)).toBe(false);
});

it('reaches the template that slid when a teammate made one while the page was owed a read again (the screen hidden)', () => {
  const owed = withPageTwoOwed();
  const { now } = owed;
  let { s } = owed;
  const made = [tpl('X', 40), ...now];
  s = ownReads(read(s, 1, builder(made), true), builder(made));
  expect(ids(s)).toContain('T7');
  expect(hasMoreTemplates(s)).toBe(false);
});
