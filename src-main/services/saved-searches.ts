// Saved searches for the API: the library's query, sort and direction kept under a name, for one
// game or for every game. Saving under a name the scope already has replaces that search. The
// query is kept as typed (its problems show when it runs, as for any typed query).

import type { SavedSearch } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { SavedSearchInput } from '../store/saved-searches-repo';
import type { Library } from './library';

/** The most saved searches a library keeps: far more than a menu can usefully show. */
export const MAX_SAVED_SEARCHES = 500;

/** The game's saved searches and the every-game ones; with no game, all of them. */
export function listSavedSearches(lib: Library, systemId: string | undefined): SavedSearch[] {
  return lib.store.savedSearches.list(systemId);
}

export function saveSearch(lib: Library, input: SavedSearchInput): SavedSearch {
  if (input.systemId !== null) lib.systems.require(input.systemId);
  return lib.store.transaction(() => {
    const replacing = lib.store.savedSearches.findInScope(input.systemId, input.name);
    if (!replacing && lib.store.savedSearches.count() >= MAX_SAVED_SEARCHES) {
      throw new ApiError(
        `There are already ${MAX_SAVED_SEARCHES} saved searches; delete some before saving “${input.name}”`,
        'CONFLICT',
      );
    }
    return lib.store.savedSearches.save(input);
  });
}

export function deleteSavedSearch(lib: Library, id: string): void {
  if (!lib.store.savedSearches.delete(id)) throw new ApiError(`No saved search with id "${id}"`, 'NOT_FOUND');
}
