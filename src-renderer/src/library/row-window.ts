// Which rows of a fixed-height virtual list exist, where each one is drawn, and which row element
// each one reuses. Rows are keyed by their index modulo a pool as large as the most rows a view
// holds: scrolling hands a row's element, with its components and effects, to the row coming into
// view instead of building a new one, so a scroll step updates text and attributes rather than
// creating DOM.
//
// A list taller than MAX_SCROLL_HEIGHT (250,000 rows of 60 px) does not get a spacer of its full
// height: Chromium clamps an element's height at 33,554,428 px, which would leave the rows past it
// out of reach. Its spacer stops at the cap and the scroll position maps to the list
// proportionally: the top of the scroller shows the list's top, its end the list's last screen,
// and every scrolled pixel moves the list by k = (list − view) / (cap − view) pixels (4 at
// 1,000,000 rows). The rows are drawn where the view is (their natural top plus the window's
// `shift`), so a small wheel step still moves them by a few pixels, never by whole rows. Every row
// can be shown whole while the view is at least one row plus 2k pixels tall. Below the cap the
// mapping is the identity and `shift` is 0: row i is at i × rowHeight.

/** The tallest the list's spacer gets: well under Chromium's 33,554,428 px element height. */
export const MAX_SCROLL_HEIGHT = 15_000_000;

export interface RowWindow {
  /** First and last row rendered (inclusive); last < first when there are none. */
  first: number;
  last: number;
  /** Keys run 0 … pool - 1: the rows rendered never share one. */
  pool: number;
  /** Added to a row's natural top (index × rowHeight) to place it in the spacer; 0 below the cap. */
  shift: number;
}

/** The height of the list's spacer: every row, up to the cap. */
export function listHeight(count: number, rowHeight: number, cap = MAX_SCROLL_HEIGHT): number {
  return Math.min(Math.max(0, count) * rowHeight, cap);
}

/** The list's pixel (from the top of row 0) at the top of the view for a scroll position. */
export function listTop(scrollTop: number, viewport: number, rowHeight: number, count: number, cap = MAX_SCROLL_HEIGHT): number {
  const top = Math.max(0, scrollTop);
  const full = Math.max(0, count) * rowHeight;
  if (full <= cap) return top;
  const view = Math.max(0, viewport);
  const range = cap - view;
  if (range <= 0) return 0;
  // The browser may stop a fraction of a pixel short of the end: within a pixel is the end.
  if (top >= range - 1) return full - view;
  return (top / range) * (full - view);
}

/** The scroll position whose view starts at the list's pixel `top`, past the cap (listTop's inverse). */
function scrollTopFor(top: number, viewport: number, rowHeight: number, count: number, cap: number): number {
  const full = Math.max(0, count) * rowHeight;
  const view = Math.max(0, viewport);
  const fraction = Math.min(1, Math.max(0, top / (full - view)));
  return fraction * Math.max(0, cap - view);
}

/** The rows to render for a scroll position: those in view, plus `overscan` rows each side. */
export function rowWindow(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan: number,
  cap = MAX_SCROLL_HEIGHT,
): RowWindow {
  // Rows a viewport can touch at once (one cut at each edge), plus the overscan either side.
  const view = Math.max(0, viewport);
  const pool = Math.ceil(view / rowHeight) + 1 + 2 * overscan;
  if (count <= 0) return { first: 0, last: -1, pool, shift: 0 };
  const top = listTop(scrollTop, viewport, rowHeight, count, cap);
  const shift = Math.max(0, scrollTop) - top;
  const firstSeen = Math.min(count - 1, Math.floor(top / rowHeight));
  const lastSeen = Math.min(count - 1, Math.max(firstSeen, Math.ceil((top + view) / rowHeight) - 1));
  return { first: Math.max(0, firstSeen - overscan), last: Math.min(count - 1, lastSeen + overscan), pool, shift };
}

/** The row indexes of a window, top to bottom. */
export function windowIndexes(window: RowWindow): number[] {
  const indexes: number[] = [];
  for (let index = window.first; index <= window.last; index++) indexes.push(index);
  return indexes;
}

/** The scrollTop that shows row `index` whole, moving as little as possible ('nearest'). */
export function scrollToShow(
  index: number,
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  cap = MAX_SCROLL_HEIGHT,
): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (Math.max(0, count) * rowHeight <= cap) {
    if (top < scrollTop) return top;
    if (bottom > scrollTop + viewport) return Math.max(0, bottom - viewport);
    return scrollTop;
  }
  const current = listTop(scrollTop, viewport, rowHeight, count, cap);
  // Whole pixels past the cap (a browser keeps whole scroll positions): rounded towards the row,
  // they leave it in view, since a pixel moves the list less than the view minus a row.
  if (top < current) return Math.floor(scrollTopFor(top, viewport, rowHeight, count, cap));
  if (bottom > current + viewport) return Math.ceil(scrollTopFor(bottom - viewport, viewport, rowHeight, count, cap));
  return scrollTop;
}
