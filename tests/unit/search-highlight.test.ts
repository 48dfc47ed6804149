// highlightRanges: where the search's words are in a shown text, as UTF-16 ranges of the
// original text (accents, case and emoji included), sorted and merged.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightRanges } from '../../card-schema/search/highlight';
import type { TextTerm } from '../../card-schema/search/query';
import { searchTokens, tokenSpans } from '../../card-schema/search/tokens';

const term = (text: string, prefix = true): TextTerm => ({ tokens: searchTokens(text), prefix });
const marked = (text: string, terms: TextTerm[]): string[] =>
  highlightRanges(text, terms).map(({ start, end }) => text.slice(start, end));

describe('highlightRanges', () => {
  it('marks every word a term starts, whatever its case and accents', () => {
    expect(marked('Émber Hound embers and EMBER', [term('ember')])).toEqual(['Émber', 'embers', 'EMBER']);
    expect(marked('Ember Hound', [term('ember', false)])).toEqual(['Ember']);
    expect(marked('Embers', [term('ember', false)])).toEqual([]);
  });

  it('marks a phrase as one range and merges overlapping terms', () => {
    expect(marked('the deep tide rises', [term('deep tide', false)])).toEqual(['deep tide']);
    expect(marked('the deep tide rises', [term('deep tide', false), term('tide ris')])).toEqual(['deep tide rises']);
  });

  it('keeps ranges on whole characters around emoji and combining marks', () => {
    expect(marked('🔥fire cafe\u0301 x', [term('fire'), term('cafe')])).toEqual(['fire', 'cafe\u0301']);
  });

  it('gives sorted, separate ranges on token boundaries for any text and terms', () => {
    const alphabet = [...'ab é-"🔥', 'E\u0301', '\ud800', 'ß'];
    const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.record({ text, prefix: fc.boolean() }), { maxLength: 4 }), (shown, typed) => {
        const terms = typed.map((one) => term(one.text, one.prefix)).filter((one) => one.tokens.length > 0);
        const ranges = highlightRanges(shown, terms);
        const starts = new Set(tokenSpans(shown).map((span) => span.start));
        const ends = new Set(tokenSpans(shown).map((span) => span.end));
        let previousEnd = -1;
        for (const range of ranges) {
          expect(range.start).toBeGreaterThan(previousEnd);
          expect(range.end).toBeGreaterThan(range.start);
          expect(range.end).toBeLessThanOrEqual(shown.length);
          expect(starts.has(range.start) && ends.has(range.end)).toBe(true);
          previousEnd = range.end;
        }
      }),
      { numRuns: 300 },
    );
  });
});
