// The library's query language, as data: what the parser makes of a typed string (ParsedQuery),
// and what it means for one game once its fields are known (GameSearch). The parser and the
// field resolution are pure (card-schema/search); the store runs a GameSearch in SQL, and the
// reference matcher (reference.ts) says which cards it must return.
//
//   ember tide          every word starts a word of the card's name or text
//   "ember tide"        the words next to each other, in that order (whole words)
//   -wolf  -"x y"       leave out cards that match
//   type:creature       a field of the game's schema (any depth: kw:haste reads keywords[].kw)
//   color=red           the whole value, not a word of it
//   cost<=3  atk>2      comparisons on numeric fields (<, <=, >, >=, =, !=)
//   set:core  game:osmcg

/** How a field clause compares: `:` has a word of the value start with the text (numbers: equal). */
export type FieldOp = ':' | '=' | '!=' | '<' | '<=' | '>' | '>=';

export type QueryClause =
  /** A typed word (a prefix of some word of the card); `text` as typed, without quotes or '-'. */
  | { kind: 'word'; text: string; negated: boolean; start: number; end: number }
  /** A quoted phrase: whole words, next to each other. */
  | { kind: 'phrase'; text: string; negated: boolean; start: number; end: number }
  /** `field op value`; `field` as typed ("kw", "set", "game" included). */
  | { kind: 'field'; field: string; op: FieldOp; value: string; quoted: boolean; negated: boolean; start: number; end: number };

/** Something the query says that cannot be run as typed; shown as one line under the box. */
export interface QueryProblem {
  message: string;
  /** Character range in the typed text (UTF-16 offsets). */
  start: number;
  end: number;
}

export interface ParsedQuery {
  /** ANDed; a clause with a problem is left out. */
  clauses: QueryClause[];
  problems: QueryProblem[];
}

/**
 * A JSON path into a card document: object keys, with '*' for "every item of this array".
 * ['keywords', '*', 'kw'] reads the `kw` of each keyword object.
 */
export type FieldPath = readonly string[];

/**
 * Words as full-text search sees them (tokens.ts: unicode61 with diacritics removed, lower case).
 * A typed word can hold several ("fire-bolt" → fire, bolt): they must then be next to each other.
 * `prefix`: the last token may be the start of a longer word.
 */
export interface TextTerm {
  tokens: readonly string[];
  prefix: boolean;
}

export type FieldTest =
  /** Some string at one of the paths holds the term's tokens (see TextTerm). */
  | { kind: 'text'; paths: readonly FieldPath[]; term: TextTerm }
  /** Some value at one of the paths equals one of `values` (strings compared case-insensitively). */
  | { kind: 'equals'; paths: readonly FieldPath[]; values: readonly (string | number | boolean)[] }
  /** Some number at one of the paths compares true with `value`. */
  | { kind: 'compare'; paths: readonly FieldPath[]; op: '<' | '<=' | '>' | '>=' | '=' | '!='; value: number };

export interface CardTest {
  test: FieldTest;
  /** The card passes when the test fails. */
  negated: boolean;
}

/** A path of the game's field index (field-index.ts): its code and which tokens it has. */
export interface IndexedPath {
  path: FieldPath;
  code: string;
  /** Word tokens (text fields): `:` tests. */
  words: boolean;
  /** Whole-value tokens (enum fields): `=` and enum tests. */
  whole: boolean;
}

/**
 * A query resolved for one game: plain data (it crosses to the reader threads). A card of the
 * game matches when every part holds.
 */
export interface GameSearch {
  systemId: string;
  /** Free text over the card's name and search text (services/search-text.ts). */
  text: { include: readonly TextTerm[]; exclude: readonly TextTerm[] };
  /** `set:` — the card is in one of these sets; absent: any set. An empty list matches nothing. */
  setIds?: readonly string[];
  /** `-set:` — the card is in none of these sets. */
  excludeSetIds?: readonly string[];
  /** Field clauses (type:, name:, any schema field), each tested on the card's document. */
  fields: readonly CardTest[];
  /** Paths the game leaves out of free-text search (search/searched-fields.ts): not in the full-text index. */
  unsearched?: readonly FieldPath[];
  /** The field index's paths among those the field tests read: tests on them are answered by the index. */
  indexed?: readonly IndexedPath[];
}

/** A query resolved for every game it covers, with what could not be run. */
export interface ResolvedQuery {
  /** One entry per game searched (the selected one, or every game); a `game:` clause narrows it. */
  games: readonly GameSearch[];
  problems: readonly QueryProblem[];
  /** What to mark in the results: the positive free-text terms and text field terms. */
  highlight: readonly TextTerm[];
}

/** Result orders: `relevance` puts names starting with the typed words first (store/card-search.ts). */
export const SEARCH_SORTS = ['relevance', 'name', 'type', 'cost', 'set', 'identity'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
