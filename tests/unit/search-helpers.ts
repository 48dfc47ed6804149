// Library searches for store tests, written as text: words (each a prefix) and -words, resolved
// per game by hand (as the query language's resolver does for free words), so these tests do not
// depend on the parser.

import type { GameSearch, SearchSort, TextTerm } from '../../card-schema/search/query';
import { searchTokens } from '../../card-schema/search/tokens';
import type { CardSearchPage, SearchCursor } from '../../card-schema/search/search-page';
import type { Store } from '../../src-main/store/store';

export interface TextSearch {
  query?: string;
  setId?: string;
  /** Absent: every game of the store's sets. */
  systemId?: string;
  types?: readonly string[];
  sort?: SearchSort;
  descending?: boolean;
  limit: number;
  after?: SearchCursor;
}

/** The free words of `query` as every game's search. */
export function wordGames(query: string, systemIds: readonly string[]): GameSearch[] {
  const include: TextTerm[] = [];
  const exclude: TextTerm[] = [];
  for (const word of query.split(/\s+/)) {
    const negated = word.startsWith('-') && word.length > 1;
    const tokens = searchTokens(negated ? word.slice(1) : word);
    if (tokens.length > 0) (negated ? exclude : include).push({ tokens, prefix: true });
  }
  return systemIds.map((systemId) => ({ systemId, text: { include, exclude }, fields: [] }));
}

export function gamesOf(store: Store, systemId?: string): string[] {
  return systemId !== undefined ? [systemId] : [...new Set(store.sets.list().map((set) => set.systemId))];
}

export function textSearch(store: Store, search: TextSearch): CardSearchPage {
  return store.cards.search({
    games: wordGames(search.query ?? '', gamesOf(store, search.systemId)),
    setId: search.setId,
    types: search.types,
    sort: search.sort ?? 'relevance',
    descending: search.descending ?? false,
    limit: search.limit,
    after: search.after,
  });
}
