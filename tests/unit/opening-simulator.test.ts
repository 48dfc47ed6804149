// The opening-hand simulator (card-schema/playtest/simulate*.ts) on the built-in games' sample
// decks: reproducible from its seed whatever the step size, within its interval of the exact
// hypergeometric odds when the simulated setup is plain draws, following each game's own setup
// (OSMCG's Starting Mana and Regen, Miscrits' basic miscrit, Odd Frontier's smaller mulligan,
// muhq's refill to 3), and naming what is wrong with a bad condition.

import { describe, expect, it } from 'vitest';
import { hypergeometricAtLeast } from '../../card-schema/deck/odds';
import type { CardDocument } from '../../card-schema/system/format';
import { ConditionError, describeCondition, type OpeningCondition } from '../../card-schema/playtest/simulate-conditions';
import { wilsonInterval } from '../../card-schema/playtest/simulate-interval';
import {
  OpeningSimulation,
  simulateOpenings,
  type MulliganPolicy,
  type OpeningSimulationInput,
} from '../../card-schema/playtest/simulate';
import { loadSamples } from './systems/harness';

function inputFor(
  game: string,
  deckFile: string,
  conditions: OpeningCondition[],
  policy: MulliganPolicy = { kind: 'keep' },
  openings = 4_000,
): OpeningSimulationInput {
  const samples = loadSamples(game);
  const deck = samples.decks.get(deckFile)!;
  const cards: Record<string, CardDocument> = Object.fromEntries(samples.docs);
  return { system: samples.system, sections: deck.sections, cards, conditions, policy, openings, seed: 7, format: deck.format };
}

const creatureByTurn = (byTurn: number, atLeast = 1): OpeningCondition => ({
  clauses: [{ field: 'type', op: '=', value: 'creature' }],
  atLeast,
  byTurn,
});

describe('wilsonInterval', () => {
  it('holds the share, stays in [0, 1] and narrows with more trials', () => {
    const small = wilsonInterval(30, 100);
    expect(small.low).toBeLessThan(0.3);
    expect(small.high).toBeGreaterThan(0.3);
    // Known value: 30/100 → [0.2189, 0.3958].
    expect(small.low).toBeCloseTo(0.2189, 3);
    expect(small.high).toBeCloseTo(0.3958, 3);
    const large = wilsonInterval(3000, 10_000);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(wilsonInterval(0, 50).low).toBe(0);
    expect(wilsonInterval(50, 50).high).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('simulateOpenings', () => {
  it('is reproducible from its seed, however the openings are split into steps', () => {
    const input = inputFor('osmcg', 'deck-legal.json', [creatureByTurn(1, 2)], { kind: 'mulligan', conditions: [0] }, 1_500);
    const once = simulateOpenings(input);
    const stepped = new OpeningSimulation(input);
    while (!stepped.done) stepped.step(173);
    expect(stepped.result()).toEqual(once);
    expect(simulateOpenings(input)).toEqual(once);
    const other = simulateOpenings({ ...input, seed: 8 });
    expect(other.mulligans).not.toEqual(once.mulligans);
  });

  it('agrees with the exact hypergeometric odds within its interval when every hand is kept (OSMCG)', () => {
    const samples = loadSamples('osmcg');
    const deck = samples.decks.get('deck-legal.json')!;
    const main = deck.sections.main;
    const population = main.reduce((sum, e) => sum + e.count, 0);
    const creatures = main.filter((e) => samples.docs.get(e.cardId)!.type === 'creature').reduce((s, e) => s + e.count, 0);
    const cheap = main.filter((e) => (samples.docs.get(e.cardId)!.cost as number) <= 1).reduce((s, e) => s + e.count, 0);
    const result = simulateOpenings(
      inputFor(
        'osmcg',
        'deck-legal.json',
        [
          creatureByTurn(1, 3),
          { clauses: [{ field: 'cost', op: '<=', value: '1' }], atLeast: 2, byTurn: 3 },
          { clauses: [{ field: 'name', op: ':', value: 'Fire Bolt' }], atLeast: 1, byTurn: 4 },
        ],
        { kind: 'keep' },
        10_000,
      ),
    );
    expect(result.exactCaveat).toBeNull();
    expect(result.population).toBe(population);
    // "Both players draw 7 cards." — then one card a turn.
    expect(result.conditions.map((c) => c.seen)).toEqual([7, 9, 10]);
    expect(result.conditions[0].exact).toBeCloseTo(hypergeometricAtLeast(population, creatures, 7, 3), 12);
    expect(result.conditions[1].exact).toBeCloseTo(hypergeometricAtLeast(population, cheap, 9, 2), 12);
    expect(result.conditions[2].successes).toBe(2);
    for (const condition of result.conditions) {
      expect(condition.exact).toBeGreaterThanOrEqual(condition.low);
      expect(condition.exact).toBeLessThanOrEqual(condition.high);
      // ±1 point or so at 10,000 openings.
      expect(condition.high - condition.low).toBeLessThan(0.025);
    }
    expect(result.mulligans).toEqual([10_000]);
  });

  it('counts a creature deployable by turn 2 with the Mana the Hero gives by then (OSMCG)', () => {
    // "Both players set their current Mana to their Hero's Starting Mana stat." and at upkeep
    // "Gain Mana equal to the Hero's Regen stat (capped at Mana Max)." Pyra: 3, Regen 2 → 5 on turn 2.
    const samples = loadSamples('osmcg');
    const main = samples.decks.get('deck-legal.json')!.sections.main;
    const deployable = (mana: number) =>
      main
        .filter((e) => {
          const doc = samples.docs.get(e.cardId)!;
          return doc.type === 'creature' && typeof doc.cost === 'number' && doc.cost <= mana;
        })
        .reduce((s, e) => s + e.count, 0);
    const condition = (byTurn: number): OpeningCondition => ({
      ...creatureByTurn(byTurn),
      atLeast: 2,
      affordable: { costField: 'cost', resource: 'mana' },
    });
    const result = simulateOpenings(inputFor('osmcg', 'deck-legal.json', [condition(1), condition(2)], { kind: 'keep' }, 6_000));
    expect(result.conditions[0].successes).toBe(deployable(3));
    expect(result.conditions[1].successes).toBe(deployable(5));
    expect(deployable(5)).toBeGreaterThan(deployable(3));
    expect(result.conditions[1].label).toBe('at least 2 cards (Card type is Creature, Mana Cost ≤ Mana) by turn 2');
    for (const c of result.conditions) {
      expect(c.exact).toBeGreaterThanOrEqual(c.low);
      expect(c.exact).toBeLessThanOrEqual(c.high);
    }
  });

  it('London mulligans for a condition raise its share above the exact odds and put cards on the bottom (OSMCG)', () => {
    // "Shuffle problematic opening hand into Deck, retrieve exactly 7 new cards, then shift X
    // cards permanently to the Deck bottom (X = total mulligans taken)."
    const conditions = [creatureByTurn(1, 4)];
    const kept = simulateOpenings(inputFor('osmcg', 'deck-legal.json', conditions, { kind: 'keep' }));
    const mulliganed = simulateOpenings(inputFor('osmcg', 'deck-legal.json', conditions, { kind: 'mulligan', conditions: [0] }));
    const once = simulateOpenings(
      inputFor('osmcg', 'deck-legal.json', conditions, { kind: 'mulligan', conditions: [0], max: 1 }),
    );
    expect(mulliganed.conditions[0].low).toBeGreaterThan(kept.conditions[0].high);
    expect(once.conditions[0].rate).toBeLessThan(mulliganed.conditions[0].rate);
    expect(once.conditions[0].rate).toBeGreaterThan(kept.conditions[0].rate);
    expect(once.mulligans.length).toBe(2);
    expect(mulliganed.mulligans.reduce((a, b) => a + b, 0)).toBe(4_000);
    expect(mulliganed.mulligans.length).toBeGreaterThan(2);
    expect(mulliganed.exactCaveat).toBe('plain draws take no mulligan');
  });

  it('always holds a basic miscrit in the opening hand, which plain draws cannot promise (Miscrits)', () => {
    // "You must start the game with one basic miscrit in your hand. If you do not have a basic
    // miscrit in your opening hand you have to reshuffle your hand with no penalty."
    const basic: OpeningCondition = {
      clauses: [
        { field: 'type', op: '=', value: 'miscrit' },
        { field: 'stage', op: '=', value: 'basic' },
      ],
      atLeast: 1,
      byTurn: 1,
    };
    const result = simulateOpenings(inputFor('miscrits', 'deck-legal.json', [basic], { kind: 'keep' }, 2_000));
    const [held] = result.conditions;
    expect(held.hits).toBe(2_000);
    expect(held.exact).toBeLessThan(1);
    expect(held.seen).toBe(5);
    expect(result.exactCaveat).toBe('a hand without a basic miscrit is redrawn, which plain draws leave out');
  });

  it('mulligans to one card fewer after the free one, up to the chosen limit (Odd Frontier)', () => {
    // "The first mulligan allows you to draw another 7 card hand without a penalty. Every
    // mulligan after allows you to draw 1 less card"
    const engines: OpeningCondition = { clauses: [{ field: 'type', op: '=', value: 'engine' }], atLeast: 3, byTurn: 1 };
    const input = inputFor('odd-frontier', 'deck-legal.json', [engines], { kind: 'mulligan', conditions: [0], max: 2 }, 3_000);
    const result = simulateOpenings(input);
    expect(result.mulligans.length).toBe(3);
    expect(result.mulligans.reduce((a, b) => a + b, 0)).toBe(3_000);
    const kept = simulateOpenings({ ...input, policy: { kind: 'keep' } });
    expect(kept.exactCaveat).toBeNull();
    expect(kept.conditions[0].exact).toBeGreaterThanOrEqual(kept.conditions[0].low);
    expect(kept.conditions[0].exact).toBeLessThanOrEqual(kept.conditions[0].high);
    expect(result.conditions[0].rate).toBeGreaterThan(kept.conditions[0].high);
  });

  it('refills the hand to 3 each turn, so 6 cards are seen by turn 2 (muhq)', () => {
    const anyCard: OpeningCondition = { clauses: [], atLeast: 6, byTurn: 2 };
    const result = simulateOpenings(inputFor('muhq', 'deck-legal.json', [anyCard], { kind: 'keep' }, 500));
    expect(result.conditions[0].seen).toBe(6);
    expect(result.conditions[0].rate).toBe(1);
    expect(result.conditions[0].label).toBe('at least 6 cards by turn 2');
  });

  it('counts the cards a die lets OMMS draw, its exact odds averaged over the roll and within the interval', () => {
    // "1. The player throws the dice and draws that number of cards from the top of the pile."
    const samples = loadSamples('omms');
    const main = samples.decks.get('deck-legal.json')!.sections.pack;
    const population = main.reduce((sum, e) => sum + e.count, 0);
    const anyCards = (atLeast: number, byTurn: number): OpeningCondition => ({ clauses: [], atLeast, byTurn });
    const hearts: OpeningCondition = { clauses: [{ field: 'type', op: '=', value: 'heart' }], atLeast: 3, byTurn: 2 };
    const result = simulateOpenings(inputFor('omms', 'deck-legal.json', [anyCards(9, 1), hearts], { kind: 'keep' }, 6_000));
    expect(result.exactCaveat).toBeNull();
    const [nine, threeHearts] = result.conditions;
    // Five in hand and 1 to 6 drawn: 9 or more seen when the die shows 4, 5 or 6.
    expect(nine.seenText).toBe('6–11');
    expect(nine.seen).toBeCloseTo(8.5, 12);
    expect(nine.exact).toBeCloseTo(0.5, 12);
    expect(threeHearts.seenText).toBe('7–17');
    const twoDice = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((total) => ({ seen: 5 + total, p: (6 - Math.abs(total - 7)) / 36 }));
    const expected = twoDice.reduce(
      (sum, { seen, p }) => sum + p * hypergeometricAtLeast(population, threeHearts.successes, seen, 3),
      0,
    );
    expect(threeHearts.exact).toBeCloseTo(expected, 12);
    for (const condition of result.conditions) {
      expect(condition.exact).toBeGreaterThanOrEqual(condition.low);
      expect(condition.exact).toBeLessThanOrEqual(condition.high);
    }
  });

  it('names the condition and what is wrong with it', () => {
    const run = (conditions: OpeningCondition[]) => () =>
      new OpeningSimulation(inputFor('osmcg', 'deck-legal.json', conditions, { kind: 'keep' }, 10));
    expect(run([creatureByTurn(1), { clauses: [{ field: 'colour', op: '=', value: 'red' }], atLeast: 1, byTurn: 1 }])).toThrow(
      new ConditionError('Condition 2: OSMCG cards have no field "colour".'),
    );
    expect(run([{ clauses: [{ field: 'cost', op: '<=', value: 'two' }], atLeast: 1, byTurn: 1 }])).toThrow(
      /^Condition 1 \(cost <= two\): ‘cost’ takes a number/,
    );
    expect(run([{ ...creatureByTurn(1), affordable: { costField: 'cost', resource: 'gold' } }])).toThrow(
      'Condition 1: no resource "gold" on the OSMCG board (resources: mana, vp).',
    );
    expect(run([{ ...creatureByTurn(0) }])).toThrow('Condition 1: the turn must be a whole number from 1 to 20; got 0.');
    expect(run([])).toThrow('Add a condition to simulate.');
    expect(
      () =>
        new OpeningSimulation({
          ...inputFor('osmcg', 'deck-legal.json', [creatureByTurn(1)]),
          policy: { kind: 'mulligan', conditions: [3] },
        }),
    ).toThrow('The mulligan policy names condition 4, which does not exist.');
  });

  it('describes a condition with the game’s labels', () => {
    const samples = loadSamples('miscrits');
    const text = describeCondition(samples.system, samples.system.board, {
      clauses: [{ field: 'stage', op: '=', value: 'basic' }],
      atLeast: 1,
      byTurn: 1,
    });
    expect(text).toMatch(/^at least 1 card \(Stage is .+\) by turn 1$/);
  });
});
