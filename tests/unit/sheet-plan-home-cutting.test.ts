// Issue 33's sheet plan: defaults that never warn (every paper × card size × game), no "stretched"
// claim, the calibration page on the paper, the gutterfold gutter, skipped slots, page ranges,
// rounded outlines, registration marks and the back-front page order.

import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CARD_SIZE_PRESETS,
  DEFAULT_PRINT_OPTIONS,
  PAPER_PRESETS,
  type CardSizePreset,
  type PaperPreset,
  type PrintOptions,
  type SizeMm,
} from '../../card-schema/print/print-options';
import { planPages, planSheet, rangeFilter } from '../../card-schema/print/sheet-plan';
import { pageFilter, readPageRange } from '../../card-schema/print/page-range';
import { REGISTRATION_MARK } from '../../card-schema/print/registration-marks';
import type { BoxMm } from '../../card-schema/print/sheet-slots';

const POKER = { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 };
const options = (overrides: Partial<PrintOptions> = {}): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, ...overrides });

/** Every game's card size: the bundled systems and the starters. */
function gameCards(): { name: string; card: SizeMm }[] {
  const roots = ['../../card-schema/systems', '../../card-schema/starters'].map((dir) => resolve(__dirname, dir));
  return roots.flatMap((root) =>
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => {
        const system = JSON.parse(readFileSync(join(root, entry.name, 'system.json'), 'utf8')) as { card: SizeMm };
        return { name: entry.name, card: system.card };
      }),
  );
}

const overlaps = (a: BoxMm, b: BoxMm) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('defaults that never warn', () => {
  const papers = Object.keys(PAPER_PRESETS) as PaperPreset[];
  const sizes: { name: string; cardSize: PrintOptions['cardSize']; game: SizeMm }[] = [
    ...(Object.keys(CARD_SIZE_PRESETS) as CardSizePreset[]).map((cardSize) => ({ name: cardSize, cardSize, game: POKER })),
    ...gameCards().map(({ name, card }) => ({ name: `game ${name}`, cardSize: 'game' as const, game: card })),
  ];
  const layouts = ['duplex-long', 'duplex-short', 'gutterfold', 'separate-backs', 'card-per-page'] as const;

  it('loops over at least 5 papers, 8 presets and the games', () => {
    expect(papers).toHaveLength(5);
    expect(sizes.length).toBeGreaterThanOrEqual(8 + 5);
  });

  for (const paper of papers) {
    it(`${paper}: every card size and layout keeps the whole bleed and margin, with no note`, () => {
      for (const { name, cardSize, game } of sizes) {
        for (const layout of layouts) {
          for (const faces of ['fronts', 'both'] as const) {
            const plan = planSheet(options({ paper, cardSize, layout, faces }), game, 20);
            expect(plan.notes, `${paper} ${name} ${layout} ${faces}`).toEqual([]);
            if (layout === 'card-per-page') continue;
            expect(plan.bleed, `${paper} ${name} ${layout}`).toEqual({ xMm: 3, yMm: 3 });
            expect(plan.marginMm).toBe(5);
          }
        }
      }
    });
  }

  it('never claims that cards of another size are stretched (they are laid out again)', () => {
    const plan = planSheet(options({ cardSize: 'tarot' }), POKER, 4);
    expect(plan.card).toEqual({ widthMm: 70, heightMm: 120 });
    expect(plan.notes.join(' ')).not.toMatch(/stretch/i);
    // Shapes scale by the smaller ratio, as card-size.ts lays them out.
    expect(plan.cornerRadiusMm).toBeCloseTo(3 * Math.min(70 / 63, 120 / 88), 6);
  });
});

describe('calibration page', () => {
  it('is on the paper also when the card pages are card-sized, with room for the 100 mm ruler', () => {
    const plan = planSheet(options({ layout: 'card-per-page', faces: 'both', calibrationPage: true, paper: 'Letter' }), POKER, 2);
    const pages = [...planPages(plan)];
    expect(pages[0].kind).toBe('calibration');
    expect(pages[0].size).toEqual({ widthMm: 215.9, heightMm: 279.4 });
    expect(pages[0].trimBox).toEqual({ x: 0, y: 0, w: 215.9, h: 279.4 });
    expect(pages[1].size).toEqual({ widthMm: 69, heightMm: 94 });
    expect(plan.pages).toBe(5);
  });

  it('turns a narrow custom paper so the ruler fits', () => {
    const plan = planSheet(
      options({ layout: 'card-per-page', calibrationPage: true, paper: { widthMm: 100, heightMm: 150 } }),
      POKER,
      1,
    );
    expect(plan.calibrationPaper).toEqual({ widthMm: 150, heightMm: 100 });
    expect(plan.notes.join(' ')).not.toMatch(/ruler/);
  });
});

describe('gutterfold', () => {
  it('Letter poker: 4 fronts and 4 backs, the gutter taking the room left, the fold in its middle', () => {
    const plan = planSheet(options({ paper: 'Letter', layout: 'gutterfold', faces: 'both' }), POKER, 8);
    expect([plan.orientation, plan.columns, plan.rows]).toEqual(['landscape', 2, 2]);
    expect(plan.notes).toEqual([]);
    const [page] = [...planPages(plan)];
    const fronts = page.placements.filter((p) => p.face === 'front').map((p) => p.slot);
    const backs = page.placements.filter((p) => p.face === 'back').map((p) => p.slot);
    expect([fronts.length, backs.length]).toEqual([4, 4]);
    const half = plan.paper.widthMm / 2;
    const frontEdge = Math.max(...fronts.map((s) => s.trim.x + s.trim.w));
    const backEdge = Math.min(...backs.map((s) => s.trim.x));
    const gutter = backEdge - frontEdge;
    expect(gutter).toBeCloseTo(279.4 - 4 * 63 - 2 * (5 + 2 + 3), 6); // margin, corner-mark room, bleed
    expect(half - frontEdge).toBeCloseTo(gutter / 2, 6);
    // Each side of the fold keeps its whole bleed.
    expect(Math.max(...fronts.map((s) => s.bleed.x + s.bleed.w))).toBeLessThanOrEqual(half + 1e-6);
    expect(Math.min(...backs.map((s) => s.bleed.x))).toBeGreaterThanOrEqual(half - 1e-6);
    // With cut lines (no corner-mark room) the gutter is about 11 mm.
    const lines = planSheet(options({ paper: 'Letter', layout: 'gutterfold', faces: 'both', cutGuides: 'lines' }), POKER, 8);
    const [linesPage] = [...planPages(lines)];
    const linesFronts = linesPage.placements.filter((p) => p.face === 'front');
    expect(linesFronts).toHaveLength(4);
    expect(279.4 - 2 * Math.max(...linesFronts.map((p) => p.slot.trim.x + p.slot.trim.w))).toBeCloseTo(11.4, 6);
  });
});

describe('skipping used slots', () => {
  it('leaves the first N slots of the first sheet empty, their backs too, and counts the pages with them', () => {
    const plan = planSheet(options({ faces: 'both', skipSlots: 3 }), POKER, 9);
    expect(plan.pages).toBe(4);
    const [fronts, backs, fronts2] = [...planPages(plan)];
    expect(fronts.placements.map((p) => p.slot.index)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(fronts.placements.map((p) => p.card)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(backs.placements.map((p) => p.slot.index)).toEqual([3, 4, 5, 6, 7, 8]);
    // The back of the card in front slot 3 is behind it: slot 3's mirror.
    expect(backs.placements[0].slot).toEqual(plan.backSlots[3]);
    expect(fronts2.placements.map((p) => [p.card, p.slot.index])).toEqual([
      [6, 0],
      [7, 1],
      [8, 2],
    ]);
  });

  it('refuses to skip a whole sheet, in one sentence', () => {
    expect(() => planSheet(options({ skipSlots: 9 }), POKER, 9)).toThrow(
      'Skipped slots must be a whole number from 0 to 8 (a sheet holds 9 cards), got 9',
    );
    expect(() => planSheet(options({ layout: 'card-per-page', skipSlots: 1 }), POKER, 9)).toThrow(/from 0 to 0/);
  });
});

describe('page ranges', () => {
  it('reads "1-3,6", open ends and spaces', () => {
    expect([...(readPageRange('1-3,6', 8).pages ?? [])]).toEqual([1, 2, 3, 6]);
    expect([...(readPageRange(' 7 - , 2', 8).pages ?? [])]).toEqual([7, 8, 2]);
    expect(readPageRange('', 8).pages).toBeNull();
    const wanted = pageFilter('2,4', 5);
    expect([1, 2, 3, 4, 5].filter(wanted)).toEqual([2, 4]);
  });

  it.each([
    ['5-2', /Page range “5-2” runs backwards at “5-2”: write the lower page first \(the export has 8 pages\)\./],
    ['0', /Page range “0” names page 0, but pages are numbered from 1 \(the export has 8 pages\)\./],
    ['1-9', /Page range “1-9” asks for page 9, but the export has 8 pages\./],
    ['1,x', /Page range “1,x” is not understood at “x”: .* \(the export has 8 pages\)\./],
    ['1-3-5', /not understood at “1-3-5”/],
  ])('refuses %s in one sentence naming the range and the page count', (range, message) => {
    expect(readPageRange(range, 8).error).toMatch(message);
    expect(() => planSheet(options({ pageRange: range }), POKER, 72)).toThrow(message);
  });

  it('numbers pages as the plan yields them, calibration included', () => {
    const plan = planSheet(options({ faces: 'both', calibrationPage: true, pageRange: '1,4' }), POKER, 18);
    expect(plan.pages).toBe(6);
    expect(() => planSheet(options({ calibrationPage: true, pageRange: '4' }), POKER, 18)).toThrow(/export has 3 pages/);
  });
});

describe('outline cut guides', () => {
  it('gives each card its own outline with the game’s corner radius, on fronts (backs only when asked)', () => {
    const plan = planSheet(options({ faces: 'both', cutGuides: 'outlines' }), POKER, 9);
    const [fronts, backs] = [...planPages(plan)];
    expect(fronts.guides).toEqual([]);
    expect(fronts.outlines).toHaveLength(9);
    fronts.outlines.forEach((outline, i) => {
      expect(outline.box).toEqual(fronts.placements[i].slot.trim);
      expect(outline.radiusMm).toBe(3);
    });
    expect(backs.outlines).toEqual([]);
    const onBacks = [...planPages(planSheet(options({ faces: 'both', cutGuides: 'outlines', guidesOnBacks: true }), POKER, 9))];
    expect(onBacks[1].outlines).toHaveLength(9);
    const square = [...planPages(planSheet(options({ cutGuides: 'outlines' }), { widthMm: 63, heightMm: 88 }, 1))];
    expect(square[0].outlines[0].radiusMm).toBe(0);
  });
});

describe('registration marks', () => {
  it('puts a 5 mm square top-left and L marks top-right and bottom-left, 10 mm in, the cards clear inside them', () => {
    const plan = planSheet(options({ registrationMarks: true, cutGuides: 'outlines', faces: 'both' }), POKER, 9);
    expect(plan.notes).toEqual([]);
    expect(plan.registration).not.toBeNull();
    const [fronts, backs] = [...planPages(plan)];
    const marks = fronts.registrationMarks;
    expect(marks[0]).toEqual({ x: 10, y: 10, w: 5, h: 5 });
    expect(marks).toContainEqual({ x: 210 - 10 - 20, y: 10, w: 20, h: 0.5 });
    expect(marks).toContainEqual({ x: 10, y: 297 - 10 - 20, w: 0.5, h: 20 });
    expect(backs.registrationMarks).toEqual([]);
    const clearance = REGISTRATION_MARK.clearanceMm;
    for (const { slot } of fronts.placements) {
      for (const mark of marks) {
        const grown = { x: mark.x - clearance, y: mark.y - clearance, w: mark.w + 2 * clearance, h: mark.h + 2 * clearance };
        expect(overlaps(grown, slot.bleed)).toBe(false);
      }
      // The cut area stays inside the marks' frame.
      expect(slot.bleed.x).toBeGreaterThanOrEqual(16.5 - 1e-6);
      expect(slot.bleed.y).toBeGreaterThanOrEqual(16.5 - 1e-6);
    }
  });

  it('keeps cut lines inside the marks’ frame', () => {
    const plan = planSheet(options({ registrationMarks: true, cutGuides: 'lines' }), POKER, 4);
    const [page] = [...planPages(plan)];
    for (const g of page.guides) {
      expect(Math.min(g.x1, g.x2, g.y1, g.y2)).toBeGreaterThanOrEqual(16.5 - 1e-6);
    }
  });

  it('says so when they do not fit', () => {
    const plan = planSheet(options({ registrationMarks: true, paper: { widthMm: 80, heightMm: 120 } }), POKER, 1);
    expect(plan.registration).toBeNull();
    expect(plan.notes.join(' ')).toMatch(/No room for registration marks/);
    expect([...planPages(plan)][0].registrationMarks).toEqual([]);
  });
});

describe('one card per page order', () => {
  it('puts each back before its front with back-front', () => {
    const plan = planSheet(options({ layout: 'card-per-page', faces: 'both', cardPageOrder: 'back-front' }), POKER, 2);
    expect([...planPages(plan)].map((p) => `${p.kind}${p.placements[0].card}`)).toEqual([
      'card-back0',
      'card-front0',
      'card-back1',
      'card-front1',
    ]);
    const usual = planSheet(options({ layout: 'card-per-page', faces: 'both' }), POKER, 1);
    expect([...planPages(usual)].map((p) => p.kind)).toEqual(['card-front', 'card-back']);
  });
});

describe('registration marks on Letter', () => {
  it('fit 3 × 2 poker cards with outlines and the whole 3 mm bleed inside the marks', () => {
    const plan = planSheet(options({ paper: 'Letter', registrationMarks: true, cutGuides: 'outlines' }), POKER, 6);
    expect([plan.columns, plan.rows, plan.orientation, plan.notes]).toEqual([3, 2, 'landscape', []]);
  });
});

describe('page ranges and the backs file', () => {
  it('refuses a range with only pages of the separate backs file', () => {
    const print = options({ faces: 'both', layout: 'separate-backs', pageRange: '2' });
    expect(() => planSheet(print, POKER, 9)).toThrow(
      "Page range “2” names only pages of the backs file (the export has 2 pages, the main file's first): include a page of the main file, or print Backs only.",
    );
    const plan = planSheet({ ...print, pageRange: '' }, POKER, 9);
    const printed = rangeFilter([plan], '1-2');
    expect([1, 2].map(printed)).toEqual([true, true]);
  });
});
