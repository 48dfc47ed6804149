// Where an image op's picture goes, from the picture's aspect ratio alone (so a thumbnail, the
// on-screen version and the print version all crop the same): the rectangle the whole image is
// drawn into, in the drawing's millimetres; the painter clips it to the op's box.
//
// cover: the image is scaled to just cover the box, then by `zoom`, and moved so its focus point
// sits at the box's centre, but never so far that an edge of the box would show no image.
// contain: the whole image fits inside the box (centred on the focus when zoomed past the box).

import type { DrawOp } from './format';

type ImageOp = Extract<DrawOp, { op: 'image' }>;

export interface PlacedImage {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function imagePlacement(op: ImageOp, imageWidth: number, imageHeight: number): PlacedImage {
  const aspect = imageWidth > 0 && imageHeight > 0 ? imageWidth / imageHeight : 1;
  const boxAspect = op.w / op.h;
  const coverScale = aspect > boxAspect ? op.h : op.w / aspect; // the height that covers the box
  const containScale = aspect > boxAspect ? op.w / aspect : op.h;
  const h = (op.fit === 'contain' ? containScale : coverScale) * op.zoom;
  const w = h * aspect;
  return { x: place(op.x, op.w, w, op.focusX), y: place(op.y, op.h, h, op.focusY), w, h };
}

/** One axis: put the focus at the box's centre, then keep the box covered (or the image centred). */
function place(boxStart: number, boxSize: number, size: number, focus: number): number {
  const start = boxStart + boxSize / 2 - focus * size;
  if (size <= boxSize) return boxStart + (boxSize - size) / 2;
  return Math.min(boxStart, Math.max(boxStart + boxSize - size, start));
}

/**
 * The focus after dragging the art by (dxMm, dyMm) from where `op` shows it: the picture moves
 * with the pointer, so the point grabbed stays under it, until an edge of the picture reaches the
 * box's edge (the box stays covered, as `imagePlacement` keeps it). An axis on which the picture
 * does not overflow the box keeps its focus: there is nothing to move. Always measured from the
 * drag's start, so dragging past an edge and back brings the grabbed point back under the pointer.
 */
export function focusAfterDrag(
  op: ImageOp,
  imageWidth: number,
  imageHeight: number,
  dxMm: number,
  dyMm: number,
): { x: number; y: number } {
  const placed = imagePlacement(op, imageWidth, imageHeight);
  return {
    x: dragAxis(op.x, op.w, placed.x, placed.w, dxMm, op.focusX),
    y: dragAxis(op.y, op.h, placed.y, placed.h, dyMm, op.focusY),
  };
}

/** Focus is stored to this many decimals: far finer than a printer's dot, and tidy JSON. */
const FOCUS_DECIMALS = 4;

function dragAxis(boxStart: number, boxSize: number, start: number, size: number, delta: number, focus: number): number {
  if (size <= boxSize || !Number.isFinite(delta)) return focus;
  const moved = Math.min(boxStart, Math.max(boxStart + boxSize - size, start + delta));
  const factor = 10 ** FOCUS_DECIMALS;
  return Math.round(((boxStart + boxSize / 2 - moved) / size) * factor) / factor;
}

/** Printing resolution the art gets in its box (pixels per inch of the placed image). */
export function printDpi(op: ImageOp, imageWidth: number, imageHeight: number): number {
  const placed = imagePlacement(op, imageWidth, imageHeight);
  return placed.w > 0 ? imageWidth / (placed.w / 25.4) : 0;
}

/** Below this, art looks soft on paper; the editor warns. */
export const MIN_PRINT_DPI = 300;
