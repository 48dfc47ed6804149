// The field index (card-schema/search/field-index.ts) against the meaning of field tests
// (field-tests.ts): for random documents and tests, the index's answer equals the document's, and
// the index text tokenizes (as FTS5 does, tokens.ts) into exactly the tokens it was written as.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldIndexText,
  indexedTerms,
  indexedTestsHold,
  WHOLE_MARK,
  WHOLE_MAX,
  WORD_MARK,
  type FieldIndex,
} from '../../card-schema/search/field-index';
import { fieldTestHolds } from '../../card-schema/search/field-tests';
import type { FieldPath, FieldTest, IndexedPath } from '../../card-schema/search/query';
import { searchTokens } from '../../card-schema/search/tokens';
import type { CardDocument } from '../../card-schema/system/format';

const PATHS: FieldPath[] = [['text'], ['keywords', '*', 'kw'], ['tags'], ['abilities', '*', 'text']];

function indexOf(paths: readonly FieldPath[], words: boolean, whole: boolean): FieldIndex {
  const indexed: IndexedPath[] = paths.map((path, i) => ({ path, code: i.toString(36), words, whole }));
  return { paths: indexed, byKey: new Map(indexed.map((entry) => [JSON.stringify(entry.path), entry])) };
}
/** Text fields (words), enum fields (whole values), and paths both kinds share. */
const INDEXES = [indexOf(PATHS, true, true), indexOf(PATHS, true, false), indexOf(PATHS, false, true)];
const INDEX = INDEXES[0];

/** Strings from a small alphabet (so tests and documents meet), with marks, accents, case and odd characters. */
const WORDS = [
  'Haste',
  'haste',
  'HASTE',
  'first',
  'strike',
  'deal',
  'dea',
  '2',
  'é',
  'E\u0301',
  WORD_MARK,
  WHOLE_MARK,
  '🔥',
  'x',
];
const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', '', '-', '  ', '\n', '!')), { maxLength: 5 })
  .map((parts) => parts.map(([word, gap]) => word + gap).join(''));
const value = fc.oneof(text, fc.integer({ min: 0, max: 3 }), fc.constant(null));
const doc = fc.record({
  type: fc.constant('creature'),
  name: fc.constant('Card'),
  text: fc.oneof(text, fc.array(text, { maxLength: 3 })),
  keywords: fc.array(fc.oneof(fc.record({ kw: value }), text), { maxLength: 3 }),
  tags: fc.array(value, { maxLength: 3 }),
  abilities: fc.array(fc.record({ text }), { maxLength: 3 }),
});
const paths = fc.subarray(PATHS, { minLength: 1 });
/** Every string in a document (the values an `=` test should often name, in another case). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsOf);
}
const recased = (value: string, how: number) => (how === 0 ? value : how === 1 ? value.toUpperCase() : value.toLowerCase());

const randomTest: fc.Arbitrary<FieldTest> = fc.oneof(
  fc.record({
    kind: fc.constant('text' as const),
    paths,
    term: fc.record({ tokens: text.map(searchTokens).filter((tokens) => tokens.length > 0), prefix: fc.boolean() }),
  }),
  fc.record({
    kind: fc.constant('equals' as const),
    paths,
    values: fc.array(text, { minLength: 1, maxLength: 3 }),
  }),
);

describe('the field index', () => {
  it('answers text and equals tests exactly as the document does (property)', () => {
    const withTest = doc.chain((card) => {
      const strings = stringsOf(card);
      const named: fc.Arbitrary<FieldTest> =
        strings.length === 0
          ? randomTest
          : fc.record({
              kind: fc.constant('equals' as const),
              paths,
              values: fc.array(
                fc.tuple(fc.constantFrom(...strings), fc.nat(2)).map(([value, how]) => recased(value, how)),
                { minLength: 1, maxLength: 2 },
              ),
            });
      return fc.tuple(fc.constant(card), fc.oneof(randomTest, named), fc.constantFrom(...INDEXES));
    });
    let answered = 0;
    fc.assert(
      fc.property(withTest, ([card, fieldTest, index]) => {
        const section = fieldIndexText(card as CardDocument, index);
        // What FTS5 makes of the index text is the tokens it was written as.
        expect(searchTokens(section)).toEqual(section === '' ? [] : section.split(' '));
        const terms = indexedTerms(fieldTest, { indexed: index.paths });
        // Each index answers its kind of test (words `:`, whole values `=`).
        const kind = fieldTest.kind === 'text' ? index.paths[0].words : index.paths[0].whole;
        expect(terms !== null).toBe(kind);
        if (terms === null) return;
        answered++;
        const holds = fieldTestHolds(card as CardDocument, fieldTest);
        expect(indexedTestsHold(section, [{ terms: terms!, negated: false }])).toBe(holds);
        expect(indexedTestsHold(section, [{ terms: terms!, negated: true }])).toBe(!holds);
      }),
      { numRuns: 3_000 },
    );
    expect(answered).toBeGreaterThan(1_000);
  });

  it('keeps a phrase inside one value and one field', () => {
    const card = { type: 'creature', name: 'Card', text: 'first', abilities: [{ text: 'first' }, { text: 'strike' }] };
    const section = fieldIndexText(card, INDEXES[1]);
    const phrase: FieldTest = {
      kind: 'text',
      paths: [['abilities', '*', 'text']],
      term: { tokens: ['first', 'strike'], prefix: false },
    };
    expect(indexedTestsHold(section, [{ terms: indexedTerms(phrase, { indexed: INDEX.paths })!, negated: false }])).toBe(false);
    const inText: FieldTest = { kind: 'text', paths: [['text']], term: { tokens: ['strike'], prefix: false } };
    expect(indexedTestsHold(section, [{ terms: indexedTerms(inText, { indexed: INDEX.paths })!, negated: false }])).toBe(false);
  });

  it('leaves to the document what it cannot answer', () => {
    const indexed = { indexed: INDEX.paths };
    expect(indexedTerms({ kind: 'compare', paths: [['text']], op: '<', value: 2 }, indexed)).toBeNull();
    expect(indexedTerms({ kind: 'equals', paths: [['text']], values: [2] }, indexed)).toBeNull();
    expect(indexedTerms({ kind: 'equals', paths: [['text']], values: ['x'.repeat(WHOLE_MAX + 1)] }, indexed)).toBeNull();
    expect(indexedTerms({ kind: 'equals', paths: [['cost']], values: ['x'] }, indexed)).toBeNull();
    expect(indexedTerms({ kind: 'equals', paths: [], values: ['x'] }, indexed)).toBeNull();
    // A path with word tokens only (a text field) cannot answer `=`, one with whole tokens only (an enum) not `:`.
    const wordsOnly = { indexed: indexOf(PATHS, true, false).paths };
    const wholeOnly = { indexed: indexOf(PATHS, false, true).paths };
    expect(indexedTerms({ kind: 'equals', paths: [['text']], values: ['x'] }, wordsOnly)).toBeNull();
    expect(indexedTerms({ kind: 'text', paths: [['text']], term: { tokens: ['x'], prefix: true } }, wholeOnly)).toBeNull();
  });
});
