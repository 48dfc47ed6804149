// The draw model behind the exact odds: cards seen by each turn as each built-in game's board
// declares its draws (quoting the rulebooks) — a fixed draw, OSMCG's first player skipping turn 1's,
// muhq's refill to three, OMMS's dice-rolled draw as a distribution — checked against the
// playtest engine itself, and the exact odds as the expectation over the roll.

import { describe, expect, it } from 'vitest';
import {
  boardOf,
  drawPileCounts,
  exactOddsByTurn,
  hypergeometricAtLeast,
  playOutHandIfRefilling,
  simulateOdds,
} from '../../card-schema/deck/odds';
import { diceTotals, meanSeen, seenByTurn, seenText, turnDrawText } from '../../card-schema/deck/draw-model';
import { applyAction, createPlaytest } from '../../card-schema/playtest/engine';
import type { PlaytestState } from '../../card-schema/playtest/playtest-state';
import type { PlayBoard } from '../../card-schema/playtest/format';
import { meetTurn } from '../../card-schema/playtest/meet-turn';
import type { GameSystem } from '../../card-schema/system/format';
import { loadSamples, type GameSamples } from './systems/harness';

const GAMES = ['osmcg', 'muhq', 'odd-frontier', 'miscrits', 'omms'] as const;
const games: Record<string, GameSamples> = Object.fromEntries(GAMES.map((id) => [id, loadSamples(id)]));

/** Cards seen by turns 1..turns in one game the engine plays without a mulligan (hand played out for a refill). */
function engineSeen(
  system: GameSystem,
  game: string,
  seed: number,
  turns: number,
): { seen: number[]; pile: number; board: PlayBoard } {
  const { decks, docs } = games[game];
  let state: PlaytestState = createPlaytest(system, decks.get('deck-legal.json')!, (id) => docs.get(id), seed);
  const deckZone = state.board.zones.find((zone) => zone.kind === 'deck')!.id;
  const handZone = state.board.zones.find((zone) => zone.kind === 'hand')!.id;
  const pile = state.zones[deckZone].length + state.zones[handZone].length;
  if (state.awaitingKeep) state = applyAction(state, { type: 'keep', bottom: [] });
  const seen: number[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    state = meetTurn(turn > 1 ? playOutHandIfRefilling(state) : state, turn);
    seen.push(pile - state.zones[deckZone].length);
  }
  return { seen, pile, board: state.board };
}

const single = (seen: number) => [{ seen, p: 1 }];

describe('seenByTurn', () => {
  it('OSMCG: 7 cards, no draw on turn 1, then one a turn', () => {
    // "Both players draw 7 cards." "The Active Player draws 1 card. *Exception:* The player going
    // first does not draw a card on Turn 1."
    const board = boardOf(games.osmcg.system);
    expect(seenByTurn(board, 4)).toEqual([single(7), single(8), single(9), single(10)]);
    expect(turnDrawText(board)).toBe('1');
  });

  it('muhq: the hand is refilled to three each turn', () => {
    // "draw cards till you have three cards in hand"
    const board = boardOf(games.muhq.system);
    expect(seenByTurn(board, 3)).toEqual([single(3), single(6), single(9)]);
    expect(turnDrawText(board)).toBe('refill to 3');
  });

  it('OMMS: each turn a die is thrown and that many cards drawn, so the count is a distribution', () => {
    // "1. The player throws the dice and draws that number of cards from the top of the pile."
    // "each player is given five cards"
    const board = boardOf(games.omms.system);
    const [one, two] = seenByTurn(board, 2);
    expect(one.map((c) => c.seen)).toEqual([6, 7, 8, 9, 10, 11]);
    for (const { p } of one) expect(p).toBeCloseTo(1 / 6, 12);
    expect(two.map((c) => c.seen)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(two.find((c) => c.seen === 12)!.p).toBeCloseTo(6 / 36, 12);
    expect(two.reduce((sum, c) => sum + c.p, 0)).toBeCloseTo(1, 12);
    expect(meanSeen(two)).toBeCloseTo(5 + 2 * 3.5, 12);
    expect(seenText(one)).toBe('6–11');
    expect(turnDrawText(board)).toBe('1d6 (rolled)');
  });

  it('stops at the draw pile: past it every card has been seen', () => {
    const board = boardOf(games.omms.system);
    const [one] = seenByTurn(board, 1, 8);
    expect(one.map((c) => c.seen)).toEqual([6, 7, 8]);
    expect(one[2].p).toBeCloseTo(4 / 6, 12);
  });

  it.each(GAMES.filter((id) => id !== 'omms'))('%s: counts what the engine draws, turn by turn', (id) => {
    const { seen, pile, board } = engineSeen(games[id].system, id, 1, 6);
    expect(seenByTurn(board, 6, pile)).toEqual(seen.map(single));
  });

  it('OMMS: the engine’s rolls over many seeds follow the distribution', () => {
    const board = boardOf(games.omms.system);
    const played = 600;
    const tally = new Map<number, number>();
    for (let seed = 0; seed < played; seed++) {
      const seen = engineSeen(games.omms.system, 'omms', seed, 2).seen[1];
      tally.set(seen, (tally.get(seen) ?? 0) + 1);
    }
    for (const { seen, p } of seenByTurn(board, 2)[1]) {
      const share = (tally.get(seen) ?? 0) / played;
      expect(Math.abs(share - p), `${seen} cards seen`).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / played) + 0.01);
    }
  });

  it('follows a refill after a roll in the same turn (the refill depends on the roll)', () => {
    const base = games.omms.system;
    const rolled: GameSystem = {
      ...base,
      board: {
        ...base.board,
        openingHand: 3,
        drawUpTo: 3,
        modes: undefined,
        phases: [
          { id: 'roll', label: 'Roll', steps: [{ draw: { dice: 1, sides: 4 } }] },
          { id: 'refill', label: 'Refill', steps: [{ draw: 'turn' }] },
          { id: 'act', label: 'Act' },
        ],
      },
    };
    const board = boardOf(rolled);
    // Turn 1: 3 in hand, 1d4 drawn, the refill finds the hand full. Turn 2: the hand played out,
    // 1d4 drawn, then refilled to 3 when the roll left room (3 of 4 faces): 6 + 1d4 + (0 or 1).
    const two = seenByTurn(board, 2)[1];
    expect(two.map((c) => c.seen)).toEqual([7, 8, 9, 10, 11]);
    [0.1875, 0.25, 0.25, 0.25, 0.0625].forEach((p, i) => expect(two[i].p).toBeCloseTo(p, 12));
    const played = 800;
    const tally = new Map<number, number>();
    for (let seed = 0; seed < played; seed++) {
      const seen = engineSeen(rolled, 'omms', seed, 2).seen[1];
      tally.set(seen, (tally.get(seen) ?? 0) + 1);
    }
    expect([...tally.keys()].sort((a, b) => a - b)).toEqual([7, 8, 9, 10, 11]);
    for (const { seen, p } of two) {
      expect(Math.abs((tally.get(seen) ?? 0) / played - p), `${seen} cards seen`).toBeLessThan(
        5 * Math.sqrt((p * (1 - p)) / played) + 0.01,
      );
    }
  });
});

describe('diceTotals', () => {
  it('gives the chance of each total of fair dice', () => {
    const two = diceTotals(2, 6);
    expect([...two.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(two.get(7)).toBeCloseTo(6 / 36, 12);
    expect(two.get(2)).toBeCloseTo(1 / 36, 12);
    expect([...diceTotals(3, 4).values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('exactOddsByTurn on a dice-rolled draw', () => {
  const omms = games.omms;
  const deck = omms.decks.get('deck-legal.json')!;
  const lookup = (id: string) => omms.docs.get(id);
  const board = boardOf(omms.system);
  const target = { kind: 'card' as const, cardId: deck.sections[board.deckSection][0].cardId };
  const { population, successes } = drawPileCounts(board, deck.sections, lookup, target);

  it('is the expectation of the hypergeometric odds over the roll', () => {
    // "The player throws the dice and draws that number of cards": by turn 1, 5 + (1 to 6) cards.
    const [first] = exactOddsByTurn(board, population, successes, 1, 1);
    const expected = [6, 7, 8, 9, 10, 11].reduce(
      (sum, seen) => sum + hypergeometricAtLeast(population, successes, seen, 1) / 6,
      0,
    );
    expect(first).toBeCloseTo(expected, 12);
  });

  it('agrees with the engine’s games (OMMS has no mulligan), where one card a turn would not', () => {
    const turns = 5;
    const trials = 3000;
    const exact = exactOddsByTurn(board, population, successes, 1, turns);
    const sim = simulateOdds(omms.system, deck.sections, lookup, target, { k: 1, turns, trials, seed: 17 });
    sim.byTurn.forEach((p, i) => {
      const tolerance = 5 * Math.sqrt((exact[i] * (1 - exact[i])) / trials) + 0.005;
      expect(Math.abs(p - exact[i]), `turn ${i + 1}`).toBeLessThanOrEqual(tolerance);
    });
    // One card a turn, the old assumption, is far off by turn 5.
    const oneATurn = hypergeometricAtLeast(population, successes, 5 + turns, 1);
    expect(sim.byTurn[turns - 1] - oneATurn).toBeGreaterThan(0.1);
  });
});
