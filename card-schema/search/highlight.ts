// Which parts of a shown text to mark for a search: the tokens where a highlight term holds, as
// UTF-16 ranges of the original text (tokenized exactly as search reads it), sorted and merged.

import type { TextTerm } from './query';
import { termIndex } from './term-match';
import { tokenSpans } from './tokens';

export interface TextRange {
  start: number;
  /** Exclusive. */
  end: number;
}

/** Ranges of `text` to wrap in <mark>: every place a term holds, merged where they touch or overlap. */
export function highlightRanges(text: string, terms: readonly TextTerm[]): TextRange[] {
  if (terms.length === 0 || text.length === 0) return [];
  const spans = tokenSpans(text);
  const tokens = spans.map((span) => span.token);
  const found: TextRange[] = [];
  for (const term of terms) {
    const count = term.tokens.length;
    for (let at = termIndex(tokens, term); at >= 0; at = termIndex(tokens, term, at + 1)) {
      found.push({ start: spans[at].start, end: spans[at + count - 1].end });
    }
  }
  found.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextRange[] = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
