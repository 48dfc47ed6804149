// Words as the full-text index sees them: SQLite FTS5's tokenizer `unicode61 remove_diacritics 2`,
// reproduced exactly (tests/unit/search-tokens.test.ts compares the two), so the reference
// matcher, highlighting and the SQL engine agree on what a word is. A token is a run of letters,
// digits and private-use characters (Unicode 6.1 categories, as SQLite has them), lower-cased with
// diacritics removed; a combining diacritic continues a token but never starts one. The tables
// of everything beyond ASCII are read from SQLite itself (scripts/gen-unicode61-tables.mjs).

import { DIACRITIC_RUNS, FOLD_RUNS, TOKEN_CHAR_RUNS } from './unicode61-tables';

/** FTS5 keeps the first 32,768 bytes (UTF-8) of a longer token, in the index and in queries. */
export const MAX_TOKEN_BYTES = 32768;

/** A token and where it was typed: UTF-16 offsets into the text, `end` exclusive. */
export interface TokenSpan {
  token: string;
  start: number;
  end: number;
}

const SEPARATOR = 0;
const TOKEN_CHAR = 1;
const DIACRITIC = 2;

/** [first, last] code point pairs, sorted, from the generated gap/length runs. */
function decodeRanges(runs: readonly number[]): Int32Array {
  const ranges = new Int32Array(runs.length);
  let previousEnd = 0;
  for (let i = 0; i < runs.length; i += 2) {
    const first = previousEnd + runs[i];
    previousEnd = first + runs[i + 1];
    ranges[i] = first;
    ranges[i + 1] = previousEnd;
  }
  return ranges;
}

const TOKEN_CHAR_RANGES = decodeRanges(TOKEN_CHAR_RUNS);
const DIACRITIC_RANGES = decodeRanges(DIACRITIC_RUNS);

/** Index of the last range whose first code point is <= code (pairs of numbers, `width` per entry), or -1. */
function lastStartAtOrBefore(table: ArrayLike<number>, width: number, code: number): number {
  let low = 0;
  let high = table.length / width - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (table[middle * width] <= code) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function inRanges(ranges: Int32Array, code: number): boolean {
  const index = lastStartAtOrBefore(ranges, 2, code);
  return index >= 0 && code <= ranges[index * 2 + 1];
}

function classify(code: number): number {
  if (code < 0x80) {
    const isAsciiAlnum = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
    return isAsciiAlnum ? TOKEN_CHAR : SEPARATOR;
  }
  // Lone surrogates reach SQLite as U+FFFD, a separator.
  if (code >= 0xd800 && code <= 0xdfff) return SEPARATOR;
  if (inRanges(TOKEN_CHAR_RANGES, code)) return TOKEN_CHAR;
  return inRanges(DIACRITIC_RANGES, code) ? DIACRITIC : SEPARATOR;
}

/** The folded character (lower case, no diacritics), or '' when folding drops it. */
function fold(code: number): string {
  if (code < 0x80) return String.fromCharCode(code >= 0x41 && code <= 0x5a ? code + 32 : code);
  const index = lastStartAtOrBefore(FOLD_RUNS, 4, code);
  if (index >= 0) {
    const at = index * 4;
    const start = FOLD_RUNS[at];
    const count = FOLD_RUNS[at + 1];
    const step = FOLD_RUNS[at + 2];
    const value = FOLD_RUNS[at + 3];
    let target = code;
    if (step === 0) {
      if (code < start + count) target = value;
    } else if ((code - start) % step === 0 && (code - start) / step < count) target = code + value;
    if (target === 0) return '';
    return String.fromCodePoint(target);
  }
  return String.fromCodePoint(code);
}

function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return char.length === 0 ? 0 : 1;
  if (code < 0x800) return 2;
  return code < 0x10000 ? 3 : 4;
}

/**
 * Every token of `text` with its UTF-16 range. A token's text is cut to MAX_TOKEN_BYTES
 * (at a whole character; FTS5 may cut one in half, which no string can hold).
 */
export function tokenSpans(text: string): TokenSpan[] {
  const spans: TokenSpan[] = [];
  let token = '';
  let bytes = 0;
  let start = -1;
  let end = 0;
  const finish = (): void => {
    if (start >= 0) spans.push({ token, start, end });
    token = '';
    bytes = 0;
    start = -1;
  };
  for (let at = 0; at < text.length;) {
    const code = text.codePointAt(at) ?? 0;
    const width = code > 0xffff ? 2 : 1;
    const kind = classify(code);
    if (kind === TOKEN_CHAR || (kind === DIACRITIC && start >= 0)) {
      if (start < 0) start = at;
      const folded = fold(code);
      const size = utf8Length(folded);
      if (bytes + size <= MAX_TOKEN_BYTES) {
        token += folded;
        bytes += size;
      } else bytes = MAX_TOKEN_BYTES;
      end = at + width;
    } else finish();
    at += width;
  }
  finish();
  return spans;
}

/** The tokens FTS5 (`unicode61 remove_diacritics 2`) makes of `text`, in order. */
export function searchTokens(text: string): string[] {
  return tokenSpans(text).map((span) => span.token);
}
