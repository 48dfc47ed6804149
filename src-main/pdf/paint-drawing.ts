// Paints one CardDrawing (millimetres, from layoutCard) into a pdfkit page at a slot. The SVG
// preview paints the same operations, so the print matches what the designer saw.
//
// Bleed: the card background (the first op when it covers the whole card) is filled over the
// whole bleed box, and other filled rectangles that touch a card edge are continued into the
// bleed, so a slightly-off cut still shows the right color. Each card is clipped to its bleed
// box so it can never paint over a neighbour.

import type PDFDocument from 'pdfkit';
import type { CardDrawing, DrawOp } from '../../card-schema/layout/format';
import { imagePlacement } from '../../card-schema/layout/image-placement';
import { symbolTransform } from '../../card-schema/layout/inline-symbols';
import { MM_TO_PT, growBox, type BoxMm, type Slot } from './imposition';
import type { PdfFonts } from './pdf-fonts';
import { asImageSource, type PdfImages } from './pdf-images';

type PdfDoc = typeof PDFDocument;
type RectOp = Extract<DrawOp, { op: 'rect' }>;

// pdfkit's default shaping (per word, with the font's kerning) is what text-measure.ts's
// metrics were taken from, so widths, centring and right alignment agree with the layout.
const TEXT_OPTIONS = { lineBreak: false, baseline: 'alphabetic' } satisfies PDFKit.Mixins.TextOptions;

const EDGE_TOLERANCE_MM = 0.01;
/**
 * Neighbouring bleed boxes meet mid-gutter; two anti-aliased edges on the same line leave a
 * light seam in viewers. Painting the bleed a hair wider (a quarter of the bleed at most, so
 * never near another card's trim) makes the later card cover that seam.
 */
const SEAM_OVERLAP_MM = 0.1;

interface PdfColor {
  hex: string;
  opacity: number;
}

const pt = (mm: number): number => mm * MM_TO_PT;

/**
 * Parses a layout color. Layouts resolve paints to hex strings; "none"/"transparent" paint
 * nothing. Anything else is a game-system error, reported with where it was found (pdfkit
 * would silently keep the previous color).
 */
export function parseColor(value: string, where: string): PdfColor | null {
  const color = value.trim().toLowerCase();
  if (color === 'none' || color === 'transparent') return null;
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(color);
  if (!match) throw new Error(`${where}: unsupported color "${value}" (use #rgb or #rrggbb)`);
  let digits = match[1];
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join('');
  const opacity = digits.length === 8 ? parseInt(digits.slice(6), 16) / 255 : 1;
  return { hex: `#${digits.slice(0, 6)}`, opacity };
}

/** The drawing's background: its first op, when that is a filled rect covering the card. */
export function backgroundOp(drawing: CardDrawing): RectOp | null {
  const first = drawing.ops[0];
  if (!first || first.op !== 'rect' || first.fill === undefined) return null;
  const covers =
    first.x <= EDGE_TOLERANCE_MM &&
    first.y <= EDGE_TOLERANCE_MM &&
    first.x + first.w >= drawing.widthMm - EDGE_TOLERANCE_MM &&
    first.y + first.h >= drawing.heightMm - EDGE_TOLERANCE_MM;
  return covers ? first : null;
}

/**
 * Paints `drawing` with its top-left corner at the slot's trim box, bleed included.
 * `label` names the card in error messages; `images` opens card art (none: art is left out).
 */
export function paintCardDrawing(
  doc: PdfDoc,
  drawing: CardDrawing,
  slot: Slot,
  fonts: PdfFonts,
  label: string,
  images: PdfImages = () => undefined,
): void {
  const { trim } = slot;
  const bleedX = trim.x - slot.bleed.x;
  const bleedY = trim.y - slot.bleed.y;
  // The painted box, relative to the card's own origin.
  const bleedBox = growBox(
    { x: -bleedX, y: -bleedY, w: slot.bleed.w, h: slot.bleed.h },
    Math.min(SEAM_OVERLAP_MM, bleedX / 4),
    Math.min(SEAM_OVERLAP_MM, bleedY / 4),
  );
  const cardBox: BoxMm = { x: 0, y: 0, w: drawing.widthMm, h: drawing.heightMm };

  doc.save();
  doc.translate(pt(trim.x), pt(trim.y));
  doc.rect(pt(bleedBox.x), pt(bleedBox.y), pt(bleedBox.w), pt(bleedBox.h)).clip();

  const background = backgroundOp(drawing);
  if (background?.fill !== undefined) {
    const color = parseColor(background.fill, `${label}, background`);
    if (color) fillBox(doc, bleedBox, color);
  }

  drawing.ops.forEach((op, index) => {
    const where = `${label}, ${op.op} #${index + 1}`;
    switch (op.op) {
      case 'rect':
        if (op !== background) extendIntoBleed(doc, op, cardBox, bleedBox, where);
        paintRect(doc, op, where);
        break;
      case 'circle':
        paintCircle(doc, op, where);
        break;
      case 'text':
        paintText(doc, op, fonts, where);
        break;
      case 'image':
        paintImage(doc, op, images);
        break;
      case 'symbol':
        paintSymbol(doc, op, where);
        break;
    }
  });

  doc.restore();
}

function fillBox(doc: PdfDoc, box: BoxMm, color: PdfColor): void {
  doc.rect(pt(box.x), pt(box.y), pt(box.w), pt(box.h)).fillColor(color.hex, color.opacity).fill();
}

/** Continues a filled rect that touches a card edge into the bleed ring beyond that edge. */
function extendIntoBleed(doc: PdfDoc, op: RectOp, card: BoxMm, bleed: BoxMm, where: string): void {
  if (op.fill === undefined || op.w <= 0 || op.h <= 0) return;
  const touchesLeft = op.x <= card.x + EDGE_TOLERANCE_MM;
  const touchesTop = op.y <= card.y + EDGE_TOLERANCE_MM;
  const touchesRight = op.x + op.w >= card.x + card.w - EDGE_TOLERANCE_MM;
  const touchesBottom = op.y + op.h >= card.y + card.h - EDGE_TOLERANCE_MM;
  if (!touchesLeft && !touchesTop && !touchesRight && !touchesBottom) return;
  const color = parseColor(op.fill, where);
  if (!color) return;
  const left = touchesLeft ? bleed.x : op.x;
  const top = touchesTop ? bleed.y : op.y;
  const right = touchesRight ? bleed.x + bleed.w : op.x + op.w;
  const bottom = touchesBottom ? bleed.y + bleed.h : op.y + op.h;
  doc.save();
  // Only the ring outside the trim: inside it the op paints itself, rounded corners and all.
  doc.rect(pt(bleed.x), pt(bleed.y), pt(bleed.w), pt(bleed.h));
  doc.rect(pt(card.x), pt(card.y), pt(card.w), pt(card.h));
  doc.clip('even-odd');
  fillBox(doc, { x: left, y: top, w: right - left, h: bottom - top }, color);
  doc.restore();
}

function paintRect(doc: PdfDoc, op: RectOp, where: string): void {
  if (op.w <= 0 || op.h <= 0) return;
  const fill = op.fill !== undefined ? parseColor(op.fill, where) : null;
  const stroke = op.stroke !== undefined ? parseColor(op.stroke, where) : null;
  const strokeWidth = op.strokeWidth ?? 0;
  const strokes = stroke !== null && strokeWidth > 0;
  if (!fill && !strokes) return;
  const path = () =>
    op.radius > 0
      ? doc.roundedRect(pt(op.x), pt(op.y), pt(op.w), pt(op.h), pt(op.radius))
      : doc.rect(pt(op.x), pt(op.y), pt(op.w), pt(op.h));
  fillAndStrokePath(doc, path, fill, strokes ? stroke : null, strokeWidth);
}

function paintCircle(doc: PdfDoc, op: Extract<DrawOp, { op: 'circle' }>, where: string): void {
  if (op.r <= 0) return;
  const fill = parseColor(op.fill, where);
  const stroke = op.stroke !== undefined ? parseColor(op.stroke, where) : null;
  const strokeWidth = op.strokeWidth ?? 0;
  const strokes = stroke !== null && strokeWidth > 0;
  fillAndStrokePath(doc, () => doc.circle(pt(op.cx), pt(op.cy), pt(op.r)), fill, strokes ? stroke : null, strokeWidth);
}

function fillAndStrokePath(
  doc: PdfDoc,
  path: () => void,
  fill: PdfColor | null,
  stroke: PdfColor | null,
  strokeWidthMm: number,
): void {
  if (fill) {
    path();
    doc.fillColor(fill.hex, fill.opacity).fill();
  }
  if (stroke) {
    path();
    doc.lineWidth(pt(strokeWidthMm)).strokeColor(stroke.hex, stroke.opacity).stroke();
  }
}

/** The art clipped to its box (rounded like the box), placed as the preview places it. */
function paintImage(doc: PdfDoc, op: Extract<DrawOp, { op: 'image' }>, images: PdfImages): void {
  const image = op.w > 0 && op.h > 0 ? images(op.image) : undefined;
  if (!image) return;
  const placed = imagePlacement(op, image.width, image.height);
  doc.save();
  if (op.radius > 0) doc.roundedRect(pt(op.x), pt(op.y), pt(op.w), pt(op.h), pt(op.radius));
  else doc.rect(pt(op.x), pt(op.y), pt(op.w), pt(op.h));
  doc.clip();
  doc.image(asImageSource(image), pt(placed.x), pt(placed.y), { width: pt(placed.w), height: pt(placed.h) });
  doc.restore();
}

function paintText(doc: PdfDoc, op: Extract<DrawOp, { op: 'text' }>, fonts: PdfFonts, where: string): void {
  // One already-broken line per op; stray line breaks would make pdfkit start new lines.
  const text = op.text.replace(/[\r\n\t]+/g, ' ');
  if (text.trim() === '' || !(op.size > 0)) return;
  const color = parseColor(op.color, where);
  if (!color) return;
  doc
    .font(fonts.forOp(op))
    .fontSize(op.size)
    .fillColor(color.hex, color.opacity)
    // No `width`: a width makes pdfkit run its own line wrapper, which could re-break the
    // line (and move to a new page). The op's (x, y) is the left end of the baseline.
    .text(text, pt(op.x), pt(op.y), TEXT_OPTIONS);
}

/** An inline symbol: its SVG path scaled into the op's square, as the preview's transform does. */
function paintSymbol(doc: PdfDoc, op: Extract<DrawOp, { op: 'symbol' }>, where: string): void {
  const color = parseColor(op.color, where);
  if (!color || !(op.size > 0)) return;
  const { x, y, scale } = symbolTransform(op);
  doc.save();
  // Move to the symbol's origin (points), then scale path units to points.
  doc.translate(pt(x), pt(y));
  doc.scale(pt(scale));
  doc.path(op.path).fillColor(color.hex, color.opacity).fill();
  doc.restore();
}
