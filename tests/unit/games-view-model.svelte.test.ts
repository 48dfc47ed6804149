// The Games view's model with stubbed dependencies: which game is shown, importing, removing,
// and deleting the remains of a game that is gone.

import { flushSync } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import type { GameSystem } from '../../card-schema/system/format';
import type { ImportSystemResult, SystemSummary } from '../../src-main/api/contract';
import { GamesViewModel, type GamesViewDeps } from '../../src-renderer/src/games/games-view.svelte';

// The real client picks its transport from `window` on import.
vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

function summary(id: string): SystemSummary {
  return { id, name: id.toUpperCase(), version: '1.0.0', builtIn: false } as SystemSummary;
}

function stubDeps(overrides: Partial<GamesViewDeps> = {}) {
  let list = [summary('alpha'), summary('beta')];
  const deps = {
    api: {
      listSystemProblems: vi.fn(async () => [{ file: 'x/system.json', reason: 'gone', orphanedSystemId: 'x' }]),
      removeSystem: vi.fn(async () => ({ sets: 2, cards: 7, decks: 1, trashId: 't1' })),
      listSets: vi.fn(async () => [
        { systemId: 'beta', cardCount: 3 },
        { systemId: 'alpha', cardCount: 5 },
      ]),
      listDecks: vi.fn(async () => []),
      sampleCards: vi.fn(async ({ systemId }: { systemId: string }) => [
        { typeId: `${systemId}-unit`, card: null, setName: null },
      ]),
    },
    jobs: { run: vi.fn() },
    systems: {
      get list() {
        return list;
      },
      get: (id: string) =>
        ({ id, reference: { glossary: [{ term: 'Haste', category: 'Keyword', text: 'fast' }] } }) as GameSystem,
    },
    reloadSystems: vi.fn(async () => {
      list = [...list, summary('gamma')];
    }),
    confirm: vi.fn(async () => true),
    showError: vi.fn(),
    announceTrashed: vi.fn(),
    ...overrides,
  };
  return deps as unknown as GamesViewDeps & typeof deps;
}

describe('GamesViewModel', () => {
  it('shows the first game until one is picked, and filters its glossary', () => {
    const model = new GamesViewModel(stubDeps());
    expect(model.summary?.id).toBe('alpha');
    model.select('beta');
    expect(model.system?.id).toBe('beta');
    expect(model.glossary).toHaveLength(1);
    model.glossaryFilter = 'slow';
    expect(model.glossary).toEqual([]);
  });

  it('loads a card of each type for the game shown, and drops an answer for a game no longer shown', async () => {
    const deps = stubDeps();
    const model = new GamesViewModel(deps);
    await model.loadSamples('alpha');
    expect(model.samples).toEqual({ systemId: 'alpha', cards: [{ typeId: 'alpha-unit', card: null, setName: null }] });

    let answer: (value: unknown) => void = () => {};
    vi.mocked(deps.api.sampleCards).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)) as never);
    const late = model.loadSamples('alpha');
    model.select('beta');
    flushSync();
    answer([{ typeId: 'stale', card: null, setName: null }]);
    await late;
    expect(model.samples?.cards[0].typeId).toBe('alpha-unit');
  });

  it('loads the problems', async () => {
    const model = new GamesViewModel(stubDeps());
    model.loadProblems();
    await vi.waitFor(() => expect(model.problems).toHaveLength(1));
  });

  it('selects an imported game and shows its report', async () => {
    const deps = stubDeps();
    const result = { system: { id: 'gamma' }, replaced: false, sets: [] } as unknown as ImportSystemResult;
    deps.jobs.run = vi.fn(async () => result) as unknown as GamesViewDeps['jobs']['run'];
    const model = new GamesViewModel(deps);
    await model.importPicked({ fileName: 'g.json', text: '{}' });
    flushSync();
    expect(model.summary?.id).toBe('gamma');
    expect(model.imported).toStrictEqual(result);
    model.closeImportReport();
    expect(model.imported).toBeNull();
  });

  it('removes a game after confirming with what goes with it', async () => {
    const deps = stubDeps();
    const model = new GamesViewModel(deps);
    model.select('beta');
    await model.removeGame('beta', 'BETA');
    expect(deps.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('1 card set (3 cards) and 0 decks') }),
    );
    expect(deps.api.removeSystem).toHaveBeenCalledWith({ systemId: 'beta' });
    expect(model.selectedId).toBeNull();
    expect(deps.announceTrashed).toHaveBeenCalledWith('BETA', expect.objectContaining({ trashId: 't1' }));
  });

  it('keeps everything when the removal is not confirmed', async () => {
    const deps = stubDeps({ confirm: vi.fn(async () => false) });
    await new GamesViewModel(deps).deleteOrphans('x');
    expect(deps.api.removeSystem).not.toHaveBeenCalled();
  });

  it('deletes the remains of a game that is gone, then lists the problems again', async () => {
    const deps = stubDeps();
    await new GamesViewModel(deps).deleteOrphans('x');
    expect(deps.announceTrashed).toHaveBeenCalledWith(
      '2 card sets and 1 deck of "x"',
      expect.objectContaining({ trashId: 't1' }),
    );
    expect(deps.api.listSystemProblems).toHaveBeenCalledTimes(1);
  });
});
