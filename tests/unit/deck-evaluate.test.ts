// Deck rules: every rule kind, its stable code, and a message that names the cards.

import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import type { Deck, DeckRule } from '../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { loadGameSystem } from '../../src-main/services/game-systems';

const osmcg = loadGameSystem(join(resolve(import.meta.dirname, '../..'), 'card-schema/systems/osmcg'));

const cards: Record<string, CardDocument> = {
  pyra: { type: 'hero', name: 'Pyra', colors: ['red'] },
  duo: { type: 'hero', name: 'Duo', colors: ['red', 'black'] },
  wolf: { type: 'creature', name: 'Ember Wolf', colors: ['red'] },
  oracle: { type: 'creature', name: 'Tidal Oracle', colors: ['blue'] },
  golem: { type: 'creature', name: 'Clay Golem', colors: ['neutral'] },
  shade: { type: 'creature', name: 'Ash Shade', colors: ['red', 'black'] },
  bolt: { type: 'spell', name: 'Fire Bolt', colors: ['red'] },
};
const lookup = (id: string) => cards[id];

function deck(hero: string[], main: [string, number][]): Pick<Deck, 'systemId' | 'sections'> {
  return {
    systemId: 'osmcg',
    sections: { hero: hero.map((cardId) => ({ cardId, count: 1 })), main: main.map(([cardId, count]) => ({ cardId, count })) },
  };
}
const codes = (d: Pick<Deck, 'systemId' | 'sections'>, system: GameSystem = osmcg) =>
  evaluateDeck(system, d, lookup).violations.map((v) => v.code);

describe('evaluateDeck with the OSMCG rules', () => {
  it('accepts 1 Hero + 30 cards within its colors, neutral included', () => {
    const report = evaluateDeck(
      osmcg,
      deck(
        ['pyra'],
        [
          ['wolf', 20],
          ['golem', 5],
          ['bolt', 5],
        ],
      ),
      lookup,
    );
    expect(report).toMatchObject({
      legal: true,
      format: 'standard',
      counts: { hero: 1, main: 30, missions: 0, objectives: 0 },
      violations: [],
    });
  });

  it('counts the main deck exactly', () => {
    const small = evaluateDeck(osmcg, deck(['pyra'], [['wolf', 29]]), lookup);
    expect(small.violations).toEqual([
      expect.objectContaining({
        code: 'SECTION_TOO_SMALL',
        rule: 'thirty-cards',
        section: 'main',
        message: 'Deck has 29 cards; it needs exactly 30.',
      }),
    ]);
    expect(codes(deck(['pyra'], [['wolf', 31]]))).toEqual(['SECTION_TOO_LARGE']);
  });

  it('needs exactly one Hero, and only Heroes lead', () => {
    expect(codes(deck([], [['wolf', 30]]))).toEqual(['SECTION_TOO_SMALL', 'MISSING_LEADER']);
    expect(codes(deck(['pyra', 'duo'], [['wolf', 30]]))).toEqual(['SECTION_TOO_LARGE']);
    const wrong = evaluateDeck(
      osmcg,
      deck(
        ['wolf'],
        [
          ['wolf', 29],
          ['pyra', 1],
        ],
      ),
      lookup,
    );
    expect(wrong.violations.map((v) => v.code)).toEqual(['TYPE_NOT_ALLOWED', 'TYPE_NOT_ALLOWED']);
    expect(wrong.violations[1].message).toBe(
      'Deck may only hold Creature, Spell, Skill and Equipment: "Pyra" (Hero) cannot be there.',
    );
  });

  it('names every off-color card and the Hero', () => {
    const report = evaluateDeck(
      osmcg,
      deck(
        ['pyra'],
        [
          ['wolf', 27],
          ['oracle', 2],
          ['shade', 1],
        ],
      ),
      lookup,
    );
    expect(report.violations).toEqual([
      {
        code: 'IDENTITY_MISMATCH',
        rule: 'color-identity',
        section: 'main',
        cardIds: ['oracle', 'shade'],
        message: `"Tidal Oracle" (blue) and "Ash Shade" (black) are outside Pyra's color identity (red).`,
      },
    ]);
  });

  it('lets a two-color Hero take cards of either or both colors', () => {
    expect(
      codes(
        deck(
          ['duo'],
          [
            ['wolf', 10],
            ['shade', 10],
            ['golem', 10],
          ],
        ),
      ),
    ).toEqual([]);
    expect(
      codes(
        deck(
          ['duo'],
          [
            ['wolf', 29],
            ['oracle', 1],
          ],
        ),
      ),
    ).toEqual(['IDENTITY_MISMATCH']);
  });

  it('reports cards missing from the library and decks of another game', () => {
    const report = evaluateDeck(
      osmcg,
      {
        ...deck(
          ['pyra'],
          [
            ['wolf', 29],
            ['gone', 1],
          ],
        ),
        systemId: 'other',
      },
      lookup,
    );
    expect(report.violations.map((v) => v.code)).toEqual(['WRONG_SYSTEM', 'UNKNOWN_CARD']);
    expect(report.violations[1].cardIds).toEqual(['gone']);
  });
});

describe('evaluateDeck with other rule kinds', () => {
  const withRules = (rules: DeckRule[]): GameSystem => ({ ...osmcg, deck: { ...osmcg.deck, rules } });

  it('limits copies per card, one violation per card', () => {
    const system = withRules([{ kind: 'copyLimit', max: 4 }]);
    const report = evaluateDeck(
      system,
      deck(
        ['pyra'],
        [
          ['wolf', 5],
          ['bolt', 4],
          ['golem', 6],
        ],
      ),
      lookup,
    );
    expect(report.violations.map((v) => [v.code, v.rule, v.cardIds[0]])).toEqual([
      ['TOO_MANY_COPIES', 'copyLimit#0', 'wolf'],
      ['TOO_MANY_COPIES', 'copyLimit#0', 'golem'],
    ]);
    expect(report.violations[0].message).toBe('"Ember Wolf" has 5 copies; at most 4 are allowed.');
  });

  it('supports open-ended and ranged section sizes', () => {
    const system = withRules([{ kind: 'sectionSize', section: 'main', min: 36, max: 40 }]);
    expect(evaluateDeck(system, deck(['pyra'], [['wolf', 35]]), lookup).violations[0].message).toBe(
      'Deck has 35 cards; it needs 36 to 40.',
    );
    expect(codes(deck(['pyra'], [['wolf', 38]]), system)).toEqual([]);
  });
});
