// The sheet plan for every paper × card-size preset: grid, pitch, bleed and margin kept or
// reported, backs at the mirrored positions, nothing inside the page margin, page counts.

import { describe, expect, it } from 'vitest';
import {
  CARD_SIZE_PRESETS,
  DEFAULT_PRINT_OPTIONS,
  PAPER_PRESETS,
  defaultPaperForLocale,
  type CardSizePreset,
  type PaperPreset,
  type PrintOptions,
} from '../../card-schema/print/print-options';
import { gridSummary, placeOnBackPage, planPages, planSheet } from '../../card-schema/print/sheet-plan';
import type { BoxMm } from '../../card-schema/print/sheet-slots';

const POKER = { widthMm: 63, heightMm: 88 };
const TOLERANCE = 0.1;
const options = (overrides: Partial<PrintOptions> = {}): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, ...overrides });
const papers = Object.keys(PAPER_PRESETS) as PaperPreset[];
const cardSizes = Object.keys(CARD_SIZE_PRESETS) as CardSizePreset[];
const matrix = papers.flatMap((paper) => cardSizes.map((cardSize) => [paper, cardSize] as const));

function insideMargin(box: BoxMm, paper: { widthMm: number; heightMm: number }, margin: number): boolean {
  const e = 1e-6;
  return (
    box.x >= margin - e &&
    box.y >= margin - e &&
    box.x + box.w <= paper.widthMm - margin + e &&
    box.y + box.h <= paper.heightMm - margin + e
  );
}

describe('planSheet: every paper × card size', () => {
  it.each(matrix)('%s, %s: true card size, even pitch, centred, clear of the margin', (paper, cardSize) => {
    const plan = planSheet(options({ paper, cardSize, faces: 'both', guidesOnBacks: true }), POKER, 40);
    const card = CARD_SIZE_PRESETS[cardSize];
    expect(plan.perSheet).toBe(plan.columns * plan.rows);
    for (const slot of plan.frontSlots) {
      expect(Math.abs(slot.trim.w - card.widthMm)).toBeLessThanOrEqual(TOLERANCE);
      expect(Math.abs(slot.trim.h - card.heightMm)).toBeLessThanOrEqual(TOLERANCE);
      expect(insideMargin(slot.bleed, plan.paper, plan.marginMm)).toBe(true);
    }
    const first = plan.frontSlots[0].trim;
    if (plan.columns > 1) expect(plan.frontSlots[1].trim.x - first.x).toBeCloseTo(card.widthMm + plan.gapMm, 6);
    if (plan.rows > 1) expect(plan.frontSlots[plan.columns].trim.y - first.y).toBeCloseTo(card.heightMm + plan.gapMm, 6);
    const last = plan.frontSlots[plan.perSheet - 1].trim;
    expect(first.x).toBeCloseTo(plan.paper.widthMm - last.x - last.w, 6);
    expect(first.y).toBeCloseTo(plan.paper.heightMm - last.y - last.h, 6);
    for (const page of planPages(plan)) {
      for (const g of page.guides) {
        expect(insideMargin({ x: g.x1, y: g.y1, w: g.x2 - g.x1, h: g.y2 - g.y1 }, plan.paper, plan.marginMm)).toBe(true);
        for (const { slot } of page.placements) {
          const b = slot.bleed;
          const crosses = g.x1 < b.x + b.w - 1e-6 && g.x2 > b.x + 1e-6 && g.y1 < b.y + b.h - 1e-6 && g.y2 > b.y + 1e-6;
          expect(crosses).toBe(false);
        }
      }
    }
    // Anything that differs from what was asked is said.
    if (plan.bleed.xMm < 3 || plan.bleed.yMm < 3) expect(plan.notes.join(' ')).toMatch(/Bleed reduced/);
    if (plan.marginMm < 5) expect(plan.notes.join(' ')).toMatch(/Margin reduced/);
  });

  it('fits 3 × 3 poker cards on A4 with the whole 3 mm bleed and 5 mm margin', () => {
    const plan = planSheet(options(), POKER, 9);
    expect([plan.columns, plan.rows, plan.orientation]).toEqual([3, 3, 'portrait']);
    expect(plan.bleed).toEqual({ xMm: 3, yMm: 3 });
    expect(plan.marginMm).toBe(5);
    expect(plan.notes).toEqual([]);
  });

  it('keeps the whole bleed on Letter poker cards: 4 × 2 landscape rather than 3 × 3 with 0.7 mm', () => {
    const plan = planSheet(options({ paper: 'Letter' }), POKER, 9);
    expect([plan.columns, plan.rows, plan.orientation]).toEqual([4, 2, 'landscape']);
    expect(plan.bleed).toEqual({ xMm: 3, yMm: 3 });
    expect(plan.notes).toEqual([]);
    // Asking for less bleed fits 3 × 3 again.
    const tight = planSheet(options({ paper: 'Letter', bleedMm: 0.5 }), POKER, 9);
    expect([tight.columns, tight.rows, tight.notes]).toEqual([3, 3, []]);
  });

  it('says so when not even one card fits with the whole bleed', () => {
    const plan = planSheet(options({ paper: { widthMm: 75, heightMm: 110 }, marginMm: 3 }), POKER, 1);
    expect(plan.bleed.xMm).toBeLessThan(3);
    expect(plan.notes.join(' ')).toMatch(/Bleed reduced to \d(\.\d+)? mm left and right \(3 mm asked\)/);
  });

  it('picks the orientation that fits the most cards', () => {
    const plan = planSheet(options({ cardSize: 'square' }), POKER, 9);
    expect([plan.columns, plan.rows, plan.orientation]).toEqual([2, 3, 'portrait']);
    const landscape = planSheet(options({ layout: 'gutterfold', faces: 'both' }), POKER, 9);
    expect(landscape.orientation).toBe('landscape');
    expect(landscape.perSheet).toBe(4);
  });

  it('reduces the margin, and says so, when one card does not fit within it', () => {
    const plan = planSheet(options({ paper: { widthMm: 80, heightMm: 130 }, cardSize: 'tarot', marginMm: 10 }), POKER, 1);
    expect(plan.marginMm).toBeLessThan(10);
    expect(plan.notes.join(' ')).toMatch(/Margin reduced to \d/);
  });

  it('explains a card that cannot fit, and options out of range', () => {
    expect(() => planSheet(options({ paper: { widthMm: 60, heightMm: 80 } }), POKER, 1)).toThrow(/63 × 88 mm card does not fit/);
    expect(() => planSheet(options({ bleedMm: 7 }), POKER, 1)).toThrow(/Bleed must be between 0 and 6 mm, got 7/);
    expect(() => planSheet(options({ backScaleXPercent: 110 }), POKER, 1)).toThrow(/Back scale X must be between 97 and 103 %/);
  });
});

describe('planSheet: layouts and page counts', () => {
  it('counts ceil(cards / per sheet) pages, twice with duplex, plus the calibration pages', () => {
    expect(planSheet(options(), POKER, 31).pages).toBe(4);
    expect(planSheet(options({ faces: 'both' }), POKER, 31).pages).toBe(8);
    expect(planSheet(options({ faces: 'both', calibrationPage: true }), POKER, 31).pages).toBe(10);
    const separate = planSheet(options({ faces: 'both', layout: 'separate-backs' }), POKER, 31);
    expect([separate.pages, separate.backPages]).toEqual([4, 4]);
    expect(planSheet(options({ faces: 'both', layout: 'card-per-page' }), POKER, 5).pages).toBe(10);
    for (const layout of ['duplex-long', 'duplex-short', 'gutterfold', 'separate-backs', 'card-per-page'] as const) {
      const plan = planSheet(options({ faces: 'both', layout, calibrationPage: true }), POKER, 23);
      const pages = [...planPages(plan)];
      expect(pages.filter((p) => p.file === 'main')).toHaveLength(plan.pages);
      expect(pages.filter((p) => p.file === 'backs')).toHaveLength(plan.backPages);
      const placed = pages.flatMap((p) => p.placements);
      expect(placed.filter((p) => p.face === 'front')).toHaveLength(23);
      expect(placed.filter((p) => p.face === 'back')).toHaveLength(23);
    }
  });

  it('puts long-edge backs in mirrored columns, short-edge backs in reversed rows, plus the offset', () => {
    const long = planSheet(options({ faces: 'both', backOffsetXMm: 1.2, backOffsetYMm: -0.7 }), POKER, 9);
    const short = planSheet(options({ faces: 'both', layout: 'duplex-short' }), POKER, 9);
    for (let i = 0; i < 9; i++) {
      const front = long.frontSlots[i].trim;
      const back = placeOnBackPage(long.backSlots[i].trim, long.paper, long.backTransform);
      expect(back.x).toBeCloseTo(long.paper.widthMm - front.x - front.w + 1.2, 6);
      expect(back.y).toBeCloseTo(front.y - 0.7, 6);
      const shortBack = short.backSlots[i].trim;
      expect(shortBack.x).toBeCloseTo(front.x, 6);
      expect(shortBack.y).toBeCloseTo(short.paper.heightMm - front.y - front.h, 6);
    }
    expect([long.duplex, short.duplex]).toEqual(['long-edge', 'short-edge']);
  });

  it('scales backs about the page centre', () => {
    const plan = planSheet(options({ faces: 'both', backScaleXPercent: 102 }), POKER, 9);
    const back = placeOnBackPage(plan.backSlots[0].trim, plan.paper, plan.backTransform);
    expect(back.w).toBeCloseTo(63 * 1.02, 6);
    expect(back.x + back.w / 2 - 105).toBeCloseTo((plan.backSlots[0].trim.x + 31.5 - 105) * 1.02, 6);
  });

  it('gutterfold: fronts on the left half, backs mirrored about the fold line', () => {
    const plan = planSheet(options({ faces: 'both', layout: 'gutterfold' }), POKER, 4);
    const [page] = [...planPages(plan)];
    const half = plan.paper.widthMm / 2;
    expect(page.foldLine).toMatchObject({ x1: half, x2: half });
    for (const { face, slot } of page.placements) {
      if (face === 'front') expect(slot.bleed.x + slot.bleed.w).toBeLessThanOrEqual(half - plan.marginMm + 1e-6);
      else expect(slot.bleed.x).toBeGreaterThanOrEqual(half + plan.marginMm - 1e-6);
    }
  });

  it('one card per page: the page is card + bleed and the trim box is the card', () => {
    const plan = planSheet(options({ layout: 'card-per-page', bleedMm: 2 }), POKER, 2);
    const [page] = [...planPages(plan)];
    expect(page.size).toEqual({ widthMm: 67, heightMm: 92 });
    expect(page.trimBox).toEqual({ x: 2, y: 2, w: 63, h: 88 });
    expect(gridSummary(plan)).toBe('One card per page, 2 pages');
  });

  it('summarises the grid', () => {
    expect(gridSummary(planSheet(options(), POKER, 31))).toBe('3 × 3 per page, 4 pages');
    expect(gridSummary(planSheet(options({ faces: 'both', layout: 'separate-backs' }), POKER, 9))).toBe(
      '3 × 3 per page, 1 page + 1 page of backs',
    );
  });

  it('keeps back pages clean unless guides on backs are asked for', () => {
    const pages = [...planPages(planSheet(options({ faces: 'both' }), POKER, 9))];
    expect(pages[0].guides.length).toBeGreaterThan(0);
    expect(pages[1].guides).toEqual([]);
  });
});

describe('defaultPaperForLocale', () => {
  it.each([
    ['en-US', 'Letter'],
    ['en-CA', 'Letter'],
    ['es-MX', 'Letter'],
    ['en-GB', 'A4'],
    ['de-DE', 'A4'],
    ['fr', 'A4'],
    [undefined, 'A4'],
  ] as const)('%s → %s', (locale, paper) => expect(defaultPaperForLocale(locale)).toBe(paper));
});
