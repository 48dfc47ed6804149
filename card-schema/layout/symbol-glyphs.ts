// Inline symbols travel through line breaking as single characters of the Unicode private use
// area (U+E000 + the symbol's index), which no card text can contain (it is stripped first).
// Text measuring gives each such character the same fixed advance, so a symbol wraps like a
// word and lines with symbols are as wide in the preview as in the PDF.

export const SYMBOL_CHAR_BASE = 0xe000;
export const SYMBOL_CHAR_LIMIT = 0xf8ff;
/** Advance of one symbol, as a multiple of the font size. */
export const SYMBOL_ADVANCE_EM = 1;

export function isSymbolChar(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code >= SYMBOL_CHAR_BASE && code <= SYMBOL_CHAR_LIMIT;
}
