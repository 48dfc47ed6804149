// The "Simulate openings" dialog's model: conditions built from the game's fields (the
// must-include card first where a game has one), runs stepped through a runner with progress,
// the same figures as the pure simulator, cancel, stale results and a bad condition's message.

import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import type { DeckEntry } from '../../card-schema/deck/format';
import { simulateOpenings } from '../../card-schema/playtest/simulate';
import type { CardDocument, CardRecord } from '../../card-schema/system/format';
import { steppedRunner } from '../../src-renderer/src/decks/opening-sim/opening-sim-runner';
import { OpeningSimulatorModel } from '../../src-renderer/src/decks/opening-sim/opening-simulator.svelte';
import type { DeckInputs } from '../../src-renderer/src/decks/deck-stats.svelte';
import { loadSamples } from './systems/harness';

function liveDeck(game: string) {
  const samples = loadSamples(game);
  const records = new Map<string, CardRecord>(
    samples.cards.map((c) => [c.id, { id: c.id, setId: 'set', systemId: game, doc: c.doc, updatedAt: '' }]),
  );
  const deck = $state({
    sections: structuredClone(samples.decks.get('deck-legal.json')!.sections) as Record<string, DeckEntry[]>,
  });
  const inputs = (): DeckInputs => ({ system: samples.system, sections: deck.sections, cards: records });
  const docs: Record<string, CardDocument> = Object.fromEntries(samples.docs);
  return { samples, deck, inputs, docs };
}

/** Runs every scheduled step at once. */
const immediate = steppedRunner((step) => step());

describe('OpeningSimulatorModel', () => {
  it('starts from the game: a basic miscrit for Miscrits, a card of the draw pile’s first type for OSMCG', () => {
    const miscrits = new OpeningSimulatorModel(liveDeck('miscrits').inputs, immediate);
    expect(miscrits.conditions[0].clauses).toEqual([
      { field: 'type', op: '=', value: 'miscrit' },
      { field: 'stage', op: '=', value: 'basic' },
    ]);
    expect(miscrits.policy).toBe('mulligan');
    expect(miscrits.setupSummary).toBe(
      'Opening hand 5, redrawn without a basic miscrit; 1 draw per turn; mulligan to one card fewer.',
    );
    const osmcg = new OpeningSimulatorModel(liveDeck('osmcg').inputs, immediate);
    expect(osmcg.conditions[0].clauses).toEqual([{ field: 'type', op: '=', value: 'creature' }]);
    expect(osmcg.opsFor('cost')).toEqual(['<=', '>=', '=', '<', '>']);
    expect(osmcg.choicesFor('type').map((c) => c.value)).toContain('spell');
    expect(osmcg.resources.map((r) => r.id)).toContain('mana');
    expect(osmcg.canAfford).toBe(true);
    const omms = new OpeningSimulatorModel(liveDeck('muhq').inputs, immediate);
    expect(omms.policy).toBe('keep');
    expect(omms.canMulligan).toBe(false);
  });

  it('runs with progress and reports what the pure simulator reports for the same openings', () => {
    const { inputs, docs, deck, samples } = liveDeck('osmcg');
    const model = new OpeningSimulatorModel(inputs, immediate);
    model.openings = 1_000;
    model.conditions[0].affordable = true;
    model.conditions[0].byTurn = 2;
    model.conditions[0].atLeast = 2;
    model.addCondition();
    model.setClauseField(1, 0, 'cost');
    model.conditions[1].clauses[0].value = '1';
    model.policy = 'keep';
    flushSync();
    expect(model.labelOf(0)).toBe('at least 2 cards (Card type is Creature, Mana Cost ≤ Mana) by turn 2');
    expect(model.labelOf(1)).toBe('at least 1 card (Mana Cost ≤ 1) by turn 1');
    model.run();
    expect(model.status).toBe('done');
    expect(model.played).toBe(1_000);
    expect(model.progress).toBe(1);
    const expected = simulateOpenings({
      system: samples.system,
      sections: deck.sections,
      cards: docs,
      conditions: model.plainConditions,
      policy: { kind: 'keep' },
      openings: 1_000,
      seed: model.seed,
    });
    expect(model.result).toEqual(expected);
    expect(model.stale).toBe(false);

    // The deck changes: the result stays, marked stale.
    deck.sections = { ...deck.sections, main: deck.sections.main.slice(1) };
    flushSync();
    expect(model.stale).toBe(true);
  });

  it('mulligans for the chosen conditions only, up to the chosen number', () => {
    const { inputs } = liveDeck('osmcg');
    const model = new OpeningSimulatorModel(inputs, immediate);
    model.addCondition();
    model.mulliganFor = [1];
    model.maxMulligans = 2;
    flushSync();
    expect(model.mulliganPolicy).toEqual({ kind: 'mulligan', conditions: [1], max: 2 });
    model.removeCondition(0);
    flushSync();
    expect(model.mulliganFor).toEqual([0]);
    model.mulliganFor = [];
    model.maxMulligans = null;
    flushSync();
    expect(model.mulliganPolicy).toEqual({ kind: 'mulligan', conditions: [0] });
  });

  it('cancels a run still going; a later run replaces it', () => {
    const queue: (() => void)[] = [];
    const model = new OpeningSimulatorModel(
      liveDeck('odd-frontier').inputs,
      steppedRunner((step) => queue.push(step)),
    );
    model.openings = 1_000;
    model.run();
    queue.shift()!();
    expect(model.status).toBe('running');
    expect(model.played).toBe(250);
    model.cancel();
    expect(model.status).toBe('idle');
    while (queue.length > 0) queue.shift()!();
    expect(model.result).toBeNull();
    model.run();
    while (queue.length > 0) queue.shift()!();
    expect(model.status).toBe('done');
    expect(model.result?.openings).toBe(1_000);
  });

  it('stops a bad condition with what is wrong and where', () => {
    const model = new OpeningSimulatorModel(liveDeck('osmcg').inputs, immediate);
    model.setClauseField(0, 0, 'cost');
    model.conditions[0].clauses[0].value = 'two';
    flushSync();
    model.run();
    expect(model.status).toBe('failed');
    expect(model.error).toMatch(/^Condition 1 \(cost <= two\): ‘cost’ takes a number/);
    expect(model.result).toBeNull();
  });
});
