// Draw odds: the exact hypergeometric tail against hand values and brute-force enumeration,
// cards seen by turn from the board setup, and the engine-driven simulation against the exact
// value (no mulligan), monotone in k and in turn, and following each game's mulligan.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boardOf,
  drawPileCounts,
  exactOddsByTurn,
  hypergeometricAtLeast,
  OddsSimulation,
  simulateOdds,
} from '../../card-schema/deck/odds';
import { seenByTurn } from '../../card-schema/deck/draw-model';
import type { DeckEntry } from '../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { loadSamples } from './systems/harness';

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Every n-subset of a deck of N cards whose first K are wanted: the share holding ≥ k of them. */
function bruteForce(N: number, K: number, n: number, k: number): number {
  let hits = 0;
  let all = 0;
  for (let mask = 0; mask < 1 << N; mask++) {
    let size = 0;
    let wanted = 0;
    for (let i = 0; i < N; i++) {
      if (mask & (1 << i)) {
        size += 1;
        if (i < K) wanted += 1;
      }
    }
    if (size !== n) continue;
    all += 1;
    if (wanted >= k) hits += 1;
  }
  return hits / all;
}

describe('hypergeometricAtLeast', () => {
  it('3 copies in 30 cards, 5-card hand: P(≥1) = 1 − C(27,5)/C(30,5) ≈ 0.4335', () => {
    const p = hypergeometricAtLeast(30, 3, 5, 1);
    expect(p).toBeCloseTo(1 - choose(27, 5) / choose(30, 5), 12);
    expect(p).toBeCloseTo(0.4335, 4);
    expect(hypergeometricAtLeast(30, 3, 5, 2)).toBeCloseTo(
      (choose(3, 2) * choose(27, 3) + choose(3, 3) * choose(27, 2)) / choose(30, 5),
      12,
    );
  });

  it('agrees with enumerating every hand of a small deck', () => {
    for (let N = 0; N <= 12; N++)
      for (let K = 0; K <= N; K++)
        for (let n = 0; n <= N; n++)
          for (let k = 0; k <= n + 1; k++) expect(hypergeometricAtLeast(N, K, n, k)).toBeCloseTo(bruteForce(N, K, n, k), 12);
  });

  it('stays a probability for huge decks, monotone in k and in draws', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 40 }),
        (N, kShare, nShare, k) => {
          const K = Math.floor(N * kShare);
          const n = Math.floor(N * nShare);
          const p = hypergeometricAtLeast(N, K, n, k);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
          expect(hypergeometricAtLeast(N, K, n, k + 1)).toBeLessThanOrEqual(p + 1e-12);
          expect(hypergeometricAtLeast(N, K, Math.min(N, n + 1), k)).toBeGreaterThanOrEqual(p - 1e-12);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is certain when the hand must hold one and impossible past the copies', () => {
    expect(hypergeometricAtLeast(10, 8, 5, 3)).toBe(1);
    expect(hypergeometricAtLeast(30, 2, 7, 3)).toBe(0);
    expect(hypergeometricAtLeast(30, 3, 40, 3)).toBe(1);
    expect(hypergeometricAtLeast(30, 3, 5, 0)).toBe(1);
  });
});

const games = Object.fromEntries(['osmcg', 'muhq', 'odd-frontier', 'miscrits', 'omms'].map((id) => [id, loadSamples(id)]));

describe('seenByTurn', () => {
  it('adds the turn draw after the opening hand, or refills to drawUpTo', () => {
    const seen = (board: ReturnType<typeof boardOf>, turns: number) => seenByTurn(board, turns).map(([{ seen: n }]) => n);
    expect(seen(boardOf(games.osmcg.system), 5)).toEqual([7, 8, 9, 10, 11]);
    const muhq = boardOf(games.muhq.system);
    expect(muhq.drawUpTo).toBe(3);
    expect(seen(muhq, 3)).toEqual([3, 6, 9]);
  });
});

/** A plain deck of `size` cards, `copies` of which are the wanted "x". */
function plainDeck(
  size: number,
  copies: number,
): { sections: Record<string, DeckEntry[]>; lookup: (id: string) => CardDocument | undefined } {
  const docs = new Map<string, CardDocument>([['x', { type: 'creature', name: 'X', colors: ['red'], cost: 1 }]]);
  const main: DeckEntry[] = [{ cardId: 'x', count: copies }];
  for (let i = 0; i < size - copies; i++) {
    docs.set(`f${i}`, { type: 'creature', name: `Filler ${i}`, colors: ['red'], cost: 2 });
    main.push({ cardId: `f${i}`, count: 1 });
  }
  return { sections: { main }, lookup: (id) => docs.get(id) };
}

function withBoard(system: GameSystem, change: Partial<GameSystem['board']>): GameSystem {
  return { ...system, board: { ...system.board, ...change } };
}

describe('simulateOdds', () => {
  const noMulligan = withBoard(games.osmcg.system, { mulligan: 'none' });

  it('with no mulligan agrees with the exact value within sampling error, for every turn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        (size, copies, k, seed) => {
          const { sections, lookup } = plainDeck(size, copies);
          const trials = 1500;
          const sim = simulateOdds(noMulligan, sections, lookup, { kind: 'card', cardId: 'x' }, { k, turns: 4, trials, seed });
          const exact = exactOddsByTurn(boardOf(noMulligan), size, copies, k, 4);
          sim.byTurn.forEach((p, i) => {
            // Five standard errors (plus a floor): a false alarm about once in millions of runs.
            const tolerance = 5 * Math.sqrt((exact[i] * (1 - exact[i])) / trials) + 0.005;
            expect(Math.abs(p - exact[i])).toBeLessThanOrEqual(tolerance);
          });
          expect(sim.mulliganRate).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('is monotone in turn and in k', () => {
    const { sections, lookup } = plainDeck(30, 3);
    const run = (k: number) =>
      simulateOdds(games.osmcg.system, sections, lookup, { kind: 'card', cardId: 'x' }, { k, turns: 6, trials: 800, seed: 7 })
        .byTurn;
    const one = run(1);
    const two = run(2);
    for (let t = 1; t < one.length; t++) expect(one[t]).toBeGreaterThanOrEqual(one[t - 1]);
    // Same seed, same games: holding two is never likelier than holding one.
    one.forEach((p, i) => expect(two[i]).toBeLessThanOrEqual(p));
  });

  it('a London mulligan finds the card more often than plain draws, and is replayable from its seed', () => {
    const { sections, lookup } = plainDeck(30, 3);
    const options = { k: 1, turns: 1, trials: 2000, seed: 42 };
    const sim = simulateOdds(games.osmcg.system, sections, lookup, { kind: 'card', cardId: 'x' }, options);
    const exact = hypergeometricAtLeast(30, 3, 7, 1);
    expect(sim.byTurn[0]).toBeGreaterThan(exact + 0.1);
    expect(sim.mulliganRate).toBeGreaterThan(0.3);
    expect(simulateOdds(games.osmcg.system, sections, lookup, { kind: 'card', cardId: 'x' }, options)).toEqual(sim);
  });

  it('plays each built-in game’s legal deck under its own rules', () => {
    for (const [id, game] of Object.entries(games)) {
      const deck = game.decks.get('deck-legal.json')!;
      const lookup = (cardId: string) => game.docs.get(cardId);
      const board = boardOf(game.system);
      const first = (deck.sections[board.deckSection] ?? [])[0];
      const target = { kind: 'card' as const, cardId: first.cardId };
      const sim = simulateOdds(game.system, deck.sections, lookup, target, { k: 1, turns: 3, trials: 300, seed: 1 });
      const { population, successes } = drawPileCounts(board, deck.sections, lookup, target);
      const exact = exactOddsByTurn(board, population, successes, 1, 3);
      expect(sim.byTurn, id).toHaveLength(3);
      // Mulligans only ever help find the card; without them the two agree.
      sim.byTurn.forEach((p, i) => expect(p, `${id} turn ${i + 1}`).toBeGreaterThanOrEqual(exact[i] - 0.12));
    }
  });

  it('targets every card matching a filter (type, cost range)', () => {
    const osmcg = games.osmcg;
    const deck = osmcg.decks.get('deck-legal.json')!;
    const lookup = (id: string) => osmcg.docs.get(id);
    const board = boardOf(osmcg.system);
    const cheap = { kind: 'match' as const, match: { types: ['creature'] }, costField: 'cost', costMax: 2 };
    const counts = drawPileCounts(board, deck.sections, lookup, cheap);
    const expected = deck.sections.main
      .filter((e) => lookup(e.cardId)!.type === 'creature' && (lookup(e.cardId)!.cost as number) <= 2)
      .reduce((n, e) => n + e.count, 0);
    expect(counts).toEqual({ population: 30, successes: expected });
  });

  it('runs 2,000 games of 6 turns on a 60-card deck quickly enough for a panel', () => {
    const { sections, lookup } = plainDeck(60, 4);
    const start = performance.now();
    simulateOdds(games.osmcg.system, sections, lookup, { kind: 'card', cardId: 'x' }, { k: 1, turns: 6, trials: 2000, seed: 3 });
    const ms = performance.now() - start;
    console.log(`simulateOdds 2000 × 6 turns, 60 cards: ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(5000);
  });
});

describe('simulateOdds with a mulligan limit', () => {
  it('never mulliganing matches plain draws; each allowed mulligan helps', () => {
    const { sections, lookup } = plainDeck(30, 3);
    const run = (maxMulligans: number) =>
      simulateOdds(
        games.osmcg.system,
        sections,
        lookup,
        { kind: 'card', cardId: 'x' },
        { k: 1, turns: 1, trials: 3000, seed: 5, maxMulligans },
      );
    const none = run(0);
    expect(none.mulliganRate).toBe(0);
    expect(Math.abs(none.byTurn[0] - hypergeometricAtLeast(30, 3, 7, 1))).toBeLessThan(0.04);
    expect(run(1).byTurn[0]).toBeGreaterThan(none.byTurn[0] + 0.1);
  });
});

describe('OddsSimulation', () => {
  it('gives the same result played in steps as in one go', () => {
    const { sections, lookup } = plainDeck(40, 3);
    const options = { k: 1, turns: 4, trials: 500, seed: 9 };
    const target = { kind: 'card' as const, cardId: 'x' };
    const stepped = new OddsSimulation(games.osmcg.system, sections, lookup, target, options);
    while (!stepped.done) stepped.step(37);
    expect(stepped.result()).toEqual(simulateOdds(games.osmcg.system, sections, lookup, target, options));
  });
});
