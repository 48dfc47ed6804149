// Miscrits as data: a 40-card book with at most 4 copies (fewer where a card says so),
// evolutions that need their base, golden attacks that cool down for two turns, boss decks
// judged by their own format with values for one to five players, and an opening hand that
// must hold a basic miscrit.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { counterText, firstOpenSection, sectionCounter, sectionShown } from '../../../card-schema/deck/section-counter';
import { evaluateDeck } from '../../../card-schema/deck/evaluate';
import { createPlaytest } from '../../../card-schema/playtest/engine';
import { createCardValidator } from '../../../src-main/services/card-validator';
import { loadSamples, printSamples } from './harness';

const samples = loadSamples('miscrits');
const { system } = samples;
const validate = createCardValidator(system);
const lookup = (id: string) => samples.docs.get(id);

describe('Miscrits game system', () => {
  it('ships valid basics of every element, evolutions, items and a boss deck', () => {
    expect(samples.invalidCards()).toEqual([]);
    const miscrits = samples.cards.filter((c) => c.doc.type === 'miscrit').map((c) => c.doc);
    expect(new Set(miscrits.filter((d) => d.stage === 'basic').map((d) => d.element)).size).toBeGreaterThanOrEqual(6);
    for (const evolution of miscrits.filter((d) => d.stage === 'evolution')) {
      expect(miscrits.some((d) => d.name === evolution.evolvesFrom && d.stage === 'basic')).toBe(true);
    }
    expect(samples.cards.filter((c) => c.doc.type === 'boss-action').length).toBeGreaterThanOrEqual(5);
  });

  it('validates attacks: golden attacks cool down for two turns, others for one', () => {
    const card = (attack: Record<string, unknown>) => ({
      type: 'miscrit',
      name: 'Test',
      element: 'fire',
      stage: 'basic',
      hp: 10,
      attacks: [attack],
    });
    expect(validate(card({ name: 'Big', damage: 9, golden: true, cooldown: 2 }))).toEqual([]);
    expect(validate(card({ name: 'Big', damage: 9, golden: true, cooldown: 1 })).map((i) => i.path)).toContain(
      '/attacks/0/cooldown',
    );
    expect(validate(card({ name: 'Small', damage: 3, cooldown: 2 })).map((i) => i.path)).toContain('/attacks/0/cooldown');
    expect(validate({ ...card({ name: 'Small', damage: 3, cooldown: 1 }), stage: 'evolution' })).toEqual([
      { path: '/evolvesFrom', message: 'Evolves from is required' },
    ]);
  });

  it('writes boss values per player count as X/X/X/X/X', () => {
    expect(samples.cards.find((c) => c.doc.type === 'boss')?.doc.hp).toBe('60/120/180/240/300');
    const boss = { type: 'boss', name: 'Test Boss', element: 'earth' };
    expect(validate({ ...boss, hp: '10/20/30/40/50' })).toEqual([]);
    expect(validate({ ...boss, hp: '10/20/30' }).map((i) => i.path)).toEqual(['/hp']);
  });

  it('judges books: the legal one passes; a missing base and over-limit copies are named', () => {
    expect(samples.judge('deck-legal.json')).toMatchObject({ legal: true, format: 'constructed', counts: { book: 40 } });
    const evolution = samples.judge('deck-illegal-evolution.json').violations;
    expect(evolution.map((v) => [v.code, v.message])).toEqual([
      ['MISSING_PREREQUISITE', '"Stormwing" needs "Gustling" in the deck.'],
    ]);
    const copies = samples.judge('deck-illegal-copies.json').violations;
    expect(copies.map((v) => [v.code, v.message])).toEqual([
      ['SECTION_TOO_LARGE', 'Book has 42 cards; it needs exactly 40.'],
      ['TOO_MANY_COPIES', '"Bouldermaw" has 3 copies; at most 2 are allowed.'],
      ['TOO_MANY_COPIES', '"Crown of Miscria" has 2 copies; at most 1 is allowed.'],
    ]);
  });

  it('judges a boss deck by the boss rules, and by the book rules when it claims to be a book', () => {
    expect(samples.judge('deck-boss.json')).toMatchObject({
      legal: true,
      format: 'boss',
      counts: { boss: 1, 'boss-deck': 14, book: 0 },
    });
    const boss = samples.decks.get('deck-boss.json')!;
    const asBook = evaluateDeck(system, { ...boss, format: 'constructed' }, lookup);
    expect(asBook.violations.map((v) => [v.code, v.rule])).toEqual([
      ['SECTION_TOO_SMALL', 'forty'],
      ['REQUIRED_MISSING', 'needs-a-basic'],
      ['SECTION_TOO_LARGE', 'no-boss-in-book'],
      ['SECTION_TOO_LARGE', 'no-boss-deck'],
    ]);
    expect(asBook.violations[1].message).toBe('Book needs a basic miscrit; it has none.');
    expect(asBook.violations[2].message).toBe('Boss must be empty here; it has 1 card.');
  });

  it('shows no "0 / ≤0" counter for a section the format keeps empty, and "must be empty" once it is not', () => {
    const counter = (section: string, format: string, count: number) => sectionCounter(system, section, format, count);
    expect(counter('book', 'boss', 0)).toEqual({ kind: 'forbidden', count: 0 });
    expect(sectionShown(counter('book', 'boss', 0))).toBe(false);
    expect(sectionShown(counter('book', 'boss', 2))).toBe(true);
    expect(counterText(counter('book', 'boss', 2))).toBe('2 — must be empty');
    expect(counterText(counter('book', 'constructed', 12))).toBe('12 / 40');
    expect(counterText(counter('boss-deck', 'boss', 14))).toBe('14 / ≥10');
    expect(sectionShown(counter('boss', 'constructed', 0))).toBe(false);
    // The builder adds to the first section the format lets hold cards.
    expect(firstOpenSection(system, 'boss')?.id).toBe('boss-deck');
    expect(firstOpenSection(system, undefined)?.id).toBe('book');
  });

  it('redraws an opening hand of 5 until it holds a basic miscrit', () => {
    const deck = samples.decks.get('deck-legal.json')!;
    for (let seed = 1; seed <= 20; seed++) {
      const state = createPlaytest(system, deck, lookup, seed);
      const hand = state.zones.hand.map((id) => state.cards[id].doc);
      expect(hand).toHaveLength(5);
      expect(hand.some((doc) => doc.type === 'miscrit' && doc.stage === 'basic')).toBe(true);
    }
  });

  it('prints every sample card', async () => {
    writeFileSync('/tmp/miscrits-cards.pdf', await printSamples(samples));
    expect(execFileSync('pdfinfo', ['/tmp/miscrits-cards.pdf']).toString()).toMatch(/Pages:\s+3/);
  });
});
