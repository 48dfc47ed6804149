// The shipped OSMCG samples: every card is valid, the legal decks are legal, and the broken
// examples fail for exactly the reasons they claim.

import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import type { Deck } from '../../card-schema/deck/format';
import type { CardDocument } from '../../card-schema/system/format';
import { createCardValidator } from '../../src-main/services/card-validator';
import { loadGameSystem } from '../../src-main/services/game-systems';

const ROOT = resolve(import.meta.dirname, '../..');
const system = loadGameSystem(join(ROOT, 'card-schema/systems/osmcg'));
const samples = join(ROOT, 'resources/samples/osmcg');
const read = (file: string) => JSON.parse(readFileSync(join(samples, file), 'utf8'));
type SetFile = { cards: { id: string; doc: CardDocument }[] };
const set = read('core-set.json') as SetFile;
const extras = read('missions-objectives.json') as SetFile;
const allCards = [...set.cards, ...extras.cards];
const docs = new Map(allCards.map((c) => [c.id, c.doc]));
const deckFile = (file: string) => (read(file) as { deck: Deck }).deck;

describe('OSMCG sample content', () => {
  it('has only valid cards covering every card type', () => {
    const validate = createCardValidator(system);
    for (const card of allCards) expect({ id: card.id, issues: validate(card.doc) }).toEqual({ id: card.id, issues: [] });
    const types = new Set(allCards.map((c) => c.doc.type));
    expect([...types].sort()).toEqual(system.cardTypes.map((t) => t.id).sort());
    expect(set.cards.filter((c) => c.doc.type === 'hero').length).toBeGreaterThanOrEqual(3);
    expect(set.cards.filter((c) => c.doc.type !== 'hero').length).toBeGreaterThanOrEqual(45);
    expect(set.cards.filter((c) => c.doc.type === 'terrain').length).toBeGreaterThanOrEqual(2);
    // The Mission and Objective decks live in their own set, not in the starter set.
    expect(set.cards.filter((c) => c.doc.type === 'mission' || c.doc.type === 'objective')).toEqual([]);
  });

  it('keeps card ids unique across every set file', () => {
    expect(docs.size).toBe(allCards.length);
  });

  it('has Heroes of different colors', () => {
    const heroColors = set.cards.filter((c) => c.doc.type === 'hero').map((c) => (c.doc.colors as string[]).join('+'));
    expect(new Set(heroColors).size).toBe(heroColors.length);
  });

  it('ships a legal deck', () => {
    const report = evaluateDeck(system, deckFile('deck-legal.json'), (id) => docs.get(id));
    expect(report).toMatchObject({ legal: true, counts: { hero: 1, main: 30 }, violations: [] });
  });

  it('ships an illegal deck that fails for 31 cards and two off-color cards', () => {
    const report = evaluateDeck(system, deckFile('deck-illegal.json'), (id) => docs.get(id));
    expect(report.violations.map((v) => v.code)).toEqual(['SECTION_TOO_LARGE', 'IDENTITY_MISMATCH']);
    expect(report.violations[0].message).toBe('Deck has 31 cards; it needs exactly 30.');
    expect(report.violations[1].message).toBe(
      `"Tidal Oracle" (blue) and "Thornback Boar" (green) are outside Pyra, Ashen Marshal's color identity (red).`,
    );
  });

  it('ships a legal 1v1 Duel deck: the same Hero + 30 plus the 10 Missions', () => {
    const report = evaluateDeck(system, deckFile('deck-legal-duel.json'), (id) => docs.get(id));
    expect(report).toMatchObject({
      legal: true,
      format: 'duel',
      counts: { hero: 1, main: 30, missions: 10, objectives: 0 },
      violations: [],
    });
    expect(deckFile('deck-legal-duel.json').sections.main).toEqual(deckFile('deck-legal.json').sections.main);
  });

  it('ships an illegal MOBA deck that fails only for its 7-card Objective deck', () => {
    const report = evaluateDeck(system, deckFile('deck-illegal-moba.json'), (id) => docs.get(id));
    expect(report.format).toBe('moba');
    expect(report.violations.map((v) => v.code)).toEqual(['SECTION_TOO_SMALL']);
    expect(report.violations[0]).toMatchObject({ section: 'objectives', rule: 'objective-modes-eight-objectives' });
    expect(report.violations[0].message).toBe('Objective deck has 7 cards; it needs exactly 8.');
  });

  it('has nothing else in the samples folder that is not a set or deck file', () => {
    for (const file of readdirSync(samples)) expect(read(file).format).toMatch(/^cardwright-(set|deck)$/);
  });
});
