// Measures and line-breaks text with the embedded fonts' metrics, so the SVG preview and
// the PDF break every line at the same place. Sizes are in points, lengths in millimetres.

import type { FontFace } from './format';
import { FONT_FILES } from './fonts';
import { fontFileFor, fontRuns, fontTable, type FontTable } from './font-coverage';
import { SYMBOL_ADVANCE_EM, isSymbolChar } from './symbol-glyphs';
import { breakStyledLines, type MeasureRun } from './line-breaking';
import { spansText } from './styled-text';

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
export function measureText(text: string, sizePt: number, face: FontFace = 'regular'): number {
  let ems = 0;
  for (const run of fontRuns(text, face)) ems += runWidthEm(run.text, fontTable(fontFileFor(run.font, face)));
  return ems * sizePt * PT_TO_MM;
}

export interface VerticalMetrics {
  ascentMm: number;
  /** Positive distance below the baseline. */
  descentMm: number;
  capHeightMm: number;
}

export function verticalMetrics(sizePt: number, face: FontFace = 'regular'): VerticalMetrics {
  const { metrics } = fontTable(FONT_FILES[face]);
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
  face: FontFace = 'regular',
  maxLines = Infinity,
): string[] {
  return breakStyledLines([{ text, face }], widthMm, measureRunAt(sizePt), maxLines).map(spansText);
}

/** Measures runs at one size, for the styled line breaker. */
export function measureRunAt(sizePt: number): MeasureRun {
  return (text, face) => measureText(text, sizePt, face);
}

export interface PlacedRun {
  text: string;
  /** Fallback font id, absent for the card font. */
  fallback?: string;
  /** Offset of the run's left end from the line's, in millimetres. */
  dx: number;
}

/** A line's font runs with where each starts, measured as measureText measures the whole line. */
export function placeRuns(line: string, sizePt: number, face: FontFace = 'regular'): PlacedRun[] {
  let dx = 0;
  return fontRuns(line, face).map((run) => {
    const placed: PlacedRun = run.font === 'card' ? { text: run.text, dx } : { text: run.text, fallback: run.font, dx };
    dx += runWidthEm(run.text, fontTable(fontFileFor(run.font, face))) * sizePt * PT_TO_MM;
    return placed;
  });
}
