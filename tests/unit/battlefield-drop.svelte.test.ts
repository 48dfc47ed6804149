// A card dropped from the hand on the spatial board lands where it was dropped: the screen point
// goes through the board's scale and offset (its screen CTM, inverted), and the board model puts
// the card in the board zone and the piece on that spot (a tile on muhq's map, inches on OSMCG's
// battlefield). Real game systems and sample decks; only the API is in memory.

import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cardMatches } from '../../card-schema/deck/card-match';
import { zoneOf } from '../../card-schema/playtest/engine';
import { battlefield } from '../../card-schema/playtest/spatial/battlefield';
import { describeAction, replayMatches, replayStates } from '../../card-schema/playtest/replay';
import type { Deck } from '../../card-schema/deck/format';
import type { CardRecord } from '../../card-schema/system/format';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { PlaytestBoard } from '../../src-renderer/src/playtest/playtest-board.svelte';
import { screenToBoard, snapTile } from '../../src-renderer/src/playtest/spatial/board-point';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, ApiCallError: Error }));

const ROOT = resolve(import.meta.dirname, '../..');

describe('screenToBoard', () => {
  // A 24" board drawn 30 px to the inch, its origin 412 px right and 96 px down (the margin and the stage).
  const scaled = { a: 30, b: 0, c: 0, d: 30, e: 412, f: 96 };

  it('maps a screen point back through the scale and offset', () => {
    expect(screenToBoard({ x: 412, y: 96 }, scaled)).toEqual({ x: 0, y: 0 });
    const p = screenToBoard({ x: 412 + 12.5 * 30, y: 96 + 21 * 30 }, scaled);
    expect(p?.x).toBeCloseTo(12.5, 9);
    expect(p?.y).toBeCloseTo(21, 9);
  });

  it('undoes a zoomed board too (a larger scale moves the same pixel to another board point)', () => {
    const zoomed = { a: 60, b: 0, c: 0, d: 60, e: 100, f: 40 };
    const p = screenToBoard({ x: 400, y: 340 }, zoomed);
    expect(p?.x).toBeCloseTo(5, 9);
    expect(p?.y).toBeCloseTo(5, 9);
    expect(screenToBoard({ x: 400, y: 340 }, scaled)).not.toEqual(p);
  });

  it('inverts a rotated and skewed matrix as a whole, not axis by axis', () => {
    // x' = 2x - y + 10, y' = x + 3y + 20
    const m = { a: 2, b: 1, c: -1, d: 3, e: 10, f: 20 };
    const p = screenToBoard({ x: 2 * 4 - 7 + 10, y: 4 + 3 * 7 + 20 }, m);
    expect(p?.x).toBeCloseTo(4, 9);
    expect(p?.y).toBeCloseTo(7, 9);
  });

  it('gives no point for a board not laid out (a matrix of zero scale)', () => {
    expect(screenToBoard({ x: 10, y: 10 }, { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0 })).toBeUndefined();
  });

  it('snaps a point of a tiles board to the tile it lies on', () => {
    expect(snapTile({ x: 3.99, y: 0.01 })).toEqual({ x: 3, y: 0 });
  });
});

function sample(game: string, setFile: string, deckFile: string) {
  const system = loadGameSystem(join(ROOT, 'card-schema/systems', game));
  const set = JSON.parse(readFileSync(join(ROOT, 'resources/samples', game, setFile), 'utf8')) as { cards: CardRecord[] };
  const deck = (JSON.parse(readFileSync(join(ROOT, 'resources/samples', game, deckFile), 'utf8')) as { deck: Deck }).deck;
  const errors: string[] = [];
  const board = new PlaytestBoard(
    {
      api: {
        getDeck: () => Promise.resolve(deck),
        getCards: ({ ids }) => Promise.resolve(set.cards.filter((card) => ids.includes(card.id))),
        searchCards: () => Promise.reject(new Error('no token search in these tests')),
      },
      loadSystem: () => Promise.resolve(system),
      storage: { getItem: () => null, setItem: () => undefined } as unknown as Storage,
      now: () => new Date('2026-11-27T12:00:00Z'),
      showError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    },
    deck.id,
  );
  const lookup = (id: string) => set.cards.find((card) => card.id === id)?.doc;
  return { board, errors, system, deck, lookup };
}

describe('PlaytestBoard.dropOnBattlefield', () => {
  it("puts a unit dropped from the hand on the tile under the pointer (muhq's map)", async () => {
    const { board, errors } = sample('muhq', 'vale-set.json', 'deck-legal.json');
    board.seed = 10;
    await board.load();
    const game = () => board.game!;
    const map = game().board.zones.find((zone) => zone.kind === 'board')!;
    const militia = game().zones.hand.find((id) => game().cards[id]?.name === 'Village Militia')!;
    expect(board.dropOnBattlefield(militia, map, { x: 5.7, y: 3.2 })).toBe(true);
    expect(zoneOf(game(), militia)).toBe(map.id);
    expect(battlefield(game())?.pieces.find((p) => p.instanceId === militia)?.at).toEqual({ x: 5, y: 3 });
    expect(game().log.at(-1)).toBe('Placed Village Militia on tile F4.');
    expect(errors).toEqual([]);
  });

  it('puts a unit where it was dropped in inches, not on its starting spot (OSMCG)', async () => {
    const { board, errors } = sample('osmcg', 'core-set.json', 'deck-legal.json');
    board.seed = 42;
    await board.load();
    board.keep();
    const game = () => board.game!;
    const zone = game().board.zones.find((z) => z.kind === 'board')!;
    // Any hand card that becomes a piece on the battlefield once there.
    const pieces = game().board.spatial!.pieces;
    const unit = game().zones.hand.find((id) => cardMatches(game().cards[id].doc, pieces));
    expect(unit, 'a unit in the opening hand').toBeDefined();
    expect(board.dropOnBattlefield(unit!, zone, { x: 7.25, y: 9.5 })).toBe(true);
    expect(battlefield(game())?.pieces.find((p) => p.instanceId === unit)?.at).toEqual({ x: 7.25, y: 9.5 });
    expect(errors).toEqual([]);
  });

  it('takes a dropped unit back to the hand in one undo step, and replays the drop', async () => {
    const { board, errors, system, deck, lookup } = sample('osmcg', 'core-set.json', 'deck-legal.json');
    board.seed = 42;
    await board.load();
    board.keep();
    const game = () => board.game!;
    const before = game();
    const zone = before.board.zones.find((z) => z.kind === 'board')!;
    const unit = before.zones.hand.find((id) => cardMatches(before.cards[id].doc, before.board.spatial!.pieces))!;
    expect(board.dropOnBattlefield(unit, zone, { x: 3, y: 4 })).toBe(true);
    expect(game().actions.at(-1)?.type).toBe('together');
    expect(describeAction(before, game().actions.at(-1)!)).toMatch(/ to the .+, then Move on the battlefield$/);
    const replayed = replayStates(system, deck, lookup, game()).at(-1)!;
    expect(replayMatches(replayed, game())).toBe(true);
    expect(board.undo()).toBe(true);
    expect(game().zones).toEqual(before.zones);
    expect(game().spatial).toEqual(before.spatial);
    expect(game().log).toEqual(before.log);
    expect(errors).toEqual([]);
  });

  it('refuses a drop whose placing is refused, leaving the card in the hand', async () => {
    const { board, errors } = sample('muhq', 'vale-set.json', 'deck-legal.json');
    board.seed = 10;
    await board.load();
    const game = () => board.game!;
    const before = game();
    const map = before.board.zones.find((zone) => zone.kind === 'board')!;
    const militia = before.zones.hand.find((id) => before.cards[id]?.name === 'Village Militia')!;
    // Off the map: the place is refused, so the move does not happen either.
    expect(board.dropOnBattlefield(militia, map, { x: 500, y: 500 })).toBe(false);
    expect(game()).toBe(before);
    expect(errors).toHaveLength(1);
  });
});
