// Property tests of the query language: any typed string parses and resolves without an error
// (10,000 characters included) with problems inside the text; and on the sample cards a negated
// clause finds exactly the cards the clause does not, and two clauses find what both find.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../card-schema/search/parse';
import { cardMatchesSearch } from '../../card-schema/search/reference';
import { resolveQuery } from '../../card-schema/search/resolve';
import { samples, systems } from './search-samples';

const context = { systems, sets: samples.sets };

/** Query characters: operators, quotes, field names, digits, accents, emoji, lone surrogates, controls. */
const PIECES = [
  ...'abez019 -"\':=!<>()*_.\t\n',
  'kw',
  'type',
  'cost',
  'color',
  'set',
  'game',
  'é',
  'Ø',
  'ß',
  '火',
  '🔥',
  '\ud800',
  '\u0000',
  '\u0301',
  '\u200b',
];
const typed = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((pieces) => pieces.join('')),
);

/** Clauses that resolve in at least one game without a problem. */
const CLAUSES = [
  'fire',
  'ember',
  'a',
  '"deep tide"',
  'kw:haste',
  'kw:r',
  'type:creature',
  'color:red',
  'color=blue',
  'cost<=3',
  'cost>2',
  'atk>=2',
  'hp!=20',
  'name:pyra',
  'text:damage',
  'text="Haste"',
  'element:fire',
  'golden:yes',
  'rank:k',
  'value<5',
  'set:starter',
  'effect:crew',
];

function resultOf(query: string): Set<string> {
  const resolved = resolveQuery(parseQuery(query), context);
  const byGame = new Map(resolved.games.map((game) => [game.systemId, game]));
  return new Set(
    samples.cards
      .filter((card) => {
        const search = byGame.get(card.systemId);
        return search !== undefined && cardMatchesSearch(card, search);
      })
      .map((card) => card.id),
  );
}

describe('the query language on any input', () => {
  it('parses and resolves any string without an error, problems inside the text', () => {
    fc.assert(
      fc.property(typed, fc.boolean(), (text, allGames) => {
        const resolved = resolveQuery(parseQuery(text), { systems: allGames ? systems : [systems[0]], sets: samples.sets });
        for (const problem of resolved.problems) {
          expect(problem.start).toBeGreaterThanOrEqual(0);
          expect(problem.end).toBeLessThanOrEqual(text.length);
          expect(problem.message).not.toMatch(/\n/);
        }
        for (const card of samples.cards.slice(0, 20)) {
          const search = resolved.games.find((game) => game.systemId === card.systemId);
          if (search) cardMatchesSearch(card, search);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('handles 10,000 and 100,000 typed characters quickly', () => {
    const texts = [
      fc
        .sample(fc.array(fc.constantFrom(...PIECES), { minLength: 10_000, maxLength: 10_000 }), 1)[0]
        .join('')
        .slice(0, 10_000),
      'x'.repeat(10_000),
      'kw:'.repeat(3_334),
      '"'.repeat(100_000),
      'e'.repeat(100_000),
      `type:${'c'.repeat(99_995)}`,
    ];
    for (const text of texts) {
      const started = performance.now();
      const resolved = resolveQuery(parseQuery(text), context);
      expect(performance.now() - started, text.slice(0, 12)).toBeLessThan(300);
      expect(resolved.games.length).toBeLessThanOrEqual(systems.length);
    }
  });
});

describe('the query language on the sample cards', () => {
  const all = new Set(samples.cards.map((card) => card.id));

  it('finds with -clause exactly the cards the clause does not find', () => {
    for (const clause of CLAUSES) {
      const found = resultOf(clause);
      const left = resultOf(`-${clause}`);
      expect(
        [...found].filter((id) => left.has(id)),
        clause,
      ).toEqual([]);
      expect(found.size + left.size, clause).toBe(all.size);
    }
  });

  it('finds with two clauses the cards both find', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CLAUSES), fc.constantFrom(...CLAUSES), fc.boolean(), (a, b, negateB) => {
        const second = negateB ? `-${b}` : b;
        const both = resultOf(`${a} ${second}`);
        const first = resultOf(a);
        const other = resultOf(second);
        expect([...both].sort()).toEqual([...first].filter((id) => other.has(id)).sort());
      }),
      { numRuns: 150 },
    );
  });
});
