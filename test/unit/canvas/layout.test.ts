import { describe, expect, it } from 'vitest';
import { arrangeBoard, arrangeGrid, gridColumnCount } from '../../../src/canvas/arrangement';
import { PLACEMENT_GAP, placeBesideOrCentre, unionBox } from '../../../src/canvas/placement';

describe('placement', () => {
  it('centres on the viewport without a selection, in whole pixels', () => {
    expect(placeBesideOrCentre({ width: 600, height: 1001 }, null, { x: 100.4, y: -50 })).toEqual({ x: -200, y: -550 });
  });

  it('goes to the right of the selection, tops aligned', () => {
    const selection = unionBox([
      { x: 10, y: 20, width: 100, height: 50 },
      { x: 200, y: -5, width: 40, height: 10 },
    ]);
    expect(selection).toEqual({ x: 10, y: -5, width: 230, height: 75 });
    expect(placeBesideOrCentre({ width: 600, height: 1000 }, selection, { x: 0, y: 0 })).toEqual({ x: 240 + PLACEMENT_GAP, y: -5 });
    expect(unionBox([])).toBeNull();
  });
});

describe('arrangeGrid', () => {
  it('uses about square grids of at most six columns', () => {
    expect([1, 2, 4, 5, 9, 10, 20, 50].map(gridColumnCount)).toEqual([1, 2, 2, 3, 3, 4, 5, 6]);
  });

  it('lines references up in rows as tall as their tallest and columns as wide as their widest', () => {
    const gap = 10;
    const { positions, size } = arrangeGrid(
      [
        { width: 600, height: 1000 },
        { width: 500, height: 3000 },
        { width: 640, height: 800 },
      ],
      gap,
    );
    expect(positions).toEqual([
      { x: 0, y: 0 },
      { x: 650, y: 0 },
      { x: 0, y: 3010 },
    ]);
    expect(size).toEqual({ width: 1150, height: 3810 });
  });
});

describe('arrangeBoard', () => {
  it('gives each stage a labelled column, references stacked in order, and empty stages a narrow column', () => {
    const board = arrangeBoard(
      [
        { label: 'Welcome', sizes: [{ width: 600, height: 100 }, { width: 600, height: 200 }] },
        { label: 'Nurture', sizes: [] },
        { label: 'Win-back', sizes: [{ width: 700, height: 50 }] },
      ],
      40,
      240,
      20,
    );
    expect(board.columns).toEqual([
      { label: { x: 0, y: 0 }, items: [{ x: 0, y: 50 }, { x: 0, y: 170 }], width: 600 },
      { label: { x: 620, y: 0 }, items: [], width: 240 },
      { label: { x: 880, y: 0 }, items: [{ x: 880, y: 50 }], width: 700 },
    ]);
    expect(board.size).toEqual({ width: 1580, height: 370 });
  });
});
