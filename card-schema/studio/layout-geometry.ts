// Boxes of layout elements as the layout editor moves and resizes them: millimetres from the
// card's top-left corner, rounded to 0.1 mm (what the inspector shows and the file keeps), never
// smaller than MIN_BOX_MM so a box stays grabbable.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The eight resize handles, by compass point. */
export const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Handle = (typeof HANDLES)[number];

export const MIN_BOX_MM = 1;

/** A millimetre value as the file keeps it: one decimal. */
export const roundMm = (value: number): number => Math.round(value * 10) / 10 + 0;

export const roundBox = (box: Box): Box => ({ x: roundMm(box.x), y: roundMm(box.y), w: roundMm(box.w), h: roundMm(box.h) });

export const moveBox = (box: Box, dx: number, dy: number): Box => ({ ...box, x: box.x + dx, y: box.y + dy });

/** Which edges a handle drags: -1 the left/top edge, 1 the right/bottom edge, 0 neither. */
export function handleEdges(handle: Handle): { h: -1 | 0 | 1; v: -1 | 0 | 1 } {
  return {
    h: handle.includes('w') ? -1 : handle.includes('e') ? 1 : 0,
    v: handle.startsWith('n') ? -1 : handle.startsWith('s') ? 1 : 0,
  };
}

/** `box` with the edges `handle` drags moved by (dx, dy); the opposite edges stay put, the size at least MIN_BOX_MM. */
export function resizeBox(box: Box, handle: Handle, dx: number, dy: number): Box {
  const edges = handleEdges(handle);
  let { x, y, w, h } = box;
  if (edges.h === 1) w = Math.max(MIN_BOX_MM, w + dx);
  if (edges.h === -1) {
    const right = x + w;
    w = Math.max(MIN_BOX_MM, w - dx);
    x = right - w;
  }
  if (edges.v === 1) h = Math.max(MIN_BOX_MM, h + dy);
  if (edges.v === -1) {
    const bottom = y + h;
    h = Math.max(MIN_BOX_MM, h - dy);
    y = bottom - h;
  }
  return { x, y, w, h };
}

/** Whether a point (mm) is inside a box. */
export const boxContains = (box: Box, px: number, py: number): boolean =>
  px >= box.x && px <= box.x + box.w && py >= box.y && py <= box.y + box.h;
