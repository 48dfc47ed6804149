// Bleed for the rasterized card (card-svg.ts), the same geometry the PDF paints (paint-drawing.ts):
// the background fills the whole bleed box, and a filled rectangle touching a card edge is
// continued past that edge, so a card image cut slightly off shows the right colour. Expressed
// as extra plain rect ops placed just before the op they extend, so every painter of rect ops
// (solid or gradient) paints them the same way.

import type { CardDrawing, DrawOp, ResolvedGradient } from '../../card-schema/layout/format';
import { isGradient } from '../../card-schema/layout/gradient';
import { backgroundOp } from '../pdf/paint-drawing';

type RectOp = Extract<DrawOp, { op: 'rect' }>;

const EDGE_TOLERANCE_MM = 0.01;
/** Bands reach this far under a square op they extend, so no anti-aliased seam shows at the cut line. */
const SEAM_OVERLAP_MM = 0.05;

/** The drawing's ops with its bleed: the background over the bleed box, edge rects continued into it. */
export function opsWithBleed(drawing: CardDrawing, bleedMm: number): DrawOp[] {
  if (!(bleedMm > 0)) return drawing.ops;
  const card = { w: drawing.widthMm, h: drawing.heightMm };
  const background = backgroundOp(drawing);
  const ops: DrawOp[] = [];
  for (const op of drawing.ops) {
    if (op.op === 'rect' && op.fill !== undefined) {
      if (op === background) ops.push(plain(op, -bleedMm, -bleedMm, card.w + 2 * bleedMm, card.h + 2 * bleedMm));
      else ops.push(...edgeBands(op, card, bleedMm));
    }
    ops.push(op);
  }
  return ops;
}

/** The parts of an edge-touching rect's extension outside the card (none when it touches no edge). */
function edgeBands(op: RectOp, card: { w: number; h: number }, bleed: number): RectOp[] {
  if (op.w <= 0 || op.h <= 0) return [];
  const touchesLeft = op.x <= EDGE_TOLERANCE_MM;
  const touchesTop = op.y <= EDGE_TOLERANCE_MM;
  const touchesRight = op.x + op.w >= card.w - EDGE_TOLERANCE_MM;
  const touchesBottom = op.y + op.h >= card.h - EDGE_TOLERANCE_MM;
  if (!touchesLeft && !touchesTop && !touchesRight && !touchesBottom) return [];
  const left = touchesLeft ? -bleed : op.x;
  const top = touchesTop ? -bleed : op.y;
  const right = touchesRight ? card.w + bleed : op.x + op.w;
  const bottom = touchesBottom ? card.h + bleed : op.y + op.h;
  // Inside the card the op paints itself (rounded corners and all); a square one is overlapped a hair.
  const overlap = op.radius > 0 ? 0 : SEAM_OVERLAP_MM;
  const inTop = Math.max(top, 0);
  const inBottom = Math.min(bottom, card.h);
  const bands: RectOp[] = [];
  if (top < 0) bands.push(plain(op, left, top, right - left, -top + overlap, 'top'));
  if (bottom > card.h) bands.push(plain(op, left, card.h - overlap, right - left, bottom - card.h + overlap, 'bottom'));
  if (left < 0 && inBottom > inTop) bands.push(plain(op, left, inTop, -left + overlap, inBottom - inTop, 'left'));
  if (right > card.w && inBottom > inTop)
    bands.push(plain(op, card.w - overlap, inTop, right - card.w + overlap, inBottom - inTop, 'right'));
  return bands;
}

type Side = 'top' | 'bottom' | 'left' | 'right';
/** Each side's outward direction, in the gradient's (sin angle, cos angle) frame: 0° runs downwards. */
const OUTWARD: Record<Side, [number, number]> = { top: [0, -1], bottom: [0, 1], left: [-1, 0], right: [1, 0] };

/**
 * A band's fill past one side of a gradient shape: the gradient runs on beyond its ends in its end
 * colours (as the PDF's padded shading does), so a band across the gradient's direction is that end's
 * colour; a band along it keeps the gradient. (Squeezing the whole gradient into the band would put
 * the far end's colour at the cut line.)
 */
function bandFill(fill: string | ResolvedGradient, side: Side): string | ResolvedGradient {
  if (!isGradient(fill)) return fill;
  const radians = (fill.angle * Math.PI) / 180;
  const [ox, oy] = OUTWARD[side];
  const along = Math.sin(radians) * ox + Math.cos(radians) * oy;
  if (along >= Math.SQRT1_2) return fill.to;
  if (along <= -Math.SQRT1_2) return fill.from;
  return fill;
}

/** The op's fill over a square box, without its stroke (past `side` of it, for a band). */
function plain(op: RectOp, x: number, y: number, w: number, h: number, side?: Side): RectOp {
  const fill = side && op.fill !== undefined ? bandFill(op.fill, side) : op.fill;
  return { op: 'rect', x, y, w, h, radius: 0, fill };
}
