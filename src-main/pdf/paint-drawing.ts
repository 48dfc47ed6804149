// Paints one CardDrawing (millimetres, from layoutCard) into a pdfkit page at a slot. The SVG
// preview paints the same operations, so the print matches what the designer saw.
//
// Bleed: the card background (the first op when it covers the whole card) is filled over the
// whole bleed box, and other filled rectangles that touch a card edge are continued into the
// bleed, so a slightly-off cut still shows the right color. Each card is clipped to its bleed
// box so it can never paint over a neighbour.
//
// Gradients are PDF shadings painted with `sh` inside the shape's clip, in the card's own user
// space, so they land right on a page and inside a form XObject alike (a pattern's matrix
// would be tied to the page). A gradient whose colors are translucent gets a soft mask.

import type PDFDocument from 'pdfkit';
import type { CardDrawing, DrawOp, ResolvedGradient } from '../../card-schema/layout/format';
import { gradientLine, isGradient } from '../../card-schema/layout/gradient';
import { imagePlacement } from '../../card-schema/layout/image-placement';
import { symbolTransform } from '../../card-schema/layout/inline-symbols';
import { MM_TO_PT, growBox, type BoxMm, type Slot } from './imposition';
import type { GlyphRun, PdfFontObject } from './pdf-font-object';
import type { PdfFonts } from './pdf-fonts';
import { asImageSource, type PdfImages } from './pdf-images';
import { contentBytes, opacityOperator } from './content-bytes';
import { svgPathOperators } from './svg-path-operators';
import { pressColoursOf, type PressColours } from './pdfx/press-colours';

type PdfDoc = typeof PDFDocument;
type RectOp = Extract<DrawOp, { op: 'rect' }>;

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

interface PdfGradient {
  from: PdfColor;
  to: PdfColor;
  angle: number;
}

/** What a shape is filled with: one color or a gradient. */
type PdfFill = PdfColor | PdfGradient;

const isPdfGradient = (fill: PdfFill): fill is PdfGradient => 'from' in fill;

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

/**
 * A fill: a color as parseColor reads it, or a gradient of two (a "none" end is the other
 * color fully transparent); null when it paints nothing.
 */
function parseFill(value: string | ResolvedGradient, where: string): PdfFill | null {
  if (!isGradient(value)) return parseColor(value, where);
  const from = parseColor(value.from, where);
  const to = parseColor(value.to, where);
  const solid = from ?? to;
  if (!solid) return null;
  const clear = { hex: solid.hex, opacity: 0 };
  return { from: from ?? clear, to: to ?? clear, angle: value.angle };
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
  const out = new CardContent(doc);
  out.rect(bleedBox.x, bleedBox.y, bleedBox.w, bleedBox.h);
  out.op('W n');

  const background = backgroundOp(drawing);
  if (background?.fill !== undefined) {
    const fill = parseFill(background.fill, `${label}, background`);
    if (fill) fillBox(out, bleedBox, fill, background);
  }

  const ops = drawing.ops;
  for (let index = 0; index < ops.length; index++) {
    const op = ops[index];
    const where = () => `${label}, ${op.op} #${index + 1}`;
    switch (op.op) {
      case 'rect':
        if (op !== background) extendIntoBleed(out, op, cardBox, bleedBox, where);
        paintRect(out, op, where);
        break;
      case 'circle':
        paintCircle(out, op, where);
        break;
      case 'ellipse':
        paintEllipse(out, op, where);
        break;
      case 'text':
        paintText(out, op, fonts, where);
        break;
      case 'image':
        paintImage(out, op, images);
        break;
      case 'symbol':
        paintSymbol(out, op, where);
        break;
    }
  }

  out.flush();
  doc.restore();
}

// ---------------------------------------------------------------------------------------------
// Writing the page's content stream. pdfkit's drawing calls cost a lot per call at card scale
// (each call parses its colour, formats its numbers and writes its own chunk; each text() call
// measures its text twice, lays it out word by word and wraps itself in q/cm/Q), so a card's
// operators are collected here and written to the page in one piece. The graphics state the
// card has set (colours, opacities, line width, font) is remembered so unchanged settings are
// not written again, and consecutive text runs share one BT … ET. Glyphs and their advances
// come from pdfkit's own font objects (EmbeddedFont.layoutCached: fontkit shaping with the
// font's default features, per word, exactly as doc.text() draws them), so the text is the
// same as doc.text() would set it: same glyphs, same kerning, same positions.

/** pdfkit's number formatting (PDFObject.number): six decimals at most. */
function num(n: number): number {
  if (!(n > -1e21 && n < 1e21)) throw new Error(`unsupported number: ${n}`);
  return Math.round(n * 1e6) / 1e6;
}

/** A run of text as TJ operands: glyph ids and the kerning between them (size-independent). */
interface ShapedText {
  /** "[<hex> adj …] TJ" strings, or null when a glyph is offset (marks) and needs its own Tm. */
  tj: string[] | null;
  run: GlyphRun;
  hex: string[];
}

/** Shaped runs of each font, per document (pdfkit keeps the word layouts; this keeps the operands). */
const shapedByFont = new WeakMap<PdfFontObject, Map<string, ShapedText>>();
const SHAPED_PER_FONT = 5_000;

/** Lays out `text` as pdfkit's EmbeddedFont.encode() does: per word (a space ends its word), cached per word. */
function shape(font: PdfFontObject, text: string): ShapedText {
  let cache = shapedByFont.get(font);
  if (!cache) shapedByFont.set(font, (cache = new Map()));
  const cached = cache.get(text);
  if (cached) return cached;
  const glyphs: GlyphRun['glyphs'] = [];
  const positions: GlyphRun['positions'] = [];
  let last = 0;
  for (let index = 0; index <= text.length; index++) {
    const ch = text.charCodeAt(index);
    if ((index === text.length && last < index) || ch === 0x20 || ch === 0x09) {
      const run = font.layoutCached(text.slice(last, index + 1));
      for (const glyph of run.glyphs) glyphs.push(glyph);
      for (const position of run.positions) positions.push(position);
      last = index + 1;
    }
  }
  const hex: string[] = [];
  for (const glyph of glyphs) {
    const gid = font.subset.includeGlyph(glyph.id);
    hex.push(`0000${gid.toString(16)}`.slice(-4));
    font.widths[gid] ??= glyph.advanceWidth * font.scale;
    font.unicode[gid] ??= glyph.codePoints;
  }
  const offset = positions.some((position) => position.xOffset || position.yOffset);
  const shaped: ShapedText = {
    tj: offset ? null : tjOperands(hex, positions, 0, positions.length),
    run: { glyphs, positions },
    hex,
  };
  if (cache.size >= SHAPED_PER_FONT) cache.clear();
  cache.set(text, shaped);
  return shaped;
}

/** pdfkit's TJ segments for glyphs [from, to): a segment ends after each glyph whose advance is adjusted. */
function tjOperands(hex: string[], positions: GlyphRun['positions'], from: number, to: number): string[] {
  const commands: string[] = [];
  let last = from;
  const segment = (cur: number) => {
    if (last < cur) {
      const advance = positions[cur - 1].xAdvance - positions[cur - 1].advanceWidth;
      commands.push(`<${hex.slice(last, cur).join('')}> ${num(-advance)}`);
    }
    last = cur;
  };
  for (let i = from; i < to; i++) if (positions[i].xAdvance - positions[i].advanceWidth !== 0) segment(i + 1);
  segment(to);
  return commands.length > 0 ? [`[${commands.join(' ')}] TJ`] : [];
}

/** "/DeviceRGB cs r g b scn" as pdfkit writes a hex colour, per colour and operator. */
const colorOperators = new Map<string, string>();

function colorOperator(hex: string, stroke: boolean): string {
  const key = stroke ? `S${hex}` : hex;
  let operator = colorOperators.get(key);
  if (operator === undefined) {
    const value = parseInt(hex.slice(1), 16);
    const rgb = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((part) => part / 255).join(' ');
    operator = stroke ? `/DeviceRGB CS\n${rgb} SCN` : `/DeviceRGB cs\n${rgb} scn`;
    if (colorOperators.size > 1_000) colorOperators.clear();
    colorOperators.set(key, operator);
  }
  return operator;
}

interface GraphicsState {
  fill?: string;
  fillOpacity?: number;
  stroke?: string;
  strokeOpacity?: number;
  lineWidth?: number;
  /** The font id and size set with Tf. */
  font?: string;
}

/** One card's content: operators collected and written to the page at once, redundant state changes left out. */
class CardContent {
  private readonly ops: string[] = [];
  /** What the card has set so far; unknown (undefined) at the start, so the first use writes it. */
  private state: GraphicsState = {};
  private readonly saved: GraphicsState[] = [];
  private inText = false;
  /** A press-ready document's CMYK colours (undefined: the document paints in RGB). */
  private readonly press: PressColours | undefined;

  constructor(readonly doc: PdfDoc) {
    this.press = pressColoursOf(doc);
  }

  op(operator: string): void {
    if (this.inText) this.endText();
    this.ops.push(operator);
  }

  /** Writes what was collected; call before any pdfkit drawing call. */
  flush(): void {
    if (this.inText) this.endText();
    if (this.ops.length > 0) {
      this.doc.addContent(contentBytes(this.ops.join('\n')));
      this.ops.length = 0;
    }
  }

  save(): void {
    this.op('q');
    this.saved.push({ ...this.state });
  }

  restore(): void {
    this.op('Q');
    this.state = this.saved.pop() ?? {};
  }

  /** Around pdfkit calls that leave the state as they found it (they save and restore). */
  pdfkit(paint: (doc: PdfDoc) => void): void {
    this.flush();
    paint(this.doc);
  }

  rect(x: number, y: number, w: number, h: number): void {
    this.op(`${num(pt(x))} ${num(pt(y))} ${num(pt(w))} ${num(pt(h))} re`);
  }

  /** pdfkit's roundedRect (same radii clamping and curves), in millimetres. */
  roundedRect(xMm: number, yMm: number, wMm: number, hMm: number, radiusMm: number): void {
    const [x, y, w, h] = [pt(xMm), pt(yMm), pt(wMm), pt(hMm)];
    const r = Math.max(0, Math.min(pt(radiusMm) || 0, Math.min(0.5 * w, 0.5 * h)));
    const cp = r * (1.0 - KAPPA);
    const path = [`${num(x + r)} ${num(y)} m`, `${num(x + w - r)} ${num(y)} l`];
    if (r > 0) path.push(curve(x + w - cp, y, x + w, y + cp, x + w, y + r));
    path.push(`${num(x + w)} ${num(y + h - r)} l`);
    if (r > 0) path.push(curve(x + w, y + h - cp, x + w - cp, y + h, x + w - r, y + h));
    path.push(`${num(x + r)} ${num(y + h)} l`);
    if (r > 0) path.push(curve(x + cp, y + h, x, y + h - cp, x, y + h - r));
    path.push(`${num(x)} ${num(y + r)} l`);
    if (r > 0) path.push(curve(x, y + cp, x + cp, y, x + r, y));
    path.push('h');
    this.op(path.join('\n'));
  }

  /** pdfkit's circle path, in millimetres. */
  circle(cxMm: number, cyMm: number, rMm: number): void {
    this.ellipse(cxMm, cyMm, rMm, rMm);
  }

  /** pdfkit's ellipse path, in millimetres. */
  ellipse(cxMm: number, cyMm: number, rxMm: number, ryMm: number): void {
    const rx = pt(rxMm);
    const ry = pt(ryMm);
    const x = pt(cxMm) - rx;
    const y = pt(cyMm) - ry;
    const ox = rx * KAPPA;
    const oy = ry * KAPPA;
    const [xe, ye, xm, ym] = [x + rx * 2, y + ry * 2, x + rx, y + ry];
    this.op(
      [
        `${num(x)} ${num(ym)} m`,
        curve(x, ym - oy, xm - ox, y, xm, y),
        curve(xm + ox, y, xe, ym - oy, xe, ym),
        curve(xe, ym + oy, xm + ox, ye, xm, ye),
        curve(xm - ox, ye, x, ym + oy, x, ym),
        'h',
      ].join('\n'),
    );
  }

  /**
   * Fills `path` with the gradient running across `box`; `area` bounds what the path covers
   * (the gradient's ends continue beyond `box`).
   */
  fillGradient(path: () => void, gradient: PdfGradient, box: BoxMm, area: BoxMm): void {
    const line = gradientLine(gradient.angle, box);
    const coords = [pt(line.x1), pt(line.y1), pt(line.x2), pt(line.y2)].map(num);
    if (coords[0] === coords[2] && coords[1] === coords[3]) return;
    const shading = this.resource('Shading', 'CwSh', `${coords}|${gradient.from.hex}|${gradient.to.hex}`, () =>
      this.press
        ? shadingDict(coords, 'DeviceCMYK', [...this.press.fromHex(gradient.from.hex)], [...this.press.fromHex(gradient.to.hex)])
        : shadingDict(coords, 'DeviceRGB', rgb(gradient.from.hex), rgb(gradient.to.hex)),
    );
    this.save();
    // `sh` paints with the current fill opacity: a translucent fill before must not fade it.
    this.fillOpacity(1);
    path();
    this.op('W n');
    if (gradient.from.opacity < 1 || gradient.to.opacity < 1) {
      const bbox = [pt(area.x), pt(area.y), pt(area.x + area.w), pt(area.y + area.h)].map(num);
      const key = `${coords}|${bbox}|${gradient.from.opacity}|${gradient.to.opacity}`;
      const mask = this.resource('ExtGState', 'CwGs', key, () => softMaskDict(this.internals(), coords, bbox, gradient));
      this.op(`/${mask} gs`);
    }
    this.op(`/${shading} sh`);
    this.restore();
  }

  private internals(): PdfInternals {
    return this.doc as unknown as PdfInternals;
  }

  /**
   * The name of a PDF object in the current page's (or form's) resources of `kind`, made once
   * per document for each `key` and named once per document.
   */
  private resource(kind: 'Shading' | 'ExtGState', prefix: string, key: string, make: () => Record<string, unknown>): string {
    const internals = this.internals();
    let made = madeResources.get(this.doc);
    if (!made) madeResources.set(this.doc, (made = new Map()));
    let entry = made.get(`${kind}|${key}`);
    if (!entry) {
      const ref = internals.ref(make());
      ref.end();
      entry = { name: `${prefix}${made.size + 1}`, ref };
      made.set(`${kind}|${key}`, entry);
    }
    const resources = internals.page.resources.data;
    const dict = (resources[kind] ??= {}) as Record<string, unknown>;
    dict[entry.name] = entry.ref;
    return entry.name;
  }

  fillColor(color: PdfColor): void {
    if (this.state.fill !== color.hex) {
      // Colour operators are allowed inside a text object: text runs in several colours share it.
      this.ops.push(this.press?.operator(color.hex, false) ?? colorOperator(color.hex, false));
      this.state.fill = color.hex;
    }
    this.fillOpacity(color.opacity);
  }

  fillOpacity(opacity: number): void {
    if (this.state.fillOpacity !== opacity) {
      // Registered as pdfkit does (once per document and opacity), without cutting the card's content.
      this.op(opacityOperator(this.doc, opacity, null));
      this.state.fillOpacity = opacity;
    }
  }

  strokeColor(color: PdfColor): void {
    if (this.state.stroke !== color.hex) {
      this.op(this.press?.operator(color.hex, true) ?? colorOperator(color.hex, true));
      this.state.stroke = color.hex;
    }
    if (this.state.strokeOpacity !== color.opacity) {
      this.op(opacityOperator(this.doc, null, color.opacity));
      this.state.strokeOpacity = color.opacity;
    }
  }

  lineWidth(widthPt: number): void {
    if (this.state.lineWidth !== widthPt) {
      this.op(`${num(widthPt)} w`);
      this.state.lineWidth = widthPt;
    }
  }

  /** A run of text with its baseline's left end at (x, y) millimetres, as doc.text() sets it. */
  text(font: PdfFontObject, size: number, text: string, xMm: number, yMm: number): void {
    const page = (this.doc as unknown as { page: { fonts: Record<string, unknown> } }).page;
    page.fonts[font.id] ??= font.ref();
    const shaped = shape(font, text);
    if (!this.inText) {
      this.ops.push('BT');
      this.inText = true;
    }
    const tf = `/${font.id} ${num(size)} Tf`;
    if (this.state.font !== tf) {
      this.ops.push(tf);
      this.state.font = tf;
    }
    // The text matrix flips glyph space back up (the page's y axis points down here).
    let x = pt(xMm);
    const y = pt(yMm);
    this.ops.push(`1 0 0 -1 ${num(x)} ${num(y)} Tm`);
    if (shaped.tj) {
      for (const tj of shaped.tj) this.ops.push(tj);
      return;
    }
    // A glyph with an offset (a combining mark) gets its own text matrix, as pdfkit does it.
    const { positions } = shaped.run;
    const scale = size / 1000;
    let from = 0;
    let hadOffset = false;
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i];
      if (position.xOffset || position.yOffset) {
        this.ops.push(...tjOperands(shaped.hex, positions, from, i));
        this.ops.push(`1 0 0 -1 ${num(x + position.xOffset * scale)} ${num(y - position.yOffset * scale)} Tm`);
        this.ops.push(...tjOperands(shaped.hex, positions, i, i + 1));
        from = i + 1;
        hadOffset = true;
      } else if (hadOffset) {
        this.ops.push(...tjOperands(shaped.hex, positions, from, i));
        from = i;
        this.ops.push(`1 0 0 -1 ${num(x)} ${num(y)} Tm`);
        hadOffset = false;
      }
      x += position.xAdvance * scale;
    }
    this.ops.push(...tjOperands(shaped.hex, positions, from, positions.length));
  }

  private endText(): void {
    this.ops.push('ET');
    this.inText = false;
  }
}

const KAPPA = 4.0 * ((Math.sqrt(2) - 1.0) / 3.0);

/** The parts of pdfkit's internals gradients rely on (as form-xobjects.ts does). */
interface PdfRef {
  end(chunk?: string): void;
}
interface PdfInternals {
  page: { resources: { data: Record<string, unknown> } };
  ref(data: Record<string, unknown>): PdfRef;
}

/** Shadings and soft masks made so far, per document: the same gradient on many cards is stored once. */
const madeResources = new WeakMap<PdfDoc, Map<string, { name: string; ref: PdfRef }>>();

function rgb(hex: string): number[] {
  const value = parseInt(hex.slice(1), 16);
  return [value >> 16, (value >> 8) & 0xff, value & 0xff].map((part) => num(part / 255));
}

/** An axial shading from c0 at the line's start to c1 at its end, continued past both ends. */
function shadingDict(coords: number[], colorSpace: string, c0: number[], c1: number[]): Record<string, unknown> {
  return {
    ShadingType: 2,
    ColorSpace: colorSpace,
    Coords: coords,
    Function: { FunctionType: 2, Domain: [0, 1], C0: c0, C1: c1, N: 1 },
    Extend: [true, true],
  };
}

/** A graphics state whose soft mask fades as the gradient's opacities do, over `bbox`. */
function softMaskDict(doc: PdfInternals, coords: number[], bbox: number[], gradient: PdfGradient): Record<string, unknown> {
  const gray = doc.ref(shadingDict(coords, 'DeviceGray', [num(gradient.from.opacity)], [num(gradient.to.opacity)]));
  gray.end();
  const form = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: bbox,
    Group: { Type: 'Group', S: 'Transparency', CS: 'DeviceGray' },
    Resources: { Shading: { Sh1: gray } },
  });
  form.end('/Sh1 sh');
  return { Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: form } };
}

function curve(x1: number, y1: number, x2: number, y2: number, x: number, y: number): string {
  return `${num(x1)} ${num(y1)} ${num(x2)} ${num(y2)} ${num(x)} ${num(y)} c`;
}

// ---------------------------------------------------------------------------------------------

/** Fills `box`; a gradient runs across `gradientBox` (the shape it belongs to) and continues beyond it. */
function fillBox(out: CardContent, box: BoxMm, fill: PdfFill, gradientBox: BoxMm): void {
  if (isPdfGradient(fill)) {
    out.fillGradient(() => out.rect(box.x, box.y, box.w, box.h), fill, gradientBox, box);
    return;
  }
  out.rect(box.x, box.y, box.w, box.h);
  out.fillColor(fill);
  out.op('f');
}

/** Continues a filled rect that touches a card edge into the bleed ring beyond that edge. */
function extendIntoBleed(out: CardContent, op: RectOp, card: BoxMm, bleed: BoxMm, where: () => string): void {
  if (op.fill === undefined || op.w <= 0 || op.h <= 0) return;
  const touchesLeft = op.x <= card.x + EDGE_TOLERANCE_MM;
  const touchesTop = op.y <= card.y + EDGE_TOLERANCE_MM;
  const touchesRight = op.x + op.w >= card.x + card.w - EDGE_TOLERANCE_MM;
  const touchesBottom = op.y + op.h >= card.y + card.h - EDGE_TOLERANCE_MM;
  if (!touchesLeft && !touchesTop && !touchesRight && !touchesBottom) return;
  const fill = parseFill(op.fill, where());
  if (!fill) return;
  const left = touchesLeft ? bleed.x : op.x;
  const top = touchesTop ? bleed.y : op.y;
  const right = touchesRight ? bleed.x + bleed.w : op.x + op.w;
  const bottom = touchesBottom ? bleed.y + bleed.h : op.y + op.h;
  out.save();
  // Only the ring outside the trim: inside it the op paints itself, rounded corners and all.
  out.rect(bleed.x, bleed.y, bleed.w, bleed.h);
  out.rect(card.x, card.y, card.w, card.h);
  out.op('W* n');
  fillBox(out, { x: left, y: top, w: right - left, h: bottom - top }, fill, op);
  out.restore();
}

function paintRect(out: CardContent, op: RectOp, where: () => string): void {
  if (op.w <= 0 || op.h <= 0) return;
  const fill = op.fill !== undefined ? parseFill(op.fill, where()) : null;
  const stroke = op.stroke !== undefined ? parseColor(op.stroke, where()) : null;
  const strokeWidth = op.strokeWidth ?? 0;
  const strokes = stroke !== null && strokeWidth > 0;
  if (!fill && !strokes) return;
  const path = () => (op.radius > 0 ? out.roundedRect(op.x, op.y, op.w, op.h, op.radius) : out.rect(op.x, op.y, op.w, op.h));
  fillAndStrokePath(out, path, op, fill, strokes ? stroke : null, strokeWidth);
}

function paintEllipse(out: CardContent, op: Extract<DrawOp, { op: 'ellipse' }>, where: () => string): void {
  if (!(op.rx > 0 && op.ry > 0)) return;
  const fill = op.fill !== undefined ? parseFill(op.fill, where()) : null;
  const stroke = op.stroke !== undefined ? parseColor(op.stroke, where()) : null;
  const strokeWidth = op.strokeWidth ?? 0;
  const strokes = stroke !== null && strokeWidth > 0;
  const box = { x: op.cx - op.rx, y: op.cy - op.ry, w: op.rx * 2, h: op.ry * 2 };
  fillAndStrokePath(out, () => out.ellipse(op.cx, op.cy, op.rx, op.ry), box, fill, strokes ? stroke : null, strokeWidth);
}

function paintCircle(out: CardContent, op: Extract<DrawOp, { op: 'circle' }>, where: () => string): void {
  if (op.r <= 0) return;
  const fill = parseColor(op.fill, where());
  const stroke = op.stroke !== undefined ? parseColor(op.stroke, where()) : null;
  const strokeWidth = op.strokeWidth ?? 0;
  const strokes = stroke !== null && strokeWidth > 0;
  const box = { x: op.cx - op.r, y: op.cy - op.r, w: op.r * 2, h: op.r * 2 };
  fillAndStrokePath(out, () => out.circle(op.cx, op.cy, op.r), box, fill, strokes ? stroke : null, strokeWidth);
}

/** Fills then strokes the path; `box` is the shape's, across which a gradient fill runs. */
function fillAndStrokePath(
  out: CardContent,
  path: () => void,
  box: BoxMm,
  fill: PdfFill | null,
  stroke: PdfColor | null,
  strokeWidthMm: number,
): void {
  if (fill && isPdfGradient(fill)) out.fillGradient(path, fill, box, box);
  else if (fill) {
    // Colour first: setting an opacity may write through pdfkit, which must not split a path.
    out.fillColor(fill);
    path();
    out.op('f');
  }
  if (stroke) {
    out.lineWidth(pt(strokeWidthMm));
    out.strokeColor(stroke);
    path();
    out.op('S');
  }
}

/** The art clipped to its box (rounded like the box), placed as the preview places it. */
function paintImage(out: CardContent, op: Extract<DrawOp, { op: 'image' }>, images: PdfImages): void {
  const image = op.w > 0 && op.h > 0 ? images(op.image) : undefined;
  if (!image) return;
  const placed = imagePlacement(op, image.width, image.height);
  out.pdfkit((doc) => {
    doc.save();
    if (op.radius > 0) doc.roundedRect(pt(op.x), pt(op.y), pt(op.w), pt(op.h), pt(op.radius));
    else doc.rect(pt(op.x), pt(op.y), pt(op.w), pt(op.h));
    doc.clip();
    doc.image(asImageSource(image), pt(placed.x), pt(placed.y), { width: pt(placed.w), height: pt(placed.h) });
    doc.restore();
  });
}

function paintText(out: CardContent, op: Extract<DrawOp, { op: 'text' }>, fonts: PdfFonts, where: () => string): void {
  // One already-broken line per op; stray line breaks would have made pdfkit start new lines.
  const text = /[\r\n\t]/.test(op.text) ? op.text.replace(/[\r\n\t]+/g, ' ') : op.text;
  if (text.trim() === '' || !(op.size > 0)) return;
  const color = parseColor(op.color, where());
  if (!color) return;
  out.fillColor(color);
  // The op's (x, y) is the left end of the baseline.
  out.text(fonts.fontObject(out.doc, fonts.forOp(op)), op.size, text, op.x, op.y);
}

/** An inline symbol: its SVG path scaled into the op's square, as the preview's transform does. */
function paintSymbol(out: CardContent, op: Extract<DrawOp, { op: 'symbol' }>, where: () => string): void {
  const color = parseColor(op.color, where());
  if (!color || !(op.size > 0)) return;
  const { x, y, scale } = symbolTransform(op);
  const path = svgPathOperators(op.path);
  if (path === '') return;
  out.save();
  // Move to the symbol's origin (points), then scale path units to points; colour before the path.
  out.op(`${num(pt(scale))} 0 0 ${num(pt(scale))} ${num(pt(x))} ${num(pt(y))} cm`);
  out.fillColor(color);
  out.op(path);
  out.op('f');
  out.restore();
}
