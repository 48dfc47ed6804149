// The board model's token picker: it asks the library for the game's token cards (searchCards,
// scoped to the game and the match's types), keeps those the game's match picks, by name, and
// puts a chosen one on the board zone; refused in a replay.

import { describe, expect, it, vi } from 'vitest';
import type { Deck } from '../../card-schema/deck/format';
import type { CardRecord } from '../../card-schema/system/format';
import type { ApiClient } from '../../src-main/api/contract';
import { PlaytestBoard } from '../../src-renderer/src/playtest/playtest-board.svelte';
import { loadSamples } from './systems/harness';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const muhq = loadSamples('muhq');
const deck: Deck = { ...muhq.decks.get('deck-legal.json')!, id: 'deck-muhq', systemId: 'muhq' };
const library: CardRecord[] = [...muhq.docs.entries()].map(([id, doc]) => ({ id, setId: 'vale', doc }) as CardRecord);

function boardWith(searches: unknown[]): PlaytestBoard {
  const storage = new Map<string, string>();
  const api = {
    getDeck: () => Promise.resolve(deck),
    getCards: ({ ids }: { ids: string[] }) => Promise.resolve(library.filter((card) => ids.includes(card.id))),
    // The library search answers its scope: the game's cards of the asked types.
    searchCards: (request: { systemId?: string; types?: string[] }) => {
      searches.push(request);
      const cards = library.filter((card) => !request.types || request.types.includes(card.doc.type));
      return Promise.resolve({ cards, total: cards.length, totalExact: true, next: null, problems: [], highlight: [] });
    },
  } as unknown as Pick<ApiClient, 'getDeck' | 'getCards' | 'searchCards'>;
  const board = new PlaytestBoard(
    {
      api,
      loadSystem: () => Promise.resolve(muhq.system),
      storage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
        removeItem: (key: string) => void storage.delete(key),
      } as Storage,
      now: () => new Date('2026-11-27T09:00:00Z'),
      showError: (error) => {
        throw error;
      },
    },
    deck.id,
  );
  board.seed = 3;
  return board;
}

describe('the token picker of the board model', () => {
  it("lists the game's token cards by name, asking the library once, and puts the chosen one on the map", async () => {
    const searches: unknown[] = [];
    const board = boardWith(searches);
    await board.load();
    expect(board.hasTokens).toBe(true);
    const tokens = await board.loadTokenCards();
    expect(tokens.map((card) => card.doc.name)).toEqual(['Skeleton', 'Wall of Thorns']);
    await board.loadTokenCards();
    expect(searches).toEqual([{ query: '', systemId: 'muhq', types: ['token'], limit: 5_000 }]);
    expect(board.createToken(tokens[0])).toBe(true);
    const map = board.game!.zones.map;
    expect(board.game!.cards[map[map.length - 1]]).toMatchObject({ name: 'Skeleton', token: true });
    // In a replay the board is read-only.
    expect(board.openReplay()).toBe(true);
    expect(board.createToken(tokens[1])).toBe(false);
    board.replayKey('End');
    expect(board.replayAction).toBe('Create a Skeleton token');
  });
});
