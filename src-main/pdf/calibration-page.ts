// The calibration page: a 100 mm ruler (does the printer print at 100 %?), an outline of the
// chosen card size, and a duplex target whose back (on the calibration back page) shows how far
// the backs land from the fronts, with where to enter the correction. Always on the paper (the
// plan's calibrationPaper), also when the card pages are card-sized, so the ruler prints whole.

import type PDFDocument from 'pdfkit';
import type { SheetPlan } from '../../card-schema/print/sheet-plan';
import { formatMm } from '../../card-schema/print/print-options';
import { MM_TO_PT } from './imposition';
import type { PdfFonts } from './pdf-fonts';

type PdfDoc = typeof PDFDocument;
const pt = (mm: number) => mm * MM_TO_PT;
const RULER_MM = 100;
/** The target's rings: a back landing within the first ring is within 1 mm. */
const TARGET_RINGS_MM = [1, 2, 3, 5];

/** Where the duplex target sits on the front; the back page puts its counterpart behind it. */
export function calibrationTarget(plan: SheetPlan): { x: number; y: number } {
  const m = Math.max(plan.marginMm, 5);
  return { x: plan.calibrationPaper.widthMm - m - 20, y: m + 20 };
}

export function paintCalibrationFront(doc: PdfDoc, plan: SheetPlan, fonts: PdfFonts): void {
  const m = Math.max(plan.marginMm, 5);
  const label = (text: string, x: number, y: number, size = 9) =>
    doc
      .font(fonts.name('regular'))
      .fontSize(size)
      .fillColor('#000000')
      .text(text, pt(x), pt(y), { lineBreak: false, baseline: 'alphabetic' });

  label('Calibration page — print at 100 % (“Actual size”), not “Fit to page”.', m, m + 6, 11);

  // Ruler: 100 mm with mm ticks, longer every 5 and 10 mm.
  const rulerX = m;
  const rulerY = m + 20;
  doc.save().lineWidth(0.5).strokeColor('#000000');
  doc.moveTo(pt(rulerX), pt(rulerY)).lineTo(pt(rulerX + RULER_MM), pt(rulerY));
  for (let mm = 0; mm <= RULER_MM; mm++) {
    const tick = mm % 10 === 0 ? 5 : mm % 5 === 0 ? 3.5 : 2;
    doc.moveTo(pt(rulerX + mm), pt(rulerY)).lineTo(pt(rulerX + mm), pt(rulerY + tick));
  }
  doc.stroke().restore();
  for (let mm = 0; mm <= RULER_MM; mm += 10) label(String(mm / 10), rulerX + mm - 0.8, rulerY + 9, 7);
  label('Ruler: 0 to 10 cm. Measure it; if it is not exactly 100 mm, printing is scaled.', rulerX, rulerY + 15);

  // The card outline at the chosen size.
  const card = plan.card;
  const cardX = m;
  const cardY = rulerY + 25;
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor('#000000')
    .rect(pt(cardX), pt(cardY), pt(card.widthMm), pt(card.heightMm))
    .stroke()
    .restore();
  label(`Card outline: ${formatMm(card.widthMm)} × ${formatMm(card.heightMm)} mm.`, cardX, cardY + card.heightMm + 6);
  label('A printed card should match it exactly.', cardX, cardY + card.heightMm + 11);

  // Duplex target.
  const target = calibrationTarget(plan);
  doc.save().lineWidth(0.4).strokeColor('#000000');
  for (const r of TARGET_RINGS_MM) doc.circle(pt(target.x), pt(target.y), pt(r));
  doc.moveTo(pt(target.x - 8), pt(target.y)).lineTo(pt(target.x + 8), pt(target.y));
  doc.moveTo(pt(target.x), pt(target.y - 8)).lineTo(pt(target.x), pt(target.y + 8));
  doc.stroke().restore();
  if (plan.duplex !== 'simplex' || plan.layout === 'separate-backs') {
    const x = Math.min(target.x - 40, plan.calibrationPaper.widthMm - m - 80);
    label('Duplex test: hold the sheet to the light.', x, target.y + 14);
    label('The cross on the back should sit on this', x, target.y + 19);
    label('target’s centre; rings are 1, 2, 3 and 5 mm.', x, target.y + 24);
    label('Enter the distance in Back offset X / Y', x, target.y + 29);
    label('(+X: backs move right, +Y: down, as seen', x, target.y + 34);
    label('on the back page).', x, target.y + 39);
  }
}

/** The back of the duplex test: a cross where the target's centre should be. */
export function paintCalibrationBack(doc: PdfDoc, plan: SheetPlan, fonts: PdfFonts, target: { x: number; y: number }): void {
  doc.save().lineWidth(0.6).strokeColor('#000000');
  doc.moveTo(pt(target.x - 10), pt(target.y)).lineTo(pt(target.x + 10), pt(target.y));
  doc.moveTo(pt(target.x), pt(target.y - 10)).lineTo(pt(target.x), pt(target.y + 10));
  doc.stroke().restore();
  const m = Math.max(plan.marginMm, 5);
  doc
    .font(fonts.name('regular'))
    .fontSize(9)
    .fillColor('#000000')
    .text('Calibration back: this cross should land on the front’s target.', pt(m), pt(m + 6), {
      lineBreak: false,
      baseline: 'alphabetic',
    });
}
