// Which font sets each character, and how wide its glyph is. A text element's fonts are tried in
// order: the game font it chose (if any), the card font, then the fallback fonts (fonts.ts). The
// app's own tables come from font-metrics.ts, generated from the same files the PDF embeds and
// the preview loads; a game font's come with the loaded game (measured from its file).

import { SYMBOL_CHAR_BASE, SYMBOL_CHAR_LIMIT, isSymbolChar } from './symbol-glyphs';
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

const tables = new WeakMap<FontMetrics, FontTable>();

/** The measuring table of one font file's metrics (built on first use). */
export function metricsTable(metrics: FontMetrics): FontTable {
  const cached = tables.get(metrics);
  if (cached) return cached;
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
  tables.set(metrics, table);
  return table;
}

/** The measuring table of one of the app's font files (resources/fonts). */
export function fontTable(file: string): FontTable {
  const metrics = FONT_METRICS[file];
  if (!metrics) throw new Error(`No metrics for font file "${file}": run node scripts/gen-font-metrics.mjs`);
  return metricsTable(metrics);
}

/** The font setting a character: `'game'` (the stack's game font), `'card'` (Inter), or a fallback font's id. */
export type FontChoice = 'game' | 'card' | string;

/** A game font's face as a stack uses it: the file's SHA-256 (how painters name it) and its metrics. */
export interface StackGameFont {
  file: string;
  metrics: FontMetrics;
}

/**
 * The fonts one text element is set in, for one face: the game font it chose (its file for
 * that face), then the card font, then the fallback fonts.
 */
export class FontStack {
  private static readonly cardOnly = new Map<FontFace, FontStack>();

  private constructor(
    readonly face: FontFace,
    readonly game?: StackGameFont,
  ) {}

  /** The card font and the fallbacks: text of an element that chose no game font. */
  static card(face: FontFace): FontStack {
    let stack = FontStack.cardOnly.get(face);
    if (!stack) {
      stack = new FontStack(face);
      FontStack.cardOnly.set(face, stack);
    }
    return stack;
  }

  static withGameFont(face: FontFace, game: StackGameFont): FontStack {
    return new FontStack(face, game);
  }

  /** The stack's first font's advance widths (what fontRuns' fast path checks). */
  private firstWidths?: Map<number, number>;

  /**
   * True when the stack's first font sets every character of `text` (inline symbols ride in
   * its runs too): then fontRuns is that one run.
   */
  setsAllInFirst(text: string): boolean {
    const widths = (this.firstWidths ??= this.first().widths);
    for (let i = 0; i < text.length; i++) {
      const code = text.codePointAt(i) ?? 0;
      if (code > 0xffff) i++; // the low surrogate is part of this character
      if (!widths.has(code) && !(code >= SYMBOL_CHAR_BASE && code <= SYMBOL_CHAR_LIMIT)) return false;
    }
    return true;
  }

  /** The font setting `ch`, or null when none of the stack draws it. */
  fontFor(ch: string): FontChoice | null {
    // An inline symbol (symbol-glyphs.ts) is drawn, not set: it rides in the first font's runs.
    if (isSymbolChar(ch)) return this.game ? 'game' : 'card';
    const cp = ch.codePointAt(0) ?? 0;
    if (this.game && metricsTable(this.game.metrics).widths.has(cp)) return 'game';
    if (fontTable(FONT_FILES[this.face]).widths.has(cp)) return 'card';
    for (const fallback of FALLBACK_FONTS) if (fontTable(fallback.files[this.face]).widths.has(cp)) return fallback.id;
    return null;
  }

  /** The measuring table behind a choice. */
  table(choice: FontChoice): FontTable {
    if (choice === 'game' && this.game) return metricsTable(this.game.metrics);
    if (choice === 'card' || choice === 'game') return fontTable(FONT_FILES[this.face]);
    const fallback = FALLBACK_FONTS.find((font) => font.id === choice);
    if (!fallback) throw new Error(`Unknown fallback font "${choice}"`);
    return fontTable(fallback.files[this.face]);
  }

  /** The file of a shaped fallback font (fonts.ts `shaped`) behind a choice; undefined for any other font. */
  shapedFile(choice: FontChoice): string | undefined {
    if (choice === 'card' || choice === 'game') return undefined;
    const fallback = FALLBACK_FONTS.find((font) => font.id === choice);
    return fallback?.shaped ? fallback.files[this.face] : undefined;
  }

  /** The stack's first font: its game font, else the card font (lines are placed by its heights). */
  first(): FontTable {
    return this.table(this.game ? 'game' : 'card');
  }
}

/** What text is measured in: a face of the card font (with its fallbacks), or a whole stack. */
export type TextFont = FontFace | FontStack;

export function stackOf(font: TextFont): FontStack {
  return typeof font === 'string' ? FontStack.card(font) : font;
}

/** The font setting a character of card-font text: `'card'`, a fallback font's id, or null when none draws it. */
export function fontFor(ch: string, face: FontFace): FontChoice | null {
  return FontStack.card(face).fontFor(ch);
}

export interface FontRun {
  text: string;
  font: FontChoice;
}

/**
 * Splits text into runs set in one font each. Characters no font draws stay in the first font's
 * run (layout replaces them with FALLBACK_MARK before measuring; see coverText).
 */
export function fontRuns(text: string, font: TextFont): FontRun[] {
  const stack = stackOf(font);
  const firstChoice: FontChoice = stack.game ? 'game' : 'card';
  // Most text is all in the first font: one run, without asking character by character.
  if (text !== '' && stack.setsAllInFirst(text)) return [{ text, font: firstChoice }];
  const runs: FontRun[] = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    // A joiner, variation selector or combining mark stays with the letter before it when that
    // letter's font has it: shaping needs them together (Arabic harakat, Devanagari virama + ZWJ).
    if (last && CLINGS.test(ch) && stack.table(last.font).widths.has(ch.codePointAt(0) ?? 0)) {
      last.text += ch;
      continue;
    }
    const choice = stack.fontFor(ch) ?? firstChoice;
    if (last && last.font === choice) last.text += ch;
    else runs.push({ text: ch, font: choice });
  }
  return runs;
}

/** Characters that belong to the one before: ZWNJ, ZWJ, variation selectors, combining marks. */
const CLINGS = /^(?:\u200c|\u200d|[\ufe00-\ufe0f]|\p{M})$/u;
