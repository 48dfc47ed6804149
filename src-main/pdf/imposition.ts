// Imposition: where cards go on a print sheet. Pure geometry in millimetres, origin at the
// page's top-left corner, y pointing down (the same orientation pdfkit draws in).
//
// Cards are laid out in a centred grid. Between neighbours there is a gutter of 2 x bleed, so
// each card's bleed fills exactly half of it and bleeds never overlap. When the paper is too
// small for that gutter (plus a minimal page margin), the gutter shrinks and the bleed with it;
// with no bleed, cards touch and share their cut lines.

export const MM_TO_PT = 72 / 25.4;

export type PaperName = 'A4' | 'Letter';

export interface SizeMm {
  widthMm: number;
  heightMm: number;
}

export const PAPER_SIZES: Record<PaperName, SizeMm> = {
  A4: { widthMm: 210, heightMm: 297 },
  Letter: { widthMm: 215.9, heightMm: 279.4 },
};

/** Room kept free at every page edge, so cards stay clear of most printers' dead zone. */
export const MIN_PAGE_MARGIN_MM = 4;

export interface BoxMm {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Slot {
  /** Row-major position on the page, 0 = top-left. */
  index: number;
  row: number;
  column: number;
  /** The card's final cut size. */
  trim: BoxMm;
  /** The trim box grown by the effective bleed: what gets painted. */
  bleed: BoxMm;
}

export interface Imposition {
  paper: SizeMm;
  card: SizeMm;
  columns: number;
  rows: number;
  perPage: number;
  /** Distance between neighbouring trim boxes. */
  gutterXMm: number;
  gutterYMm: number;
  /** Bleed actually painted on each side (the requested bleed, or less when space is short). */
  bleedXMm: number;
  bleedYMm: number;
  slots: Slot[];
}

interface AxisLayout {
  count: number;
  gutter: number;
  bleed: number;
  /** Offset of the first trim edge from the page edge. */
  start: number;
}

function layoutAxis(paperMm: number, cardMm: number, bleedMm: number): AxisLayout {
  const usable = paperMm - 2 * MIN_PAGE_MARGIN_MM;
  const count = Math.floor((usable + 1e-9) / cardMm);
  if (count < 1) return { count: 0, gutter: 0, bleed: 0, start: 0 };
  const spare = usable - count * cardMm;
  const gutter = count > 1 ? Math.max(0, Math.min(2 * bleedMm, spare / (count - 1))) : 0;
  const bleed = count > 1 ? Math.min(bleedMm, gutter / 2) : bleedMm;
  const block = count * cardMm + (count - 1) * gutter;
  return { count, gutter, bleed, start: (paperMm - block) / 2 };
}

function assertPositive(value: number, what: string): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${what} must be a positive number of millimetres, got ${value}`);
  }
}

/** Lays out as many cards of `card` size as fit on `paper`, with `bleedMm` around each. */
export function imposeCards(paper: SizeMm, card: SizeMm, bleedMm: number): Imposition {
  assertPositive(paper.widthMm, 'Paper width');
  assertPositive(paper.heightMm, 'Paper height');
  assertPositive(card.widthMm, 'Card width');
  assertPositive(card.heightMm, 'Card height');
  if (!Number.isFinite(bleedMm) || bleedMm < 0) {
    throw new Error(`Bleed must be zero or a positive number of millimetres, got ${bleedMm}`);
  }
  const across = layoutAxis(paper.widthMm, card.widthMm, bleedMm);
  const down = layoutAxis(paper.heightMm, card.heightMm, bleedMm);
  if (across.count === 0 || down.count === 0) {
    throw new Error(
      `A ${card.widthMm} x ${card.heightMm} mm card does not fit on a ${paper.widthMm} x ${paper.heightMm} mm page ` +
        `with ${MIN_PAGE_MARGIN_MM} mm margins`,
    );
  }
  const slots: Slot[] = [];
  for (let row = 0; row < down.count; row++) {
    for (let column = 0; column < across.count; column++) {
      const trim: BoxMm = {
        x: across.start + column * (card.widthMm + across.gutter),
        y: down.start + row * (card.heightMm + down.gutter),
        w: card.widthMm,
        h: card.heightMm,
      };
      slots.push({ index: slots.length, row, column, trim, bleed: growBox(trim, across.bleed, down.bleed) });
    }
  }
  return {
    paper: { ...paper },
    card: { ...card },
    columns: across.count,
    rows: down.count,
    perPage: slots.length,
    gutterXMm: across.gutter,
    gutterYMm: down.gutter,
    bleedXMm: across.bleed,
    bleedYMm: down.bleed,
    slots,
  };
}

export function growBox(box: BoxMm, dx: number, dy: number): BoxMm {
  return { x: box.x - dx, y: box.y - dy, w: box.w + 2 * dx, h: box.h + 2 * dy };
}

/**
 * The slot on the back page that lands behind front slot `index` when the sheet is printed
 * duplex and flipped on its long edge (portrait pages): same row, columns mirrored.
 */
export function mirroredSlotIndex(imposition: Imposition, index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= imposition.perPage) {
    throw new Error(`Slot index ${index} is outside the page's ${imposition.perPage} slots`);
  }
  const row = Math.floor(index / imposition.columns);
  const column = index % imposition.columns;
  return row * imposition.columns + (imposition.columns - 1 - column);
}
