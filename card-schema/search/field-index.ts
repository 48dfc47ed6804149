// The field index: field-qualified tokens in the search text, so a field test on a string path is
// one exact FTS5 expression instead of a superset re-checked on every candidate's document.
// After the free text (services/search-text.ts) the search text holds, for every string at a path
// of the game's text and enum fields (all of them, `x-search: false` ones included):
//
//   word tokens     WORD_MARK + code + token, for each token of the string (text fields);
//   a whole token   WHOLE_MARK + code + the lower-cased string escaped into token characters
//                   (enum fields, and strings up to WHOLE_MAX long): `=` and enum tests;
//   a separator     WORD_MARK alone between two strings of one path, so no phrase spans two values.
//
// The marks are the last two private-use code points: unicode61 keeps private-use characters
// inside a token (category Co), so each of these is one token. The code is the path's place in the
// game's sorted list, in base 36, all codes of a game one width, so code and word never run into
// each other. Free text never holds a mark (they are spaces there), so a free word can meet a
// qualified token only when it starts with a mark itself, and those are looked for in names only.

import type { CardDocument, GameSystem } from '../system/format';
import { someValueAt } from './field-tests';
import { searchableFields } from './fields';
import type { CardTest, FieldPath, FieldTest, GameSearch, IndexedPath, TextTerm } from './query';
import { searchTokens } from './tokens';
import { termOccurs } from './term-match';

export const WORD_MARK = '\u{10FFFD}';
export const WHOLE_MARK = '\u{10FFFC}';
const MARKS = /[\u{10FFFC}\u{10FFFD}]/gu;
const FIRST_MARK = /[\u{10FFFC}\u{10FFFD}]/u;

/** Longer strings get no whole token (an `=` test on a longer value falls back to the document). */
export const WHOLE_MAX = 200;

/** A path as a map key. */
export const pathKey = (path: FieldPath): string => JSON.stringify(path);

/** The game's indexed paths, in code order. */
export interface FieldIndex {
  paths: readonly IndexedPath[];
  byKey: ReadonlyMap<string, IndexedPath>;
}

const indexBySystem = new WeakMap<GameSystem, FieldIndex>();

export function fieldIndexOf(system: GameSystem): FieldIndex {
  let index = indexBySystem.get(system);
  if (index) return index;
  const kinds = new Map<string, { path: FieldPath; words: boolean; whole: boolean }>();
  for (const field of searchableFields(system)) {
    // card_pool answers `type` exactly; set and game have no path.
    if (field.builtIn === 'type' || (field.kind !== 'text' && field.kind !== 'enum')) continue;
    for (const path of field.paths) {
      if (path.length === 0) continue;
      const key = pathKey(path);
      const entry = kinds.get(key) ?? { path, words: false, whole: false };
      if (field.kind === 'text') entry.words = true;
      else entry.whole = true;
      kinds.set(key, entry);
    }
  }
  const keys = [...kinds.keys()].sort();
  let width = 1;
  while (36 ** width < keys.length) width++;
  const paths = keys.map((key, i) => ({ ...kinds.get(key)!, code: i.toString(36).padStart(width, '0') }));
  index = { paths, byKey: new Map(paths.map((path) => [pathKey(path.path), path])) };
  indexBySystem.set(system, index);
  return index;
}

/** What the index holds, as a string: when it changes, the game's cards are indexed again. */
export function fieldIndexFingerprint(system: GameSystem): string {
  return JSON.stringify(fieldIndexOf(system).paths.map(({ path, code, words, whole }) => [code, path, words, whole]));
}

/** The indexed paths the tests read, for GameSearch.indexed. */
export function indexedPathsFor(system: GameSystem, tests: readonly CardTest[]): IndexedPath[] {
  const index = fieldIndexOf(system);
  const found = new Map<string, IndexedPath>();
  for (const { test } of tests) {
    for (const path of test.paths) {
      const entry = index.byKey.get(pathKey(path));
      if (entry) found.set(pathKey(path), entry);
    }
  }
  return [...found.values()];
}

/** Text for the free-text part of the search text: the marks are spaces there. */
export function withoutMarks(text: string): string {
  return text.replace(MARKS, ' ');
}

/** The free text of a stored search text: what comes before its field index (and the line break before it). */
export function freeTextOf(searchText: string): string {
  const at = searchText.search(FIRST_MARK);
  if (at < 0) return searchText;
  return searchText.slice(0, at > 0 && searchText[at - 1] === '\n' ? at - 1 : at);
}

/** The field index part of a stored search text. */
export function fieldSectionOf(searchText: string): string {
  const at = searchText.search(FIRST_MARK);
  return at < 0 ? '' : searchText.slice(at);
}

/**
 * The whole token of a string, or null when its lower-cased form is longer than WHOLE_MAX (the
 * length after lowering, as that is what `=` compares): [a-z0-9] kept, any other UTF-16 unit as
 * WORD_MARK + 4 hex digits, so two strings share a token only when they are equal lower-cased.
 */
function wholeToken(code: string, value: string): string | null {
  const lowered = value.toLowerCase();
  if (lowered.length > WHOLE_MAX) return null;
  let escaped = '';
  for (const char of lowered) {
    if (/^[a-z0-9]$/.test(char)) escaped += char;
    else for (let i = 0; i < char.length; i++) escaped += WORD_MARK + char.charCodeAt(i).toString(16).padStart(4, '0');
  }
  return WHOLE_MARK + code + escaped;
}

/** The field index of one card: its qualified tokens, separated by spaces. */
export function fieldIndexText(doc: CardDocument, index: FieldIndex): string {
  const parts: string[] = [];
  for (const { path, code, words, whole } of index.paths) {
    let strings = 0;
    someValueAt(doc, path, 0, (value) => {
      if (typeof value !== 'string') return false;
      if (words) {
        const tokens = searchTokens(value);
        if (tokens.length > 0) {
          if (strings++ > 0) parts.push(WORD_MARK);
          for (const token of tokens) parts.push(WORD_MARK + code + token);
        }
      }
      const token = whole ? wholeToken(code, value) : null;
      if (token !== null) parts.push(token);
      return false;
    });
  }
  return parts.join(' ');
}

/** A term on the path's word tokens. */
function qualified(term: TextTerm, code: string): TextTerm {
  return { tokens: term.tokens.map((token) => WORD_MARK + code + token), prefix: term.prefix };
}

/**
 * A field test as terms on the field index, any of which holding means the test holds: exact,
 * or null when the index cannot answer it (a path not indexed, a number, a value too long).
 */
export function indexedTerms(test: FieldTest, game: Pick<GameSearch, 'indexed'>): TextTerm[] | null {
  if (test.kind === 'compare' || test.paths.length === 0 || !game.indexed) return null;
  const entries: IndexedPath[] = [];
  for (const path of test.paths) {
    const key = pathKey(path);
    const entry = game.indexed.find((indexed) => pathKey(indexed.path) === key);
    if (!entry) return null;
    entries.push(entry);
  }
  if (test.kind === 'text') {
    if (test.term.tokens.length === 0 || !entries.every((entry) => entry.words)) return null;
    return entries.map((entry) => qualified(test.term, entry.code));
  }
  if (test.values.length === 0 || !entries.every((entry) => entry.whole)) return null;
  const terms: TextTerm[] = [];
  for (const value of test.values) {
    if (typeof value !== 'string' || value.toLowerCase().length > WHOLE_MAX) return null;
    for (const entry of entries) terms.push({ tokens: [wholeToken(entry.code, value)!], prefix: false });
  }
  return terms;
}

/** True when a free-text term could meet a qualified token: one of its tokens starts with a mark. */
export function touchesFieldIndex(term: TextTerm): boolean {
  return term.tokens.some((token) => token.startsWith(WORD_MARK) || token.startsWith(WHOLE_MARK));
}

/** A field test on the field index: it holds when one of its terms occurs in the card's index. */
export interface IndexedTest {
  terms: readonly TextTerm[];
  negated: boolean;
}

/**
 * Whether a card's stored search text passes every indexed test (what the FTS expression says, per
 * row). The section is its tokens joined by single spaces (fieldIndexText), so a split is its
 * tokenization, at a fraction of the cost of tokenizing it again.
 */
export function indexedTestsHold(searchText: string, tests: readonly IndexedTest[]): boolean {
  if (tests.length === 0) return true;
  const tokens = fieldSectionOf(searchText).split(' ');
  return tests.every(({ terms, negated }) => terms.some((term) => termOccurs(tokens, term)) !== negated);
}
