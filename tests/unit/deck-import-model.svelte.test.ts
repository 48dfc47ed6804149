// The deck import dialog's model with a stubbed API: unmatched lines wait for a choice, a chosen
// suggestion joins its section, a skipped line is left out, and the deck saved holds exactly that
// (the sideboard as the deck's board, not a section).

import { describe, expect, it, vi } from 'vitest';
import type { DeckListImport } from '../../src-main/api/contract';
import { DeckImportModel, type DeckImportDeps } from '../../src-renderer/src/decks/deck-import.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const RESULT: DeckListImport = {
  systemId: 'osmcg',
  format: 'text',
  name: 'Ember',
  sections: {
    hero: [{ cardId: 'h1', count: 1, name: 'Pyra', line: 2 }],
    main: [{ cardId: 'c1', count: 2, name: 'Fire Bolt', line: 4 }],
    sideboard: [{ cardId: 'c2', count: 1, name: 'Kindle', line: 8 }],
  },
  boardIds: ['sideboard', 'maybeboard'],
  problems: [
    {
      kind: 'unmatched',
      line: 5,
      text: '3 Fier Bolt',
      name: 'Fier Bolt',
      count: 3,
      suggestions: [{ cardId: 'c1', name: 'Fire Bolt', setName: 'Core', section: 'main', similarity: 0.9 }],
    },
    { kind: 'unmatched', line: 6, text: '1 Zzz', name: 'Zzz', count: 1, suggestions: [] },
  ],
  cardLines: 4,
  matchedLines: 2,
};

function stub() {
  const deps = {
    api: {
      parseDeckList: vi.fn(async () => RESULT),
      saveDeck: vi.fn(async ({ deck }) => ({ ...deck, id: 'saved', notes: undefined })),
    },
  } satisfies DeckImportDeps;
  return deps;
}

describe('DeckImportModel', () => {
  it('imports only after every unmatched line has a choice, with the chosen cards', async () => {
    const deps = stub();
    const model = new DeckImportModel(deps, 'osmcg');
    model.setText('Hero:\nPyra\nDeck:\n2 Fire Bolt\n3 Fier Bolt\n1 Zzz');
    await model.read();
    expect(model.name).toBe('Ember');
    expect(model.pending).toBe(2);
    expect(model.canImport).toBe(false);
    expect(await model.importDeck()).toBeNull();

    model.choose(5, RESULT.problems[0].kind === 'unmatched' ? RESULT.problems[0].suggestions[0] : never());
    model.skip(6);
    expect(model.pending).toBe(0);
    expect(model.counts).toEqual({ hero: 1, main: 5, sideboard: 1 });
    expect(model.canImport).toBe(true);

    const deck = await model.importDeck();
    expect(deck?.id).toBe('saved');
    expect(deps.api.saveDeck).toHaveBeenCalledWith({
      deck: {
        systemId: 'osmcg',
        name: 'Ember',
        sections: { hero: [{ cardId: 'h1', count: 1 }], main: [{ cardId: 'c1', count: 5 }] },
        boards: { sideboard: [{ cardId: 'c2', count: 1 }] },
      },
    });
  });

  it('keeps a name the user typed, and undoes a choice', async () => {
    const model = new DeckImportModel(stub(), 'osmcg');
    model.setName('Mine');
    model.setText('x');
    await model.read();
    expect(model.name).toBe('Mine');
    model.skip(6);
    model.undo(6);
    expect(model.pending).toBe(2);
  });

  it('shows the reason when the list cannot be read', async () => {
    const deps = stub();
    deps.api.parseDeckList.mockRejectedValueOnce(new Error('x.deck.json: deck.name is missing'));
    const model = new DeckImportModel(deps, 'osmcg');
    model.setText('{}');
    await model.read();
    expect(model.error).toBe('x.deck.json: deck.name is missing');
    expect(model.result).toBeNull();
  });
});

function never(): never {
  throw new Error('unreachable');
}
