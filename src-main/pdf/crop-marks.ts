// Strokes a page's cut guides (marks, lines or rounded card outlines), its print-and-cut
// registration marks and the gutterfold fold line, as the sheet plan placed them.

import type PDFDocument from 'pdfkit';
import type { CutOutline, Segment } from '../../card-schema/print/cut-guides';
import type { PrintOptions } from '../../card-schema/print/print-options';
import type { PlannedPage } from '../../card-schema/print/sheet-plan';
import type { BoxMm } from '../../card-schema/print/sheet-slots';
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

/** Everything a page's plan says to draw over the cards: guides, outlines, registration marks. */
export function drawPageGuides(
  doc: typeof PDFDocument,
  page: Pick<PlannedPage, 'guides' | 'outlines' | 'registrationMarks'>,
  options: Pick<PrintOptions, 'guideWidthPt' | 'guideColor'>,
): void {
  drawGuides(doc, page.guides, options);
  drawOutlines(doc, page.outlines, options);
  drawRegistrationMarks(doc, page.registrationMarks);
}

/** Each card's cut line, its corners rounded (pdfkit draws the arcs as Bézier curves). */
export function drawOutlines(
  doc: typeof PDFDocument,
  outlines: readonly CutOutline[],
  options: Pick<PrintOptions, 'guideWidthPt' | 'guideColor'>,
): void {
  if (outlines.length === 0) return;
  doc.save();
  doc
    .lineWidth(Math.max(MIN_GUIDE_WIDTH_PT, options.guideWidthPt))
    .strokeColor(GUIDE_COLORS[options.guideColor])
    .strokeOpacity(1);
  for (const { box, radiusMm } of outlines) {
    const [x, y, w, h, r] = [box.x, box.y, box.w, box.h, radiusMm].map((mm) => mm * MM_TO_PT);
    if (r > 0) doc.roundedRect(x, y, w, h, r);
    else doc.rect(x, y, w, h);
  }
  doc.stroke();
  doc.restore();
}

/** Registration marks: solid black always, so a cutting machine's sensor finds them. */
export function drawRegistrationMarks(doc: typeof PDFDocument, marks: readonly BoxMm[]): void {
  if (marks.length === 0) return;
  doc.save();
  doc.fillColor('#000000').fillOpacity(1);
  for (const m of marks) doc.rect(m.x * MM_TO_PT, m.y * MM_TO_PT, m.w * MM_TO_PT, m.h * MM_TO_PT);
  doc.fill();
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
