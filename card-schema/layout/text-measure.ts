// Measures and line-breaks text with the embedded font's metrics, so the SVG preview and
// the PDF break every line at the same place. Sizes are in points, lengths in millimetres.

import type { FontFace } from './format';
import { FACE_METRICS, METRIC_CHARS, type FaceMetrics } from './font-metrics';
import { SYMBOL_ADVANCE_EM, isSymbolChar } from './symbol-glyphs';

export const PT_TO_MM = 25.4 / 72;

interface FaceTable {
  metrics: FaceMetrics;
  widths: Map<string, number>;
  /** Kerning by pair of characters ("AV"), in font units. */
  kern: Map<string, number>;
}

const tables = new Map<FontFace, FaceTable>();

function faceTable(face: FontFace): FaceTable {
  const cached = tables.get(face);
  if (cached) return cached;
  const metrics = FACE_METRICS[face] ?? FACE_METRICS.regular;
  const widths = new Map<string, number>();
  Array.from(METRIC_CHARS).forEach((ch, i) => {
    const width = metrics.widths[i];
    if (width >= 0) widths.set(ch, width);
  });
  const kern = new Map<string, number>();
  for (const [first, pairs] of Object.entries(metrics.kern)) {
    // Space-separated "<second character><signed delta>" tokens; the character may itself be
    // a space or a digit, so tokens are read in sequence rather than split.
    for (const [, second, delta] of pairs.matchAll(/(.)(-?\d+)(?: |$)/gsu)) kern.set(first + second, Number(delta));
  }
  const table = { metrics, widths, kern };
  tables.set(face, table);
  return table;
}

/** Width of `text` in font units of `face`, kerned like the font's default shaping. */
function widthInUnits(text: string, table: FaceTable): number {
  let units = 0;
  let previous = '';
  for (const ch of text) {
    // Inline symbols (symbol-glyphs.ts) have a fixed advance instead of a glyph.
    units +=
      table.widths.get(ch) ?? (isSymbolChar(ch) ? SYMBOL_ADVANCE_EM * table.metrics.unitsPerEm : table.metrics.fallbackWidth);
    if (previous) units += table.kern.get(previous + ch) ?? 0;
    previous = ch;
  }
  return units;
}

/** Width of one line of text in millimetres. */
export function measureText(text: string, sizePt: number, face: FontFace = 'regular'): number {
  const table = faceTable(face);
  return (widthInUnits(text, table) / table.metrics.unitsPerEm) * sizePt * PT_TO_MM;
}

export interface VerticalMetrics {
  ascentMm: number;
  /** Positive distance below the baseline. */
  descentMm: number;
  capHeightMm: number;
}

export function verticalMetrics(sizePt: number, face: FontFace = 'regular'): VerticalMetrics {
  const { metrics } = faceTable(face);
  const scale = (sizePt * PT_TO_MM) / metrics.unitsPerEm;
  return {
    ascentMm: metrics.ascent * scale,
    descentMm: Math.abs(metrics.descent) * scale,
    capHeightMm: metrics.capHeight * scale,
  };
}

/**
 * Breaks text into lines no wider than `widthMm`: explicit newlines always break, lines wrap
 * at spaces, and a word wider than the whole line is split between characters. With
 * `maxLines`, stops once that many lines are complete (the rest could not be shown anyway).
 */
export function breakLines(
  text: string,
  widthMm: number,
  sizePt: number,
  face: FontFace = 'regular',
  maxLines = Infinity,
): string[] {
  const fits = (line: string) => measureText(line, sizePt, face) <= widthMm + 1e-9;
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

/** Splits an over-long word into pieces that each fit (at least one character per piece). */
function splitWord(word: string, fits: (piece: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && !fits(piece + ch)) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  pieces.push(piece);
  return pieces;
}

/** Shortens a line until it plus an ellipsis fits `widthMm`. */
export function truncateWithEllipsis(line: string, widthMm: number, sizePt: number, face: FontFace = 'regular'): string {
  const ellipsis = '…';
  const chars = Array.from(line.trimEnd());
  while (chars.length > 0 && measureText(chars.join('') + ellipsis, sizePt, face) > widthMm + 1e-9) {
    chars.pop();
  }
  return chars.join('').trimEnd() + ellipsis;
}
