// resolveQuery: a parsed query in each game searched — text terms, field tests, set: and game:,
// and a problem for what no searched game can run.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../card-schema/search/parse';
import type { GameSearch, ResolvedQuery } from '../../card-schema/search/query';
import { resolveQuery } from '../../card-schema/search/resolve';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { cardTestsHold } from '../../card-schema/search/field-tests';
import { loadGameSystems } from '../../src-main/services/game-systems';
import { ROOT } from './systems/harness';

const { systems } = loadGameSystems(join(ROOT, 'card-schema/systems'));
const system = (id: string): GameSystem => systems.find((candidate) => candidate.id === id) as GameSystem;
const SETS = [
  { id: 'osmcg-core', systemId: 'osmcg', name: 'Core Set' },
  { id: 'osmcg-missions', systemId: 'osmcg', name: 'Missions & Objectives' },
  { id: 'muhq-vale', systemId: 'muhq', name: 'The Vale' },
  { id: 'omms-standard', systemId: 'omms', name: 'Standard Pack' },
];

function resolve(text: string, systemIds: string[] = ['osmcg']): ResolvedQuery {
  return resolveQuery(parseQuery(text), { systems: systemIds.map(system), sets: SETS });
}
function only(text: string, systemId = 'osmcg'): GameSearch {
  const resolved = resolve(text, [systemId]);
  expect(resolved.problems).toEqual([]);
  return resolved.games[0];
}

describe('resolveQuery in one game', () => {
  it('turns words into prefix terms and phrases into whole-word terms; minus excludes', () => {
    const resolved = resolve('Ember fire-bolt "deep tide" -wolf -"sea serpent" !!');
    expect(resolved.games[0].text).toEqual({
      include: [
        { tokens: ['ember'], prefix: true },
        { tokens: ['fire', 'bolt'], prefix: true },
        { tokens: ['deep', 'tide'], prefix: false },
      ],
      exclude: [
        { tokens: ['wolf'], prefix: true },
        { tokens: ['sea', 'serpent'], prefix: false },
      ],
    });
    expect(resolved.highlight).toHaveLength(3);
    expect(resolved.problems).toEqual([]);
  });

  it('reads enum fields by a word of their values or labels', () => {
    expect(only('kw:haste').fields).toEqual([
      { test: { kind: 'equals', paths: [['keywords', '*', 'kw']], values: ['Haste'] }, negated: false },
    ]);
    expect(only('kw:summon').fields[0].test).toMatchObject({ values: ['Summoner', 'Quick Summon'] });
    expect(only('kw:"quick summon"').fields[0].test).toMatchObject({ values: ['Quick Summon'] });
    expect(only('color:r').fields[0].test).toMatchObject({ paths: [['colors', '*']], values: ['red'] });
    expect(only('color=Red').fields[0].test).toMatchObject({ values: ['red'] });
    expect(only('type:crea').fields[0].test).toEqual({ kind: 'equals', paths: [['type']], values: ['creature'] });
    expect(only('-type:hero').fields[0]).toMatchObject({ negated: true });
    expect(only('color!=red').fields[0]).toMatchObject({ negated: true, test: { values: ['red'] } });
    expect(only('-color!=red').fields[0]).toMatchObject({ negated: false });
  });

  it('compares numbers, with : and = meaning equal and != a negated equal', () => {
    expect(only('cost<=3').fields[0].test).toEqual({ kind: 'compare', paths: [['cost']], op: '<=', value: 3 });
    expect(only('atk>2').fields[0].test).toMatchObject({ op: '>', value: 2, paths: [['atk']] });
    expect(only('cost:2').fields[0].test).toMatchObject({ op: '=', value: 2 });
    expect(only('cost!=2').fields[0]).toEqual({ test: { kind: 'compare', paths: [['cost']], op: '=', value: 2 }, negated: true });
    expect(only('hp>=-1.5').fields[0].test).toMatchObject({ op: '>=', value: -1.5 });
  });

  it('looks for words in text fields, or the whole value with =', () => {
    const search = only('name:pyra flavor:"grass remembers" text=Haste');
    expect(search.fields.map((field) => field.test)).toEqual([
      { kind: 'text', paths: [['name']], term: { tokens: ['pyra'], prefix: true } },
      { kind: 'text', paths: [['flavor']], term: { tokens: ['grass', 'remembers'], prefix: false } },
      { kind: 'equals', paths: [['text']], values: ['Haste'] },
    ]);
    expect(resolve('name:pyra -flavor:ash').highlight).toEqual([{ tokens: ['pyra'], prefix: true }]);
  });

  it('reads booleans as yes/no', () => {
    expect(only('golden:yes', 'miscrits').fields[0].test).toEqual({
      kind: 'equals',
      paths: [['attacks', '*', 'golden']],
      values: [true],
    });
    expect(only('hideReminders=false').fields[0].test).toMatchObject({ values: [false] });
  });

  it('says what a field takes when the value does not fit, leaving the clause out', () => {
    const cases: [string, string][] = [
      ['cost<=x', '‘cost’ takes a number, like cost<=3'],
      [`cost<${'9'.repeat(400)}`, '‘cost’ takes a number'],
      ['name>3', '‘name’ is text'],
      ['color<red', '‘color’ takes one of Red, Blue, Green, White, Black, Neutral'],
      ['hideReminders:maybe', '‘hideReminders’ takes yes or no'],
      ['name:!!', 'has no letters or digits'],
    ];
    for (const [text, message] of cases) {
      const resolved = resolve(`${text} wolf`);
      expect(resolved.problems, text).toEqual([{ message: expect.stringContaining(message), start: 0, end: text.length }]);
      expect(resolved.games[0].fields, text).toEqual([]);
      expect(resolved.games[0].text.include, text).toEqual([{ tokens: ['wolf'], prefix: true }]);
    }
  });

  it('names an unknown field with fields to try, and leaves it out', () => {
    const resolved = resolve('foo:bar ember');
    expect(resolved.problems).toEqual([
      { message: 'Unknown field ‘foo’ — try name, type, colors, rarity, cost, atk, … (see Help › Search)', start: 0, end: 7 },
    ]);
    expect(resolved.games[0].fields).toEqual([]);
  });

  it('matches no card when an enum value names nothing, and says so', () => {
    const resolved = resolve('kw:zzz');
    expect(resolved.games[0].fields).toEqual([
      { test: { kind: 'equals', paths: [['keywords', '*', 'kw']], values: [] }, negated: false },
    ]);
    expect(resolved.problems[0].message).toMatch(/^No ‘kw’ is ‘zzz’: it takes Ethereal, Defense/);
  });

  it('picks sets by a word of their name or their id; = the whole name; minus excludes', () => {
    expect(only('set:core').setIds).toEqual(['osmcg-core']);
    expect(only('set:obj').setIds).toEqual(['osmcg-missions']);
    expect(only('set:osmcg-core').setIds).toEqual(['osmcg-core']);
    expect(only('set="core set"').setIds).toEqual(['osmcg-core']);
    expect(only('set:s set:core').setIds).toEqual(['osmcg-core']);
    const excluded = only('-set:core');
    expect(excluded.setIds).toBeUndefined();
    expect(excluded.excludeSetIds).toEqual(['osmcg-core']);
    expect(only('set!="Core Set"').excludeSetIds).toEqual(['osmcg-core']);
  });

  it('matches nothing when no set answers, with a problem', () => {
    const resolved = resolve('set:vale');
    expect(resolved.games[0].setIds).toEqual([]);
    expect(resolved.problems[0]).toEqual({ message: 'No set matches ‘vale’', start: 0, end: 8 });
  });
});

describe('resolveQuery across games', () => {
  const ALL = systems.map((one) => one.id);

  it('gives a field only some games have a never-holding test in the others', () => {
    const resolved = resolve('kw:haste', ALL);
    expect(resolved.problems).toEqual([]);
    const byGame = new Map(resolved.games.map((game) => [game.systemId, game.fields[0].test]));
    expect(byGame.get('osmcg')).toMatchObject({ values: ['Haste'] });
    expect(byGame.get('omms')).toEqual({ kind: 'equals', paths: [], values: [] });
    expect(byGame.get('odd-frontier')).toEqual({ kind: 'equals', paths: [['keywords', '*']], values: [] });
  });

  it('reads a field by each game’s own schema', () => {
    const resolved = resolve('cost<=2', ALL);
    const byGame = new Map(resolved.games.map((game) => [game.systemId, game.fields[0].test]));
    expect(byGame.get('osmcg')).toMatchObject({ kind: 'compare', paths: [['cost']] });
    expect(byGame.get('odd-frontier')).toMatchObject({ kind: 'compare', paths: [['cost']] });
    expect(byGame.get('muhq')).toMatchObject({ paths: [] });
  });

  it('narrows the games with game:, by id or a word of the name, whatever the clause order', () => {
    expect(resolve('fire game:odd', ALL).games.map((game) => game.systemId)).toEqual(['odd-frontier']);
    expect(resolve('game:frontier', ALL).games.map((game) => game.systemId)).toEqual(['odd-frontier']);
    expect(resolve('set:core game:osmcg', ALL).games).toMatchObject([{ systemId: 'osmcg', setIds: ['osmcg-core'] }]);
    expect(resolve('-game:osmcg', ALL).games.map((game) => game.systemId)).not.toContain('osmcg');
    expect(resolve('-game:osmcg', ALL).games).toHaveLength(ALL.length - 1);
  });

  it('searches no game when game: names none, with a problem', () => {
    const resolved = resolve('game:chess kw:haste', ALL);
    expect(resolved.games).toEqual([]);
    expect(resolved.problems).toHaveLength(1);
    expect(resolved.problems[0].message).toMatch(/^No game matches ‘chess’: searching OSMCG/);
  });

  it('gives games without a matching set an empty set list', () => {
    const resolved = resolve('set:standard', ALL);
    const byGame = new Map(resolved.games.map((game) => [game.systemId, game.setIds]));
    expect(byGame.get('omms')).toEqual(['omms-standard']);
    expect(byGame.get('osmcg')).toEqual([]);
  });

  it('reports an unknown field once', () => {
    expect(resolve('foo:1', ALL).problems).toHaveLength(1);
  });
});

describe('resolveQuery with names like Object.prototype members', () => {
  it('treats them as unknown fields, words and values', () => {
    const resolved = resolve(
      '__proto__:x constructor<=3 toString:"a" hasOwnProperty kw:constructor set:__proto__',
      systems.map((one) => one.id),
    );
    expect(resolved.problems.map((problem) => problem.message)).toEqual([
      'Unknown field ‘__proto__’ — try name, type, colors, rarity, cost, atk, … (see Help › Search)',
      expect.stringContaining('Unknown field ‘constructor’'),
      expect.stringContaining('Unknown field ‘toString’'),
      expect.stringMatching(/^No ‘kw’ is ‘constructor’/),
      'No set matches ‘__proto__’',
    ]);
  });

  it('reads schema fields named like them, and card values under them', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"type":{"const":"x"},"constructor":{"type":"integer"},"__proto__":{"type":"string"}}}',
    ) as object;
    const custom = { ...system('omms'), cardTypes: [{ id: 'x', label: 'X', layout: 'x', schema }] } as unknown as GameSystem;
    const resolved = resolveQuery(parseQuery('constructor>=2 __proto__:abc'), { systems: [custom], sets: [] });
    expect(resolved.problems).toEqual([]);
    expect(resolved.games[0].fields.map((field) => field.test)).toEqual([
      { kind: 'compare', paths: [['constructor']], op: '>=', value: 2 },
      { kind: 'text', paths: [['__proto__']], term: { tokens: ['abc'], prefix: true } },
    ]);
    const doc = JSON.parse('{"type":"x","name":"n","constructor":3,"__proto__":"abcd"}') as CardDocument;
    expect(cardTestsHold(doc, resolved.games[0].fields)).toBe(true);
    expect(cardTestsHold({ type: 'x', name: 'n' }, resolved.games[0].fields)).toBe(false);
  });
});
