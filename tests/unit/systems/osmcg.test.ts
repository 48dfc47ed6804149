// OSMCG as data, beyond the starter set: the Terrain card type, the rulebook's Mission and
// Objective decks as extra deck sections judged per play format, keywords and statuses in the
// reference, game modes on the board, and every sample card printed to a PDF.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateDeck } from '../../../card-schema/deck/evaluate';
import type { Deck } from '../../../card-schema/deck/format';
import { layoutCard } from '../../../card-schema/layout/layout-card';
import { cardsIn, createPlaytest } from '../../../card-schema/playtest/engine';
import type { CardDocument } from '../../../card-schema/system/format';
import type { JsonSchema } from '../../../card-schema/system/json-schema';
import { createCardValidator } from '../../../src-main/services/card-validator';
import { loadSamples, printSamples } from './harness';

const samples = loadSamples('osmcg');
const { system, cards, docs } = samples;
const validate = createCardValidator(system);
const ofType = (type: string) => cards.filter((card) => card.doc.type === type);
const sampleDeck = (file: string): Deck => structuredClone(samples.decks.get(file)!);
const judge = (deck: Pick<Deck, 'systemId' | 'sections' | 'format'>) => evaluateDeck(system, deck, (id) => docs.get(id));
const codes = (deck: Pick<Deck, 'systemId' | 'sections' | 'format'>) => judge(deck).violations.map((v) => v.code);
const ids = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ cardId: `${prefix}-${String(i + 1).padStart(3, '0')}`, count: 1 }));

describe('OSMCG sample content', () => {
  it('has only valid cards', () => {
    expect(samples.invalidCards()).toEqual([]);
  });

  it('ships the standard 10-card Mission roster with the rulebook names, categories and VP', () => {
    const missions = ofType('mission').map((card) => [card.doc.name, card.doc.category, card.doc.vp]);
    expect(missions).toEqual([
      ['First Blood', 'Elimination', 1],
      ['Hold the Line', 'Territorial', 1],
      ['Show of Force', 'Economy', 1],
      ['Slaughter', 'Elimination', 2],
      ['Invasion', 'Positional', 2],
      ['Stranglehold', 'Objective', 2],
      ['Seize Ground', 'Objective', 3],
      ['Headhunter', 'Assassination', 3],
      ['Regicide', 'Assassination', 3],
      ['Attrition', 'Elimination', 3],
    ]);
    for (const card of ofType('mission')) expect(card.doc.requirement).toMatch(/\.$/);
  });

  it('ships the 8-card Objective deck with a reward on every card', () => {
    expect(ofType('objective').map((card) => card.doc.name)).toEqual([
      'Mana Cache',
      'Armory',
      "Scout's Report",
      'Healing Spring',
      'War Banner',
      'Reinforcement',
      'Arcane Surge',
      'Fortification',
    ]);
    for (const card of ofType('objective')) expect(String(card.doc.reward).length).toBeGreaterThan(10);
    expect(docs.get('osmcg-objective-008')?.keywords).toEqual([{ kw: 'Shield', x: 5 }]);
  });

  it('has Terrain cards of both kinds and both lifespans', () => {
    const terrain = ofType('terrain').map((card) => card.doc);
    expect(new Set(terrain.map((doc) => doc.terrainType))).toEqual(new Set(['Blocking', 'Traversable']));
    expect(new Set(terrain.map((doc) => (doc.lifespan as { kind: string }).kind))).toEqual(new Set(['Permanent', 'Temporary']));
  });
});

describe('the Terrain card type', () => {
  const good: CardDocument = {
    type: 'terrain',
    name: 'Test Wall',
    terrainType: 'Blocking',
    lifespan: { kind: 'Permanent', hp: 6 },
  };

  it('accepts permanent terrain with HP and temporary terrain with a duration', () => {
    expect(validate(good)).toEqual([]);
    expect(
      validate({
        ...good,
        terrainType: 'Traversable',
        lifespan: { kind: 'Temporary', turns: 2 },
        inflicts: [{ status: 'Root', turns: 1 }],
      }),
    ).toEqual([]);
  });

  it('rejects permanent terrain without HP, pointing at the missing field', () => {
    expect(validate({ ...good, lifespan: { kind: 'Permanent' } })).toEqual([{ path: '/lifespan/hp', message: 'HP is required' }]);
  });

  it('rejects temporary terrain that claims HP, and an unknown terrain type', () => {
    expect(validate({ ...good, lifespan: { kind: 'Temporary', turns: 2, hp: 4 } })).toEqual([
      { path: '/lifespan/hp', message: 'Unknown field "hp"' },
    ]);
    expect(validate({ ...good, terrainType: 'Water' })).toEqual([
      { path: '/terrainType', message: 'Terrain type cannot be "Water": choose "Blocking" or "Traversable"' },
    ]);
    expect(validate({ ...good, lifespan: { kind: 'Forever' } })).toEqual([
      { path: '/lifespan/kind', message: 'Lifespan cannot be "Forever": choose "Permanent" or "Temporary"' },
    ]);
  });

  it('checks status parameters', () => {
    expect(validate({ ...good, inflicts: [{ status: 'Poison', intensity: 'Deadly', markers: 1 }] })[0]).toMatchObject({
      path: '/inflicts/0/intensity',
    });
    expect(validate({ ...good, inflicts: [{ status: 'Slow', turns: 1 }] })).toEqual([
      { path: '/inflicts/0/x', message: 'X is required' },
    ]);
  });
});

describe('deck formats judge the Mission and Objective decks', () => {
  it('plays Standard by default: an ordinary Hero + 30 is legal and the extra decks are optional', () => {
    expect(system.deck.formats?.[0].id).toBe('standard');
    expect(judge(sampleDeck('deck-legal.json'))).toMatchObject({ legal: true, format: 'standard' });
    const withExtras = sampleDeck('deck-legal-duel.json');
    delete withExtras.format;
    withExtras.sections.objectives = ids('osmcg-objective', 8);
    expect(judge(withExtras)).toMatchObject({ legal: true, format: 'standard', counts: { missions: 10, objectives: 8 } });
  });

  it('keeps the illegal sample deck failing for exactly its two reasons', () => {
    expect(samples.codes('deck-illegal.json')).toEqual(['SECTION_TOO_LARGE', 'IDENTITY_MISMATCH']);
  });

  it('requires exactly 10 Missions in a 1v1 Duel, and no Objective deck', () => {
    expect(samples.codes('deck-legal-duel.json')).toEqual([]);
    const nine = sampleDeck('deck-legal-duel.json');
    nine.sections.missions = nine.sections.missions.slice(0, 9);
    expect(judge(nine).violations).toMatchObject([
      { code: 'SECTION_TOO_SMALL', section: 'missions', message: 'Mission deck has 9 cards; it needs exactly 10.' },
    ]);
    const noMissions = sampleDeck('deck-legal.json');
    expect(codes({ ...noMissions, format: 'duel' })).toEqual(['SECTION_TOO_SMALL']);
    const objectives = sampleDeck('deck-legal-duel.json');
    objectives.sections.objectives = ids('osmcg-objective', 8);
    expect(codes(objectives)).toEqual(['SECTION_TOO_LARGE']);
  });

  it('requires exactly 8 Objectives in MOBA and FFA', () => {
    expect(samples.codes('deck-illegal-moba.json')).toEqual(['SECTION_TOO_SMALL']);
    for (const format of ['moba', 'ffa']) {
      const deck = sampleDeck('deck-illegal-moba.json');
      deck.format = format;
      deck.sections.objectives = ids('osmcg-objective', 8);
      expect(judge(deck)).toMatchObject({ legal: true, format, counts: { objectives: 8 } });
      deck.sections.missions = ids('osmcg-mission', 10);
      expect(codes(deck)).toEqual(['SECTION_TOO_LARGE']);
    }
  });

  it('keeps the extra decks to their own card types and one copy of each card', () => {
    const deck = sampleDeck('deck-legal-duel.json');
    deck.sections.missions = [...ids('osmcg-mission', 9), { cardId: 'osmcg-mission-001', count: 1 }];
    expect(codes(deck)).toEqual(['TOO_MANY_COPIES']);
    deck.sections.missions = [...ids('osmcg-mission', 9), { cardId: 'osmcg-objective-001', count: 1 }];
    expect(codes(deck)).toEqual(['TYPE_NOT_ALLOWED']);
    const terrainInMain = sampleDeck('deck-legal.json');
    terrainInMain.sections.main = [
      ...terrainInMain.sections.main.slice(1),
      { cardId: 'osmcg-core-058', count: terrainInMain.sections.main[0].count },
    ];
    expect(codes(terrainInMain)).toContain('TYPE_NOT_ALLOWED');
  });
});

describe('rules reference and board', () => {
  const glossary = system.reference?.glossary ?? [];
  const terms = (category: string) =>
    glossary.filter((entry) => entry.category === category).map((entry) => entry.term.split(/[(:]/)[0]);

  it('lists every keyword of the definitions in the glossary, and the statuses', () => {
    const defs = system.definitions as Record<string, JsonSchema>;
    const keywords = (defs.keyword.oneOf ?? []).map((variant) => variant.title);
    expect(keywords).toHaveLength(23);
    expect(terms('Keyword').sort()).toEqual([...keywords].sort());
    const statuses = (defs.status.oneOf ?? []).map((variant) => variant.title);
    expect(terms('Status').sort()).toEqual([...statuses].sort());
    expect(statuses).toEqual(['Stun', 'Slow', 'Root', 'Blind', 'Poison', 'Burn']);
  });

  it('has the three game modes, 1v1 first, each changing the setup it needs', () => {
    const modes = system.board.modes ?? [];
    expect(modes.map((mode) => [mode.id, mode.players])).toEqual([
      ['duel', { min: 2, max: 2 }],
      ['moba', { min: 4, max: 6 }],
      ['ffa', { min: 3, max: 6 }],
    ]);
    const lookup = (id: string) => docs.get(id);
    const duel = createPlaytest(system, sampleDeck('deck-legal-duel.json'), lookup, 7);
    expect(duel.resources.map((r) => [r.id, r.value, r.max])).toEqual([
      ['mana', 3, 9],
      ['vp', 0, 10],
    ]);
    expect(cardsIn(duel, 'missions')).toHaveLength(10);
    expect(cardsIn(duel, 'deck')).toHaveLength(23);
    const moba = createPlaytest(system, sampleDeck('deck-illegal-moba.json'), lookup, 7, 'moba');
    expect(moba.resources.map((r) => [r.id, r.value])).toEqual([
      ['mana', 3],
      ['nexus', 30],
    ]);
    expect(cardsIn(moba, 'objectives')).toHaveLength(7);
  });
});

describe('printing', () => {
  it('lays every sample card out without truncating any text', () => {
    for (const card of cards) {
      const truncated = layoutCard(system, card.doc).ops.filter((op) => op.op === 'text' && op.text.endsWith('…'));
      expect({ id: card.id, truncated }).toEqual({ id: card.id, truncated: [] });
    }
  });

  it('draws the statuses a Spell inflicts with their parameters', () => {
    const spell: CardDocument = {
      type: 'spell',
      name: 'Test Hex',
      colors: ['black'],
      cost: 2,
      speed: 'Quick',
      text: 'Curse a unit within 6" of the source.',
      inflicts: [
        { status: 'Stun', turns: 1 },
        { status: 'Poison', intensity: 'Minor', markers: 2 },
      ],
    };
    expect(validate(spell)).toEqual([]);
    const texts = layoutCard(system, spell).ops.flatMap((op) => (op.op === 'text' ? [op.text] : []));
    expect(texts).toContain('Inflicts Stun(1), 2 Minor Poison');
  });

  it('prints every sample card to a PDF', async () => {
    const pdf = await printSamples(samples);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    writeFileSync('/tmp/osmcg-cards.pdf', pdf);
    const info = execFileSync('pdfinfo', ['/tmp/osmcg-cards.pdf'], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(Math.ceil(cards.length / 9));
  });
});
