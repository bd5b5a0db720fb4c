// The results grid's arithmetic: which cards are drawn for a scroll position, and where the
// arrow keys go.
import { describe, expect, it } from 'vitest';
import { gridColumns, gridWindow, movedIndex, scrollToRow, thumbnailRows } from '../../../ui/library/grid-window';

describe('gridColumns', () => {
  it('fits as many cards of the minimum width as the width allows, at least one', () => {
    expect(gridColumns(635, 150, 12)).toBe(3);
    expect(gridColumns(636, 150, 12)).toBe(4);
    expect(gridColumns(100, 150, 12)).toBe(1);
  });
});

describe('gridWindow', () => {
  it('draws only the visible rows plus the overscan, out of a thousand results', () => {
    const view = gridWindow({ itemCount: 1_000, columns: 4, rowHeight: 300, scrollTop: 30_000, viewportHeight: 600, overscanRows: 2 });
    // Rows 100 and 101 are in view (row 102 starts exactly at the bottom edge).
    expect(view.lastVisibleRow).toBe(101);
    expect(view.start).toBe(98 * 4);
    expect(view.end).toBe(104 * 4);
    expect(view.offsetTop).toBe(98 * 300);
    expect(view.totalHeight).toBe(250 * 300);
    expect(view.end - view.start).toBeLessThanOrEqual(24);
  });

  it('stops at the last item of a short last row', () => {
    const view = gridWindow({ itemCount: 10, columns: 4, rowHeight: 100, scrollTop: 0, viewportHeight: 1_000 });
    expect(view).toMatchObject({ start: 0, end: 10, lastVisibleRow: 2, totalHeight: 300 });
  });

  it('draws nothing for no results', () => {
    expect(gridWindow({ itemCount: 0, columns: 3, rowHeight: 100, scrollTop: 0, viewportHeight: 500 })).toMatchObject({ start: 0, end: 0, lastVisibleRow: -1 });
  });

  it('keeps a scroll position past the end inside the grid', () => {
    const view = gridWindow({ itemCount: 8, columns: 4, rowHeight: 100, scrollTop: 5_000, viewportHeight: 300, overscanRows: 0 });
    expect(view).toMatchObject({ start: 4, end: 8, lastVisibleRow: 1 });
  });
});

describe('movedIndex', () => {
  it('moves by one across and by a row up and down, staying inside the results', () => {
    expect(movedIndex(5, 'ArrowRight', 4, 10)).toBe(6);
    expect(movedIndex(9, 'ArrowRight', 4, 10)).toBe(9);
    expect(movedIndex(0, 'ArrowLeft', 4, 10)).toBe(0);
    expect(movedIndex(5, 'ArrowDown', 4, 10)).toBe(9);
    expect(movedIndex(7, 'ArrowDown', 4, 10)).toBe(7);
    expect(movedIndex(5, 'ArrowUp', 4, 10)).toBe(1);
    expect(movedIndex(2, 'ArrowUp', 4, 10)).toBe(2);
    expect(movedIndex(5, 'Home', 4, 10)).toBe(0);
    expect(movedIndex(5, 'End', 4, 10)).toBe(9);
  });

  it('ignores other keys and an empty grid', () => {
    expect(movedIndex(1, 'Enter', 4, 10)).toBeNull();
    expect(movedIndex(0, 'ArrowRight', 4, 0)).toBeNull();
  });
});

describe('scrollToRow', () => {
  it('scrolls just enough to show the row, or not at all', () => {
    expect(scrollToRow(0, 100, 250, 300)).toBe(0);
    expect(scrollToRow(3, 100, 0, 300)).toBe(100);
    expect(scrollToRow(1, 100, 50, 300)).toBe(50);
  });
});

describe('thumbnailRows', () => {
  // Rows of 250 px: a 170 px picture, then the text and the gap. A 500 px view.
  it('counts a row whose picture shows, not one whose text alone is left at the top', () => {
    expect(thumbnailRows(0, 500, 250, 170)).toEqual({ first: 0, last: 1 });
    // Scrolled 169 px: one pixel of row 0's picture still shows.
    expect(thumbnailRows(169, 500, 250, 170)).toEqual({ first: 0, last: 2 });
    // Scrolled 170 px: only row 0's text shows; row 2's picture has come in.
    expect(thumbnailRows(170, 500, 250, 170)).toEqual({ first: 1, last: 2 });
    expect(thumbnailRows(2_400, 500, 250, 170).first).toBe(9);
  });

  it('gives no rows without a row height', () => {
    expect(thumbnailRows(0, 500, 0, 0)).toEqual({ first: 0, last: -1 });
  });
});
