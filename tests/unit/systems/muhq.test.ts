// muhq's game as data: maps that set resources and the win condition, a starting deck built
// by the deck generator, a store of up to 25 cards that all have a buy cost, keywords with
// parameters, and a hand refilled to three cards each turn.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateDeck } from '../../../card-schema/deck/evaluate';
import { generateDeckSections } from '../../../card-schema/deck/generate';
import { applyAction, createPlaytest } from '../../../card-schema/playtest/engine';
import { layoutCard } from '../../../card-schema/layout/layout-card';
import { createCardValidator } from '../../../src-main/services/card-validator';
import { loadSamples, printSamples } from './harness';

const samples = loadSamples('muhq');
const { system } = samples;
const lookup = (id: string) => samples.docs.get(id);
const validate = createCardValidator(system);

describe("muhq's game system", () => {
  it('has every card type of the rulebook, with the costs each may carry', () => {
    expect(system.cardTypes.map((t) => t.id)).toEqual([
      'spell',
      'unit',
      'artifact',
      'equipment',
      'potion',
      'intention',
      'token',
      'map',
    ]);
    expect(samples.invalidCards()).toEqual([]);
    // A token can never have a buy cost; a potion's durability is always 1.
    expect(validate({ type: 'token', name: 'Imp', becomes: 'unit', buyCost: 2 })).toEqual([
      { path: '/buyCost', message: 'Unknown field "buyCost"' },
    ]);
    expect(validate({ type: 'potion', name: 'Brew', playCost: 1, durability: 2, text: 'x' }).map((i) => i.path)).toEqual([
      '/durability',
    ]);
    expect(
      validate({
        type: 'unit',
        name: 'Lancer',
        playCost: 2,
        upkeepCost: 1,
        health: 3,
        movement: 2,
        attack: { damage: 2, range: 0 },
      }).map((i) => i.path),
    ).toEqual(['/attack/range']);
  });

  it('renders effects with their parameters and the attack with its range', () => {
    const galley = samples.cards.find((c) => c.doc.name === 'River Galley')!.doc;
    const texts = layoutCard(system, galley).ops.flatMap((op) => (op.op === 'text' ? [op.text] : []));
    expect(texts).toContain('Swimming, Crew 2');
    expect(texts).toContain('1 / r2');
  });

  it('judges decks: the legal one passes; an unbuyable card in the store and a store of 26 are named', () => {
    expect(samples.judge('deck-legal.json')).toMatchObject({ legal: true, counts: { map: 1, starting: 7, store: 20 } });
    expect(samples.judge('deck-illegal-store.json').violations.map((v) => [v.code, v.message])).toEqual([
      ['CARD_NOT_ALLOWED', 'Store may only hold cards with a buy cost: "Forage" cannot be there.'],
    ]);
    expect(samples.judge('deck-illegal-oversize.json').violations.map((v) => [v.code, v.message])).toEqual([
      ['SECTION_TOO_LARGE', 'Store has 26 cards; it needs at most 25.'],
    ]);
  });

  it("builds the map's starting deck with the generator", () => {
    const generator = system.deck.generators!.find((g) => g.id === 'starting-deck')!;
    const { starting } = generateDeckSections(generator, samples.cards);
    expect(starting.map((e) => [samples.docs.get(e.cardId)?.name, e.count])).toEqual([
      ['Village Militia', 3],
      ['Forage', 3],
      ['Supply Cart', 1],
    ]);
    const deck = { systemId: 'muhq', sections: { map: [{ cardId: 'muhq-vale-001', count: 1 }], starting, store: [] } };
    expect(evaluateDeck(system, deck, lookup).legal).toBe(true);
  });

  it('starts the map on the board with its resources and refills the hand to three', () => {
    const deck = samples.decks.get('deck-legal.json')!;
    let state = createPlaytest(system, deck, lookup, 3);
    expect(state.zones.map.map((id) => state.cards[id].name)).toEqual(['Twin Rivers']);
    expect(state.zones.store).toHaveLength(20);
    expect(state.zones.hand).toHaveLength(3);
    expect(state.resources.map((r) => [r.label, r.value, r.regen])).toEqual([['Resource', 3, 2]]);
    state = applyAction(state, { type: 'move', instanceId: state.zones.hand[0], to: 'discard' });
    state = applyAction(state, { type: 'move', instanceId: state.zones.hand[0], to: 'discard' });
    // The turn starts by refilling the hand; the map's income comes in the Upkeep step after it.
    state = applyAction(state, { type: 'nextTurn' });
    expect(state.zones.hand).toHaveLength(3);
    state = applyAction(state, { type: 'nextPhase' });
    expect(state.resources[0].value).toBe(5);
  });

  it('prints every sample card', async () => {
    writeFileSync('/tmp/muhq-cards.pdf', await printSamples(samples));
    expect(execFileSync('pdfinfo', ['/tmp/muhq-cards.pdf']).toString()).toMatch(/Pages:\s+4/);
  });
});
