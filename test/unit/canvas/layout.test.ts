import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrangeBoard, arrangeGrid, gridColumnCount } from '../../../src/canvas/arrangement';
import { clearOf, flowInsertIndex, PLACEMENT_GAP, placeBesideOrCentre, unionBox, type Box } from '../../../src/canvas/placement';

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

describe('clearOf', () => {
  const size = { width: 600, height: 1000 };
  const apart = (a: Box, b: Box) =>
    a.x + a.width + PLACEMENT_GAP <= b.x || b.x + b.width + PLACEMENT_GAP <= a.x || a.y + a.height + PLACEMENT_GAP <= b.y || b.y + b.height + PLACEMENT_GAP <= a.y;

  it('keeps a free spot as it is', () => {
    expect(clearOf({ x: 0, y: 0 }, size, [{ x: 700, y: 0, width: 100, height: 100 }, { x: 0, y: 1100, width: 100, height: 100 }])).toEqual({ x: 0, y: 0 });
  });

  it('moves right past a component it would cover, and past the next one too close to leave room', () => {
    const taken = [
      { x: 100, y: 200, width: 300, height: 300 },
      { x: 500, y: -50, width: 200, height: 100 },
      { x: 1500, y: 0, width: 100, height: 100 },
    ];
    // Past the first (ends at 400) there are 100 px before the second: not room for 600 + gaps.
    expect(clearOf({ x: 0, y: 0 }, size, taken)).toEqual({ x: 700 + PLACEMENT_GAP, y: 0 });
    // Past the second it would run into the third (at 1500 < 780 + 600 + 80), so it goes past that too.
    expect(clearOf({ x: 0, y: 0 }, { width: 700, height: 1000 }, taken)).toEqual({ x: 1600 + PLACEMENT_GAP, y: 0 });
  });

  it('never overlaps (or comes within the gap of) anything on the page, and only ever moves right', () => {
    const box = fc.record({ x: fc.integer({ min: -3000, max: 3000 }), y: fc.integer({ min: -3000, max: 3000 }), width: fc.integer({ min: 1, max: 1500 }), height: fc.integer({ min: 1, max: 1500 }) });
    fc.assert(
      fc.property(fc.array(box, { maxLength: 40 }), box, (taken, wanted) => {
        const at = clearOf(wanted, wanted, taken);
        expect(at.y).toBe(wanted.y);
        expect(at.x).toBeGreaterThanOrEqual(wanted.x);
        const placed = { ...at, width: wanted.width, height: wanted.height };
        for (const other of taken) expect(apart(placed, other)).toBe(true);
      }),
      { numRuns: 500 },
    );
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

describe('flowInsertIndex', () => {
  const box = (x: number, y: number, inFlow = true) => ({ x, y, width: 100, height: 100, inFlow });

  it('goes after each child whose middle the drop has passed, along the frame’s direction', () => {
    const row = [box(0, 0), box(120, 0), box(240, 0)];
    expect(flowInsertIndex(row, 'HORIZONTAL', false, { x: 10, y: 50 })).toBe(0);
    expect(flowInsertIndex(row, 'HORIZONTAL', false, { x: 60, y: 50 })).toBe(1);
    expect(flowInsertIndex(row, 'HORIZONTAL', false, { x: 400, y: 50 })).toBe(3);
    const column = [box(0, 0), box(0, 120), box(0, 240)];
    expect(flowInsertIndex(column, 'VERTICAL', false, { x: 500, y: 190 })).toBe(2);
    expect(flowInsertIndex([], 'VERTICAL', false, { x: 0, y: 0 })).toBe(0);
  });

  it('counts whole rows above the drop in a wrapped frame, then the row it fell in', () => {
    const wrapped = [box(0, 0), box(120, 0), box(0, 120), box(120, 120)];
    expect(flowInsertIndex(wrapped, 'HORIZONTAL', true, { x: 10, y: 150 })).toBe(2);
    expect(flowInsertIndex(wrapped, 'HORIZONTAL', true, { x: 200, y: 150 })).toBe(4);
    expect(flowInsertIndex(wrapped, 'HORIZONTAL', true, { x: 200, y: 20 })).toBe(2);
  });

  it('leaves children outside the flow where they stand', () => {
    const withAbsolute = [box(0, 0), box(500, 0, false), box(120, 0)];
    expect(flowInsertIndex(withAbsolute, 'HORIZONTAL', false, { x: 60, y: 50 })).toBe(1);
    expect(flowInsertIndex(withAbsolute, 'HORIZONTAL', false, { x: 400, y: 50 })).toBe(3);
  });
});
