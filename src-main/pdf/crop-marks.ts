// Strokes a page's cut guides and gutterfold fold line, as the sheet plan placed them.

import type PDFDocument from 'pdfkit';
import type { Segment } from '../../card-schema/print/cut-guides';
import type { PrintOptions } from '../../card-schema/print/print-options';
import { MM_TO_PT } from './imposition';

/** Thinner lines vanish on many printers; the option's lower limit says the same. */
export const MIN_GUIDE_WIDTH_PT = 0.25;
const GUIDE_COLORS = { black: '#000000', gray: '#808080' } as const;

export function drawGuides(
  doc: typeof PDFDocument,
  guides: readonly Segment[],
  options: Pick<PrintOptions, 'guideWidthPt' | 'guideColor'>,
): void {
  if (guides.length === 0) return;
  doc.save();
  doc
    .lineWidth(Math.max(MIN_GUIDE_WIDTH_PT, options.guideWidthPt))
    .lineCap('butt')
    .strokeColor(GUIDE_COLORS[options.guideColor])
    .strokeOpacity(1);
  for (const g of guides) doc.moveTo(g.x1 * MM_TO_PT, g.y1 * MM_TO_PT).lineTo(g.x2 * MM_TO_PT, g.y2 * MM_TO_PT);
  doc.stroke();
  doc.restore();
}

/** A dashed gray fold line with a small label, so it reads as "fold", not "cut". */
export function drawFoldLine(doc: typeof PDFDocument, fold: Segment, widthPt: number): void {
  doc.save();
  doc
    .lineWidth(Math.max(MIN_GUIDE_WIDTH_PT, widthPt))
    .strokeColor('#808080')
    .dash(3, { space: 3 })
    .moveTo(fold.x1 * MM_TO_PT, fold.y1 * MM_TO_PT)
    .lineTo(fold.x2 * MM_TO_PT, fold.y2 * MM_TO_PT)
    .stroke()
    .undash();
  doc.restore();
}
