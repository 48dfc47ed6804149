// Resolves a card layout (data) plus a card document into positioned drawing operations:
// paints become hex colors, templates become text, text is wrapped and shrunk to fit; text
// still too long is cut and reported in the drawing's warnings, as are characters no embedded
// font draws. The SVG preview and the PDF only paint the result, so they always agree.
// Never throws on user data: an unknown card type still gets a drawing.

import type { CardDocument, CardTypeDef, GameFont, GameSystem, IdentityValue, SymbolDef } from '../system/format';
import type { JsonSchema } from '../system/json-schema';
import type {
  CardDrawing,
  CardLayout,
  DrawOp,
  EllipseElement,
  Fill,
  FontFace,
  IconElement,
  ImageElement,
  LayoutElement,
  LayoutScalar,
  LayoutWarning,
  Paint,
  PipsElement,
  RectElement,
  ResolvedGradient,
  TextElement,
} from './format';
import { enumLabel } from '../system/enum-labels';
import { imageCrop, isImageRef } from '../system/image-field';
import { renderTemplate } from './template';
import { own } from '../own-keys';
import { PT_TO_MM, measureRunAt, placeRuns, verticalMetrics } from './text-measure';
import { WarningSite, coverText, cutWarning, emojiSequences, emojiWarning, glyphWarnings, symbolWarning } from './text-warnings';
import { fieldPaintColor } from './field-paint';
import { encodeSymbols, lineOps, parseViewBox, unknownSymbolTokens, type ResolvedSymbol } from './inline-symbols';
import { spansText, styledSpans, trimSpansEnd, type StyledSpan } from './styled-text';
import { breakStyledLines, lineWidth, truncateStyledLine, type StyledLine } from './line-breaking';
import { hasRightToLeft, lineDirections, visualPieces } from './bidi-line';
import type { FontStack } from './font-coverage';
import { textFontStack } from './game-fonts';

export const BACK_LAYOUT_ID = 'back';

const DEFAULT_TEXT_COLOR = '#1a1a1a';
const DEFAULT_IDENTITY_COLOR = '#8a8a8a';
const DEFAULT_LEADING = 1.2;
const SHRINK_STEP_PT = 0.5;
const PIP_STROKE = '#1b1b1f';

/** Everything a layout needs about the card it draws. */
interface LayoutSubject {
  values: Record<string, unknown>;
  identityColors: string[];
  fallbackIdentity: string;
  schema?: JsonSchema;
  defs: Record<string, JsonSchema>;
  vars: Record<string, string>;
  /** The game's inline symbols, for `{id}` tokens in text. */
  symbols?: Record<string, SymbolDef>;
  /** The fonts the game ships, for text elements that choose one. */
  fonts?: readonly GameFont[];
  /** The game's enum labels, for `{field|label}`. */
  enumLabel?: (field: string, value: string) => string | undefined;
}

export function layoutCard(system: GameSystem, doc: CardDocument): CardDrawing {
  return draw(system, frontLayoutOf(system, doc), cardSubject(system, doc, cardTypeOf(system, doc)));
}

/**
 * `doc`'s front without its text: the shapes, pips and art exactly as `layoutCard` places them,
 * for small thumbnails that cannot show text anyway; skips line breaking, by far the costliest
 * part of a layout.
 */
export function layoutCardShapes(system: GameSystem, doc: CardDocument): CardDrawing {
  return draw(system, frontLayoutOf(system, doc), cardSubject(system, doc, cardTypeOf(system, doc)), { text: false });
}

/** The layout `doc`'s front is drawn with: its card type's, else the game's first front layout. */
export function frontLayoutOf(system: GameSystem, doc: CardDocument): CardLayout | undefined {
  const cardType = cardTypeOf(system, doc);
  return (cardType && own(system.layouts, cardType.layout)) ?? firstFrontLayout(system);
}

/**
 * The back of `doc`: its card type's own `back` layout, drawn with the card's fields (so a
 * double-faced card can show them); otherwise, or without a card, the game's shared back
 * (layout id "back").
 */
export function layoutCardBack(system: GameSystem, doc?: CardDocument): CardDrawing {
  const cardType = doc ? cardTypeOf(system, doc) : undefined;
  const ownBack = cardType?.back !== undefined ? own(system.layouts, cardType.back) : undefined;
  if (doc && ownBack) return draw(system, ownBack, cardSubject(system, doc, cardType));
  const layout = system.layouts[BACK_LAYOUT_ID] ?? defaultBack(system);
  const subject: LayoutSubject = {
    values: { name: system.name },
    identityColors: [],
    fallbackIdentity: fallbackIdentityColor(system),
    defs: system.definitions ?? {},
    vars: { systemName: system.name, typeLabel: '' },
    symbols: system.symbols,
    fonts: system.fonts,
  };
  return draw(system, layout, subject);
}

/** Whether `doc` prints a back of its own rather than the game's shared one. */
export function hasOwnBack(system: GameSystem, doc: CardDocument): boolean {
  const back = cardTypeOf(system, doc)?.back;
  return back !== undefined && own(system.layouts, back) !== undefined;
}

function cardTypeOf(system: GameSystem, doc: CardDocument): CardTypeDef | undefined {
  return system.cardTypes.find((type) => type.id === doc.type);
}

function cardSubject(system: GameSystem, doc: CardDocument, cardType: CardTypeDef | undefined): LayoutSubject {
  const typeLabel = cardType?.label ?? (typeof doc.type === 'string' && doc.type ? `Unknown type “${doc.type}”` : 'Unknown type');
  return {
    values: doc,
    identityColors: identityColors(system, doc),
    fallbackIdentity: fallbackIdentityColor(system),
    schema: cardType?.schema,
    defs: { ...(system.definitions ?? {}), ...(cardType?.schema.$defs ?? {}) },
    vars: { typeLabel, systemName: system.name },
    symbols: system.symbols,
    fonts: system.fonts,
    enumLabel: (field, value) => enumLabel(system, field, value),
  };
}

function firstFrontLayout(system: GameSystem): CardLayout | undefined {
  const fronts = Object.entries(system.layouts).filter(([id]) => id !== BACK_LAYOUT_ID);
  return (fronts[0] ?? Object.entries(system.layouts)[0])?.[1];
}

/** A plain back for systems that define none: the game's name on a dark card. */
function defaultBack(system: GameSystem): CardLayout {
  const { widthMm: w, heightMm: h } = system.card;
  return {
    background: '#1f2330',
    elements: [
      {
        kind: 'text',
        x: 4,
        y: 4,
        w: w - 8,
        h: h - 8,
        text: '{systemName}',
        size: 14,
        minSize: 8,
        font: 'bold',
        align: 'center',
        valign: 'middle',
        color: '#f2f2f2',
      },
    ],
  };
}

function draw(
  system: GameSystem,
  layout: CardLayout | undefined,
  subject: LayoutSubject,
  { text = true }: { text?: boolean } = {},
): CardDrawing {
  const { widthMm, heightMm } = system.card;
  const cornerRadiusMm = system.card.cornerRadiusMm ?? 0;
  const ops: DrawOp[] = [];
  const warnings: LayoutWarning[] = [];
  const background = layout ? fill(layout.background, subject) : '#ffffff';
  ops.push({ op: 'rect', x: 0, y: 0, w: widthMm, h: heightMm, radius: cornerRadiusMm, fill: background });
  for (const element of layout?.elements ?? []) {
    if (!isShown(element, subject.values)) continue;
    if (element.kind === 'rect') ops.push(rectOp(element, subject));
    else if (element.kind === 'text' && text) ops.push(...textOps(element, subject, warnings));
    else if (element.kind === 'pips') ops.push(...pipOps(element, subject));
    else if (element.kind === 'image') ops.push(...imageOps(element, subject));
    else if (element.kind === 'ellipse') ops.push(ellipseOp(element, subject));
    else if (element.kind === 'icon') ops.push(...iconOps(element, subject));
  }
  return { widthMm, heightMm, cornerRadiusMm, ops: ops.map(roundOp), warnings };
}

/**
 * Whether the element is drawn on this card: not `hidden`; its `when` field not empty (or, with
 * `whenEquals`, equal to that value or one of those); its `unless` field empty.
 */
export function isShown(element: LayoutElement, values: Record<string, unknown>): boolean {
  if (element.hidden === true) return false;
  if (element.when !== undefined) {
    const value = own(values, element.when);
    if (element.whenEquals !== undefined ? !equalsOneOf(value, element.whenEquals) : isEmpty(value)) return false;
  }
  return element.unless === undefined || isEmpty(own(values, element.unless));
}

/** A field value against `whenEquals`: a list by its first item; text, numbers and flags by value ("3" is 3). */
function equalsOneOf(value: unknown, expected: LayoutScalar | LayoutScalar[]): boolean {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof first !== 'string' && typeof first !== 'number' && typeof first !== 'boolean') return false;
  const key = String(first);
  return (Array.isArray(expected) ? expected : [expected]).some((candidate) => String(candidate) === key);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** The colors of the card's identity values, in the card's order (unknown ids skipped). */
function identityColors(system: GameSystem, doc: CardDocument): string[] {
  const identity = system.identity;
  if (!identity) return [];
  const raw = own(doc, identity.field);
  const ids = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const byId = new Map<string, IdentityValue>(identity.values.map((value) => [value.id, value]));
  const colors: string[] = [];
  for (const id of ids) {
    const value = typeof id === 'string' ? byId.get(id) : undefined;
    if (value) colors.push(value.color);
  }
  return colors;
}

/** The color `{identity: i}` uses for a card without a known identity: the neutral value's. */
function fallbackIdentityColor(system: GameSystem): string {
  return system.identity?.values.find((value) => value.neutral)?.color ?? DEFAULT_IDENTITY_COLOR;
}

function paint(value: Paint | undefined, subject: LayoutSubject, fallback = DEFAULT_TEXT_COLOR): string {
  if (value === undefined) return fallback;
  if (typeof value === 'string') return value;
  if ('identity' in value) {
    return subject.identityColors[value.identity] ?? subject.identityColors[0] ?? subject.fallbackIdentity;
  }
  if ('identityOr' in value) return subject.identityColors[0] ?? value.identityOr;
  if ('byField' in value) return fieldPaintColor(value, subject.values);
  return fallback;
}

/** A fill as the ops carry it: a color, or a gradient between two resolved colors. */
function fill(value: Fill, subject: LayoutSubject): string | ResolvedGradient {
  if (typeof value === 'object' && value !== null && 'gradient' in value) {
    const [from, to] = Array.isArray(value.gradient) ? value.gradient : [];
    return { from: paint(from, subject), to: paint(to ?? from, subject), angle: value.angle ?? 0 };
  }
  return paint(value, subject);
}

function rectOp(element: RectElement, subject: LayoutSubject): DrawOp {
  const op: DrawOp = { op: 'rect', x: element.x, y: element.y, w: element.w, h: element.h, radius: element.radius ?? 0 };
  if (element.fill !== undefined) op.fill = fill(element.fill, subject);
  if (element.stroke !== undefined) {
    op.stroke = paint(element.stroke, subject);
    op.strokeWidth = element.strokeWidth ?? 0.3;
  }
  return op;
}

/** An ellipse filling the element's box. */
function ellipseOp(element: EllipseElement, subject: LayoutSubject): DrawOp {
  const rx = element.w / 2;
  const ry = element.h / 2;
  const op: DrawOp = { op: 'ellipse', cx: element.x + rx, cy: element.y + ry, rx, ry };
  if (element.fill !== undefined) op.fill = fill(element.fill, subject);
  if (element.stroke !== undefined) {
    op.stroke = paint(element.stroke, subject);
    op.strokeWidth = element.strokeWidth ?? 0.3;
  }
  return op;
}

/**
 * The game symbol the element names, as big as fits in its box and centred there (the same
 * `symbol` op inline symbols draw); nothing when the game has no such symbol (loading the game
 * reports it).
 */
function iconOps(element: IconElement, subject: LayoutSubject): DrawOp[] {
  const symbol = subject.symbols ? own(subject.symbols, element.symbol) : undefined;
  if (!symbol || typeof symbol.path !== 'string') return [];
  const size = Math.min(element.w, element.h);
  if (!(size > 0)) return [];
  return [
    {
      op: 'symbol',
      x: element.x + (element.w - size) / 2,
      y: element.y + (element.h - size) / 2,
      size,
      path: symbol.path,
      viewBox: parseViewBox(symbol.viewBox),
      color: paint(element.color, subject),
    },
  ];
}

/** One pip per identity value, spread along the element's longer side and centred in it. */
function pipOps(element: PipsElement, subject: LayoutSubject): DrawOp[] {
  const colors = subject.identityColors;
  if (colors.length === 0) return [];
  const r = element.size / 2;
  const vertical = element.h > element.w;
  const length = vertical ? element.h : element.w;
  const gap = Math.min(element.size * 0.3, colors.length > 1 ? (length - colors.length * element.size) / (colors.length - 1) : 0);
  const step = element.size + Math.max(gap, -element.size * 0.5);
  const span = element.size + step * (colors.length - 1);
  const start = (length - span) / 2 + r;
  return colors.map((fill, i) => ({
    op: 'circle',
    cx: vertical ? element.x + element.w / 2 : element.x + start + i * step,
    cy: vertical ? element.y + start + i * step : element.y + element.h / 2,
    r,
    fill,
    stroke: PIP_STROKE,
    strokeWidth: Math.min(0.25, r * 0.2),
  }));
}

/** The art of the card's image field, or nothing when the field holds no image reference. */
function imageOps(element: ImageElement, subject: LayoutSubject): DrawOp[] {
  const ref = own(subject.values, element.field);
  if (!isImageRef(ref)) return [];
  const crop = imageCrop(ref);
  return [
    {
      op: 'image',
      x: element.x,
      y: element.y,
      w: element.w,
      h: element.h,
      radius: element.radius ?? 0,
      image: ref.id,
      field: element.field,
      fit: element.fit ?? 'cover',
      focusX: crop.x,
      focusY: crop.y,
      zoom: crop.zoom,
    },
  ];
}

interface FittedText {
  lines: StyledLine[];
  size: number;
  /** Set when the text was cut: how many lines it needs at `size`. */
  linesNeeded?: number;
}

function textOps(element: TextElement, subject: LayoutSubject, warnings: LayoutWarning[]): DrawOp[] {
  const reminders =
    element.reminders === true &&
    (element.hideRemindersWhen === undefined || isEmpty(own(subject.values, element.hideRemindersWhen)));
  const raw = renderTemplate(element.text, subject.values, {
    schema: subject.schema,
    defs: subject.defs,
    vars: subject.vars,
    reminders,
    enumLabel: subject.enumLabel,
  });
  // Templates such as "{abilities|lines}\n{text}" leave blank edges when a field is empty.
  const face: FontFace = element.font ?? 'regular';
  // Each face's fonts: the game font the element names (its file for that face), then the card font.
  const stacks = new Map<FontFace, FontStack>();
  const stackOf = (spanFace: FontFace): FontStack => {
    let stack = stacks.get(spanFace);
    if (!stack) stacks.set(spanFace, (stack = textFontStack(subject.fonts, element.family, spanFace)));
    return stack;
  };
  const stack = stackOf(face);
  const encoded = encodeSymbols(sanitize(raw).replace(/^(?:[ ]*\n)+|(?:\n[ ]*)+$/g, ''), subject.symbols);
  // Reminders are set in italic: each span is covered by the fonts of its own face.
  const missing = new Set<string>();
  const spans: StyledSpan[] = styledSpans(encoded.text, face).map((span) => {
    const covered = coverText(span.text, stackOf(span.face));
    covered.missing.forEach((ch) => missing.add(ch));
    return { text: covered.text, face: span.face };
  });
  if (spansText(spans).trim() === '') return [];
  const site = new WarningSite(element.text, subject.values, subject.vars);
  warnings.push(...glyphWarnings([...missing], site));
  const sequences = emojiSequences(spansText(spans));
  if (sequences.length > 0) warnings.push(emojiWarning(sequences, site));
  const unknown = unknownSymbolTokens(raw, subject.symbols);
  if (unknown.length > 0) warnings.push(symbolWarning(unknown, Object.keys(subject.symbols ?? {}), site));
  const leading = element.leading ?? DEFAULT_LEADING;
  const fitted = fitText(spans, element, stackOf, leading);
  if (fitted.linesNeeded !== undefined) warnings.push(cutWarning(site, fitted.size, fitted.linesNeeded, fitted.lines.length));
  const lineHeight = fitted.size * leading * PT_TO_MM;
  const blockHeight = fitted.lines.length * lineHeight;
  const valign = element.valign ?? 'top';
  const top =
    valign === 'middle'
      ? element.y + (element.h - blockHeight) / 2
      : valign === 'bottom'
        ? element.y + element.h - blockHeight
        : element.y;
  // Centre the capital height in each line box, so digits sit optically centred in badges.
  const capHeight = verticalMetrics(fitted.size, stack).capHeightMm;
  const color = paint(element.color, subject);
  const measure = measureRunAt(fitted.size, stackOf);
  const ops: DrawOp[] = [];
  const lineTexts = fitted.lines.map(spansText);
  // Only text with right-to-left letters needs the paragraphs' directions.
  const directions = lineTexts.some(hasRightToLeft) ? lineDirections(lineTexts, spansText(spans)) : [];
  fitted.lines.forEach((line, i) => {
    if (line.length === 0) return;
    const y = top + i * lineHeight + lineHeight / 2 + capHeight / 2;
    const direction = directions[i] ?? 'ltr';
    if (direction === 'rtl' || hasRightToLeft(lineTexts[i])) {
      // Right-to-left text is painted piece by piece in visual order (bidi-line.ts).
      const pieces = visualPieces(line, stackOf, direction);
      const width = pieces.reduce((sum, piece) => sum + measure(piece.text, piece.face), 0);
      let pieceX = alignedX(element, width, direction);
      for (const piece of pieces) {
        const shown = piece.text.trim();
        if (shown !== '') {
          const left = pieceX + measure(piece.text.slice(0, piece.text.length - piece.text.trimStart().length), piece.face);
          ops.push(...spanOps(shown, stackOf(piece.face), left, y, fitted.size, color, encoded.symbols));
        }
        pieceX += measure(piece.text, piece.face);
      }
      return;
    }
    const x = alignedX(element, lineWidth(line, measure), 'ltr');
    // Each span starts where the one before ends, as the line was measured; the spaces at its
    // ends (between a keyword and its reminder) only move it.
    let spanX = x;
    for (const span of line) {
      const shown = span.text.trim();
      const lead = span.text.slice(0, span.text.length - span.text.trimStart().length);
      if (shown !== '') {
        const left = spanX + measure(lead, span.face);
        ops.push(...spanOps(shown, stackOf(span.face), left, y, fitted.size, color, encoded.symbols));
      }
      spanX += measure(span.text, span.face);
    }
  });
  return ops;
}

/** Where a line `width` wide starts: by the element's align, else at the side its direction starts from. */
function alignedX(element: TextElement, width: number, direction: 'ltr' | 'rtl'): number {
  const align = element.align ?? (direction === 'rtl' ? 'right' : 'left');
  if (align === 'center') return element.x + (element.w - width) / 2;
  return align === 'right' ? element.x + element.w - width : element.x;
}

/** The ops of one span of a line: its symbols, and its text split into the fonts that have its characters. */
function spanOps(
  text: string,
  stack: FontStack,
  x: number,
  y: number,
  size: number,
  color: string,
  symbols: readonly ResolvedSymbol[],
): DrawOp[] {
  const ops: DrawOp[] = [];
  for (const op of lineOps(text, x, y, { size, stack, color }, symbols)) {
    if (op.op !== 'text') {
      ops.push(op);
      continue;
    }
    for (const run of placeRuns(op.text, op.size, stack)) {
      const piece: DrawOp = { ...op, x: op.x + run.dx, text: run.text };
      if (run.gameFontFile !== undefined) piece.gameFontFile = run.gameFontFile;
      if (run.fallback !== undefined) piece.fallback = run.fallback;
      ops.push(piece);
    }
  }
  return ops;
}

/**
 * Wraps the text in the box; if it does not fit, shrinks the font in 0.5 pt steps down to
 * `minSize`, and at the smallest size truncates the last line that fits with "…" (and says
 * how many lines it needed, for the warning).
 */
function fitText(spans: StyledSpan[], element: TextElement, stackOf: (face: FontFace) => FontStack, leading: number): FittedText {
  const minSize = Math.min(element.minSize ?? element.size, element.size);
  let size = element.size;
  for (;;) {
    const measure = measureRunAt(size, stackOf);
    const maxLines = Math.max(1, Math.floor(element.h / (size * leading * PT_TO_MM) + 1e-6));
    // One line more than fits is enough to know the text does not fit.
    const lines = breakStyledLines(spans, element.w, measure, maxLines + 1).map(trimSpansEnd);
    if (lines.length <= maxLines) return { lines, size };
    const smaller = Math.round((size - SHRINK_STEP_PT) * 100) / 100;
    if (smaller < minSize - 1e-9) {
      const kept = lines.slice(0, maxLines);
      kept[maxLines - 1] = truncateStyledLine(kept[maxLines - 1], element.w, measure);
      return { lines: kept, size, linesNeeded: breakStyledLines(spans, element.w, measure).length };
    }
    size = smaller;
  }
}

/** Drops characters that no font draws (controls, soft hyphens) and turns tabs into spaces. */
function sanitize(text: string): string {
  return (
    text
      .replace(/\t/g, ' ')
      // Zero-width joiners (U+200C, U+200D) stay: Indic and Arabic spelling and emoji sequences use them.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u200b\u200e\u200f\u2028\u2029\ufeff]/g, '')
  );
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function roundOp(op: DrawOp): DrawOp {
  switch (op.op) {
    case 'rect':
      return { ...op, x: round(op.x), y: round(op.y), w: round(op.w), h: round(op.h), radius: round(op.radius) };
    case 'circle':
      return { ...op, cx: round(op.cx), cy: round(op.cy), r: round(op.r) };
    case 'ellipse':
      return { ...op, cx: round(op.cx), cy: round(op.cy), rx: round(op.rx), ry: round(op.ry) };
    case 'text':
      return { ...op, x: round(op.x), y: round(op.y) };
    case 'image':
      return { ...op, x: round(op.x), y: round(op.y), w: round(op.w), h: round(op.h), radius: round(op.radius) };
    case 'symbol':
      return { ...op, x: round(op.x), y: round(op.y), size: round(op.size) };
  }
}
