// What a card on the table shows besides which zone holds it: tapped, face down, counters and
// where it lies on a board zone. Plain JSON, kept per instance in the playtest state.

/** A spot on a board zone as fractions of its width and height (0 = left/top edge, 1 = right/bottom). */
export interface TablePoint {
  x: number;
  y: number;
}

export interface CardTableState {
  tapped?: true;
  faceDown?: true;
  /** Counter kind id → how many (never 0: a counter removed to 0 is dropped). */
  counters?: Record<string, number>;
  /** Counter kind id → the turn a counter of it was last added (for steps that spare new ones). */
  addedOn?: Record<string, number>;
  at?: TablePoint;
}

/** A point kept inside the zone, rounded so saved states stay short. */
export function placeOf(at: TablePoint): TablePoint {
  const fit = (value: number) => (Number.isFinite(value) ? Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000 : 0);
  return { x: fit(at.x), y: fit(at.y) };
}
