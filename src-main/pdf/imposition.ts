// Units and boxes the PDF painters share. Where cards go is decided by the sheet plan
// (card-schema/print/sheet-plan.ts), which the print dialog's preview uses too.

import type { BoxMm } from '../../card-schema/print/sheet-slots';

export type { BoxMm, Slot } from '../../card-schema/print/sheet-slots';
export type { SizeMm } from '../../card-schema/print/print-options';

export const MM_TO_PT = 72 / 25.4;

export function growBox(box: BoxMm, dx: number, dy: number): BoxMm {
  return { x: box.x - dx, y: box.y - dy, w: box.w + 2 * dx, h: box.h + 2 * dy };
}
