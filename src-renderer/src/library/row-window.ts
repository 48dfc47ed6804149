// Which rows of a fixed-height virtual list exist, and which row element each one reuses. Rows
// are keyed by their index modulo a pool as large as the most rows a view holds: scrolling hands
// a row's element, with its components and effects, to the row coming into view instead of
// building a new one, so a scroll step updates text and attributes rather than creating DOM.

export interface RowWindow {
  /** First and last row rendered (inclusive); last < first when there are none. */
  first: number;
  last: number;
  /** Keys run 0 … pool - 1: the rows rendered never share one. */
  pool: number;
}

/** The rows to render for a scroll position: those in view, plus `overscan` rows each side. */
export function rowWindow(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan: number): RowWindow {
  // Rows a viewport can touch at once (one cut at each edge), plus the overscan either side.
  const pool = Math.ceil(Math.max(0, viewport) / rowHeight) + 1 + 2 * overscan;
  if (count <= 0) return { first: 0, last: -1, pool };
  const top = Math.max(0, scrollTop);
  const firstSeen = Math.min(count - 1, Math.floor(top / rowHeight));
  const lastSeen = Math.min(count - 1, Math.max(firstSeen, Math.ceil((top + Math.max(0, viewport)) / rowHeight) - 1));
  return { first: Math.max(0, firstSeen - overscan), last: Math.min(count - 1, lastSeen + overscan), pool };
}

/** The row indexes of a window, top to bottom. */
export function windowIndexes(window: RowWindow): number[] {
  const indexes: number[] = [];
  for (let index = window.first; index <= window.last; index++) indexes.push(index);
  return indexes;
}

/** The scrollTop that shows row `index` whole, moving as little as possible ('nearest'). */
export function scrollToShow(index: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  const bottom = top + rowHeight;
  if (bottom > scrollTop + viewport) return Math.max(0, bottom - viewport);
  return scrollTop;
}
