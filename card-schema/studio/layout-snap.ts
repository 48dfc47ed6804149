// Snapping in the layout editor: a moved or resized box's edges and centre lines jump to the
// card's edges and centre lines, its bleed and safe-zone lines, and the edges and centres of the
// other elements, when they come within a threshold; the lines snapped to are returned as guides
// to draw. The threshold is a few screen pixels, so in millimetres it shrinks as the view zooms in.

import { handleEdges, type Box, type Handle } from './layout-geometry';

/** How far the print's bleed reaches beyond the cut, and the safe zone inside it. */
export const BLEED_MM = 3;
export const SAFE_MM = 3;
/** How close (in screen pixels) a line must come to snap. */
export const SNAP_PX = 6;

/** A guide line: vertical at x = `at`, or horizontal at y = `at`. */
export interface SnapGuide {
  axis: 'x' | 'y';
  at: number;
}

export interface SnapTargets {
  x: number[];
  y: number[];
}

export interface Snapped {
  box: Box;
  guides: SnapGuide[];
}

/** The snap threshold in mm at a zoom of `pxPerMm` screen pixels per millimetre. */
export const snapThresholdMm = (pxPerMm: number, px = SNAP_PX): number => px / Math.max(pxPerMm, 0.01);

/** The lines a box can snap to: the card's edges, centre, bleed and safe lines, and the other boxes' edges and centres. */
export function snapTargets(card: { widthMm: number; heightMm: number }, others: readonly Box[]): SnapTargets {
  const lines = (size: number): number[] => [0, size / 2, size, -BLEED_MM, size + BLEED_MM, SAFE_MM, size - SAFE_MM];
  const x = lines(card.widthMm);
  const y = lines(card.heightMm);
  for (const box of others) {
    x.push(box.x, box.x + box.w / 2, box.x + box.w);
    y.push(box.y, box.y + box.h / 2, box.y + box.h);
  }
  return { x, y };
}

/** The nearest target to any of `lines` within `threshold`: the shift that lands on it, and where. */
function nearest(
  lines: readonly number[],
  targets: readonly number[],
  threshold: number,
): { shift: number; at: number } | undefined {
  let best: { shift: number; at: number } | undefined;
  for (const line of lines) {
    for (const target of targets) {
      const shift = target - line;
      if (Math.abs(shift) <= threshold && (!best || Math.abs(shift) < Math.abs(best.shift))) best = { shift, at: target };
    }
  }
  return best;
}

/** A moved box snapped: its left, centre or right line (and top, middle or bottom) onto the nearest target. */
export function snapMove(box: Box, targets: SnapTargets, threshold: number): Snapped {
  const guides: SnapGuide[] = [];
  const sx = nearest([box.x, box.x + box.w / 2, box.x + box.w], targets.x, threshold);
  const sy = nearest([box.y, box.y + box.h / 2, box.y + box.h], targets.y, threshold);
  if (sx) guides.push({ axis: 'x', at: sx.at });
  if (sy) guides.push({ axis: 'y', at: sy.at });
  return { box: { ...box, x: box.x + (sx?.shift ?? 0), y: box.y + (sy?.shift ?? 0) }, guides };
}

/** A resized box snapped: only the edges the handle drags move, onto the nearest target. */
export function snapResize(box: Box, handle: Handle, targets: SnapTargets, threshold: number, minSize = 1): Snapped {
  const edges = handleEdges(handle);
  const guides: SnapGuide[] = [];
  let { x, y, w, h } = box;
  if (edges.h !== 0) {
    const edge = edges.h === 1 ? x + w : x;
    const s = nearest([edge], targets.x, threshold);
    if (s) {
      const nw = edges.h === 1 ? w + s.shift : w - s.shift;
      if (nw >= minSize) {
        if (edges.h === -1) x += s.shift;
        w = nw;
        guides.push({ axis: 'x', at: s.at });
      }
    }
  }
  if (edges.v !== 0) {
    const edge = edges.v === 1 ? y + h : y;
    const s = nearest([edge], targets.y, threshold);
    if (s) {
      const nh = edges.v === 1 ? h + s.shift : h - s.shift;
      if (nh >= minSize) {
        if (edges.v === -1) y += s.shift;
        h = nh;
        guides.push({ axis: 'y', at: s.at });
      }
    }
  }
  return { box: { x, y, w, h }, guides };
}
