// The solo board's model with stubbed dependencies: the keys a focused card takes, the free spot
// a card sent to a board by key lands on, and the saved session offered back on the next visit.

import { describe, expect, it, vi } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Deck } from '../../card-schema/deck/format';
import type { CardRecord } from '../../card-schema/system/format';
import { zoneOf } from '../../card-schema/playtest/engine';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { PlaytestBoard, type PlaytestBoardDeps } from '../../src-renderer/src/playtest/playtest-board.svelte';
import { sessionTime } from '../../src-renderer/src/playtest/playtest-session';
import { MemoryStorage } from './memory-storage';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const system = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/odd-frontier', import.meta.url)));
const cards: CardRecord[] = ['Tide Engine', 'Reef Crab', 'Gull Scout', 'Salt Golem'].map((name, i) => ({
  id: `card-${i}`,
  setId: 'set',
  doc: { type: 'creature', name },
})) as unknown as CardRecord[];
const deck: Deck = {
  id: 'deck-1',
  systemId: 'odd-frontier',
  name: 'Shore',
  sections: { archive: cards.map((card) => ({ cardId: card.id, count: 4 })) },
};

function deps(storage: Storage, now = new Date('2026-11-27T12:03:00')): PlaytestBoardDeps {
  return {
    api: {
      getDeck: () => Promise.resolve(deck),
      getCards: () => Promise.resolve(cards),
      searchCards: () => Promise.reject(new Error('Odd Frontier defines no tokens: the board never searches')),
    },
    loadSystem: () => Promise.resolve(system),
    storage,
    now: () => now,
    showError: (error) => {
      throw error;
    },
  };
}

async function opened(storage: Storage): Promise<PlaytestBoard> {
  const board = new PlaytestBoard(deps(storage), deck.id);
  board.seed = 11;
  await board.load();
  board.keep();
  return board;
}

describe('the board model', () => {
  it('sends a focused card to a zone by its number and lays it on a free spot of a board', async () => {
    const board = await opened(new MemoryStorage());
    const game = () => board.game!;
    const card = game().zones.hand[0];
    expect(board.cardKey(card, '3', false)).toBe(true); // zone 3: the Battlefield
    expect(zoneOf(game(), card)).toBe('battlefield');
    expect(game().table[card].at).toEqual({ x: 0.02, y: 0.06 });
    expect(board.cardKey(card, 'ArrowRight', true)).toBe(true);
    expect(game().table[card].at).toEqual({ x: 0.12, y: 0.06 });
    board.cardKey(card, 't', false);
    board.cardKey(card, '+', false);
    expect(game().table[card]).toMatchObject({ tapped: true, counters: { damage: 1 } });
    expect(board.cardKey(card, 'q', false)).toBe(false);
    const inHand = game().zones.hand[0];
    const logLength = game().log.length;
    board.cardKey(inHand, '2', false); // already in the hand (zone 2): nothing happens
    expect(game().log).toHaveLength(logLength);
    expect(board.undo()).toBe(true);
    expect(game().table[card].counters).toBeUndefined();
  });

  it('offers the last session back on the next visit, and resumes it exactly', async () => {
    const storage = new MemoryStorage();
    const first = await opened(storage);
    const card = first.game!.zones.hand[0];
    first.cardKey(card, '3', false);
    first.cardKey(card, 't', false);

    const second = new PlaytestBoard(deps(storage), deck.id);
    await second.load();
    expect(second.resumeOffer?.state).toEqual(first.game);
    expect(second.resumeTime).toBe('12:03');
    second.resume();
    expect(second.game).toEqual(first.game);
    expect(second.resumeOffer).toBeNull();
  });

  it('drops the offer once the player plays on, and forgets a session it cannot read', async () => {
    const storage = new MemoryStorage();
    await opened(storage);
    const second = new PlaytestBoard(deps(storage), deck.id);
    await second.load();
    second.act({ type: 'mulligan' });
    expect(second.resumeOffer).toBeNull();

    storage.setItem('cardwright.playtest-session.deck-1', '{"broken"');
    const third = new PlaytestBoard(deps(storage), deck.id);
    await third.load();
    expect(third.resumeOffer).toBeNull();
    expect(storage.getItem('cardwright.playtest-session.deck-1')).toBeNull();
  });

  it('says when a session was saved: the time today, the day before that', () => {
    expect(sessionTime('2026-11-27T12:03:00', new Date('2026-11-27T18:00:00'))).toBe('12:03');
    expect(sessionTime('2026-11-25T09:15:00', new Date('2026-11-27T18:00:00'))).toBe('25 Nov, 09:15');
  });
});

describe('the board model in replay mode', () => {
  it('steps through the recorded actions from the seed, read-only, and goes back to the game unchanged', async () => {
    const board = await opened(new MemoryStorage());
    const handId = board.zones.find((zone) => zone.kind === 'hand')!.id;
    const played = board.game!.zones[handId][0];
    expect(board.cardKey(played, '3', false)).toBe(true);
    board.act({ type: 'nextPhase' });
    board.act({ type: 'draw' });
    board.undo();
    const live = board.game!;
    expect(live.actions.map((action) => action.type)).toEqual(['keep', 'move', 'nextPhase']);

    expect(board.openReplay()).toBe(true);
    expect(board.replayStep).toBe(0);
    expect(board.replaySteps).toBe(3);
    expect(board.game!.awaitingKeep).toBe(true);
    expect(board.replayKey('ArrowRight')).toBe(true);
    expect(board.replayAction).toBe('Keep the hand');
    board.replayKey('ArrowRight');
    expect(board.replayAction).toBe(`${live.cards[played].name} to the ${board.zones[2].label}`);
    expect(zoneOf(board.game!, played)).toBe(board.zones[2].id);
    // Read-only: neither actions nor card keys nor undo change what is shown.
    const shown = board.game;
    expect(board.act({ type: 'draw' })).toBe(false);
    expect(board.cardKey(played, 't', false)).toBe(false);
    expect(board.undo()).toBe(false);
    expect(board.game).toBe(shown);
    board.replayKey('End');
    expect(board.game!.log).toEqual(live.log);
    expect(board.game!.zones[handId]).toEqual(live.zones[handId]);
    board.replayKey('ArrowRight');
    expect(board.replayStep).toBe(3);
    board.replayKey('Home');
    expect(board.replayStep).toBe(0);
    expect(board.replayKey('Escape')).toBe(true);
    expect(board.replaying).toBe(false);
    expect(board.game).toBe(live);
  });

  it('refuses to replay a session whose actions were not recorded, saying why', async () => {
    const storage = new MemoryStorage();
    const board = await opened(storage);
    board.act({ type: 'nextPhase' });
    const errors: unknown[] = [];
    const again = new PlaytestBoard({ ...deps(storage), showError: (error) => errors.push(error) }, deck.id);
    await again.load();
    const { actions: _unrecorded, ...old } = board.game!;
    again.resumeOffer = { savedAt: '2026-11-27T12:00:00Z', state: { ...old, actions: [] } };
    again.resume();
    expect(again.openReplay()).toBe(false);
    expect(again.replaying).toBe(false);
    expect(String(errors[0])).toMatch(/cannot be replayed: its actions were not all recorded/);
  });
});
