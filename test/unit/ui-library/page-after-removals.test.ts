// The page a list asks for after emails it showed were found removed: the library's later pages
// moved up by as many, so the next page starts early enough that none is skipped (repeats dropped by id).
import { describe, expect, it } from 'vitest';
import { pageAfterRemovals, pageAfterRemovalsWhenDone, readOnFrom } from '../../../ui/library/page-after-removals';
import { takeUnseen } from '../../../src/shared/api/library/unique-pager';

describe('pageAfterRemovals', () => {
  it('asks for the page after when nothing was removed', () => {
    expect(pageAfterRemovals(1, 20, 0)).toBe(2);
    expect(pageAfterRemovals(4, 20, 0)).toBe(5);
  });

  it('goes back a page for each page’s worth (or part of one) removed', () => {
    expect(pageAfterRemovals(3, 20, 1)).toBe(3);
    expect(pageAfterRemovals(3, 20, 20)).toBe(3);
    expect(pageAfterRemovals(3, 20, 21)).toBe(2);
    expect(pageAfterRemovals(3, 5, 12)).toBe(1);
  });

  it('never goes before the first page: every email read removed reads the first again', () => {
    expect(pageAfterRemovals(1, 20, 20)).toBe(1);
    expect(pageAfterRemovals(2, 20, 40)).toBe(1);
    expect(pageAfterRemovals(2, 20, 300)).toBe(1);
  });

  it('reads on after a list read in one go (no page size) as if nothing moved', () => {
    expect(pageAfterRemovals(1, Infinity, 3)).toBe(2);
  });
});

describe('pageAfterRemovalsWhenDone', () => {
  it('reads on from where the emails its last page skipped moved to', () => {
    // Pages of 3, the third short: one removed before it was read skipped the 7th, now the 6th (page 2).
    expect(pageAfterRemovalsWhenDone(3, 3, 1)).toBe(2);
    expect(pageAfterRemovalsWhenDone(3, 3, 4)).toBe(1);
    expect(pageAfterRemovalsWhenDone(5, 20, 20)).toBe(4);
    expect(pageAfterRemovalsWhenDone(5, 20, 21)).toBe(3);
  });

  it('stays finished with none found removed, one page only, or a list read in one go', () => {
    expect(pageAfterRemovalsWhenDone(3, 3, 0)).toBeNull();
    expect(pageAfterRemovalsWhenDone(1, 20, 2)).toBeNull();
    expect(pageAfterRemovalsWhenDone(2, Infinity, 2)).toBeNull();
  });
});

/** A library list of `count` emails, read `perPage` at a time; `removeAfter[n]`: ids removed once n pages were read. */
function readAll(count: number, perPage: number, removeAfter: Record<number, number[]>): number[] {
  let library = Array.from({ length: count }, (_, index) => ({ id: index + 1 }));
  const seen = new Set<number | string>();
  const shown: number[] = [];
  let lastPage = 0;
  let removedSince = 0;
  for (let reads = 0; reads < 100; reads += 1) {
    const page = pageAfterRemovals(lastPage, perPage, removedSince);
    const items = library.slice((page - 1) * perPage, page * perPage);
    shown.push(...takeUnseen(seen, items).map((item) => item.id));
    lastPage = page;
    if (items.length < perPage) return shown;
    const gone = new Set(removeAfter[reads + 1] ?? []);
    // Only those shown count: an email never read is not found removed.
    removedSince = shown.filter((id) => gone.has(id)).length;
    library = library.filter((item) => !gone.has(item.id));
  }
  throw new Error('never done');
}

describe('reading a whole list while emails it showed are removed', () => {
  const cases: Array<[string, number, number, Record<number, number[]>]> = [
    ['two of the first page', 23, 5, { 1: [2, 4] }],
    ['a whole page and one more', 30, 5, { 2: [1, 2, 3, 4, 5, 8] }],
    ['a few after each page', 40, 4, { 1: [1], 2: [6, 7], 3: [9, 10, 11, 12, 3] }],
    ['every email shown (the list read again from its first page)', 12, 3, { 1: [1, 2, 3] }],
  ];
  for (const [name, count, perPage, removeAfter] of cases) {
    it(`shows every email left exactly once: ${name}`, () => {
      const removed = new Set(Object.values(removeAfter).flat());
      const shown = readAll(count, perPage, removeAfter);
      const left = Array.from({ length: count }, (_, index) => index + 1).filter((id) => !removed.has(id));
      expect(shown.filter((id) => !removed.has(id))).toEqual(left);
      expect(new Set(shown).size).toBe(shown.length);
    });
  }
});

describe('readOnFrom', () => {
  it('reads on from where the pages moved while more are to come, one page at a time', () => {
    expect(readOnFrom(3, 20, false, 0)).toEqual({ page: 4, upTo: 4 });
    expect(readOnFrom(3, 20, false, 21)).toEqual({ page: 2, upTo: 2 });
  });

  it('a finished list stays finished with none found removed since, or reads on to where it had finished', () => {
    expect(readOnFrom(3, 20, true, 0)).toBeNull();
    expect(readOnFrom(5, 20, true, 21)).toEqual({ page: 3, upTo: 5 });
  });
});
