// "The name starts with what was typed" as SQL can use it: a range over the NOCASE name index
// (which folds ASCII letters only and orders by UTF-8 bytes, i.e. code points) plus the exact
// LIKE test (same folding). The range makes a one-letter prefix an index seek instead of a scan.

/** The typed text as a name prefix: trimmed; null when nothing is left. */
export function namePrefix(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** LIKE pattern for "name starts with prefix", wildcards in the prefix taken literally (ESCAPE '\'). */
export function namePrefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const foldAscii = (text: string): string => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

/**
 * The smallest string above every name that starts with `prefix` under NOCASE: the folded prefix
 * with its last code point raised by one. Null when there is none to give (the last character is
 * U+10FFFF or a lone surrogate): the LIKE test alone then bounds the match, only slower.
 */
export function namePrefixUpperBound(prefix: string): string | null {
  const folded = foldAscii(prefix);
  const chars = [...folded];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff || (last >= 0xd800 && last <= 0xdfff)) return null;
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}
