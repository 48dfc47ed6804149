// The library's saved searches menu: the searches of the current game and the every-game ones,
// "Save this search…" (a name, and whether it is for every game), apply one, delete one after a
// confirm. Saving under a name the scope already has replaces that search, after asking.

import type { ApiClient, SavedSearch } from '../../../src-main/api/contract';
import type { SearchSort } from '../../../card-schema/search/query';
import { api } from '../api/client';
import { confirmDialog, type ConfirmOptions } from '../lib/dialog.svelte';
import { showError, showSuccess } from '../lib/toast.svelte';

/** The search the library shows now: what "Save this search…" keeps. */
export interface CurrentSearch {
  query: string;
  /** The game searched; null: every game. */
  systemId: string | null;
  sort: SearchSort;
  descending: boolean;
}

export interface SavedSearchesDeps {
  api: Pick<ApiClient, 'listSavedSearches' | 'saveSearch' | 'deleteSavedSearch'>;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  showError: (error: unknown) => void;
  showSuccess: (message: string) => void;
}

const appDeps: SavedSearchesDeps = { api, confirm: confirmDialog, showError, showSuccess };

/** The longest name the API keeps. */
export const MAX_SAVED_SEARCH_NAME = 200;

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'best match',
  name: 'name',
  type: 'type',
  cost: 'cost',
  set: 'set',
  identity: 'identity',
};

/** A name to start from: the query itself, shortened, or "All cards" for a blank one. */
export function suggestedName(query: string): string {
  const words = query.trim().replace(/\s+/g, ' ');
  if (!words) return 'All cards';
  return words.length <= 60 ? words : `${words.slice(0, 59)}…`;
}

/** "by cost, descending", or '' for the default order. */
export function orderLabel(search: Pick<CurrentSearch, 'sort' | 'descending'>): string {
  if (search.sort === 'relevance' && !search.descending) return '';
  return `by ${SORT_LABELS[search.sort]}${search.descending ? ', descending' : ''}`;
}

/** The line under a saved search's name: its query (or "all cards") and its order. */
export function describeSearch(search: Pick<CurrentSearch, 'query' | 'sort' | 'descending'>): string {
  const query = search.query.trim().replace(/\s+/g, ' ');
  const shown = !query ? 'all cards' : query.length <= 80 ? query : `${query.slice(0, 79)}…`;
  return [shown, orderLabel(search)].filter(Boolean).join(' · ');
}

export class SavedSearchesModel {
  open = $state(false);
  /** The game's saved searches and the every-game ones, by name. */
  searches: SavedSearch[] = $state.raw([]);
  loading = $state(false);
  /** The name dialog of "Save this search…" is showing. */
  naming = $state(false);
  name = $state('');
  /** Save it for every game instead of the current one. */
  everyGame = $state(false);
  /** Why the name cannot be saved as typed; shown under the field. */
  nameProblem: string | null = $state(null);
  busy = $state(false);

  constructor(private readonly deps: SavedSearchesDeps = appDeps) {}

  /** Those of `systemId`'s game with the every-game ones; with null (every game shown), all of them. */
  async load(systemId: string | null): Promise<void> {
    this.loading = true;
    try {
      this.searches = await this.deps.api.listSavedSearches(systemId === null ? {} : { systemId });
    } catch (error) {
      this.deps.showError(error);
    } finally {
      this.loading = false;
    }
  }

  async toggle(current: CurrentSearch): Promise<void> {
    if (this.open) this.close();
    else await this.show(current);
  }

  async show(current: CurrentSearch): Promise<void> {
    this.open = true;
    await this.load(current.systemId);
  }

  close(): void {
    this.open = false;
  }

  /** Applies a saved search: the menu closes and the library takes its query, order and game. */
  apply(search: SavedSearch, onapply: (search: SavedSearch) => void): void {
    this.close();
    onapply(search);
  }

  /** Opens the name dialog for the search shown now. */
  startSaving(current: CurrentSearch): void {
    this.close();
    this.name = suggestedName(current.query);
    this.everyGame = current.systemId === null;
    this.nameProblem = null;
    this.naming = true;
  }

  cancelSaving(): void {
    if (!this.busy) this.naming = false;
  }

  /** The saved search the name would replace (same scope, any case), if any. */
  replaced(current: CurrentSearch): SavedSearch | undefined {
    const scope = this.everyGame ? null : current.systemId;
    const name = this.name.trim().toLocaleLowerCase();
    return this.searches.find((search) => search.systemId === scope && search.name.toLocaleLowerCase() === name);
  }

  /** Saves the current search under the typed name; true when it was saved. */
  async save(current: CurrentSearch): Promise<boolean> {
    const name = this.name.trim();
    this.nameProblem = !name
      ? 'Type a name for this search.'
      : name.length > MAX_SAVED_SEARCH_NAME
        ? `A name has at most ${MAX_SAVED_SEARCH_NAME} characters; this one has ${name.length.toLocaleString()}.`
        : null;
    if (this.nameProblem) return false;
    const systemId = this.everyGame ? null : current.systemId;
    // The list of the scope being saved to, so a search it would replace is known and asked about.
    await this.load(systemId);
    const replacing = this.replaced(current);
    if (replacing) {
      const confirmed = await this.deps.confirm({
        title: 'Replace the saved search?',
        message: `“${replacing.name}” (${describeSearch(replacing)}) will be replaced by this search.`,
        confirmLabel: 'Replace',
      });
      if (!confirmed) return false;
    }
    this.busy = true;
    try {
      const saved = await this.deps.api.saveSearch({
        name,
        query: current.query,
        systemId: systemId ?? undefined,
        sort: current.sort,
        descending: current.descending,
      });
      this.naming = false;
      this.deps.showSuccess(`Saved the search “${saved.name}”${systemId === null ? ' for every game' : ''}`);
      await this.load(current.systemId);
      return true;
    } catch (error) {
      this.deps.showError(error);
      return false;
    } finally {
      this.busy = false;
    }
  }

  /** Deletes a saved search after a confirm. */
  async remove(search: SavedSearch, current: CurrentSearch): Promise<void> {
    const confirmed = await this.deps.confirm({
      title: 'Delete the saved search?',
      message: `“${search.name}” (${describeSearch(search)}) will be deleted. The cards it finds stay as they are.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await this.deps.api.deleteSavedSearch({ id: search.id });
    } catch (error) {
      this.deps.showError(error);
    }
    await this.load(current.systemId);
  }
}
