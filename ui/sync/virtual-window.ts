// Which rows of a long list of equal-height rows to render for a scroll position: only the
// visible ones plus a few either side, so 10,000 rows cost as much as 20.

export interface VirtualWindow {
  /** First rendered row (inclusive) and the end (exclusive). */
  start: number;
  end: number;
  /** Space above the first rendered row and the list's full height, in pixels. */
  offsetTop: number;
  totalHeight: number;
}

export function virtualWindow(count: number, rowHeight: number, scrollTop: number, viewportHeight: number, overscan = 6): VirtualWindow {
  const totalHeight = count * rowHeight;
  const top = Math.max(0, Math.min(scrollTop, Math.max(0, totalHeight - viewportHeight)));
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** The scroll position that shows row `index` whole, moving as little as possible. */
export function revealRow(index: number, rowHeight: number, scrollTop: number, viewportHeight: number): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}

/** Rows in one page of the viewport (Page Up / Page Down), at least one. */
export function rowsPerPage(rowHeight: number, viewportHeight: number): number {
  return Math.max(1, Math.floor(viewportHeight / rowHeight) - 1);
}
