// The library search behind searchCards and searchCardPages: the query is parsed and resolved
// against the games' fields and the library's sets here, on the main thread (which knows the
// game systems); the reader threads run the resolved search in SQL (store/card-search.ts).

import type { SearchPages, SearchResult } from '../api/contract';
import { parseQuery } from '../../card-schema/search/parse';
import { resolveQuery } from '../../card-schema/search/resolve';
import type { ResolvedQuery, SearchSort } from '../../card-schema/search/query';
import type { ReadPool } from '../readers/read-pool';
import type { SearchCursor } from '../../card-schema/search/search-page';
import { withRecords } from '../store/card-row';
import type { Library } from './library';

export interface LibrarySearchInput {
  query: string;
  setId?: string;
  /** The game searched; absent searches every game. */
  systemId?: string;
  types?: string[];
  sort: SearchSort;
  descending: boolean;
}

/** The query resolved for the games it searches (every installed game when no systemId). */
export function resolveLibrarySearch(lib: Library, input: LibrarySearchInput): ResolvedQuery {
  const systems = input.systemId === undefined ? lib.systems.list() : [lib.systems.require(input.systemId)];
  return resolveQuery(parseQuery(input.query), { systems, sets: lib.store.sets.listNames() });
}

export async function searchLibrary(
  lib: Library,
  readers: ReadPool,
  input: LibrarySearchInput & { limit: number; after?: SearchCursor },
): Promise<SearchResult> {
  const resolved = resolveLibrarySearch(lib, input);
  const page = await readers.read('searchCards', {
    games: resolved.games,
    setId: input.setId,
    types: input.types,
    sort: input.sort,
    descending: input.descending,
    limit: input.limit,
    after: input.after,
  });
  return { ...withRecords(page), problems: [...resolved.problems], highlight: [...resolved.highlight] };
}

export async function searchLibraryPages(
  lib: Library,
  readers: ReadPool,
  input: LibrarySearchInput & { pageSize: number },
): Promise<SearchPages> {
  const resolved = resolveLibrarySearch(lib, input);
  return readers.read('searchCardPages', {
    games: resolved.games,
    setId: input.setId,
    types: input.types,
    sort: input.sort,
    descending: input.descending,
    pageSize: input.pageSize,
  });
}
