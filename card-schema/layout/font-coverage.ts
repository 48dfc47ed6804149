// Which embedded font sets each character, and how wide its glyph is. The card font comes
// first, then the fallback fonts in order (fonts.ts); the tables come from font-metrics.ts,
// generated from the same files the PDF embeds and the preview loads.

import { isSymbolChar } from './symbol-glyphs';
import type { FontFace } from './format';
import { FALLBACK_FONTS, FONT_FILES } from './fonts';
import { FONT_METRICS, type FontMetrics } from './font-metrics';

export interface FontTable {
  metrics: FontMetrics;
  /** Advance width (font units) of every code point the font draws. */
  widths: Map<number, number>;
  /** Kerning by pair of characters ("AV"), in font units. */
  kern: Map<string, number>;
}

const tables = new Map<string, FontTable>();

/** The measuring table of one font file (built on first use). */
export function fontTable(file: string): FontTable {
  const cached = tables.get(file);
  if (cached) return cached;
  const metrics = FONT_METRICS[file];
  if (!metrics) throw new Error(`No metrics for font file "${file}": run node scripts/gen-font-metrics.mjs`);
  const widths = new Map<number, number>();
  let last = 0;
  for (let i = 0; i + 1 < metrics.cover.length; i += 2) {
    const first = last + metrics.cover[i];
    last = first + metrics.cover[i + 1];
    for (let cp = first; cp <= last; cp++) widths.set(cp, metrics.defaultWidth);
  }
  let cp = 0;
  for (let i = 0; i + 1 < metrics.widths.length; i += 2) {
    cp += metrics.widths[i];
    widths.set(cp, metrics.widths[i + 1]);
  }
  const kern = new Map<string, number>();
  for (const [first, pairs] of Object.entries(metrics.kern)) {
    // Space-separated "<second character><signed delta>" tokens; the character may itself be
    // a space or a digit, so tokens are read in sequence rather than split.
    for (const [, second, delta] of pairs.matchAll(/(.)(-?\d+)(?: |$)/gsu)) kern.set(first + second, Number(delta));
  }
  const table = { metrics, widths, kern };
  tables.set(file, table);
  return table;
}

/** The font setting a character: `'card'` (Inter), a fallback font's id, or null when none draws it. */
export type FontChoice = 'card' | string;

export function fontFor(ch: string, face: FontFace): FontChoice | null {
  const cp = ch.codePointAt(0) ?? 0;
  // An inline symbol (symbol-glyphs.ts) is drawn, not set: it rides in the card font's runs.
  if (isSymbolChar(ch) || fontTable(FONT_FILES[face]).widths.has(cp)) return 'card';
  for (const fallback of FALLBACK_FONTS) if (fontTable(fallback.files[face]).widths.has(cp)) return fallback.id;
  return null;
}

/** The font file behind a choice for a face. */
export function fontFileFor(choice: FontChoice, face: FontFace): string {
  if (choice === 'card') return FONT_FILES[face];
  const fallback = FALLBACK_FONTS.find((font) => font.id === choice);
  if (!fallback) throw new Error(`Unknown fallback font "${choice}"`);
  return fallback.files[face];
}

export interface FontRun {
  text: string;
  font: FontChoice;
}

/**
 * Splits text into runs set in one font each. Characters no font draws stay in the card-font
 * run (layout replaces them with FALLBACK_MARK before measuring; see coverText).
 */
export function fontRuns(text: string, face: FontFace): FontRun[] {
  const runs: FontRun[] = [];
  for (const ch of text) {
    const font = fontFor(ch, face) ?? 'card';
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return runs;
}
