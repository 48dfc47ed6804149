// Print-and-cut registration marks, as Silhouette Studio draws them ("Type 1"): a filled square
// at the top-left of the cut area and L-shaped marks at the top-right and bottom-left corners,
// 0.5 mm thick with 20 mm legs. Studio's marks sit at least 10 mm from the paper's edge, so ours do
// too and a user can line Studio's marks up with the printed ones. The cards stay inside the
// frame the marks make, with clearance, so the machine's optical sensor sees only the marks.
// Millimetres, y down.

import type { SizeMm } from './print-options';
import type { BoxMm } from './sheet-slots';

export const REGISTRATION_MARK = {
  squareMm: 5,
  thicknessMm: 0.5,
  legMm: 20,
  /** Silhouette Studio's smallest inset from the paper's edge. */
  minInsetMm: 10,
  /** Kept free between the marks and anything printed. */
  clearanceMm: 1.5,
} as const;

/** How far the marks sit from the paper's edge: the margin, and at least Studio's inset. */
export function registrationInsetMm(marginMm: number): number {
  return Math.max(marginMm, REGISTRATION_MARK.minInsetMm);
}

/** How far from the paper's edge the cards (and their guides) must stay. */
export function registrationFrameMm(marginMm: number): number {
  return registrationInsetMm(marginMm) + REGISTRATION_MARK.squareMm + REGISTRATION_MARK.clearanceMm;
}

/** The marks as filled boxes: the square, then each L as its two legs. */
export function registrationMarkBoxes(paper: SizeMm, marginMm: number): BoxMm[] {
  const { squareMm, thicknessMm: t, legMm } = REGISTRATION_MARK;
  const inset = registrationInsetMm(marginMm);
  const right = paper.widthMm - inset;
  const bottom = paper.heightMm - inset;
  return [
    { x: inset, y: inset, w: squareMm, h: squareMm },
    { x: right - legMm, y: inset, w: legMm, h: t },
    { x: right - t, y: inset, w: t, h: legMm },
    { x: inset, y: bottom - t, w: legMm, h: t },
    { x: inset, y: bottom - legMm, w: t, h: legMm },
  ];
}
