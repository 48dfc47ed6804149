// The library search behind searchCards and searchCardPages: the query is parsed and resolved
// against the games' fields and the library's sets here, on the main thread (which knows the
// game systems); the reader threads run the resolved search in SQL.
// INTERIM: until the search engine runs a ResolvedQuery, the readers get the typed text.

import type { SearchPages, SearchResult } from '../api/contract';
import { parseQuery } from '../../card-schema/search/parse';
import { resolveQuery } from '../../card-schema/search/resolve';
import type { SearchSort } from '../../card-schema/search/query';
import type { ReadPool } from '../readers/read-pool';
import type { SearchCursor } from '../store/card-search';
import type { Library } from './card-library';

export interface LibrarySearchInput {
  query: string;
  setId?: string;
  systemId?: string;
  types?: string[];
  sort: SearchSort;
  descending: boolean;
}

function resolve(lib: Library, input: LibrarySearchInput) {
  const systems = input.systemId === undefined ? lib.systems.list() : [lib.systems.require(input.systemId)];
  return resolveQuery(parseQuery(input.query), { systems, sets: lib.store.sets.list() });
}

export async function searchLibrary(
  lib: Library,
  readers: ReadPool,
  input: LibrarySearchInput & { limit: number; after?: SearchCursor },
): Promise<SearchResult> {
  const resolved = resolve(lib, input);
  const page = await readers.read('searchCards', {
    query: input.query,
    setId: input.setId,
    systemId: input.systemId,
    types: input.types,
    limit: input.limit,
    after: input.after,
  });
  return { ...page, problems: [...resolved.problems], highlight: [...resolved.highlight] };
}

export async function searchLibraryPages(
  lib: Library,
  readers: ReadPool,
  input: LibrarySearchInput & { pageSize: number },
): Promise<SearchPages> {
  const starts: (SearchCursor | null)[] = [];
  let total = 0;
  let after: SearchCursor | null = null;
  do {
    starts.push(after);
    const page: SearchResult = await searchLibrary(lib, readers, { ...input, limit: input.pageSize, after: after ?? undefined });
    total += page.cards.length;
    after = page.next;
  } while (after);
  return { total, starts };
}
