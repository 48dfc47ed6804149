// Crop marks: short hairlines on the extensions of every trim edge, so each card corner can be
// found with a ruler or a guillotine. A mark never enters a trim box. Towards the page edge it
// starts just beyond the bleed; in a gutter between two cards (which is all bleed) it keeps a
// small clearance from both cards, so a slightly-off cut does not show it.

import type PDFDocument from 'pdfkit';
import { MM_TO_PT, type BoxMm, type Imposition, type Slot } from './imposition';

export const CROP_MARK_WIDTH_PT = 0.25;
/** Gap between the bleed edge and the start of a mark in the page margin. */
const MARGIN_GAP_MM = 1;
const MARK_LENGTH_MM = 4;
/** Distance a mark keeps from any trim edge it points at. */
const TRIM_CLEARANCE_MM = 1;
/** Shorter marks are not worth drawing (they would read as dots). */
const MIN_MARK_MM = 0.8;
const EPS = 1e-6;

/** A straight mark from (x1, y1) to (x2, y2), in millimetres. */
export interface MarkSegment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

type Direction = 'left' | 'right' | 'up' | 'down';

/** Marks for the occupied slots of one page (empty slots get none). */
export function cropMarkSegments(imposition: Imposition, occupied: readonly Slot[]): MarkSegment[] {
  const marks = new Map<string, MarkSegment>();
  const trims = occupied.map((slot) => slot.trim);
  for (const { trim } of occupied) {
    const left = trim.x;
    const right = trim.x + trim.w;
    const top = trim.y;
    const bottom = trim.y + trim.h;
    const corners: [number, number, Direction, Direction][] = [
      [left, top, 'left', 'up'],
      [right, top, 'right', 'up'],
      [left, bottom, 'left', 'down'],
      [right, bottom, 'right', 'down'],
    ];
    for (const [x, y, horizontal, vertical] of corners) {
      for (const direction of [horizontal, vertical]) {
        const mark = markFromCorner(imposition, trims, x, y, direction);
        if (mark) marks.set(markKey(mark), mark);
      }
    }
  }
  return [...marks.values()];
}

function markFromCorner(
  imposition: Imposition,
  trims: readonly BoxMm[],
  x: number,
  y: number,
  direction: Direction,
): MarkSegment | null {
  const horizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'right' || direction === 'down' ? 1 : -1;
  const origin = horizontal ? x : y;
  const along = horizontal ? y : x;
  const pageExtent = horizontal ? imposition.paper.widthMm : imposition.paper.heightMm;
  const toPageEdge = sign > 0 ? pageExtent - origin : origin;
  const toCard = distanceToNextCard(trims, horizontal, origin, along, sign);

  let from: number;
  let to: number;
  if (toCard !== null && toCard < toPageEdge) {
    // In a gutter: keep clear of both cards; nothing to draw when they touch.
    const clearance = Math.min(TRIM_CLEARANCE_MM, toCard / 4);
    from = clearance;
    to = toCard - clearance;
  } else {
    // Towards the page edge: start past the bleed, or as close as the clearance allows when the
    // margin is too narrow for a full mark beyond the bleed.
    const bleed = horizontal ? imposition.bleedXMm : imposition.bleedYMm;
    from = Math.max(TRIM_CLEARANCE_MM, Math.min(bleed + MARGIN_GAP_MM, toPageEdge - MARK_LENGTH_MM));
    to = Math.min(from + MARK_LENGTH_MM, toPageEdge);
  }
  if (to - from < MIN_MARK_MM) return null;
  const a = origin + sign * from;
  const b = origin + sign * to;
  const [start, end] = a < b ? [a, b] : [b, a];
  return horizontal ? { x1: start, y1: along, x2: end, y2: along } : { x1: along, y1: start, x2: along, y2: end };
}

/**
 * How far from `origin` (moving by `sign` along the axis) the line at `along` meets the next
 * trim box, or null when it meets none. Boxes the line merely touches count: the mark must not
 * run along their edge either.
 */
function distanceToNextCard(
  trims: readonly BoxMm[],
  horizontal: boolean,
  origin: number,
  along: number,
  sign: number,
): number | null {
  let nearest: number | null = null;
  for (const box of trims) {
    const [acrossStart, acrossEnd] = horizontal ? [box.y, box.y + box.h] : [box.x, box.x + box.w];
    if (along < acrossStart - EPS || along > acrossEnd + EPS) continue;
    const [start, end] = horizontal ? [box.x, box.x + box.w] : [box.y, box.y + box.h];
    const distance = sign > 0 ? start - origin : origin - end;
    if (distance < -EPS) continue;
    const clamped = Math.max(0, distance);
    if (nearest === null || clamped < nearest) nearest = clamped;
  }
  return nearest;
}

function markKey(mark: MarkSegment): string {
  return [mark.x1, mark.y1, mark.x2, mark.y2].map((value) => value.toFixed(4)).join(',');
}

/** Strokes the marks as black hairlines on the current page. */
export function drawCropMarks(doc: typeof PDFDocument, marks: readonly MarkSegment[]): void {
  if (marks.length === 0) return;
  doc.save();
  doc.lineWidth(CROP_MARK_WIDTH_PT).lineCap('butt').strokeColor('#000000').strokeOpacity(1);
  for (const mark of marks) {
    doc.moveTo(mark.x1 * MM_TO_PT, mark.y1 * MM_TO_PT).lineTo(mark.x2 * MM_TO_PT, mark.y2 * MM_TO_PT);
  }
  doc.stroke();
  doc.restore();
}
