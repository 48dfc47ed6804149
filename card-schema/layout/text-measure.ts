// Measures and line-breaks text with the embedded fonts' metrics, so the SVG preview and
// the PDF break every line at the same place. Sizes are in points, lengths in millimetres.
// Text is measured in a TextFont: a face of the card font, or a text element's whole FontStack
// (its game font first).

import { fontRuns, stackOf, type FontTable, type TextFont } from './font-coverage';
import { SYMBOL_ADVANCE_EM, isSymbolChar } from './symbol-glyphs';
import { breakStyledLines, type MeasureRun } from './line-breaking';
import { spansText } from './styled-text';
import type { FontFace } from './format';

export const PT_TO_MM = 25.4 / 72;

/**
 * Width of a run set in one font, in ems, kerned like the font's default shaping. A code point
 * the font lacks (only possible for text layout has not covered) counts as wide as "M".
 */
function runWidthEm(text: string, table: FontTable): number {
  const fallbackWidth = table.widths.get(0x4d) ?? table.metrics.defaultWidth;
  let units = 0;
  let previous = '';
  for (const ch of text) {
    // Inline symbols (symbol-glyphs.ts) have a fixed advance instead of a glyph, checked first:
    // a font may have glyphs of its own in the private use area the symbols borrow.
    if (isSymbolChar(ch)) units += SYMBOL_ADVANCE_EM * table.metrics.unitsPerEm;
    else units += table.widths.get(ch.codePointAt(0) ?? 0) ?? fallbackWidth;
    // No kerning pairs with a symbol either.
    if (previous && !isSymbolChar(ch) && !isSymbolChar(previous)) units += table.kern.get(previous + ch) ?? 0;
    previous = ch;
  }
  return units / table.metrics.unitsPerEm;
}

/**
 * Width of one line of text in millimetres. Each run of characters is measured in the font
 * that sets it; painters draw the runs separately (no kerning across a change of font).
 */
export function measureText(text: string, sizePt: number, font: TextFont = 'regular'): number {
  const stack = stackOf(font);
  let ems = 0;
  for (const run of fontRuns(text, stack)) ems += runWidthEm(run.text, stack.table(run.font));
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
    dx += runWidthEm(run.text, stack.table(run.font)) * sizePt * PT_TO_MM;
    return placed;
  });
}
