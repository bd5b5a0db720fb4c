// How a batch of references is laid out, relative to the batch's top-left corner: a tidy grid
// (rows of references, each row as tall as its tallest), or a journey board (one column per
// stage under its label, references stacked in order). Sizes include each reference's caption.
// Pure.
import { PLACEMENT_GAP, type Point } from './placement';

export interface Size {
  width: number;
  height: number;
}

/** The most columns a grid gets (wider would need a lot of zooming out to take in). */
export const MAX_GRID_COLUMNS = 6;

/** Columns for `count` references: about square, at most MAX_GRID_COLUMNS. */
export function gridColumnCount(count: number): number {
  return Math.max(1, Math.min(MAX_GRID_COLUMNS, Math.ceil(Math.sqrt(count))));
}

export interface Arrangement {
  positions: Point[];
  size: Size;
}

/** Positions for `sizes` in a grid read row by row, columns as wide as their widest reference. */
export function arrangeGrid(sizes: readonly Size[], gap = PLACEMENT_GAP): Arrangement {
  const columns = gridColumnCount(sizes.length);
  const columnWidths = new Array<number>(columns).fill(0);
  const rowHeights: number[] = [];
  sizes.forEach((size, index) => {
    const column = index % columns;
    const row = Math.floor(index / columns);
    columnWidths[column] = Math.max(columnWidths[column]!, size.width);
    rowHeights[row] = Math.max(rowHeights[row] ?? 0, size.height);
  });
  const columnX = offsets(columnWidths, gap);
  const rowY = offsets(rowHeights, gap);
  return {
    positions: sizes.map((_, index) => ({ x: columnX[index % columns]!, y: rowY[Math.floor(index / columns)]! })),
    size: { width: total(columnWidths, gap), height: total(rowHeights, gap) },
  };
}

export interface BoardColumn {
  label: string;
  sizes: readonly Size[];
}

export interface BoardArrangement {
  columns: Array<{ label: Point; items: Point[]; width: number }>;
  size: Size;
}

/**
 * A journey board: a column per stage, its label at the top (`labelHeight` tall), then its
 * references one under another. An empty stage keeps a narrow labelled column (`emptyWidth`),
 * so every stage is on the board.
 */
export function arrangeBoard(columns: readonly BoardColumn[], labelHeight: number, emptyWidth: number, gap = PLACEMENT_GAP): BoardArrangement {
  const widths = columns.map((column) => (column.sizes.length === 0 ? emptyWidth : Math.max(...column.sizes.map((size) => size.width))));
  const columnX = offsets(widths, gap);
  let height = labelHeight;
  const placed = columns.map((column, index) => {
    let y = labelHeight + gap / 2;
    const items = column.sizes.map((size) => {
      const at = { x: columnX[index]!, y };
      y += size.height + gap;
      return at;
    });
    height = Math.max(height, column.sizes.length === 0 ? labelHeight : y - gap);
    return { label: { x: columnX[index]!, y: 0 }, items, width: widths[index]! };
  });
  return { columns: placed, size: { width: total(widths, gap), height } };
}

function offsets(lengths: readonly number[], gap: number): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const length of lengths) {
    starts.push(at);
    at += length + gap;
  }
  return starts;
}

function total(lengths: readonly number[], gap: number): number {
  return lengths.length === 0 ? 0 : lengths.reduce((sum, length) => sum + length, 0) + gap * (lengths.length - 1);
}
