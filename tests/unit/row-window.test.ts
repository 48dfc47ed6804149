import { describe, expect, it } from 'vitest';
import { rowWindow, scrollToShow, windowIndexes, type RowWindow } from '../../src-renderer/src/library/row-window';

const keys = (window: RowWindow) => windowIndexes(window).map((index) => index % window.pool);

describe('rowWindow', () => {
  it('renders the rows in view and the overscan each side, within the list', () => {
    expect(rowWindow(0, 600, 60, 100_000, 3)).toEqual({ first: 0, last: 12, pool: 17 });
    // Row 1000 starts at 60,000 px: half of it and half of row 1010 show.
    expect(rowWindow(60_030, 600, 60, 100_000, 3)).toEqual({ first: 997, last: 1013, pool: 17 });
    expect(rowWindow(5_999_400, 600, 60, 100_000, 3)).toEqual({ first: 99_987, last: 99_999, pool: 17 });
    expect(rowWindow(0, 600, 60, 4, 3)).toEqual({ first: 0, last: 3, pool: 17 });
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
    expect(scrollToShow(5, 0, 600, 60)).toBe(0);
    expect(scrollToShow(12, 0, 600, 60)).toBe(180);
    expect(scrollToShow(2, 600, 600, 60)).toBe(120);
    expect(scrollToShow(99_999, 0, 600, 60)).toBe(5_999_400);
  });
});
