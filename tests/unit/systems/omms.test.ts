// OMMS as data: a standard 54-card pack whose suits carry their roles, the Creation Total table
// from the rulebook, pack rules that explain a lost or doubled card, the deck generator that
// builds a pack from the library, and cards that print.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateDeckSections } from '../../../card-schema/deck/generate';
import { evaluateDeck } from '../../../card-schema/deck/evaluate';
import { createCardValidator } from '../../../src-main/services/card-validator';
import { loadSamples, printSamples } from './harness';

const samples = loadSamples('omms');
const { system } = samples;

describe('OMMS game system', () => {
  it('ships exactly one standard pack: 13 cards per suit and 2 jokers, all valid and distinct', () => {
    expect(samples.invalidCards()).toEqual([]);
    expect(samples.cards).toHaveLength(54);
    expect(new Set(samples.cards.map((card) => card.doc.name)).size).toBe(54);
    const perType: Record<string, number> = {};
    for (const card of samples.cards) perType[card.doc.type] = (perType[card.doc.type] ?? 0) + 1;
    expect(perType).toEqual({ club: 13, spade: 13, heart: 13, diamond: 13, joker: 2 });
    expect(samples.docs.get('omms-pack-club-j')).toMatchObject({ rank: 'J', unit: 'Scout', attack: 1, defence: 1 });
    expect(samples.docs.get('omms-pack-spade-q')).toMatchObject({ unit: 'Guard', attack: 1, defence: 2 });
    expect(samples.docs.get('omms-pack-heart-k')).toMatchObject({ unit: 'Invader', attack: 2, defence: 1 });
    expect(samples.docs.get('omms-pack-diamond-a')).toMatchObject({ unit: 'Tank', attack: 3, defence: 2 });
  });

  it('gives every suit its role and requires a value on number cards and dice on royal cards', () => {
    expect(system.cardTypes.map((t) => [t.id, t.schema.description?.split(':')[0]])).toEqual([
      ['club', 'Clubs are military cards'],
      ['spade', 'Spades are construction cards'],
      ['heart', 'Hearts are food cards'],
      ['diamond', 'Diamonds are resource cards'],
      ['joker', 'Jokers are the measuring cards'],
    ]);
    const validate = createCardValidator(system);
    expect(validate({ type: 'club', name: 'Seven of Clubs', rank: '7' })).toEqual([
      { path: '/value', message: 'Value is required' },
    ]);
    expect(validate({ type: 'heart', name: 'King of Hearts', rank: 'K', unit: 'Invader', attack: 2 })).toEqual([
      { path: '/defence', message: 'Defence dice is required' },
    ]);
  });

  it('carries the Creation Total table of the rulebook', () => {
    const table = system.reference?.tables?.find((t) => t.id === 'creation-total');
    expect(table?.columns).toEqual(['Settlement points', 'Creation Total']);
    expect(table?.rows).toEqual([
      ['1–3', 15],
      ['4–5', 14],
      ['6–7', 13],
      ['8–9', 12],
      ['10–11', 10],
      ['12–13', 8],
      ['14 or more', 6],
    ]);
    expect(system.reference?.optionalRules?.map((r) => r.id)).toContain('tanks');
    expect(system.board).toMatchObject({ openingHand: 5, mulligan: 'none' });
    expect(system.board.resources.map((r) => [r.id, r.start])).toEqual([
      ['food', 3],
      ['settlement-points', 2],
      ['creation-total', 15],
    ]);
  });

  it('judges packs: the full pack is legal; a lost or doubled card is explained', () => {
    expect(samples.judge('deck-legal.json')).toMatchObject({ legal: true, counts: { pack: 54 } });
    const short = samples.judge('deck-illegal-short.json').violations;
    expect(short.map((v) => [v.code, v.message, v.cardIds])).toEqual([
      ['SECTION_TOO_SMALL', 'Pack has 53 cards; it needs exactly 54.', []],
      ['SET_CARD_MISSING', 'Pack is missing "Queen of Hearts" to be a standard pack.', []],
    ]);
    // The doubled card is named and highlighted alone (not its whole suit), and so is the lost one.
    const doubled = samples.judge('deck-illegal-duplicate.json').violations;
    expect(doubled.map((v) => [v.code, v.message, v.cardIds])).toEqual([
      ['SET_CARD_EXTRA', '"Seven of Clubs" has 2 copies; a standard pack has one.', ['omms-pack-club-7']],
      ['SET_CARD_MISSING', 'Pack is missing "Queen of Hearts" to be a standard pack.', []],
    ]);
  });

  it('generates a legal pack from the library', () => {
    const generator = system.deck.generators?.find((g) => g.id === 'standard-pack');
    expect(generator).toBeDefined();
    const sections = generateDeckSections(generator!, samples.cards);
    expect(sections.pack).toHaveLength(54);
    expect(evaluateDeck(system, { systemId: 'omms', sections }, (id) => samples.docs.get(id)).legal).toBe(true);
  });

  it('prints every card of the pack', async () => {
    const pdf = await printSamples(samples);
    writeFileSync('/tmp/omms-cards.pdf', pdf);
    expect(execFileSync('pdfinfo', ['/tmp/omms-cards.pdf']).toString()).toMatch(/Pages:\s+6/);
  });
});
