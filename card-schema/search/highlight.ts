// Where a search's terms occur in a card's text, for marking them in the results.
// A word of the text matches a term's token when, as full-text search sees it (no diacritics,
// lower case), it equals the token, or starts with it for the last token of a prefix term;
// a term of several tokens matches that many words in a row.

import type { TextTerm } from './query';
import { searchTokens } from './tokens';

export interface TextRange {
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The ranges (UTF-16 offsets, sorted, not overlapping) of `text` that some term matches. */
export function highlightRanges(text: string, terms: readonly TextTerm[]): TextRange[] {
  if (terms.length === 0 || text.length === 0) return [];
  const words = [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    token: searchTokens(match[0]).join(''),
  }));
  const ranges: TextRange[] = [];
  for (const term of terms) {
    const count = term.tokens.length;
    if (count === 0) continue;
    for (let first = 0; first + count <= words.length; first++) {
      const matches = term.tokens.every((token, i) => {
        const word = words[first + i].token;
        return word === token || (term.prefix && i === count - 1 && word.startsWith(token));
      });
      if (matches) ranges.push({ start: words[first].start, end: words[first + count - 1].end });
    }
  }
  return mergeRanges(ranges);
}

function mergeRanges(ranges: TextRange[]): TextRange[] {
  ranges.sort((a, b) => a.start - b.start);
  const merged: TextRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
