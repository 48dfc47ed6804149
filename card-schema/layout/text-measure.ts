// Measures and line-breaks text with the embedded fonts' metrics, so the SVG preview and
// the PDF break every line at the same place. Sizes are in points, lengths in millimetres.
// Text is measured in a TextFont: a face of the card font, or a text element's whole FontStack
// (its game font first).

import { fontRuns, stackOf, type FontChoice, type FontStack, type FontTable, type TextFont } from './font-coverage';
import { shaperGeneration, textShaper } from './text-shaper';
import { SYMBOL_ADVANCE_EM, SYMBOL_CHAR_BASE, SYMBOL_CHAR_LIMIT } from './symbol-glyphs';
import { breakStyledLines, type MeasureRun } from './line-breaking';
import { spansText } from './styled-text';
import type { FontFace } from './format';

export const PT_TO_MM = 25.4 / 72;

/** A table's kerning pairs by code point (first, then second), for measuring without building strings. */
const kernByCodePoint = new WeakMap<FontTable, Map<number, Map<number, number>>>();

function kernPairs(table: FontTable): Map<number, Map<number, number>> {
  let pairs = kernByCodePoint.get(table);
  if (pairs) return pairs;
  pairs = new Map();
  for (const [pair, delta] of table.kern) {
    const first = pair.codePointAt(0) ?? 0;
    const second = pair.codePointAt(first > 0xffff ? 2 : 1) ?? 0;
    let seconds = pairs.get(first);
    if (!seconds) pairs.set(first, (seconds = new Map()));
    seconds.set(second, delta);
  }
  kernByCodePoint.set(table, pairs);
  return pairs;
}

const isSymbolCode = (code: number) => code >= SYMBOL_CHAR_BASE && code <= SYMBOL_CHAR_LIMIT;

/**
 * Width of a run set in one font, in ems, kerned like the font's default shaping. A code point
 * the font lacks (only possible for text layout has not covered) counts as wide as "M".
 * (Walks code points as `for (const ch of text)` does, a lone surrogate being one, and adds
 * in the same order, so the sum is the same to the last bit.)
 */
function runWidthEm(text: string, table: FontTable): number {
  const { widths, metrics } = table;
  const fallbackWidth = widths.get(0x4d) ?? metrics.defaultWidth;
  const kern = kernPairs(table);
  let units = 0;
  let previous = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) ?? 0;
    if (code > 0xffff) i++; // the low surrogate is part of this character
    // Inline symbols (symbol-glyphs.ts) have a fixed advance instead of a glyph, checked first:
    // a font may have glyphs of its own in the private use area the symbols borrow.
    const symbol = isSymbolCode(code);
    if (symbol) units += SYMBOL_ADVANCE_EM * metrics.unitsPerEm;
    else units += widths.get(code) ?? fallbackWidth;
    // No kerning pairs with a symbol either.
    if (previous >= 0 && !symbol && !isSymbolCode(previous)) units += kern.get(previous)?.get(code) ?? 0;
    previous = code;
  }
  return units / metrics.unitsPerEm;
}

/**
 * Width of a run set in one of the stack's fonts, in ems: shaped when the font is a script
 * font and a shaper is installed (text-shaper.ts), else character by character.
 */
function fontRunEm(text: string, choice: FontChoice, stack: FontStack): number {
  const table = stack.table(choice);
  const file = stack.shapedFile(choice);
  if (file !== undefined) {
    const units = textShaper()?.advance(file, text);
    if (units !== undefined) return units / table.metrics.unitsPerEm;
  }
  return runWidthEm(text, table);
}

/**
 * Widths already measured, in ems, by font stack and text: line breaking measures the same
 * words and lines again at every size it tries, and layout measures the lines it placed.
 * Emptied when another shaper is installed.
 */
let measuredEms = new WeakMap<FontStack, Map<string, number>>();
let measuredWith = shaperGeneration();
const MEASURED_PER_STACK = 20_000;

/**
 * Width of one line of text in millimetres. Each run of characters is measured in the font
 * that sets it; painters draw the runs separately (no kerning across a change of font).
 */
export function measureText(text: string, sizePt: number, font: TextFont = 'regular'): number {
  const stack = stackOf(font);
  if (measuredWith !== shaperGeneration()) {
    measuredEms = new WeakMap();
    measuredWith = shaperGeneration();
  }
  let cache = measuredEms.get(stack);
  if (!cache) measuredEms.set(stack, (cache = new Map()));
  let ems = cache.get(text);
  if (ems === undefined) {
    ems = 0;
    for (const run of fontRuns(text, stack)) ems += fontRunEm(run.text, run.font, stack);
    if (cache.size >= MEASURED_PER_STACK) cache.clear();
    cache.set(text, ems);
  }
  return ems * sizePt * PT_TO_MM;
}

export interface VerticalMetrics {
  ascentMm: number;
  /** Positive distance below the baseline. */
  descentMm: number;
  capHeightMm: number;
}

/** The heights of the font's first font (a game font's own, when the text chose one). */
export function verticalMetrics(sizePt: number, font: TextFont = 'regular'): VerticalMetrics {
  const { metrics } = stackOf(font).first();
  const scale = (sizePt * PT_TO_MM) / metrics.unitsPerEm;
  return {
    ascentMm: metrics.ascent * scale,
    descentMm: Math.abs(metrics.descent) * scale,
    capHeightMm: metrics.capHeight * scale,
  };
}

/**
 * Breaks plain text set in one face into lines no wider than `widthMm`, by the rules of
 * breakStyledLines (line-breaking.ts), which breaks text whose runs change face.
 */
export function breakLines(
  text: string,
  widthMm: number,
  sizePt: number,
  font: TextFont = 'regular',
  maxLines = Infinity,
): string[] {
  const stack = stackOf(font);
  return breakStyledLines(
    [{ text, face: stack.face }],
    widthMm,
    measureRunAt(sizePt, () => stack),
    maxLines,
  ).map(spansText);
}

/**
 * Measures runs at one size, for the styled line breaker; `fontOf` gives the fonts a run of
 * each face is set in (the element's game font for that face, or the card font's face).
 */
export function measureRunAt(sizePt: number, fontOf: (face: FontFace) => TextFont = (face) => face): MeasureRun {
  return (text, face) => measureText(text, sizePt, fontOf(face));
}

export interface PlacedRun {
  text: string;
  /** The game font file (SHA-256) setting the run, when it is the stack's game font. */
  gameFontFile?: string;
  /** Fallback font id, when a fallback font sets the run. */
  fallback?: string;
  /** Offset of the run's left end from the line's, in millimetres. */
  dx: number;
}

/** A line's font runs with where each starts, measured as measureText measures the whole line. */
export function placeRuns(line: string, sizePt: number, font: TextFont = 'regular'): PlacedRun[] {
  const stack = stackOf(font);
  let dx = 0;
  return fontRuns(line, stack).map((run) => {
    const placed: PlacedRun = { text: run.text, dx };
    if (run.font === 'game' && stack.game) placed.gameFontFile = stack.game.file;
    else if (run.font !== 'card' && run.font !== 'game') placed.fallback = run.font;
    dx += fontRunEm(run.text, run.font, stack) * sizePt * PT_TO_MM;
    return placed;
  });
}
