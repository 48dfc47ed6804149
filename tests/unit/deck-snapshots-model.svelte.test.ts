// The Versions dialog's model with stubbed dependencies: it opens on the newest snapshot against
// the deck now, names deleted cards in the diff, keeps a named version, and restores only after
// the user confirms.

import { describe, expect, it, vi } from 'vitest';
import type { Deck } from '../../card-schema/deck/format';
import type { GameSystem } from '../../card-schema/system/format';
import type { DeckSnapshot, DeckSnapshotSummary } from '../../src-main/api/contract';
import {
  CURRENT,
  DeckSnapshotsModel,
  snapshotLabel,
  type DeckSnapshotsDeps,
} from '../../src-renderer/src/decks/deck-snapshots.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const system = {
  id: 'g',
  deck: { sections: [{ id: 'main', label: 'Main', types: ['unit'] }], rules: [] },
} as unknown as GameSystem;
const now: Deck = { id: 'd1', systemId: 'g', name: 'Deck', sections: { main: [{ cardId: 'a', count: 3 }] } };
const auto: DeckSnapshotSummary = {
  id: 's2',
  deckId: 'd1',
  kind: 'auto',
  name: '',
  createdAt: '2026-11-23T10:00:00.000Z',
  cards: 3,
};
const named: DeckSnapshotSummary = { ...auto, id: 's1', kind: 'named', name: 'First', createdAt: '2026-11-22T10:00:00.000Z' };
const versions: Record<string, DeckSnapshot> = {
  s2: {
    ...auto,
    version: {
      name: 'Deck',
      sections: {
        main: [
          { cardId: 'a', count: 2 },
          { cardId: 'gone', count: 1, name: 'Old Lamp' },
        ],
      },
    },
  },
  s1: { ...named, version: { name: 'Deck', sections: { main: [{ cardId: 'a', count: 3 }] } } },
};

function stubDeps(confirmed = true) {
  return {
    api: {
      listDeckSnapshots: vi.fn(async () => [auto, named]),
      getDeckSnapshot: vi.fn(async ({ id }: { id: string }) => versions[id]),
      keepDeckSnapshot: vi.fn(async () => named),
      restoreDeckSnapshot: vi.fn(async () => now),
      deleteDeckSnapshot: vi.fn(async () => undefined),
      getDeck: vi.fn(async () => now),
      getCards: vi.fn(async () => [{ id: 'a', setId: 's', systemId: 'g', updatedAt: '', doc: { type: 'unit', name: 'Ash' } }]),
    },
    confirm: vi.fn(async () => confirmed),
    showError: vi.fn(),
    showSuccess: vi.fn(),
  } satisfies DeckSnapshotsDeps;
}

describe('DeckSnapshotsModel', () => {
  it('opens on the newest snapshot against the deck now, naming deleted cards', async () => {
    const deps = stubDeps();
    const model = new DeckSnapshotsModel(deps, 'd1', system);
    await model.load();
    expect([model.from, model.to]).toEqual(['s2', CURRENT]);
    expect(model.diff?.parts).toEqual([
      {
        id: 'main',
        board: false,
        added: [],
        removed: [{ cardId: 'gone', name: 'Old Lamp (deleted)', before: 1, after: 0 }],
        changed: [{ cardId: 'a', name: 'Ash', before: 2, after: 3 }],
      },
    ]);
    model.from = 's1';
    await model.compare();
    expect(model.diff?.same).toBe(true);
    expect(snapshotLabel(auto)).toBe('Before a save');
  });

  it('keeps a named version and restores only after confirming', async () => {
    const deps = stubDeps(false);
    const model = new DeckSnapshotsModel(deps, 'd1', system);
    await model.load();
    expect(await model.keep('  ')).toBe(false);
    expect(await model.keep('Tournament')).toBe(true);
    expect(deps.api.keepDeckSnapshot).toHaveBeenCalledWith({ deckId: 'd1', name: 'Tournament' });
    expect(await model.restore(named)).toBeUndefined();
    expect(deps.api.restoreDeckSnapshot).not.toHaveBeenCalled();
    deps.confirm.mockResolvedValue(true);
    expect(await model.restore(named)).toEqual(now);
    expect(deps.api.restoreDeckSnapshot).toHaveBeenCalledWith({ id: 's1' });
  });
});
