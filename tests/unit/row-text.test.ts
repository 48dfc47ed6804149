// A library row's marked text is its text cut into pieces, every other one marked: the matched
// words and nothing else, and all of the card's text, whatever it holds (the row writes the pieces
// as text nodes, never as HTML, so no character of it can start markup).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markedPieces } from '../../src-renderer/src/library/row-text';
import type { TextTerm } from '../../card-schema/search/query';
import { highlightRanges } from '../../card-schema/search/highlight';
import { searchTokens } from '../../card-schema/search/tokens';

const term = (text: string, prefix = true): TextTerm => ({ tokens: searchTokens(text), prefix });

/** The marked pieces (odd indexes). */
const marks = (pieces: readonly string[]) => pieces.filter((_, i) => i % 2 === 1);

describe('markedPieces', () => {
  it('cuts the text where the words the terms start begin and end', () => {
    expect(markedPieces('Ember Hound of the embers', [term('ember')])).toEqual(['', 'Ember', ' Hound of the ', 'embers', '']);
    expect(markedPieces('Ember Hound', [term('tide')])).toEqual(['Ember Hound']);
    expect(markedPieces('', [term('tide')])).toEqual(['']);
    expect(markedPieces('Ember Hound 4321', [term('ember'), term('43')])).toEqual(['', 'Ember', ' Hound ', '4321', '']);
  });

  it('keeps markup characters as text', () => {
    expect(markedPieces('<b>Ember</b> & "Tide\'s"', [term('ember')])).toEqual(['<b>', 'Ember', '</b> & "Tide\'s"']);
  });

  it('gives back exactly the text, its marked pieces exactly the ranges the search highlights, for any text and terms', () => {
    const alphabet = [...'ab <>&"\'/é-', 'mark', '🔥'];
    const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 3 }), (shown, typed) => {
        const terms = typed.map((one) => term(one)).filter((one) => one.tokens.length > 0);
        const pieces = markedPieces(shown, terms);
        expect(pieces.join('')).toBe(shown);
        expect(pieces.length % 2).toBe(1);
        expect(marks(pieces)).toEqual(highlightRanges(shown, terms).map(({ start, end }) => shown.slice(start, end)));
        // Marks never touch: a plain piece between two marks holds something.
        for (let i = 2; i < pieces.length - 1; i += 2) expect(pieces[i]).not.toBe('');
      }),
    );
  });
});
