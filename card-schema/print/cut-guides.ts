// Cut guides for one grid of cards: corner marks on the extensions of every cut line, outside the
// grid (never on a card or its bleed), full cut lines across the printable area, or each card's
// own outline with the game's rounded corners. Everything
// stays inside the region (the page minus its margin), so nothing lands where home printers
// cannot print. Millimetres, y down.

import type { BoxMm, Slot } from './sheet-slots';

/** Corner marks start this far beyond the bleed, so a slightly-off cut does not show them. */
export const MARK_OFFSET_MM = 0.5;
/** Shortest corner mark worth drawing; the grid keeps this much room (plus the offset) for marks. */
export const MIN_MARK_MM = 1.5;
export const MAX_MARK_MM = 5;

/** A straight guide from (x1, y1) to (x2, y2). */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Where guides may be drawn: the page (or gutterfold half) inside its margin. */
export type GuideRegion = BoxMm;

const EPS = 1e-6;

/** One card's own cut line: its trim box with rounded corners (radius 0: square). */
export interface CutOutline {
  box: BoxMm;
  radiusMm: number;
}

/** Each card's cut outline, the corner radius kept within half the card's shorter side. */
export function cutOutlines(slots: readonly Slot[], radiusMm: number): CutOutline[] {
  return slots.map((slot) => ({
    box: slot.trim,
    radiusMm: Math.max(0, Math.min(radiusMm, slot.trim.w / 2, slot.trim.h / 2)),
  }));
}

export function cutGuideSegments(
  region: GuideRegion,
  slots: readonly Slot[],
  style: 'none' | 'corners' | 'lines' | 'outlines',
): Segment[] {
  if (style === 'none' || style === 'outlines' || slots.length === 0) return [];
  const xs = distinct(slots.flatMap((slot) => [slot.trim.x, slot.trim.x + slot.trim.w]));
  const ys = distinct(slots.flatMap((slot) => [slot.trim.y, slot.trim.y + slot.trim.h]));
  const top = region.y;
  const bottom = region.y + region.h;
  const left = region.x;
  const right = region.x + region.w;
  if (style === 'lines') {
    return [...xs.map((x) => ({ x1: x, y1: top, x2: x, y2: bottom })), ...ys.map((y) => ({ x1: left, y1: y, x2: right, y2: y }))];
  }
  // Corner marks start just past the grid's bleed and run towards the margin.
  const grid = {
    left: Math.min(...slots.map((s) => s.bleed.x)),
    top: Math.min(...slots.map((s) => s.bleed.y)),
    right: Math.max(...slots.map((s) => s.bleed.x + s.bleed.w)),
    bottom: Math.max(...slots.map((s) => s.bleed.y + s.bleed.h)),
  };
  const marks: Segment[] = [];
  const push = (from: number, to: number, make: (a: number, b: number) => Segment) => {
    const length = Math.min(MAX_MARK_MM, Math.abs(to - from));
    if (length < MIN_MARK_MM - EPS) return;
    const end = from + Math.sign(to - from) * length;
    marks.push(make(Math.min(from, end), Math.max(from, end)));
  };
  for (const x of xs) {
    push(grid.top - MARK_OFFSET_MM, top, (a, b) => ({ x1: x, y1: a, x2: x, y2: b }));
    push(grid.bottom + MARK_OFFSET_MM, bottom, (a, b) => ({ x1: x, y1: a, x2: x, y2: b }));
  }
  for (const y of ys) {
    push(grid.left - MARK_OFFSET_MM, left, (a, b) => ({ x1: a, y1: y, x2: b, y2: y }));
    push(grid.right + MARK_OFFSET_MM, right, (a, b) => ({ x1: a, y1: y, x2: b, y2: y }));
  }
  return marks;
}

function distinct(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.filter((value, i) => i === 0 || value - sorted[i - 1] > EPS);
}
