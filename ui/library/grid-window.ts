// Which cards of a long grid to draw: only the rows in view (plus a few either side), so a
// grid of a thousand results costs what a screenful costs.

export interface GridGeometry {
  itemCount: number;
  columns: number;
  /** A row's height including the gap below it. */
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  /** Rows drawn beyond the visible ones, each side. */
  overscanRows?: number;
}

export interface GridWindow {
  /** First item drawn. */
  start: number;
  /** One past the last item drawn. */
  end: number;
  /** Offset of the first drawn row from the top of the grid. */
  offsetTop: number;
  totalHeight: number;
  /** The last row with any part in view (for "load more" when it nears the end). */
  lastVisibleRow: number;
}

export function gridColumns(width: number, minCardWidth: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (minCardWidth + gap)));
}

export function gridWindow({ itemCount, columns, rowHeight, scrollTop, viewportHeight, overscanRows = 2 }: GridGeometry): GridWindow {
  const rows = Math.ceil(itemCount / columns);
  const totalHeight = rows * rowHeight;
  if (rows === 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight, lastVisibleRow: -1 };
  const firstVisible = Math.min(rows - 1, Math.max(0, Math.floor(scrollTop / rowHeight)));
  const lastVisibleRow = Math.min(rows - 1, Math.max(firstVisible, Math.ceil((scrollTop + viewportHeight) / rowHeight) - 1));
  const firstRow = Math.max(0, firstVisible - overscanRows);
  const lastRow = Math.min(rows - 1, lastVisibleRow + overscanRows);
  return { start: firstRow * columns, end: Math.min(itemCount, (lastRow + 1) * columns), offsetTop: firstRow * rowHeight, totalHeight, lastVisibleRow };
}

/**
 * The rows whose picture (the top `thumbHeight` of a row) has any part in view: only their
 * thumbnails load, not those of a row of which only the text under the picture shows.
 */
export function thumbnailRows(scrollTop: number, viewportHeight: number, rowHeight: number, thumbHeight: number): { first: number; last: number } {
  if (rowHeight <= 0) return { first: 0, last: -1 };
  return { first: Math.max(0, Math.floor((scrollTop - thumbHeight) / rowHeight) + 1), last: Math.ceil((scrollTop + viewportHeight) / rowHeight) - 1 };
}

/** The item an arrow (or Home/End) key moves to, or null for any other key. */
export function movedIndex(index: number, key: string, columns: number, itemCount: number): number | null {
  if (itemCount === 0) return null;
  const last = itemCount - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(last, index + 1);
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return index + columns <= last ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** The scrollTop that brings a row fully into view, or the current one when it already is. */
export function scrollToRow(row: number, rowHeight: number, scrollTop: number, viewportHeight: number): number {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return Math.max(0, top + rowHeight - viewportHeight);
  return scrollTop;
}
