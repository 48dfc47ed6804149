// The board opened on a deck whose saved session a newer Cardwright wrote: the player is told
// why it is not offered, a new game starts, and playing it leaves the newer session in place.

import { expect, it, vi } from 'vitest';
import type { Deck } from '../../card-schema/deck/format';
import { SAVED_PLAYTEST_VERSION } from '../../card-schema/playtest/saved';
import type { CardRecord } from '../../card-schema/system/format';
import { PlaytestBoard } from '../../src-renderer/src/playtest/playtest-board.svelte';
import { MemoryStorage } from './memory-storage';
import { loadSamples } from './systems/harness';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const frontier = loadSamples('odd-frontier');
const deck: Deck = { ...frontier.decks.get('deck-legal.json')!, id: 'deck-1' };
const cards = frontier.cards.map((card) => ({ id: card.id, setId: 'set', doc: card.doc })) as unknown as CardRecord[];

it('tells why a newer Cardwright’s session is not offered, and keeps it while a game is played here', async () => {
  const storage = new MemoryStorage();
  const newer = JSON.stringify({ version: SAVED_PLAYTEST_VERSION + 1, savedAt: '2026-11-27T09:00:00.000Z', board: {} });
  storage.setItem('cardwright.playtest-session.deck-1', newer);
  const errors: string[] = [];
  const board = new PlaytestBoard(
    {
      api: {
        getDeck: () => Promise.resolve(deck),
        getCards: () => Promise.resolve(cards),
        searchCards: () => Promise.reject(new Error('Odd Frontier defines no tokens')),
      },
      loadSystem: () => Promise.resolve(frontier.system),
      storage,
      now: () => new Date('2026-11-27T12:03:00'),
      showError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    },
    deck.id,
  );
  await board.load();
  expect(errors).toEqual([
    `This playtest was saved by a newer Cardwright (session format ${SAVED_PLAYTEST_VERSION + 1}; this version reads format ${SAVED_PLAYTEST_VERSION}): resume it in that version. It stays saved: games played here are not saved over it.`,
  ]);
  expect(board.resumeOffer).toBeNull();
  expect(board.game?.awaitingKeep).toBe(true);
  board.keep();
  expect(board.act({ type: 'nextPhase' })).toBe(true);
  expect(storage.getItem('cardwright.playtest-session.deck-1')).toBe(newer);
});
