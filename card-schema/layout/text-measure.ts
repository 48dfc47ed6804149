// Measures and line-breaks text with the embedded fonts' metrics, so the SVG preview and
// the PDF break every line at the same place. Sizes are in points, lengths in millimetres.
// Text is measured in a TextFont: a face of the card font, or a text element's whole FontStack
// (its game font first).

import { fontRuns, stackOf, type FontTable, type TextFont } from './font-coverage';
import { SYMBOL_ADVANCE_EM, isSymbolChar } from './symbol-glyphs';

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
 * Chinese and Japanese (ideographs, kana, CJK punctuation) are written without spaces and may
 * break between any two characters. Korean separates words with spaces, so Hangul wraps at
 * spaces like Latin text.
 */
const BREAKS_ANYWHERE = /[\u2e80-\u2fff\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/**
 * Breaks text into lines no wider than `widthMm`: explicit newlines always break, lines wrap
 * at spaces, a run of Chinese or Japanese wraps between characters (filling the line it starts
 * on), and a word wider than the whole line is split between characters. With
 * `maxLines`, stops once that many lines are complete (the rest could not be shown anyway).
 */
export function breakLines(
  text: string,
  widthMm: number,
  sizePt: number,
  font: TextFont = 'regular',
  maxLines = Infinity,
): string[] {
  const fits = (line: string) => measureText(line, sizePt, font) <= widthMm + 1e-9;
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (lines.length >= maxLines) break;
    const words = paragraph.split(' ').filter((word) => word.length > 0);
    let line = '';
    for (const word of words) {
      if (lines.length >= maxLines) break;
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (BREAKS_ANYWHERE.test(word)) {
        const pieces = splitWord(word, fits, line ? `${line} ` : '');
        lines.push(...pieces.slice(0, -1));
        line = pieces[pieces.length - 1];
        continue;
      }
      if (line) lines.push(line);
      if (fits(word)) {
        line = word;
        continue;
      }
      const pieces = splitWord(word, fits);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1];
    }
    lines.push(line);
  }
  return lines.slice(0, maxLines);
}

/**
 * Splits a word into pieces that each fit (at least one character per piece), the first piece
 * continuing `start` (the line so far, with its space) when any of the word fits there.
 */
function splitWord(word: string, fits: (piece: string) => boolean, start = ''): string[] {
  const pieces: string[] = [];
  let piece = start;
  for (const ch of word) {
    if (piece.trim() && !fits(piece + ch)) {
      pieces.push(piece.trimEnd());
      piece = '';
    }
    piece += ch;
  }
  pieces.push(piece);
  return pieces;
}

/** Shortens a line until it plus an ellipsis fits `widthMm`. */
export function truncateWithEllipsis(line: string, widthMm: number, sizePt: number, font: TextFont = 'regular'): string {
  const ellipsis = '…';
  const chars = Array.from(line.trimEnd());
  while (chars.length > 0 && measureText(chars.join('') + ellipsis, sizePt, font) > widthMm + 1e-9) {
    chars.pop();
  }
  return chars.join('').trimEnd() + ellipsis;
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
