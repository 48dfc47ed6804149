// searchableFields: the fields each built-in game can be searched by, read from its schemas, and
// the names they answer to.

import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInFieldOf, findFields, searchableFields, type SearchField } from '../../card-schema/search/fields';
import { parseQuery } from '../../card-schema/search/parse';
import { resolveQuery } from '../../card-schema/search/resolve';
import type { GameSystem } from '../../card-schema/system/format';
import { loadGameSystems } from '../../src-main/services/game-systems';
import { ROOT } from './systems/harness';

const { systems } = loadGameSystems(join(ROOT, 'card-schema/systems'));
const system = (id: string): GameSystem => systems.find((candidate) => candidate.id === id) as GameSystem;

/** The one field a name means in a game: [kind, paths, choice values]. */
function field(systemId: string, name: string): [string, string[], unknown[]] {
  const found = findFields(searchableFields(system(systemId)), name);
  expect(found.length, `${systemId} ${name}`).toBeGreaterThan(0);
  return [
    found[0].kind,
    found.flatMap((one: SearchField) => one.paths.map((path) => path.join('.'))),
    found[0].choices.map((choice) => choice.value),
  ];
}

describe('searchableFields', () => {
  it('gives every game the built-ins name, type, set and game', () => {
    for (const game of systems) {
      const keys = searchableFields(game)
        .map((one) => one.builtIn)
        .filter(Boolean);
      expect(keys).toEqual(['name', 'type', 'set', 'game']);
    }
    expect(field('osmcg', 'type')[2]).toContain('creature');
    expect(searchableFields(system('osmcg')).find((one) => one.key === 'type')?.choices).toContainEqual({
      value: 'hero',
      label: 'Hero',
    });
  });

  it('reads OSMCG: keywords, colors with their labels, numbers, nested variant fields', () => {
    expect(field('osmcg', 'kw')).toEqual([
      'enum',
      ['keywords.*.kw'],
      expect.arrayContaining(['Haste', 'Quick Summon', 'Ranged']),
    ]);
    expect(field('osmcg', 'keywords')[1]).toEqual(['keywords.*.kw']);
    expect(field('osmcg', 'color')).toEqual(['enum', ['colors.*'], ['red', 'blue', 'green', 'white', 'black', 'neutral']]);
    expect(findFields(searchableFields(system('osmcg')), 'colors')[0].choices[0]).toEqual({ value: 'red', label: 'Red' });
    expect(field('osmcg', 'identity')[1]).toEqual(['colors.*']);
    expect(field('osmcg', 'cost')).toEqual(['number', ['cost'], []]);
    expect(field('osmcg', 'ManaCost')[1]).toEqual(['cost']);
    expect(field('osmcg', 'mana_cost')[1]).toEqual(['cost']);
    expect(field('osmcg', 'atk')).toEqual(['number', ['atk'], []]);
    expect(field('osmcg', 'hp')[1]).toEqual(['hp']);
    expect(field('osmcg', 'inflicts')).toEqual(['enum', ['inflicts.*.status'], expect.arrayContaining(['Stun', 'Poison'])]);
    expect(field('osmcg', 'speed')).toEqual(['enum', ['speed'], ['Standard', 'Quick']]);
    expect(field('osmcg', 'hideReminders')[0]).toBe('boolean');
    expect(field('osmcg', 'text')).toEqual(['text', ['text'], []]);
    expect(field('osmcg', 'flavor')[0]).toBe('text');
  });

  it('leaves image fields out', () => {
    for (const game of systems) expect(findFields(searchableFields(game), 'art'), game.id).toEqual([]);
  });

  it('reads MUHQ: costs, nested attack, effects by kind', () => {
    expect(field('muhq', 'buyCost')).toEqual(['number', ['buyCost'], []]);
    expect(field('muhq', 'damage')[1]).toEqual(['attack.damage']);
    expect(field('muhq', 'effect')).toEqual(['enum', ['effects.*.kind'], expect.arrayContaining(['shroud', 'crew'])]);
    expect(field('muhq', 'hp')[1]).toEqual(['health']);
  });

  it('reads Odd Frontier: cost, keywords as a list of names (kw too), subtype as text', () => {
    expect(field('odd-frontier', 'cost')).toEqual(['number', ['cost'], []]);
    expect(field('odd-frontier', 'kw')).toEqual(['enum', ['keywords.*'], ['First Assault']]);
    expect(field('odd-frontier', 'subtype')[0]).toBe('text');
    expect(field('odd-frontier', 'atk')[1]).toEqual(['attack']);
  });

  it('reads Miscrits: element as its identity, attacks and their effects', () => {
    expect(field('miscrits', 'element')).toEqual(['enum', ['element'], expect.arrayContaining(['fire', 'water'])]);
    expect(field('miscrits', 'golden')).toEqual(['boolean', ['attacks.*.golden'], []]);
    expect(field('miscrits', 'damage')[1]).toEqual(['attacks.*.damage']);
    expect(field('miscrits', 'cooldown')).toEqual(['number', ['attacks.*.cooldown'], [1, 2]]);
  });

  it('reads OMMS: rank and unit as lists, value and dice as numbers', () => {
    expect(field('omms', 'rank')).toEqual(['enum', ['rank'], expect.arrayContaining(['A', '10', 'K'])]);
    expect(field('omms', 'unit')[0]).toBe('enum');
    expect(field('omms', 'value')[0]).toBe('number');
    expect(field('omms', 'attack')[0]).toBe('number');
  });

  it('finds nothing for a name no game uses, and knows the built-ins by any of their names', () => {
    expect(findFields(searchableFields(system('osmcg')), 'foo')).toEqual([]);
    expect(builtInFieldOf('Sets')).toBe('set');
    expect(builtInFieldOf('GAME')).toBe('game');
    expect(builtInFieldOf('card_type')).toBe('type');
    expect(builtInFieldOf('kw')).toBeUndefined();
  });

  it('follows local references in a hand-written schema, stops at recursion and skips broken references', () => {
    const schema = {
      type: 'object',
      $defs: { node: { type: 'object', properties: { label: { type: 'string' }, child: { $ref: '#/$defs/node' } } } },
      properties: {
        type: { const: 'x' },
        name: { type: 'string' },
        tree: { $ref: '#/$defs/node' },
        broken: { $ref: '#/$defs/none' },
      },
    };
    const custom = { ...system('omms'), cardTypes: [{ id: 'x', label: 'X', layout: 'x', schema }] } as unknown as GameSystem;
    const labels = searchableFields(custom).filter((one) => one.key === 'label');
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.every((one) => one.kind === 'text')).toBe(true);
    expect(findFields(searchableFields(custom), 'label')[0].paths).toEqual([['tree', 'label']]);
  });

  it('reads a schema branching at every level in bounded time', () => {
    const branches = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`b${index}`, { $ref: '#/$defs/node' }]));
    const schema = {
      type: 'object',
      $defs: { node: { type: 'object', properties: { ...branches, n: { type: 'integer' } }, oneOf: [{ $ref: '#/$defs/none' }] } },
      properties: { type: { const: 'x' }, name: { type: 'string' }, root: { $ref: '#/$defs/node' } },
    };
    const custom = { ...system('omms'), cardTypes: [{ id: 'x', label: 'X', layout: 'x', schema }] } as unknown as GameSystem;
    const started = performance.now();
    const fields = searchableFields(custom);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(findFields(fields, 'n')[0].paths).toEqual([['root', 'n']]);
  });

  it('never fails on a malformed schema', () => {
    const KEYWORDS = [
      'type',
      'properties',
      'items',
      'oneOf',
      'anyOf',
      'allOf',
      '$ref',
      '$defs',
      'const',
      'enum',
      'title',
      'x-kind',
    ];
    const { schema } = fc.letrec((tie) => ({
      schema: fc.dictionary(
        fc.constantFrom(...KEYWORDS),
        fc.oneof(
          { depthSize: 'small' },
          fc.constantFrom('#', '#/$defs/a', '#/properties/a', '#/nowhere', 'image', 'string', 'integer', 'object', 'array'),
          fc.jsonValue({ maxDepth: 1 }),
          tie('schema'),
          fc.array(tie('schema'), { maxLength: 3 }),
          fc.dictionary(fc.constantFrom('a', 'kw', '__proto__', 'constructor'), tie('schema'), { maxKeys: 3 }),
        ),
        { maxKeys: 5 },
      ),
    }));
    fc.assert(
      fc.property(schema, (random) => {
        const custom = {
          ...system('omms'),
          cardTypes: [{ id: 'x', label: 'X', layout: 'x', schema: random }],
        } as unknown as GameSystem;
        const fields = searchableFields(custom);
        for (const name of ['a', 'kw', 'constructor', 'type']) findFields(fields, name);
        resolveQuery(parseQuery('a:1 kw:x constructor<2 type:x'), { systems: [custom], sets: [] });
      }),
      { numRuns: 300 },
    );
  });
});
