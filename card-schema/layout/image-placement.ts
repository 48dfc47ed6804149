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

/** Printing resolution the art gets in its box (pixels per inch of the placed image). */
export function printDpi(op: ImageOp, imageWidth: number, imageHeight: number): number {
  const placed = imagePlacement(op, imageWidth, imageHeight);
  return placed.w > 0 ? imageWidth / (placed.w / 25.4) : 0;
}

/** Below this, art looks soft on paper; the editor warns. */
export const MIN_PRINT_DPI = 300;
