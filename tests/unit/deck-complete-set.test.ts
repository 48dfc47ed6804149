// The completeSet rule kind: a deck that must hold exactly a listed set of cards names the exact
// card doubled (highlighting it alone) or lost, matched by any field the rule names.

import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import { describeRule } from '../../card-schema/deck/describe-rule';
import type { CompleteSetRule } from '../../card-schema/deck/format';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { loadGameSystem } from '../../src-main/services/game-systems';

const base = loadGameSystem(join(resolve(import.meta.dirname, '../..'), 'card-schema/systems/omms'));

function withRule(rule: CompleteSetRule): GameSystem {
  return { ...base, deck: { ...base.deck, rules: [rule] } };
}

const cards: Record<string, CardDocument> = {
  a: { type: 'club', name: 'Ace of Clubs', rank: 'A' },
  two: { type: 'club', name: 'Two of Clubs', rank: '2' },
  twoReprint: { type: 'club', name: 'Two of Clubs', rank: '2' },
  three: { type: 'club', name: 'Three of Clubs', rank: '3' },
  stray: { type: 'club', name: 'Stray Card', rank: 'X' },
};
const lookup = (id: string) => cards[id];
const pack = (...entries: [string, number][]) => ({
  systemId: 'omms',
  sections: { pack: entries.map(([cardId, count]) => ({ cardId, count })) },
});

describe('completeSet', () => {
  const rule: CompleteSetRule = {
    id: 'clubs',
    kind: 'completeSet',
    sections: ['pack'],
    label: 'a run of clubs',
    cards: ['Ace of Clubs', 'Two of Clubs', 'Two of Clubs', 'Three of Clubs'],
  };

  it('accepts the exact set, reprints of one name counted together', () => {
    const report = evaluateDeck(withRule(rule), pack(['a', 1], ['two', 1], ['twoReprint', 1], ['three', 1]), lookup);
    expect(report.violations).toEqual([]);
  });

  it('names each extra card on its own and every missing card in one sentence', () => {
    const report = evaluateDeck(withRule(rule), pack(['a', 2], ['stray', 1]), lookup);
    expect(report.violations.map((v) => [v.code, v.section, v.cardIds, v.message])).toEqual([
      ['SET_CARD_EXTRA', 'pack', ['a'], '"Ace of Clubs" has 2 copies; a run of clubs has one.'],
      ['SET_CARD_EXTRA', 'pack', ['stray'], '"Stray Card" is not part of a run of clubs.'],
      ['SET_CARD_MISSING', 'pack', [], 'Pack is missing 2 × "Two of Clubs" and "Three of Clubs" to be a run of clubs.'],
    ]);
  });

  it('matches by the field the rule names', () => {
    const byRank = withRule({ ...rule, field: 'rank', cards: ['A', '2', '3'] });
    const report = evaluateDeck(byRank, pack(['a', 1], ['two', 1], ['twoReprint', 1]), lookup);
    expect(report.violations.map((v) => v.message)).toEqual([
      '"2" has 2 copies; a run of clubs has one.',
      'Pack is missing "3" to be a run of clubs.',
    ]);
    expect(report.violations[0].cardIds).toEqual(['two', 'twoReprint']);
  });

  it('is described in one sentence when the designer wrote none', () => {
    expect(describeRule(base, rule)).toBe('Pack holds a run of clubs: 4 listed cards, each as often as listed.');
  });
});
