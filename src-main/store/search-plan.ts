// One game's search as SQL pieces: the tests on card_pool's index entries that stand in for parts
// of the query (a superset of its matches: the document is always re-checked by the residual
// function), the FTS expressions, and the segments its result is read in, in order.
//
// Prefilters: the search's scope (set, types) and `set:`; `type:` equals → card_pool.type (the
// game's types matched case-insensitively); comparisons on the game's deck.builder.costField →
// card_pool.cost_key; positive text tests → FTS over the name or the search text. Text and equals
// tests on the field index (card-schema/search/field-index.ts) are not prefilters but exact: they
// are part of the FTS expression (negated ones in its NOT) and never re-checked on the document.

import type { CardTest, FieldTest, GameSearch, SearchSort, TextTerm } from '../../card-schema/search/query';
import { indexedTerms, type IndexedTest } from '../../card-schema/search/field-index';
import { fieldMatch, gameMatch, matchExpression, type GameMatch } from './search-fts';
import { namePrefixPattern, namePrefixUpperBound } from './name-prefix';
import { fieldPath, NO_COST_KEY } from './pool-rows';
import type { SearchShape } from './search-shape';

/** Bound parameters; a Buffer only for the bitmap of a member walk (@members). */
export type Params = Record<string, string | number | Buffer>;

/** The scope of a search beside its games: what the UI's filters add. */
export interface SearchScope {
  setId?: string;
  /** Card type ids; absent or empty means every type. */
  types?: readonly string[];
}

export interface GamePlan {
  systemId: string;
  /** Conditions on card_pool `p`, with their values in `params` (with @systemId; @key once registered). */
  filters: string[];
  params: Params;
  match: GameMatch;
  /** The field tests the prefilters do not answer exactly: run on the document (cardwright_fields). */
  fieldTests: CardTest[];
  /** The tests the field index answers (in `match`), as its terms, for walks that test rows in JS. */
  indexed: IndexedTest[];
  residual: boolean;
  /** Its filters are only the game and its sets: in a span no other card shares, FTS matches are the result. */
  scopeOnly: boolean;
  /** The top-level fields the residual tests read (@residualName/@residualPath i); null: the whole document. */
  residualFields: string[] | null;
  /**
   * When every residual test is a negated one whose field has an FTS superset: those supersets
   * ORed, the only cards that can fail them (a card outside passes without its document being
   * read). Null otherwise.
   */
  residualOnlyIn: string | null;
  /**
   * Relevance tier 0: names starting with the free words (null: no tier 0). `likeIsInName`: the
   * LIKE test alone says every free word is in the name (cardwright_in_name need not run).
   */
  namePrefix: { lo: string; hi: string | null; pattern: string; likeIsInName: boolean } | null;
  /** The set ids the game's search is limited to (for the FTS rowid bounds), when limited. */
  setIds?: readonly string[];
}

const isPath = (paths: readonly (readonly string[])[], field: string) =>
  paths.length === 1 && paths[0].length === 1 && paths[0][0] === field;

function intersect(list: readonly string[] | undefined, allowed: readonly string[]): string[] {
  return list === undefined ? [...allowed] : list.filter((item) => allowed.includes(item));
}

/** The game's card types a positive `type` equals test allows (compared case-insensitively). */
function typesAllowed(test: Extract<FieldTest, { kind: 'equals' }>, types: readonly string[]): string[] {
  const wanted = new Set(test.values.flatMap((value) => (typeof value === 'string' ? [value.toLowerCase()] : [])));
  return types.filter((type) => wanted.has(type.toLowerCase()));
}

const COST_CONDITIONS: Partial<Record<Extract<FieldTest, { kind: 'compare' }>['op'], (param: string) => string>> = {
  '<': (param) => `p.cost_key < ${param}`,
  '<=': (param) => `p.cost_key <= ${param}`,
  '>': (param) => `p.cost_key > ${param} AND p.cost_key < ${NO_COST_KEY}`,
  '>=': (param) => `p.cost_key >= ${param} AND p.cost_key < ${NO_COST_KEY}`,
  '=': (param) => `p.cost_key = ${param}`,
};

/**
 * Relevance tier 0 (names starting with the words) only up to this many characters of words:
 * SQLite refuses LIKE patterns past 50,000 bytes, and no name starts with a pasted page.
 */
const MAX_NAME_PREFIX = 1_000;

/**
 * The plan of one game, or null when the scope leaves it nothing to match. `type` equals and
 * cost comparisons are answered exactly by card_pool (its type, and its cost_key is the card's
 * numeric cost), so they are not re-checked on the document.
 */
export function planGame(game: GameSearch, scope: SearchScope, shape: SearchShape): GamePlan | null {
  const params: Params = { systemId: game.systemId };
  const fieldTests: CardTest[] = [];
  const indexed: IndexedTest[] = [];
  const filters = ['p.system_id = @systemId'];

  let setIds: string[] | undefined = game.setIds ? [...game.setIds] : undefined;
  if (scope.setId !== undefined) setIds = intersect(setIds, [scope.setId]);
  if (setIds) {
    setIds = setIds.filter((id) => shape.sets.get(id)?.systemId === game.systemId);
    if (setIds.length === 0) return null;
    filters.push('p.set_id IN (SELECT value FROM json_each(@setIds))');
    params.setIds = JSON.stringify(setIds);
  }
  if (game.excludeSetIds?.length) {
    filters.push('p.set_id NOT IN (SELECT value FROM json_each(@excludeSetIds))');
    params.excludeSetIds = JSON.stringify(game.excludeSetIds);
  }

  const scopeFilters = filters.length;
  let types: string[] | undefined = scope.types?.length ? [...scope.types] : undefined;
  const costField = shape.costFieldOf(game.systemId);
  let costs = 0;
  for (const cardTest of game.fields) {
    const { test, negated } = cardTest;
    const condition = test.kind === 'compare' ? COST_CONDITIONS[test.op] : undefined;
    if (!negated && test.kind === 'equals' && isPath(test.paths, 'type')) {
      types = intersect(types, typesAllowed(test, shape.typesOf(game.systemId)));
    } else if (!negated && condition && test.kind === 'compare' && costField !== undefined && isPath(test.paths, costField)) {
      const param = `cost${costs++}`;
      filters.push(condition(`@${param}`));
      params[param] = test.value;
    } else {
      const terms = indexedTerms(test, game);
      if (terms) indexed.push({ terms, negated });
      else fieldTests.push(cardTest);
    }
  }
  if (types) {
    if (types.length === 0) return null;
    filters.push('p.type IN (SELECT value FROM json_each(@types))');
    params.types = JSON.stringify(types);
  }

  const match = gameMatch(game);
  const words = game.text.include.filter((term) => term.tokens.length > 0);
  const prefix = words.map((term) => term.tokens.join(' ')).join(' ');
  return {
    systemId: game.systemId,
    filters,
    params,
    match,
    fieldTests,
    indexed,
    residual: fieldTests.length > 0,
    scopeOnly: filters.length === scopeFilters && !game.excludeSetIds?.length,
    residualFields: topLevelFields(fieldTests, params),
    residualOnlyIn: residualOnlyIn(fieldTests, game),
    namePrefix:
      match.free === null || prefix.length > MAX_NAME_PREFIX
        ? null
        : {
            lo: prefix,
            hi: namePrefixUpperBound(prefix),
            pattern: namePrefixPattern(prefix),
            likeIsInName: likeIsInName(words),
          },
    setIds,
  };
}

/**
 * One prefix word of ASCII letters and digits: a name LIKE 'word%' (ASCII case folded) starts
 * with that word's characters, all token characters, so its first token starts with the word,
 * which is what cardwright_in_name checks. Any other words (several, an exact word, other
 * characters that fold or split) are checked in JS.
 */
function likeIsInName(words: readonly TextTerm[]): boolean {
  return words.length === 1 && words[0].prefix && words[0].tokens.length === 1 && /^[a-z0-9]+$/.test(words[0].tokens[0]);
}

function residualOnlyIn(tests: readonly CardTest[], game: GameSearch): string | null {
  const supersets: string[] = [];
  for (const { test, negated } of tests) {
    const match = negated ? fieldMatch(test, game.unsearched ?? []) : null;
    if (match === null) return null;
    supersets.push(match);
  }
  return supersets.length === 0 ? null : supersets.map((part) => `(${part})`).join(' OR ');
}

/** The distinct first steps of the tests' paths, as parameters; null when one has none ('*' or empty). */
function topLevelFields(tests: readonly CardTest[], params: Params): string[] | null {
  const fields = new Set<string>();
  for (const { test } of tests) {
    for (const path of test.paths) {
      if (path.length === 0 || path[0] === '*') return null;
      fields.add(path[0]);
    }
  }
  const list = [...fields];
  list.forEach((field, i) => {
    params[`residualName${i}`] = field;
    params[`residualPath${i}`] = fieldPath(field);
  });
  return list;
}

/** What drives a game's walk when it is not read in relevance tiers. */
export type TextMode = 'none' | 'in' | 'notIn' | 'rows';

/** Every card the game's search allows, as one FTS expression (null when nothing positive). */
export function fullMatch(plan: GamePlan): string | null {
  return matchExpression([plan.match.free, plan.match.fields], [plan.match.exclude]);
}

/** Relevance tiers (when the search has free words) or one index order. */
export function readsInTiers(plan: GamePlan, sort: SearchSort): boolean {
  return sort === 'relevance' && plan.match.free !== null;
}
