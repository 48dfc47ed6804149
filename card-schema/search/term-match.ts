// When a text term holds in a run of tokens: its tokens occur next to each other, in order; with
// `prefix`, the last may be the start of a longer token (FTS5's `"a b"*`). The one rule free text,
// text fields, enum labels and highlighting all use.

import type { TextTerm } from './query';

/** Index of the first token where `term` starts to hold, from `from` on; -1 if it holds nowhere. */
export function termIndex(tokens: readonly string[], term: TextTerm, from = 0): number {
  const wanted = term.tokens;
  const count = wanted.length;
  if (count === 0) return -1;
  for (let start = from; start + count <= tokens.length; start++) {
    let i = 0;
    while (i < count - 1 && tokens[start + i] === wanted[i]) i++;
    if (i < count - 1) continue;
    const last = tokens[start + count - 1];
    if (term.prefix ? last.startsWith(wanted[count - 1]) : last === wanted[count - 1]) return start;
  }
  return -1;
}

/** True when `term` holds somewhere in `tokens`. */
export function termOccurs(tokens: readonly string[], term: TextTerm): boolean {
  return termIndex(tokens, term) >= 0;
}
