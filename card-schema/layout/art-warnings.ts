// Layout warnings for card art: a picture that prints below MIN_PRINT_DPI in its box, with the
// current crop, looks soft on paper. The layout knows the boxes but not the pictures, so the
// caller supplies their pixel sizes (the renderer from the image library's info); a picture
// whose size is not known yet gets no warning.

import type { CardDrawing, DrawOp, LayoutWarning } from './format';
import { MIN_PRINT_DPI, printDpi } from './image-placement';
import { fieldPointer } from './text-warnings';

type ImageOp = Extract<DrawOp, { op: 'image' }>;

export interface ImageSize {
  width: number;
  height: number;
}

/** The stored picture's full size in pixels (as displayed), or undefined when not known. */
export type ImageSizeLookup = (imageId: string) => ImageSize | undefined;

const MM_PER_INCH = 25.4;

/** One warning per image field whose art prints too soft (at its softest box, if it has several). */
export function artWarnings(drawing: CardDrawing, sizeOf: ImageSizeLookup): LayoutWarning[] {
  const softest = new Map<string, { op: ImageOp; dpi: number }>();
  for (const op of drawing.ops) {
    if (op.op !== 'image') continue;
    const size = sizeOf(op.image);
    if (!size || !(size.width > 0 && size.height > 0)) continue;
    const dpi = printDpi(op, size.width, size.height);
    const known = softest.get(op.field);
    if (!known || dpi < known.dpi) softest.set(op.field, { op, dpi });
  }
  const warnings: LayoutWarning[] = [];
  for (const [field, { op, dpi }] of softest) {
    // Rounded, so a picture made for exactly 300 dpi (744 px across 63 mm is 299.96) is fine.
    if (Math.round(dpi) >= MIN_PRINT_DPI) continue;
    warnings.push({ pointer: fieldPointer(field), code: 'art-resolution', message: resolutionMessage(op, dpi) });
  }
  return warnings;
}

/** "This art prints at 212 dpi in its box (300 dpi looks sharp): use a picture at least 745 × 1040 pixels, or zoom out." */
function resolutionMessage(op: ImageOp, dpi: number): string {
  // The box at MIN_PRINT_DPI, times the zoom: a covering picture prints sharp exactly when it is
  // at least this wide and this tall, whatever its proportions (a contained one needs only one).
  const pixels = (mm: number) => Math.round(((mm * op.zoom) / MM_PER_INCH) * MIN_PRINT_DPI);
  const needed = `${pixels(op.w)} × ${pixels(op.h)} pixels`;
  // The resolution falls as the zoom rises: the zoom at which this picture reaches MIN_PRINT_DPI.
  const sharpZoom = Math.floor(((op.zoom * dpi) / MIN_PRINT_DPI) * 100) / 100;
  const zoomOut = op.zoom <= 1 ? '' : sharpZoom >= 1 ? `, or zoom out to ${sharpZoom}× or less` : ', or zoom out';
  return (
    `This art prints at ${Math.round(dpi)} dpi in its box (${MIN_PRINT_DPI} dpi looks sharp): ` +
    `use a picture at least ${needed}${zoomOut}.`
  );
}
