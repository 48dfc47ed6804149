// Screen pixels to the spatial board's own unit (inches or tiles). The board is an SVG scaled to
// fit its stage: its screen CTM (scale and offset, as `getScreenCTM()` gives it) maps a board point
// to the screen, so a pointer is mapped back through its inverse. Pure, so it is unit-tested.

import type { Point } from '../../../../card-schema/playtest/spatial/geometry';

/** An affine 2D matrix as DOMMatrix names it: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export interface ScreenMatrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

/** The board point under a screen point, or undefined when the matrix cannot be inverted (not laid out). */
export function screenToBoard(screen: Point, m: ScreenMatrix): Point | undefined {
  const det = m.a * m.d - m.b * m.c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return undefined;
  const x = screen.x - m.e;
  const y = screen.y - m.f;
  return { x: (m.d * x - m.c * y) / det, y: (m.a * y - m.b * x) / det };
}

/** The tile a point of a tiles board lies on (its top-left corner). */
export function snapTile(point: Point): Point {
  return { x: Math.floor(point.x), y: Math.floor(point.y) };
}
