// The deck builder's statistics and odds models: live charts and odds from the deck's sections
// and known cards, the sections counted, the field picked, the odds target and the simulation.

import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import type { DeckEntry } from '../../card-schema/deck/format';
import { hypergeometricAtLeast } from '../../card-schema/deck/odds';
import type { CardRecord } from '../../card-schema/system/format';
import { DeckOddsModel, percent } from '../../src-renderer/src/decks/deck-odds.svelte';
import { DeckStatsModel, formatNumber, type DeckInputs } from '../../src-renderer/src/decks/deck-stats.svelte';
import { loadSamples } from './systems/harness';

const osmcg = loadSamples('osmcg');
const records = new Map<string, CardRecord>(
  osmcg.cards.map((c) => [c.id, { id: c.id, setId: 'core', systemId: 'osmcg', doc: c.doc, updatedAt: '' }]),
);

/** A deck held in $state like the builder holds it. */
function liveDeck(sections: Record<string, DeckEntry[]>) {
  const deck = $state({ sections });
  const inputs = (): DeckInputs => ({ system: osmcg.system, sections: deck.sections, cards: records });
  return { deck, inputs };
}

describe('DeckStatsModel', () => {
  it('follows the deck: adding a copy moves the curve at once', () => {
    const legal = osmcg.decks.get('deck-legal.json')!;
    const { deck, inputs } = liveDeck(structuredClone(legal.sections));
    const model = new DeckStatsModel(inputs);
    const sixes = () => model.stats.curve!.buckets.find((b) => b.label === '6')!.count;
    const before = sixes();
    deck.sections = { ...deck.sections, main: [...deck.sections.main, { cardId: 'osmcg-core-012', count: 1 }] };
    flushSync();
    expect(model.stats.cards).toBe(31);
    expect(sixes()).toBe(before + 1);
  });

  it('counts the Hero when switched on, and charts the first numeric field with values', () => {
    const { inputs } = liveDeck(structuredClone(osmcg.decks.get('deck-legal.json')!.sections));
    const model = new DeckStatsModel(inputs);
    expect(model.countedSections).toEqual(['main']);
    model.toggleSection('hero');
    expect(model.countedSections).toEqual(['hero', 'main']);
    expect(model.stats.cards).toBe(31);
    model.toggleSection('main');
    expect(model.stats.cards).toBe(1);
    model.toggleSection('hero');
    model.toggleSection('main');
    expect(model.fieldChoices.map((d) => d.field)).not.toContain('cost');
    expect(model.chosenField?.counted).toBeGreaterThan(0);
    model.field = 'hp';
    expect(model.chosenField?.label).toBe('HP');
    expect(formatNumber(2.25)).toBe('2.3');
    expect(formatNumber(3)).toBe('3');
  });
});

describe('DeckOddsModel', () => {
  const threeOf = (): Record<string, DeckEntry[]> => ({
    hero: [{ cardId: 'osmcg-core-001', count: 1 }],
    main: [
      { cardId: 'osmcg-core-018', count: 3 },
      { cardId: 'osmcg-core-005', count: 27 },
    ],
  });

  it('gives the exact chance by turn for the chosen card, and follows k and the deck', () => {
    const { deck, inputs } = liveDeck(threeOf());
    const model = new DeckOddsModel(inputs);
    model.cardId = 'osmcg-core-018';
    expect(model.counts).toEqual({ population: 30, successes: 3 });
    expect(model.exact[0]).toBeCloseTo(hypergeometricAtLeast(30, 3, 7, 1), 12);
    expect(model.exact[2]).toBeCloseTo(hypergeometricAtLeast(30, 3, 9, 1), 12);
    model.k = 2;
    expect(model.exact[0]).toBeCloseTo(hypergeometricAtLeast(30, 3, 7, 2), 12);
    deck.sections = {
      ...deck.sections,
      main: [
        { cardId: 'osmcg-core-018', count: 4 },
        { cardId: 'osmcg-core-005', count: 26 },
      ],
    };
    flushSync();
    expect(model.counts.successes).toBe(4);
    expect(percent(0.43352)).toBe('43.4%');
  });

  it('simulates under the London mulligan, stale until run again after a change', () => {
    const { inputs } = liveDeck(threeOf());
    const model = new DeckOddsModel(inputs);
    model.cardId = 'osmcg-core-018';
    expect(model.simulationStale).toBe(true);
    model.startSimulation((step) => step());
    expect(model.simulationStale).toBe(false);
    expect(model.simulated!.byTurn).toHaveLength(model.turns);
    expect(model.simulated!.byTurn[0]).toBeGreaterThan(model.exact[0]);
    expect(model.rulesSummary).toMatch(/Opening hand 7, then 1 per turn from turn 2; London mulligan/);
    model.k = 2;
    expect(model.simulationStale).toBe(true);
  });

  it('runs the simulation in steps and drops a run the deck outdated', () => {
    const { inputs } = liveDeck(threeOf());
    const model = new DeckOddsModel(inputs);
    model.cardId = 'osmcg-core-018';
    const pending: (() => void)[] = [];
    model.startSimulation((step) => pending.push(step));
    expect(pending).toHaveLength(1);
    expect(model.simulated).toBeNull();
    model.cancelSimulation();
    pending.shift()!();
    expect(pending).toHaveLength(0);
    expect(model.simulationStale).toBe(true);
    model.startSimulation((step) => pending.push(step));
    while (pending.length > 0) pending.shift()!();
    expect(model.simulationStale).toBe(false);
    expect(model.simulated!.trials).toBe(2000);
  });

  it('targets a filter: every Spell costing at most 1', () => {
    const { inputs } = liveDeck(threeOf());
    const model = new DeckOddsModel(inputs);
    model.targetKind = 'match';
    model.filterType = 'spell';
    model.costMax = 1;
    expect(model.counts).toEqual({ population: 30, successes: 3 });
    expect(model.targetLabel).toBe('Spells costing at most 1');
    model.costMin = 1;
    expect(model.targetLabel).toBe('Spells costing 1');
    model.costMin = null;
    model.costMax = 0;
    expect(model.counts.successes).toBe(0);
    expect(model.exact.every((p) => p === 0)).toBe(true);
  });

  it('says when the chosen card is not drawn (the Hero)', () => {
    const { inputs } = liveDeck(threeOf());
    const model = new DeckOddsModel(inputs);
    model.cardId = 'osmcg-core-001';
    expect(model.cardOutsideDrawPile).toBe('Pyra, Ashen Marshal');
  });
});

describe('DeckOddsModel on a game whose board cannot be played', () => {
  it('says why instead of throwing from the simulation', () => {
    const broken = {
      ...osmcg.system,
      board: { ...osmcg.system.board, zones: osmcg.system.board.zones.filter((z) => z.kind !== 'hand') },
    };
    const deck = { hero: [], main: [{ cardId: 'osmcg-core-018', count: 30 }] };
    const model = new DeckOddsModel(() => ({ system: broken, sections: deck, cards: records }));
    model.startSimulation((step) => step());
    expect(model.simulated).toBeNull();
    expect(model.simulationError).toMatch(/no zone of kind "hand"/);
    expect(model.simulationStale).toBe(false);
  });
});
