// Where everything goes on a print-and-play export: paper and orientation, the grid of cards,
// where each front and its back land, the cut guides, and what had to give when the asked-for
// bleed or margin did not fit (said in plain words, so the dialog can show it before exporting).
// Pure geometry in millimetres, origin at the page's top-left corner, y pointing down (as pdfkit
// and SVG draw). The PDF writer paints what the plan says; the print dialog previews it.

import {
  PRINT_LIMITS,
  cardSizeOf,
  formatMm,
  paperLabel,
  paperSize,
  type PrintOptions,
  type SheetLayout,
  type SizeMm,
} from './print-options';
import {
  MARK_OFFSET_MM,
  MIN_MARK_MM,
  cutGuideSegments,
  cutOutlines,
  type CutOutline,
  type GuideRegion,
  type Segment,
} from './cut-guides';
import { pageFilter } from './page-range';
import { registrationFrameMm, registrationInsetMm, registrationMarkBoxes } from './registration-marks';
import type { BoxMm, Slot } from './sheet-slots';

/** How a duplex printer turns the sheet: the PDF's /Duplex preference. */
export type DuplexFlip = 'simplex' | 'long-edge' | 'short-edge';

/** Corrections for a printer whose backs do not land exactly behind the fronts. */
export interface BackTransform {
  offsetXMm: number;
  offsetYMm: number;
  /** 1 = 100 %; about the page centre. */
  scaleX: number;
  scaleY: number;
}

export type PageKind = 'fronts' | 'backs' | 'gutterfold' | 'card-front' | 'card-back' | 'calibration' | 'calibration-back';

export interface Placement {
  /** Index into the export's cards, in print order. */
  card: number;
  face: 'front' | 'back';
  slot: Slot;
}

export interface PlannedPage {
  kind: PageKind;
  /** `backs`: the second file of the separate-backs layout. */
  file: 'main' | 'backs';
  size: SizeMm;
  placements: Placement[];
  guides: Segment[];
  /** `outlines` cut guides: each card's own cut line, corners rounded. */
  outlines: CutOutline[];
  /** Print-and-cut registration marks (front pages), as filled boxes. */
  registrationMarks: BoxMm[];
  /** Gutterfold: where to fold. */
  foldLine?: Segment;
  /** Back pages of a duplex sheet: applied to everything on the page (see placeOnBackPage). */
  backTransform?: BackTransform;
  /** The cut size of what is on the page (all cards' trim boxes), for the PDF's TrimBox. */
  trimBox: BoxMm;
  /** The same with the bleed, for the BleedBox. */
  bleedBox: BoxMm;
}

export interface SheetPlan {
  /** The page size as printed, orientation applied. */
  paper: SizeMm;
  paperName: string;
  orientation: 'portrait' | 'landscape';
  card: SizeMm;
  /** The game's own card size (at another print size the cards are laid out again, not stretched). */
  gameCard: SizeMm;
  /** The printed card's corner radius (the game's, scaled with the card), for outline cut guides. */
  cornerRadiusMm: number;
  layout: SheetLayout;
  faces: PrintOptions['faces'];
  duplex: DuplexFlip;
  columns: number;
  rows: number;
  /** Cards (fronts) per sheet. */
  perSheet: number;
  /** Slots of the first sheet left empty (a part-used sheet). */
  skipSlots: number;
  cardCount: number;
  /** Pages in the (main) file, calibration included. */
  pages: number;
  /** Pages in the backs file (separate-backs layout), else 0. */
  backPages: number;
  /** Bleed actually painted round the grid (inner edges get up to half the gap). */
  bleed: { xMm: number; yMm: number };
  gapMm: number;
  marginMm: number;
  /** One sentence for each thing that differs from what was asked. */
  notes: string[];
  /** Where the registration marks go and the frame the cards stay inside; null without them. */
  registration: { insetMm: number; frameMm: number; marks: BoxMm[] } | null;
  /** The calibration page's size: always the paper (also when the card pages are card-sized). */
  calibrationPaper: SizeMm;
  frontSlots: Slot[];
  /** backSlots[i] is behind frontSlots[i] once the sheet is turned (before the back transform). */
  backSlots: Slot[];
  backTransform: BackTransform;
  options: PrintOptions;
}

const EPS = 1e-9;
const MARK_ROOM_MM = MARK_OFFSET_MM + MIN_MARK_MM;

interface AxisFit {
  count: number;
  /** First trim edge from the page (or half-page) edge. */
  start: number;
  gap: number;
  /** Bleed on the outer sides of the grid. */
  bleed: number;
  /** Bleed on the sides that face a neighbour. */
  innerBleed: number;
  margin: number;
}

interface FitRoom {
  bleed: number;
  gap: number;
  margin: number;
  /** Room kept free inside the margin on each side: corner marks, registration marks. */
  reserve: number;
}

/**
 * Fits as many cards as keep the whole bleed within the margin, the gap and the reserved room
 * (corner marks, registration marks). Only when not even one card fits with its whole bleed does
 * the bleed give way; when not even one bare card fits, the margin shrinks (to zero at most).
 */
function fitAxis(paperMm: number, cardMm: number, o: FitRoom): AxisFit | null {
  let margin = o.margin;
  let markRoom = o.reserve;
  if (paperMm - 2 * margin - 2 * markRoom < cardMm - EPS) {
    margin = Math.max(0, floorTenth((paperMm - cardMm - 2 * markRoom) / 2));
    if (paperMm - 2 * margin - 2 * markRoom < cardMm - EPS) markRoom = 0;
    margin = Math.max(0, Math.min(margin, floorTenth((paperMm - cardMm - 2 * markRoom) / 2)));
    if (paperMm < cardMm - EPS) return null;
  }
  const avail = paperMm - 2 * margin - 2 * markRoom;
  const count = Math.max(1, Math.floor((avail - 2 * o.bleed + o.gap + EPS) / (cardMm + o.gap)));
  const extent = count * cardMm + (count - 1) * o.gap;
  const spare = Math.max(0, avail - extent);
  const bleed = Math.min(o.bleed, floorHundredth(spare / 2));
  return {
    count,
    start: (paperMm - extent) / 2,
    gap: o.gap,
    bleed,
    innerBleed: count > 1 ? Math.min(o.bleed, o.gap / 2) : bleed,
    margin,
  };
}

const floorTenth = (mm: number) => Math.floor(mm * 10 + EPS) / 10;
const floorHundredth = (mm: number) => Math.floor(mm * 100 + EPS) / 100;

interface Grid {
  paper: SizeMm;
  orientation: 'portrait' | 'landscape';
  x: AxisFit;
  y: AxisFit;
  /** Gutterfold: the fronts' half is the left half of the page. */
  halfWidth: boolean;
  /** Registration marks asked for and room for them kept round the cards. */
  registration: boolean;
}

function gridFor(paper: SizeMm, orientation: 'portrait' | 'landscape', card: SizeMm, options: PrintOptions): Grid | null {
  const oriented = orientation === 'portrait' ? paper : { widthMm: paper.heightMm, heightMm: paper.widthMm };
  const halfWidth = options.layout === 'gutterfold';
  const marks = options.cutGuides === 'corners' ? MARK_ROOM_MM : 0;
  const fit: FitRoom = { bleed: options.bleedMm, gap: options.gapMm, margin: options.marginMm, reserve: marks };
  // Registration marks keep the cards inside their frame; without room for one card, they are left out.
  const withMarks: FitRoom = { ...fit, reserve: marks + registrationFrameMm(options.marginMm) - options.marginMm };
  const oneFits = (room: FitRoom, paperMm: number, cardMm: number) =>
    paperMm - 2 * (room.margin + room.reserve + room.bleed) >= cardMm - EPS;
  const registration =
    options.registrationMarks &&
    oneFits(withMarks, halfWidth ? oriented.widthMm / 2 : oriented.widthMm, card.widthMm) &&
    oneFits(withMarks, oriented.heightMm, card.heightMm);
  const room = registration ? withMarks : fit;
  const x = halfWidth ? fitGutterfold(oriented.widthMm, card.widthMm, room) : fitAxis(oriented.widthMm, card.widthMm, room);
  const y = fitAxis(oriented.heightMm, card.heightMm, room);
  return x && y ? { paper: oriented, orientation, x, y, halfWidth, registration } : null;
}

/**
 * Gutterfold across the page: as many columns of fronts on the left half (their backs mirrored on
 * the right) as keep the whole bleed on both sides of the fold; the gutter between them takes the
 * room that is left, so the grid keeps the asked margin outside and the fold has the most slack.
 * Falls back to fitting one half when not even one pair fits.
 */
function fitGutterfold(paperMm: number, cardMm: number, o: FitRoom): AxisFit | null {
  const outside = o.margin + o.reserve + o.bleed;
  const count = Math.floor((paperMm / 2 - outside - o.bleed + o.gap + EPS) / (cardMm + o.gap));
  if (count < 1) return fitAxis(paperMm / 2, cardMm, o);
  return { count, start: outside, gap: o.gap, bleed: o.bleed, innerBleed: Math.min(o.bleed, o.gap / 2), margin: o.margin };
}

function chooseGrid(paper: SizeMm, card: SizeMm, options: PrintOptions): Grid {
  const candidates =
    options.orientation === 'auto'
      ? [gridFor(paper, 'portrait', card, options), gridFor(paper, 'landscape', card, options)]
      : [gridFor(paper, options.orientation, card, options)];
  const fitting = candidates.filter((grid): grid is Grid => grid !== null);
  if (fitting.length === 0) {
    throw new Error(
      `A ${formatMm(card.widthMm)} × ${formatMm(card.heightMm)} mm card does not fit on ${paperLabel(options.paper)} paper ` +
        `(${formatMm(paper.widthMm)} × ${formatMm(paper.heightMm)} mm)${options.orientation === 'auto' ? '' : ` in ${options.orientation}`}: ` +
        'choose larger paper or a smaller card size',
    );
  }
  // Most cards first; then the most bleed kept, the most margin kept; portrait on a tie.
  const score = (grid: Grid) => [
    grid.x.count * grid.y.count,
    Math.min(grid.x.bleed, grid.y.bleed),
    Math.min(grid.x.margin, grid.y.margin),
  ];
  return fitting.reduce((best, grid) => {
    const [a, b] = [score(grid), score(best)];
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > EPS) return a[i] > b[i] ? grid : best;
    return best;
  });
}

function gridSlots(grid: Grid, card: SizeMm): Slot[] {
  const slots: Slot[] = [];
  const { x, y } = grid;
  for (let row = 0; row < y.count; row++) {
    for (let column = 0; column < x.count; column++) {
      const trim: BoxMm = {
        x: x.start + column * (card.widthMm + x.gap),
        y: y.start + row * (card.heightMm + y.gap),
        w: card.widthMm,
        h: card.heightMm,
      };
      const left = column === 0 ? x.bleed : x.innerBleed;
      const right = column === x.count - 1 ? x.bleed : x.innerBleed;
      const top = row === 0 ? y.bleed : y.innerBleed;
      const bottom = row === y.count - 1 ? y.bleed : y.innerBleed;
      const bleed = { x: trim.x - left, y: trim.y - top, w: trim.w + left + right, h: trim.h + top + bottom };
      slots.push({ index: slots.length, row, column, trim, bleed });
    }
  }
  return slots;
}

/** Mirrors a box across the page's vertical (`x`) or horizontal (`y`) centre line. */
export function mirrorBox(box: BoxMm, paper: SizeMm, axis: 'x' | 'y'): BoxMm {
  return axis === 'x' ? { ...box, x: paper.widthMm - box.x - box.w } : { ...box, y: paper.heightMm - box.y - box.h };
}

/**
 * Which way a back page is mirrored: turning the sheet over its long edge swaps left and right
 * on a portrait page (columns mirrored) but top and bottom on a landscape one; the short edge
 * the other way round.
 */
function flipAxis(flip: 'long-edge' | 'short-edge', paper: SizeMm): 'x' | 'y' {
  const portrait = paper.heightMm >= paper.widthMm;
  return (flip === 'long-edge') === portrait ? 'x' : 'y';
}

/** Where a point or box on a back page really prints once the offset and scale corrections apply. */
export function placeOnBackPage(box: BoxMm, paper: SizeMm, transform: BackTransform): BoxMm {
  const cx = paper.widthMm / 2;
  const cy = paper.heightMm / 2;
  return {
    x: cx + (box.x - cx) * transform.scaleX + transform.offsetXMm,
    y: cy + (box.y - cy) * transform.scaleY + transform.offsetYMm,
    w: box.w * transform.scaleX,
    h: box.h * transform.scaleY,
  };
}

function duplexOf(options: PrintOptions): DuplexFlip {
  if (options.faces !== 'both') return 'simplex';
  if (options.layout === 'duplex-long') return 'long-edge';
  if (options.layout === 'duplex-short') return 'short-edge';
  return 'simplex';
}

/** Checks the numbers a plan depends on, naming the option and the allowed range. */
function checkOptions(options: PrintOptions, card: SizeMm, cardCount: number): void {
  const within = (value: number, range: { min: number; max: number }, what: string, unit: string) => {
    if (!Number.isFinite(value) || value < range.min - EPS || value > range.max + EPS) {
      throw new Error(`${what} must be between ${range.min} and ${range.max} ${unit}, got ${value}`);
    }
  };
  const paper = paperSize(options.paper);
  within(paper.widthMm, PRINT_LIMITS.paperMm, 'Paper width', 'mm');
  within(paper.heightMm, PRINT_LIMITS.paperMm, 'Paper height', 'mm');
  within(card.widthMm, PRINT_LIMITS.cardMm, 'Card width', 'mm');
  within(card.heightMm, PRINT_LIMITS.cardMm, 'Card height', 'mm');
  within(options.bleedMm, PRINT_LIMITS.bleedMm, 'Bleed', 'mm');
  within(options.gapMm, PRINT_LIMITS.gapMm, 'Gap between cards', 'mm');
  within(options.marginMm, PRINT_LIMITS.marginMm, 'Page margin', 'mm');
  within(options.guideWidthPt, PRINT_LIMITS.guideWidthPt, 'Cut guide width', 'pt');
  within(options.backOffsetXMm, PRINT_LIMITS.backOffsetMm, 'Back offset X', 'mm');
  within(options.backOffsetYMm, PRINT_LIMITS.backOffsetMm, 'Back offset Y', 'mm');
  within(options.backScaleXPercent, PRINT_LIMITS.backScalePercent, 'Back scale X', '%');
  within(options.backScaleYPercent, PRINT_LIMITS.backScalePercent, 'Back scale Y', '%');
  if (!Number.isInteger(cardCount) || cardCount < 0) throw new Error(`Card count must be a whole number, got ${cardCount}`);
}

/** The game's card: its size and, for outline cut guides, its corner radius (absent: square). */
export type GameCard = SizeMm & { cornerRadiusMm?: number };

/**
 * Plans an export of `cardCount` cards whose game draws them at `gameCard` size.
 * Throws (naming the option) when an option is out of range, a card cannot fit the paper, the
 * skipped slots fill a sheet or the page range names pages the export does not have.
 */
export function planSheet(options: PrintOptions, gameCard: GameCard, cardCount: number): SheetPlan {
  const plan = planLayout(options, gameCard, cardCount);
  checkSheetOptions(plan);
  return plan;
}

function planLayout(options: PrintOptions, gameCard: GameCard, cardCount: number): SheetPlan {
  const card = cardSizeOf(options.cardSize, gameCard);
  checkOptions(options, card, cardCount);
  const duplex = duplexOf(options);
  const backTransform: BackTransform = {
    offsetXMm: options.layout === 'gutterfold' || options.layout === 'card-per-page' ? 0 : options.backOffsetXMm,
    offsetYMm: options.layout === 'gutterfold' || options.layout === 'card-per-page' ? 0 : options.backOffsetYMm,
    scaleX: options.layout === 'gutterfold' || options.layout === 'card-per-page' ? 1 : options.backScaleXPercent / 100,
    scaleY: options.layout === 'gutterfold' || options.layout === 'card-per-page' ? 1 : options.backScaleYPercent / 100,
  };
  const notes: string[] = [];
  // Another card size is laid out again (card-size.ts): shapes scale by the smaller ratio.
  const shapeScale = Math.min(card.widthMm / gameCard.widthMm, card.heightMm / gameCard.heightMm);
  const base = {
    card,
    gameCard: { widthMm: gameCard.widthMm, heightMm: gameCard.heightMm },
    cornerRadiusMm: (gameCard.cornerRadiusMm ?? 0) * shapeScale,
    layout: options.layout,
    faces: options.faces,
    duplex,
    cardCount,
    skipSlots: options.skipSlots,
    backTransform,
    options,
  };

  if (options.layout === 'card-per-page') {
    const b = options.bleedMm;
    const paper = { widthMm: card.widthMm + 2 * b, heightMm: card.heightMm + 2 * b };
    const trim = { x: b, y: b, w: card.widthMm, h: card.heightMm };
    const slot: Slot = { index: 0, row: 0, column: 0, trim, bleed: { x: 0, y: 0, w: paper.widthMm, h: paper.heightMm } };
    // No cut guides here (the PDF's TrimBox marks the cut); the dialog says so beside the option.
    if (options.registrationMarks) notes.push('One card per page: no registration marks (they need a sheet of cards).');
    const facesPerCard = options.faces === 'both' ? 2 : 1;
    const calibration = calibrationPaperFor(paperSize(options.paper), options.orientation, notes);
    return {
      ...base,
      paper,
      paperName: `Card + bleed (${formatMm(paper.widthMm)} × ${formatMm(paper.heightMm)} mm)`,
      orientation: paper.heightMm >= paper.widthMm ? 'portrait' : 'landscape',
      columns: 1,
      rows: 1,
      perSheet: 1,
      pages: cardCount * facesPerCard + (options.calibrationPage ? 1 : 0),
      backPages: 0,
      bleed: { xMm: b, yMm: b },
      gapMm: 0,
      marginMm: 0,
      notes,
      registration: null,
      calibrationPaper: calibration,
      frontSlots: [slot],
      backSlots: [slot],
    };
  }

  const paper = paperSize(options.paper);
  const grid = chooseGrid(paper, card, options);
  const frontSlots = gridSlots(grid, card);
  const backSlots = frontSlots.map((slot) => backSlotOf(slot, grid.paper, options.layout));
  const bleed = { xMm: grid.x.bleed, yMm: grid.y.bleed };
  const marginMm = Math.min(grid.x.margin, grid.y.margin);
  notes.push(...reductionNotes(options, grid, card));

  if (options.registrationMarks && !grid.registration) {
    notes.push(
      `No room for registration marks: they sit ${formatMm(registrationInsetMm(options.marginMm))} mm from the edge and ` +
        `the cards must stay ${formatMm(registrationFrameMm(options.marginMm))} mm in; use larger paper or a smaller card size.`,
    );
  }
  const calibrationPaper = options.calibrationPage ? calibrationPaperFor(grid.paper, grid.orientation, notes, false) : grid.paper;

  const perSheet = frontSlots.length;
  const sheets = Math.ceil((cardCount + options.skipSlots) / perSheet);
  const duplexBacks = options.layout === 'duplex-long' || options.layout === 'duplex-short';
  const pagesPerSheet = duplexBacks && options.faces === 'both' ? 2 : 1;
  const calibrationPages = options.calibrationPage ? (duplex === 'simplex' ? 1 : 2) : 0;
  const separate = options.layout === 'separate-backs' && options.faces === 'both';
  return {
    ...base,
    paper: grid.paper,
    paperName: paperLabel(options.paper),
    orientation: grid.orientation,
    columns: grid.x.count,
    rows: grid.y.count,
    perSheet,
    pages: sheets * pagesPerSheet + calibrationPages,
    backPages: separate ? sheets + (options.calibrationPage ? 1 : 0) : 0,
    bleed,
    gapMm: options.gapMm,
    marginMm,
    notes,
    registration: grid.registration
      ? {
          insetMm: registrationInsetMm(options.marginMm),
          frameMm: registrationFrameMm(options.marginMm),
          marks: registrationMarkBoxes(grid.paper, options.marginMm),
        }
      : null,
    calibrationPaper,
    frontSlots,
    backSlots,
  };
}

/** The ruler's length plus a 5 mm margin each side: the narrowest calibration page that shows it whole. */
const RULER_PAGE_MM = 110;

/**
 * The calibration page's size: the paper (portrait unless landscape is asked), turned when the
 * 100 mm ruler fits only that way round (only where the page may turn: not between duplex sheets).
 */
function calibrationPaperFor(paper: SizeMm, orientation: PrintOptions['orientation'], notes: string[], mayTurn = true): SizeMm {
  const landscape = { widthMm: paper.heightMm, heightMm: paper.widthMm };
  let page = orientation === 'landscape' ? landscape : paper;
  if (page.widthMm < RULER_PAGE_MM - EPS && mayTurn) page = { widthMm: page.heightMm, heightMm: page.widthMm };
  if (page.widthMm < RULER_PAGE_MM - EPS) {
    notes.push(
      `The calibration page’s 100 mm ruler does not fit whole on ${formatMm(page.widthMm)} mm wide paper; ` +
        `use paper at least ${RULER_PAGE_MM} mm wide.`,
    );
  }
  return page;
}

/** The checks that need the plan: skipped slots within a sheet, the page range within the pages. */
function checkSheetOptions(plan: SheetPlan): void {
  const { skipSlots, pageRange } = plan.options;
  if (!Number.isInteger(skipSlots) || skipSlots < 0 || skipSlots >= plan.perSheet) {
    throw new Error(
      `Skipped slots must be a whole number from 0 to ${plan.perSheet - 1} (a sheet holds ${plan.perSheet} ` +
        `${plan.perSheet === 1 ? 'card' : 'cards'}), got ${skipSlots}`,
    );
  }
  rangeFilter([plan], pageRange);
}

/**
 * Which pages of an export (its plans in order: one per card size) a page range writes, numbered
 * across them as planPages yields them. Throws the range's sentence when it is wrong, or when it
 * leaves the main file without a page (a PDF needs one).
 */
export function rangeFilter(plans: readonly SheetPlan[], pageRange: string): (page: number) => boolean {
  const total = plans.reduce((pages, plan) => pages + plan.pages + plan.backPages, 0);
  const printed = pageFilter(pageRange, total);
  if (pageRange.trim() === '' || plans.every((plan) => plan.backPages === 0)) return printed;
  let number = 0;
  for (const plan of plans) {
    for (const page of planPages(plan)) {
      number++;
      if (page.file === 'main' && printed(number)) return printed;
    }
  }
  throw new Error(
    `Page range “${pageRange.trim()}” names only pages of the backs file (the export has ${total} pages, the main ` +
      `file's first): include a page of the main file, or print Backs only.`,
  );
}

/** How a layout's backs mirror their fronts: across the fold (gutterfold) or as the sheet turns. */
export function backMirrorAxis(layout: SheetLayout, paper: SizeMm): 'x' | 'y' {
  if (layout === 'gutterfold') return 'x';
  return flipAxis(layout === 'duplex-short' ? 'short-edge' : 'long-edge', paper);
}

function backSlotOf(slot: Slot, paper: SizeMm, layout: SheetLayout): Slot {
  const axis = backMirrorAxis(layout, paper);
  return { ...slot, trim: mirrorBox(slot.trim, paper, axis), bleed: mirrorBox(slot.bleed, paper, axis) };
}

function reductionNotes(options: PrintOptions, grid: Grid, card: SizeMm): string[] {
  const notes: string[] = [];
  const { x, y } = grid;
  const margin = Math.min(x.margin, y.margin);
  if (margin < options.marginMm - EPS) {
    notes.push(
      `Margin reduced to ${formatMm(margin)} mm (${formatMm(options.marginMm)} mm asked): a ${formatMm(card.widthMm)} × ` +
        `${formatMm(card.heightMm)} mm card does not fit otherwise. Home printers may clip the edge.`,
    );
  }
  const sides: string[] = [];
  if (x.bleed < options.bleedMm - EPS) sides.push(`${formatMm(x.bleed)} mm left and right`);
  if (y.bleed < options.bleedMm - EPS) sides.push(`${formatMm(y.bleed)} mm top and bottom`);
  if (sides.length > 0) {
    notes.push(
      `Bleed reduced to ${sides.join(', ')} (${formatMm(options.bleedMm)} mm asked) to fit ${x.count} × ${y.count} cards within ` +
        `the ${formatMm(margin)} mm margin. A smaller margin, the other orientation or larger paper keeps the full bleed.`,
    );
  }
  if (options.gapMm > 0 && options.gapMm < 2 * options.bleedMm - EPS && (x.count > 1 || y.count > 1)) {
    notes.push(
      `Between cards the bleed is ${formatMm(options.gapMm / 2)} mm (half the ${formatMm(options.gapMm)} mm gap); ` +
        `a gap of ${formatMm(2 * options.bleedMm)} mm gives every card its whole bleed.`,
    );
  }
  if (options.cutGuides === 'corners') {
    const room = Math.min(x.start - x.bleed - x.margin, y.start - y.bleed - y.margin) - MARK_OFFSET_MM;
    if (room < MIN_MARK_MM - EPS) notes.push('No room for corner marks outside the cards: use a smaller margin or cut lines.');
  }
  return notes;
}

/** Every page of the plan, in order, with the cards on it. */
export function* planPages(plan: SheetPlan): Generator<PlannedPage> {
  const { options } = plan;
  const fronts = options.faces !== 'backs';
  const backs = options.faces !== 'fronts';
  if (plan.layout === 'card-per-page') {
    const slot = plan.frontSlots[0];
    if (options.calibrationPage) yield calibrationPage(plan, 'calibration', 'main');
    const backFirst = options.cardPageOrder === 'back-front';
    for (let card = 0; card < plan.cardCount; card++) {
      if (backs && backFirst) yield onePage(plan, 'card-back', 'main', [{ card, face: 'back', slot }], []);
      if (fronts) yield onePage(plan, 'card-front', 'main', [{ card, face: 'front', slot }], []);
      if (backs && !backFirst) yield onePage(plan, 'card-back', 'main', [{ card, face: 'back', slot }], []);
    }
    return;
  }
  const skip = plan.skipSlots;
  const sheets = Math.ceil((plan.cardCount + skip) / plan.perSheet);
  const separate = plan.layout === 'separate-backs';
  if (options.calibrationPage) {
    yield calibrationPage(plan, 'calibration', 'main');
    if (plan.duplex !== 'simplex') yield calibrationPage(plan, 'calibration-back', 'main');
  }
  // The first `skip` slots of the first sheet stay empty (and so do the backs behind them).
  const placementsOf = (sheet: number, face: 'front' | 'back'): Placement[] => {
    const slots = face === 'front' ? plan.frontSlots : plan.backSlots;
    return range(plan.perSheet)
      .map((i) => ({ card: sheet * plan.perSheet + i - skip, face, slot: slots[i] }))
      .filter((p) => p.card >= 0 && p.card < plan.cardCount);
  };
  for (let sheet = 0; sheet < sheets; sheet++) {
    if (plan.layout === 'gutterfold') {
      const placements = [...(fronts ? placementsOf(sheet, 'front') : []), ...(backs ? placementsOf(sheet, 'back') : [])];
      const page = onePage(plan, 'gutterfold', 'main', placements, sheetGuides(plan, placements, true));
      const half = plan.paper.widthMm / 2;
      yield {
        ...withCutGuides(plan, page, true),
        foldLine: { x1: half, y1: plan.marginMm, x2: half, y2: plan.paper.heightMm - plan.marginMm },
      };
      continue;
    }
    if (fronts) {
      const placements = placementsOf(sheet, 'front');
      yield withCutGuides(plan, onePage(plan, 'fronts', 'main', placements, sheetGuides(plan, placements, false)), true);
    }
    // Separate backs go to their own file, after all the fronts (below).
    if (backs && !(separate && fronts)) yield backPage(plan, placementsOf(sheet, 'back'), 'main');
  }
  if (separate && fronts && backs) {
    if (options.calibrationPage) yield calibrationPage(plan, 'calibration-back', 'backs');
    for (let sheet = 0; sheet < sheets; sheet++) yield backPage(plan, placementsOf(sheet, 'back'), 'backs');
  }
}

function backPage(plan: SheetPlan, placements: Placement[], file: 'main' | 'backs'): PlannedPage {
  const guides = plan.options.guidesOnBacks ? sheetGuides(plan, placements, false) : [];
  const page = withCutGuides(plan, onePage(plan, 'backs', file, placements, guides), plan.options.guidesOnBacks);
  const t = plan.backTransform;
  return {
    ...page,
    backTransform: t,
    trimBox: placeOnBackPage(page.trimBox, plan.paper, t),
    bleedBox: placeOnBackPage(page.bleedBox, plan.paper, t),
  };
}

function onePage(
  plan: SheetPlan,
  kind: PageKind,
  file: 'main' | 'backs',
  placements: Placement[],
  guides: Segment[],
): PlannedPage {
  const trimBox = placements.length > 0 ? union(placements.map((p) => p.slot.trim)) : fullPage(plan.paper);
  const bleedBox = placements.length > 0 ? union(placements.map((p) => p.slot.bleed)) : fullPage(plan.paper);
  return { kind, file, size: plan.paper, placements, guides, outlines: [], registrationMarks: [], trimBox, bleedBox };
}

/**
 * A sheet's outline cut guides (when asked for and `guided`) and, on the page of fronts, the
 * registration marks a print-and-cut machine reads.
 */
function withCutGuides(plan: SheetPlan, page: PlannedPage, guided: boolean): PlannedPage {
  const outlines =
    guided && plan.options.cutGuides === 'outlines'
      ? cutOutlines(
          page.placements.map((p) => p.slot),
          plan.cornerRadiusMm,
        )
      : [];
  const registrationMarks = page.kind !== 'backs' && plan.registration ? plan.registration.marks : [];
  return { ...page, outlines, registrationMarks };
}

function calibrationPage(plan: SheetPlan, kind: 'calibration' | 'calibration-back', file: 'main' | 'backs'): PlannedPage {
  const page = { ...onePage(plan, kind, file, [], []), size: plan.calibrationPaper };
  const whole = fullPage(plan.calibrationPaper);
  return {
    ...page,
    trimBox: whole,
    bleedBox: whole,
    ...(kind === 'calibration-back' ? { backTransform: plan.backTransform } : {}),
  };
}

/** The guides of one sheet: per half for gutterfold, each within its own margins. */
function sheetGuides(plan: SheetPlan, placements: readonly Placement[], halves: boolean): Segment[] {
  const style = plan.options.cutGuides;
  // Outlines are drawn per card (round corners), not as sheet segments.
  if (style === 'none' || style === 'outlines' || placements.length === 0) return [];
  // With registration marks, guides stay inside the marks' frame (the sensor must see only marks).
  const m = plan.registration ? plan.registration.frameMm : plan.marginMm;
  const { widthMm: w, heightMm: h } = plan.paper;
  // Gutterfold: each half from the outer margin to the fold.
  const regions: GuideRegion[] = halves
    ? [
        { x: m, y: m, w: w / 2 - m, h: h - 2 * m },
        { x: w / 2, y: m, w: w / 2 - m, h: h - 2 * m },
      ]
    : [{ x: m, y: m, w: w - 2 * m, h: h - 2 * m }];
  return regions.flatMap((region) => {
    const inside = placements
      .map((p) => p.slot)
      .filter((slot) => slot.trim.x >= region.x - EPS && slot.trim.x + slot.trim.w <= region.x + region.w + EPS);
    return cutGuideSegments(region, inside, style);
  });
}

export function union(boxes: readonly BoxMm[]): BoxMm {
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.w));
  const bottom = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: left, y: top, w: right - left, h: bottom - top };
}

function fullPage(paper: SizeMm): BoxMm {
  return { x: 0, y: 0, w: paper.widthMm, h: paper.heightMm };
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

/** "3 × 3 per page, 4 pages" (and the backs file's pages when there is one). */
export function gridSummary(plan: SheetPlan): string {
  const pages = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;
  const grid = plan.layout === 'card-per-page' ? 'One card per page' : `${plan.columns} × ${plan.rows} per page`;
  const backs = plan.backPages > 0 ? ` + ${pages(plan.backPages)} of backs` : '';
  return `${grid}, ${pages(plan.pages)}${backs}`;
}
