// FTS5 MATCH expressions built from the query language's text terms (card-schema/search/query.ts),
// never from what was typed: every token is a double-quoted string (a quote inside doubled), so no
// input can be an FTS5 syntax error or an operator. A term is a phrase ("a b"), a prefix phrase
// ("a b"*: the last token a prefix); terms are ANDed, excluded ones taken out with NOT.
// Field tests on the field index (card-schema/search/field-index.ts) are exact expressions on
// its qualified tokens; the others are supersets over the name or the search text.

import type { FieldPath, FieldTest, GameSearch, TextTerm } from '../../card-schema/search/query';
import { searchTokens } from '../../card-schema/search/tokens';
import { unsearchedPath } from '../../card-schema/search/searched-fields';
import { indexedTerms, touchesFieldIndex } from '../../card-schema/search/field-index';

/** The FTS columns (migration 3): the card's name and its search text (services/search-text.ts). */
type FtsColumn = 'name' | 'search_text';

/** Control characters end FTS5's string early ("unterminated string"); no indexed token holds one. */
const CONTROL = /\p{Cc}/gu;

export function ftsPhrase(term: TextTerm): string {
  const phrase = `"${term.tokens.map((token) => token.replace(CONTROL, ' ').replaceAll('"', '""')).join(' ')}"`;
  return term.prefix ? `${phrase}*` : phrase;
}

const usable = (terms: readonly TextTerm[]) => terms.filter((term) => term.tokens.length > 0);

/**
 * A free-text term: anywhere in the name or the search text, except that a term with a token
 * starting with a field index mark is looked for in the name only (free text holds no mark, so
 * only the field index could hold it there).
 */
function freePhrase(term: TextTerm): string {
  return touchesFieldIndex(term) ? `{name} : ${ftsPhrase(term)}` : ftsPhrase(term);
}

/** A field test answered exactly by the field index, or null when the index cannot answer it. */
export function indexedMatch(test: FieldTest, game: Pick<GameSearch, 'indexed'>): string | null {
  const terms = indexedTerms(test, game);
  if (terms === null) return null;
  // The index is in the search text; a card's name could hold a marked token.
  return `{search_text} : (${[...new Set(terms.map(ftsPhrase))].join(' OR ')})`;
}

// A word typed twice is one part (a pasted text repeats many).
function and(parts: readonly string[]): string | null {
  return parts.length === 0 ? null : [...new Set(parts)].map((part) => `(${part})`).join(' AND ');
}

function or(parts: readonly string[]): string | null {
  return parts.length === 0 ? null : [...new Set(parts)].map((part) => `(${part})`).join(' OR ');
}

/**
 * The FTS column a string at `path` is indexed in: the top-level name has its own column; every
 * other string but the top-level type and the fields the game leaves out of search
 * (`unsearched`, search/searched-fields.ts) is in the search text. Null when it is not indexed.
 */
function columnOf(path: FieldPath, unsearched: readonly FieldPath[]): FtsColumn | null {
  if (path.length === 1 && path[0] === 'name') return 'name';
  if (path[0] === 'type' || path[0] === 'name') return null;
  if (unsearchedPath(unsearched, path)) return null;
  return 'search_text';
}

/** A field's text test as an FTS superset of its matches, or null when it has none. */
function fieldTextMatch(test: Extract<FieldTest, { kind: 'text' }>, unsearched: readonly FieldPath[]): string | null {
  if (test.term.tokens.length === 0 || test.paths.length === 0) return null;
  const columns = new Set<FtsColumn>();
  for (const path of test.paths) {
    const column = columnOf(path, unsearched);
    if (!column) return null;
    columns.add(column);
  }
  return `{${[...columns].join(' ')}} : ${ftsPhrase(test.term)}`;
}

/**
 * A field's equals test on strings as an FTS superset: a string value is indexed whole, so its
 * tokens are there next to each other (a value with no tokens, or a number, gives none).
 */
function fieldEqualsMatch(test: Extract<FieldTest, { kind: 'equals' }>, unsearched: readonly FieldPath[]): string | null {
  if (test.paths.length === 0 || test.values.length === 0) return null;
  const columns = new Set<FtsColumn>();
  for (const path of test.paths) {
    const column = columnOf(path, unsearched);
    if (!column) return null;
    columns.add(column);
  }
  const phrases: string[] = [];
  for (const value of test.values) {
    const tokens = typeof value === 'string' ? searchTokens(value) : [];
    if (tokens.length === 0) return null;
    phrases.push(ftsPhrase({ tokens, prefix: false }));
  }
  return `{${[...columns].join(' ')}} : (${phrases.join(' OR ')})`;
}

/** A field test's FTS superset of the cards it holds for (null: none; comparisons never have one). */
export function fieldMatch(test: FieldTest, unsearched: readonly FieldPath[]): string | null {
  if (test.kind === 'compare') return null;
  return test.kind === 'text' ? fieldTextMatch(test, unsearched) : fieldEqualsMatch(test, unsearched);
}

/** What one game's search asks of the full-text index. */
export interface GameMatch {
  /** The free words: each in the name or the search text. Null when there are none. */
  free: string | null;
  /** Every free word in the name (relevance tier 1). */
  freeInName: string | null;
  /** Positive field tests: exact on the field index, else supersets (re-checked on the document). */
  fields: string | null;
  /** Cards to leave out: free words with '-', and negated field tests the field index answers. */
  exclude: string | null;
  /** Of those, the free words alone. */
  freeExclude: string | null;
  /** Of those, the negated field tests alone. */
  fieldsExclude: string | null;
}

export function gameMatch(game: GameSearch): GameMatch {
  const include = usable(game.text.include).map(freePhrase);
  const free = and(include);
  const fieldParts: string[] = [];
  const freeExcluded = usable(game.text.exclude).map(freePhrase);
  const fieldsExcluded: string[] = [];
  for (const { test, negated } of game.fields) {
    const exact = indexedMatch(test, game);
    if (negated) {
      if (exact) fieldsExcluded.push(exact);
      continue;
    }
    const match = exact ?? fieldMatch(test, game.unsearched ?? []);
    if (match) fieldParts.push(match);
  }
  return {
    free,
    freeInName: free === null ? null : `{name} : (${free})`,
    fields: and(fieldParts),
    exclude: or([...freeExcluded, ...fieldsExcluded]),
    freeExclude: or(freeExcluded),
    fieldsExclude: or(fieldsExcluded),
  };
}

/** positive NOT exclude: the FTS expression of every card the parts allow; null when nothing positive. */
export function matchExpression(positive: readonly (string | null)[], exclude: readonly (string | null)[]): string | null {
  const plus = and(positive.filter((part): part is string => part !== null));
  if (plus === null) return null;
  const minus = or(exclude.filter((part): part is string => part !== null));
  return minus === null ? plus : `(${plus}) NOT (${minus})`;
}
