import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  listHeight,
  listTop,
  MAX_SCROLL_HEIGHT,
  rowWindow,
  scrollToShow,
  windowIndexes,
  type RowWindow,
} from '../../src-renderer/src/library/row-window';

const ROW = 60;
const keys = (window: RowWindow) => windowIndexes(window).map((index) => index % window.pool);
/** Where a row of a window is drawn in the spacer (the slot's translateY). */
const rowY = (index: number, window: RowWindow) => index * ROW + window.shift;
/** The furthest a browser scrolls: the spacer less the view. */
const maxScroll = (count: number, viewport: number, cap = MAX_SCROLL_HEIGHT) =>
  Math.max(0, listHeight(count, ROW, cap) - viewport);
/** Float slack for positions around 10^7 px. */
const EPS = 1e-6;

/** A list past the cap (more than 250,000 rows), a view from 200 px to a tall screen. */
const huge = fc.integer({ min: MAX_SCROLL_HEIGHT / ROW + 1, max: 2_000_000 });
const view = fc.integer({ min: 200, max: 1600 });

/** The row is on screen whole at that scroll position, drawn by the window there. */
function expectWhole(index: number, scrollTop: number, viewport: number, count: number, cap = MAX_SCROLL_HEIGHT): void {
  const shown = rowWindow(scrollTop, viewport, ROW, count, 0, cap);
  expect(index).toBeGreaterThanOrEqual(shown.first);
  expect(index).toBeLessThanOrEqual(shown.last);
  expect(rowY(index, shown)).toBeGreaterThanOrEqual(scrollTop - EPS);
  expect(rowY(index, shown) + ROW).toBeLessThanOrEqual(scrollTop + viewport + EPS);
}

describe('rowWindow', () => {
  it('renders the rows in view and the overscan each side, within the list', () => {
    expect(rowWindow(0, 600, 60, 100_000, 3)).toEqual({ first: 0, last: 12, pool: 17, shift: 0 });
    // Row 1000 starts at 60,000 px: half of it and half of row 1010 show.
    expect(rowWindow(60_030, 600, 60, 100_000, 3)).toEqual({ first: 997, last: 1013, pool: 17, shift: 0 });
    expect(rowWindow(5_999_400, 600, 60, 100_000, 3)).toEqual({ first: 99_987, last: 99_999, pool: 17, shift: 0 });
    expect(rowWindow(0, 600, 60, 4, 3)).toEqual({ first: 0, last: 3, pool: 17, shift: 0 });
    expect(windowIndexes(rowWindow(0, 600, 60, 0, 3))).toEqual([]);
  });

  it('never renders more rows than its pool, so the rows shown never share a key', () => {
    for (const viewport of [0, 1, 59, 60, 61, 599, 600, 601, 937]) {
      for (let top = 0; top < 300; top += 7) {
        const shown = keys(rowWindow(top, viewport, 60, 10_000, 3));
        expect(new Set(shown).size).toBe(shown.length);
      }
    }
  });

  it('hands the keys of the rows scrolled away to the rows coming into view', () => {
    const before = new Set(keys(rowWindow(60_030, 600, 60, 10_000, 3)));
    const after = keys(rowWindow(60_630, 600, 60, 10_000, 3));
    // Scrolled by a screen: every row shown now reuses the element of a row shown before.
    expect(after.every((key) => before.has(key))).toBe(true);
  });
});

describe('scrollToShow', () => {
  it('moves as little as possible to show a row whole', () => {
    expect(scrollToShow(5, 0, 600, 60, 100_000)).toBe(0);
    expect(scrollToShow(12, 0, 600, 60, 100_000)).toBe(180);
    expect(scrollToShow(2, 600, 600, 60, 100_000)).toBe(120);
    expect(scrollToShow(99_999, 0, 600, 60, 100_000)).toBe(5_999_400);
  });
});

describe('a list taller than the browser allows (issue 11: 1,000,000 rows)', () => {
  it('caps the spacer well under Chromium\u2019s 33,554,428 px and reaches the last row at the end', () => {
    // 60,000,000 px of rows: the spacer stops at the cap, which the browser can scroll in full.
    expect(listHeight(1_000_000, ROW)).toBe(MAX_SCROLL_HEIGHT);
    expect(MAX_SCROLL_HEIGHT).toBeLessThan(33_554_428);
    const end = maxScroll(1_000_000, 600);
    const shown = rowWindow(end, 600, ROW, 1_000_000, 3);
    expect(shown.last).toBe(999_999);
    // The last row's bottom is the spacer's bottom: the last pixel in view.
    expect(rowY(999_999, shown) + ROW).toBe(MAX_SCROLL_HEIGHT);
    // End (scrollToShow of the last row from the top) scrolls exactly there.
    expect(scrollToShow(999_999, 0, 600, ROW, 1_000_000)).toBe(end);
    // Half way down the scrollbar is half way down the list.
    const middle = rowWindow(end / 2, 600, ROW, 1_000_000, 0);
    expect(middle.first).toBeGreaterThan(499_990);
    expect(middle.last).toBeLessThan(500_010);
  });

  it('every row 0 … N-1 can be scrolled into view whole, from the top and from the end', () => {
    // Exhaustive on a small cap that still maps 6 list pixels to each scrolled pixel.
    const count = 3_000;
    const cap = 30_000;
    for (const viewport of [200, 600]) {
      const end = maxScroll(count, viewport, cap);
      for (let index = 0; index < count; index++) {
        for (const from of [0, end]) {
          const top = scrollToShow(index, from, viewport, ROW, count, cap);
          expect(Number.isInteger(top)).toBe(true);
          expect(top).toBeGreaterThanOrEqual(0);
          expect(top).toBeLessThanOrEqual(end);
          expectWhole(index, top, viewport, count, cap);
        }
      }
    }
  });

  it('property: any row of any list past the cap is reachable whole, from anywhere, at a whole-pixel scroll position', () => {
    fc.assert(
      fc.property(
        huge,
        view,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, viewport, at, from) => {
          const index = Math.min(count - 1, Math.floor(at * count));
          const end = maxScroll(count, viewport);
          const top = scrollToShow(index, Math.round(from * end), viewport, ROW, count);
          expect(Number.isInteger(top)).toBe(true);
          expect(top).toBeGreaterThanOrEqual(0);
          expect(top).toBeLessThanOrEqual(end);
          expectWhole(index, top, viewport, count);
          // Already whole there: the keys leave the scroll position alone.
          expect(scrollToShow(index, top, viewport, ROW, count)).toBe(top);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: the window moves down the list monotonically and always covers the view', () => {
    fc.assert(
      fc.property(
        huge,
        view,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, viewport, a, b) => {
          const end = maxScroll(count, viewport);
          const [low, high] = [a, b].sort((x, y) => x - y).map((fraction) => fraction * end);
          expect(listTop(low, viewport, ROW, count)).toBeLessThanOrEqual(listTop(high, viewport, ROW, count));
          const upper = rowWindow(low, viewport, ROW, count, 3);
          const lower = rowWindow(high, viewport, ROW, count, 3);
          expect(upper.first).toBeLessThanOrEqual(lower.first);
          expect(upper.last).toBeLessThanOrEqual(lower.last);
          for (const [top, shown] of [
            [low, rowWindow(low, viewport, ROW, count, 0)],
            [high, rowWindow(high, viewport, ROW, count, 0)],
          ] as const) {
            // No gap: the rows drawn span the view from its top to its bottom.
            expect(rowY(shown.first, shown)).toBeLessThanOrEqual(top + EPS);
            expect(rowY(shown.last, shown) + ROW).toBeGreaterThanOrEqual(top + viewport - EPS);
            // The pool still gives every row drawn its own element.
            const drawn = keys(rowWindow(top, viewport, ROW, count, 3));
            expect(new Set(drawn).size).toBe(drawn.length);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: the first row is at the top at scroll 0 and the last at the bottom at the end', () => {
    fc.assert(
      fc.property(huge, view, fc.constantFrom(0, 0.25, 0.5, 0.99), (count, viewport, shortfall) => {
        const first = rowWindow(0, viewport, ROW, count, 3);
        expect(first.first).toBe(0);
        expect(first.shift).toBe(0);
        // The browser may stop a fraction of a pixel short of its end: still the list's end.
        const end = maxScroll(count, viewport) - shortfall;
        const last = rowWindow(end, viewport, ROW, count, 3);
        expect(last.last).toBe(count - 1);
        expect(rowY(count - 1, last) + ROW).toBeCloseTo(end + viewport, 6);
      }),
      { numRuns: 200 },
    );
  });

  it('property: a small wheel step moves every row shown by the same few pixels, never by whole rows', () => {
    fc.assert(
      fc.property(
        huge,
        view,
        fc.double({ min: 0, max: 0.98, noNaN: true }),
        fc.integer({ min: 1, max: 10 }),
        (count, viewport, at, step) => {
          const top = Math.round(at * maxScroll(count, viewport));
          const before = rowWindow(top, viewport, ROW, count, 3);
          const after = rowWindow(top + step, viewport, ROW, count, 3);
          // List pixels per scrolled pixel past the cap.
          const k = (count * ROW - viewport) / (MAX_SCROLL_HEIGHT - viewport);
          const index = Math.max(before.first, after.first);
          // On screen (the spacer's position less the scroll position), the row moved up by k × step.
          const moved = rowY(index, before) - top - (rowY(index, after) - top - step);
          expect(moved).toBeCloseTo(k * step, 5);
          expect(k).toBeLessThan(ROW / 6);
        },
      ),
      { numRuns: 300 },
    );
    // At 1,000,000 rows a pixel scrolled is 4 list pixels.
    expect((1_000_000 * ROW - 600) / (MAX_SCROLL_HEIGHT - 600)).toBeCloseTo(4, 3);
  });
});

describe('a list under the cap is unchanged: row i at i × 60 px', () => {
  // The mapping before the cap existed, for comparison.
  const exact = (scrollTop: number, viewport: number, count: number, overscan: number) => {
    const firstSeen = Math.min(count - 1, Math.floor(scrollTop / ROW));
    const lastSeen = Math.min(count - 1, Math.max(firstSeen, Math.ceil((scrollTop + viewport) / ROW) - 1));
    return { first: Math.max(0, firstSeen - overscan), last: Math.min(count - 1, lastSeen + overscan) };
  };
  const exactShow = (index: number, scrollTop: number, viewport: number) => {
    const top = index * ROW;
    if (top < scrollTop) return top;
    if (top + ROW > scrollTop + viewport) return Math.max(0, top + ROW - viewport);
    return scrollTop;
  };

  it('property: the same rows at the same places, and the same scroll positions for the keys', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_SCROLL_HEIGHT / ROW }),
        fc.integer({ min: 0, max: 1600 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, viewport, at, where) => {
          expect(listHeight(count, ROW)).toBe(count * ROW);
          const top = Math.round(at * maxScroll(count, viewport));
          const shown = rowWindow(top, viewport, ROW, count, 3);
          expect(shown.shift).toBe(0);
          expect({ first: shown.first, last: shown.last }).toEqual(exact(top, viewport, count, 3));
          expect(listTop(top, viewport, ROW, count)).toBe(top);
          const index = Math.min(count - 1, Math.floor(where * count));
          expect(scrollToShow(index, top, viewport, ROW, count)).toBe(exactShow(index, top, viewport));
        },
      ),
      { numRuns: 500 },
    );
  });
});
