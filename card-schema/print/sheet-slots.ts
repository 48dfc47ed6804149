// A box on a sheet and the slot one card takes in the grid: the shapes the sheet plan
// (sheet-plan.ts) lays out and the cut guides (cut-guides.ts) are drawn around. Millimetres, y down.

/** A rectangle: top-left corner, width and height. */
export interface BoxMm {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Slot {
  /** Row-major position on the sheet, 0 = top-left. */
  index: number;
  row: number;
  column: number;
  /** The card's final cut size. */
  trim: BoxMm;
  /** The trim box grown by the bleed on each side: what gets painted. */
  bleed: BoxMm;
}
