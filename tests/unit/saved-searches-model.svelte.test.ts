// The saved searches menu's model with stubbed dependencies: it lists the game's searches (and the
// every-game ones), saves the current search under a name (asking before it replaces one), applies
// and deletes them; and the lines that describe a search.

import { describe, expect, it, vi } from 'vitest';
import type { SavedSearch } from '../../src-main/api/contract';
import {
  describeSearch,
  orderLabel,
  SavedSearchesModel,
  suggestedName,
  type CurrentSearch,
  type SavedSearchesDeps,
} from '../../src-renderer/src/library/saved-searches.svelte';

// The real client picks its transport from `window` on import.
vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const saved = (name: string, systemId: string | null, query = 'ember'): SavedSearch => ({
  id: `id-${name}-${systemId ?? 'all'}`,
  name,
  query,
  systemId,
  sort: 'relevance',
  descending: false,
  createdAt: '2026-11-23T10:00:00.000Z',
});

const current: CurrentSearch = { query: 'type:creature cost<=3 -wolf', systemId: 'osmcg', sort: 'cost', descending: true };

function stubDeps(stored: SavedSearch[] = [saved('Cheap', 'osmcg'), saved('Dragons', null, 'dragon')], confirm = true) {
  let list = [...stored];
  const deps = {
    api: {
      listSavedSearches: vi.fn(async ({ systemId }: { systemId?: string }) =>
        list.filter((s) => systemId === undefined || s.systemId === null || s.systemId === systemId),
      ),
      saveSearch: vi.fn(
        async (input: { name: string; query: string; systemId?: string; sort?: string; descending?: boolean }) => {
          const search: SavedSearch = {
            ...saved(input.name, input.systemId ?? null, input.query),
            sort: (input.sort ?? 'relevance') as SavedSearch['sort'],
            descending: input.descending ?? false,
          };
          list = [
            ...list.filter((s) => !(s.systemId === search.systemId && s.name.toLowerCase() === search.name.toLowerCase())),
            search,
          ];
          return search;
        },
      ),
      deleteSavedSearch: vi.fn(async ({ id }: { id: string }) => {
        list = list.filter((s) => s.id !== id);
      }),
    },
    confirm: vi.fn(async () => confirm),
    showError: vi.fn(),
    showSuccess: vi.fn(),
  } satisfies SavedSearchesDeps;
  return deps;
}

describe('SavedSearchesModel', () => {
  it("opens on the game's saved searches with the every-game ones, and applies one", async () => {
    const deps = stubDeps([saved('Cheap', 'osmcg'), saved('Dragons', null), saved('Clubs', 'omms')]);
    const model = new SavedSearchesModel(deps);
    await model.toggle(current);
    expect(model.open).toBe(true);
    expect(deps.api.listSavedSearches).toHaveBeenCalledWith({ systemId: 'osmcg' });
    expect(model.searches.map((s) => s.name)).toEqual(['Cheap', 'Dragons']);

    const onapply = vi.fn();
    model.apply(model.searches[1], onapply);
    expect(onapply).toHaveBeenCalledWith(expect.objectContaining({ name: 'Dragons', systemId: null }));
    expect(model.open).toBe(false);
  });

  it('lists every saved search while every game is searched', async () => {
    const deps = stubDeps([saved('Cheap', 'osmcg'), saved('Clubs', 'omms')]);
    const model = new SavedSearchesModel(deps);
    await model.show({ ...current, systemId: null });
    expect(deps.api.listSavedSearches).toHaveBeenCalledWith({});
    expect(model.searches).toHaveLength(2);
  });

  it('saves the current search under a name, with its query, order and game', async () => {
    const deps = stubDeps();
    const model = new SavedSearchesModel(deps);
    await model.show(current);
    model.startSaving(current);
    expect(model.open).toBe(false);
    expect(model.naming).toBe(true);
    expect(model.name).toBe('type:creature cost<=3 -wolf');
    expect(model.everyGame).toBe(false);
    model.name = '  Small creatures  ';
    expect(await model.save(current)).toBe(true);
    expect(deps.api.saveSearch).toHaveBeenCalledWith({
      name: 'Small creatures',
      query: current.query,
      systemId: 'osmcg',
      sort: 'cost',
      descending: true,
    });
    expect(deps.confirm).not.toHaveBeenCalled();
    expect(deps.showSuccess).toHaveBeenCalledWith('Saved the search “Small creatures”');
    expect(model.naming).toBe(false);
    expect(model.searches.map((s) => s.name)).toContain('Small creatures');
  });

  it('saves for every game when asked, and always while every game is searched', async () => {
    const deps = stubDeps();
    const model = new SavedSearchesModel(deps);
    model.startSaving(current);
    model.everyGame = true;
    await model.save(current);
    expect(deps.api.saveSearch).toHaveBeenLastCalledWith(expect.objectContaining({ systemId: undefined }));
    expect(deps.showSuccess).toHaveBeenLastCalledWith(expect.stringContaining('for every game'));

    model.startSaving({ ...current, systemId: null });
    expect(model.everyGame).toBe(true);
  });

  it('asks before replacing a search of the same name in the same scope, and keeps it when told no', async () => {
    const deps = stubDeps(undefined, false);
    const model = new SavedSearchesModel(deps);
    model.startSaving(current);
    model.name = 'cheap';
    expect(await model.save(current)).toBe(false);
    expect(deps.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Replace the saved search?', confirmLabel: 'Replace' }),
    );
    expect(deps.api.saveSearch).not.toHaveBeenCalled();
    expect(model.naming).toBe(true);

    // The same name for every game is another search: nothing to replace.
    model.everyGame = true;
    expect(model.replaced(current)).toBeUndefined();
    deps.confirm.mockResolvedValue(true);
    model.everyGame = false;
    expect(await model.save(current)).toBe(true);
    expect(deps.api.saveSearch).toHaveBeenCalledTimes(1);
  });

  it('says what is wrong with the name instead of saving', async () => {
    const deps = stubDeps();
    const model = new SavedSearchesModel(deps);
    model.startSaving(current);
    model.name = '   ';
    expect(await model.save(current)).toBe(false);
    expect(model.nameProblem).toBe('Type a name for this search.');
    model.name = 'x'.repeat(201);
    expect(await model.save(current)).toBe(false);
    expect(model.nameProblem).toMatch(/at most 200 characters; this one has 201/);
    expect(deps.api.saveSearch).not.toHaveBeenCalled();
  });

  it('shows a refused save as an error and keeps the dialog open', async () => {
    const deps = stubDeps();
    deps.api.saveSearch.mockRejectedValue(new Error('There are already 500 saved searches'));
    const model = new SavedSearchesModel(deps);
    model.startSaving(current);
    expect(await model.save(current)).toBe(false);
    expect(deps.showError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('500') }));
    expect(model.naming).toBe(true);
    expect(model.busy).toBe(false);
  });

  it('deletes a saved search after a confirm, and not without one', async () => {
    const deps = stubDeps(undefined, false);
    const model = new SavedSearchesModel(deps);
    await model.show(current);
    await model.remove(model.searches[0], current);
    expect(deps.api.deleteSavedSearch).not.toHaveBeenCalled();

    deps.confirm.mockResolvedValue(true);
    await model.remove(model.searches[0], current);
    expect(deps.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ danger: true, confirmLabel: 'Delete' }));
    expect(deps.api.deleteSavedSearch).toHaveBeenCalledWith({ id: 'id-Cheap-osmcg' });
    expect(model.searches.map((s) => s.name)).toEqual(['Dragons']);
  });
});

describe('describing a saved search', () => {
  it('suggests the query, shortened, as its name', () => {
    expect(suggestedName('  type:creature   -wolf ')).toBe('type:creature -wolf');
    expect(suggestedName('')).toBe('All cards');
    expect(suggestedName('x'.repeat(100))).toHaveLength(60);
  });

  it('names the order unless it is the default', () => {
    expect(orderLabel({ sort: 'relevance', descending: false })).toBe('');
    expect(orderLabel({ sort: 'cost', descending: true })).toBe('by cost, descending');
    expect(describeSearch({ query: '', sort: 'name', descending: false })).toBe('all cards · by name');
    expect(describeSearch({ query: 'a'.repeat(10_000), sort: 'relevance', descending: false })).toHaveLength(80);
  });
});
