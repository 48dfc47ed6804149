// cardTestsHold (card-schema/search/field-tests.ts): what text, equals and compare tests mean on a
// card document — paths through objects and arrays, own keys only, negation.

import { describe, expect, it } from 'vitest';
import { cardTestsHold } from '../../card-schema/search/field-tests';
import { termOccurs } from '../../card-schema/search/term-match';
import type { CardTest, FieldTest } from '../../card-schema/search/query';
import type { CardDocument } from '../../card-schema/system/format';

const wolf = {
  type: 'creature',
  name: 'Ember Wolf',
  colors: ['red', 'Neutral'],
  cost: 2,
  atk: 3,
  flying: false,
  keywords: [{ kw: 'Haste' }, { kw: 'Tracker', x: 4, effect: '+1 ATK' }],
  text: 'When it enters, deal 1 damage to a fire-bolt target.',
  art: { id: 'abc' },
} as CardDocument;

const holds = (test: FieldTest, negated = false) => cardTestsHold(wolf, [{ test, negated }]);
const text = (paths: string[][], tokens: string[], prefix = false): FieldTest => ({
  kind: 'text',
  paths,
  term: { tokens, prefix },
});

describe('text tests', () => {
  it('match whole tokens next to each other, the last a prefix when asked', () => {
    expect(holds(text([['text']], ['deal', '1', 'damage']))).toBe(true);
    expect(holds(text([['text']], ['deal', 'damage']))).toBe(false);
    expect(holds(text([['text']], ['dam']))).toBe(false);
    expect(holds(text([['text']], ['dam'], true))).toBe(true);
    expect(holds(text([['text']], ['fire', 'bolt']))).toBe(true);
    expect(holds(text([['name']], ['ember', 'wo'], true))).toBe(true);
    expect(holds(text([['name']], ['em', 'wolf'], true))).toBe(false);
  });

  it('read every item of an array path, strings only', () => {
    expect(holds(text([['keywords', '*', 'kw']], ['hast'], true))).toBe(true);
    expect(holds(text([['keywords', '*', 'effect']], ['atk']))).toBe(true);
    expect(holds(text([['keywords', '*', 'x']], ['4']))).toBe(false);
    expect(holds(text([['colors']], ['neutral']))).toBe(true);
    expect(holds(text([['missing'], ['name']], ['wolf']))).toBe(true);
  });

  it('a term with no tokens or longer than the text holds nowhere', () => {
    expect(termOccurs(['a'], { tokens: [], prefix: false })).toBe(false);
    expect(termOccurs(['a'], { tokens: ['a', 'b'], prefix: true })).toBe(false);
    expect(termOccurs([], { tokens: ['a'], prefix: true })).toBe(false);
  });
});

describe('equals and compare tests', () => {
  it('compare strings case-insensitively, numbers and booleans strictly', () => {
    expect(holds({ kind: 'equals', paths: [['type']], values: ['CREATURE'] })).toBe(true);
    expect(holds({ kind: 'equals', paths: [['colors']], values: ['blue', 'neutral'] })).toBe(true);
    expect(holds({ kind: 'equals', paths: [['colors']], values: ['blue'] })).toBe(false);
    expect(holds({ kind: 'equals', paths: [['cost']], values: [2] })).toBe(true);
    expect(holds({ kind: 'equals', paths: [['cost']], values: ['2'] })).toBe(false);
    expect(holds({ kind: 'equals', paths: [['flying']], values: [false] })).toBe(true);
    expect(holds({ kind: 'equals', paths: [['keywords', '*', 'kw']], values: ['tracker'] })).toBe(true);
  });

  it('compare numbers only', () => {
    const compare = (field: string, op: Extract<FieldTest, { kind: 'compare' }>['op'], value: number) =>
      holds({ kind: 'compare', paths: [[field]], op, value });
    expect(compare('cost', '<=', 2)).toBe(true);
    expect(compare('cost', '<', 2)).toBe(false);
    expect(compare('atk', '>', 2)).toBe(true);
    expect(compare('atk', '>=', 4)).toBe(false);
    expect(compare('atk', '=', 3)).toBe(true);
    expect(compare('atk', '!=', 3)).toBe(false);
    expect(compare('name', '>', 0)).toBe(false);
    expect(holds({ kind: 'compare', paths: [['keywords', '*', 'x']], op: '>', value: 3 })).toBe(true);
  });
});

describe('paths and negation', () => {
  it('walk own keys only and never into non-objects', () => {
    expect(holds(text([['constructor']], ['object'], true))).toBe(false);
    expect(holds({ kind: 'equals', paths: [['__proto__']], values: ['x'] })).toBe(false);
    expect(holds(text([['name', 'length']], ['10']))).toBe(false);
    expect(holds(text([['keywords', 'kw']], ['haste']))).toBe(false);
    expect(holds(text([['text', '*']], ['deal']))).toBe(false);
  });

  it('negated tests pass when the test fails; every test must pass', () => {
    const haste: FieldTest = { kind: 'equals', paths: [['keywords', '*', 'kw']], values: ['haste'] };
    const cheap: FieldTest = { kind: 'compare', paths: [['cost']], op: '<=', value: 1 };
    expect(holds(haste, true)).toBe(false);
    expect(holds(cheap, true)).toBe(true);
    const both: CardTest[] = [
      { test: haste, negated: false },
      { test: cheap, negated: true },
    ];
    expect(cardTestsHold(wolf, both)).toBe(true);
    expect(cardTestsHold(wolf, [...both, { test: cheap, negated: false }])).toBe(false);
    expect(cardTestsHold(wolf, [])).toBe(true);
  });
});
