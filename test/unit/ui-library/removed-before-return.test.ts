// A kept list come back (Me's likes, a brand's emails) is read again without the rows its earlier
// visits showed that the library no longer lists: those found removed say why it may be empty, as
// the ones opened; "the library removed them all" only when more than those went.
import { describe, expect, it } from 'vitest';
import { listedAgain, removedOnEarlierVisits } from '../../../ui/library/removed-before-return';
import { emptyListText } from '../../../ui/library/emptied-words';

const LIKES = { none: 'No liked emails yet.', left: 'No liked emails left', all: 'the emails you liked' };
const rows = (...ids: number[]) => ids.map((id) => ({ id }));

describe('removedOnEarlierVisits', () => {
  it('counts the rows left that were found removed, as the ones opened, when they were all it had', () => {
    expect(removedOnEarlierVisits({ left: rows(1, 2), done: true }, new Set([1, 2]), true)).toEqual({ gone: 2, all: false });
  });

  it('says the library removed them all when rows not found removed went too, or rows it had not read yet', () => {
    expect(removedOnEarlierVisits({ left: rows(1, 2, 3), done: true }, new Set([1]), true)).toEqual({ gone: 1, all: true });
    expect(removedOnEarlierVisits({ left: rows(1), done: false }, new Set([1]), true)).toEqual({ gone: 1, all: true });
  });

  it('never says they all went while the list came back with rows', () => {
    expect(removedOnEarlierVisits({ left: rows(1, 2), done: false }, new Set([1]), false)).toEqual({ gone: 1, all: false });
  });

  it('counts none on a first visit, or when nothing left was found removed', () => {
    expect(removedOnEarlierVisits(null, new Set([1]), true)).toEqual({ gone: 0, all: false });
    expect(removedOnEarlierVisits({ left: rows(5), done: true }, new Set([1]), true)).toEqual({ gone: 0, all: false });
  });
});

describe('the empty state of a list come back', () => {
  it('says the same as before it was left: the ones opened, counted with those found since', () => {
    const earlier = removedOnEarlierVisits({ left: rows(7), done: true }, new Set([7]), true);
    expect(emptyListText({ gone: 0, goneBefore: earlier.gone, readAgain: earlier.all }, LIKES)).toBe('No liked emails left: the library removed the one you opened.');
    expect(emptyListText({ gone: 2, goneBefore: 1, readAgain: false }, LIKES)).toBe('No liked emails left: the library removed the 3 you opened.');
  });
});

describe('an earlier visit’s row read again with a More', () => {
  it('is listed, not left: counted once, as a row, never also as one the library removed', () => {
    const earlier = { left: rows(3, 4), done: false };
    const after = listedAgain(earlier, new Set<number | string>([1, 2, 3]));
    expect(after.left.map((row) => row.id)).toEqual([4]);
    // Row 3 found removed later counts once, among the rows listed (use-without-removed's `gone`), not again here.
    expect(removedOnEarlierVisits(after, new Set([3]), false).gone).toBe(0);
  });

  it('leaves the record as it was when the More brought none of them', () => {
    const earlier = { left: rows(3), done: true };
    expect(listedAgain(earlier, new Set<number | string>([9]))).toBe(earlier);
  });
});
