// The loader's messages for malformed format-v3 deck constructs (identity rules, copy limits by
// fields, alternative section sizes, ban and restricted lists by card match): each names the
// place in system.json and what is wrong. And a v3 system using all of them loads.

import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';

const SYSTEMS = join(resolve(import.meta.dirname, '../..'), 'card-schema/systems');
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON shapes
type Json = Record<string, any>;

/** OSMCG's folder copied to a temp folder, its system.json changed by `change`. */
function osmcgWith(change: (json: Json) => void): string {
  const root = mkdtempSync(join(tmpdir(), 'cw-v3-'));
  copies.push(root);
  cpSync(join(SYSTEMS, 'osmcg'), join(root, 'osmcg'), { recursive: true });
  const file = join(root, 'osmcg', 'system.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as Json;
  change(json);
  writeFileSync(file, JSON.stringify(json));
  return join(root, 'osmcg');
}

function loadError(dir: string): GameSystemLoadError {
  try {
    loadGameSystem(dir);
  } catch (error) {
    if (error instanceof GameSystemLoadError) return error;
    throw error;
  }
  throw new Error('expected the system to be refused');
}

const ruleCount = (JSON.parse(readFileSync(join(SYSTEMS, 'osmcg/system.json'), 'utf8')) as Json).deck.rules.length as number;
const addRule = (rule: Json) => (json: Json) => json.deck.rules.push(rule);

describe('format v3 deck constructs in system.json', () => {
  it('loads a system using every v3 construct, written as version 3', () => {
    const system = loadGameSystem(
      osmcgWith((json) => {
        json.formatVersion = 3;
        json.deck.rules.push(
          { kind: 'sectionSize', section: 'missions', sizes: [0, 10] },
          { kind: 'copyLimit', max: 4, by: ['name', 'cost'], overrides: [{ match: { types: ['hero'] }, max: 1 }] },
          {
            kind: 'identity',
            leaderSection: 'hero',
            sections: ['main'],
            combine: 'any',
            checks: [
              { field: 'colors', mode: 'intersects' },
              { field: 'keywords', leaderField: 'name', mode: 'intersects', label: 'hero' },
            ],
          },
        );
        json.deck.formats[0].banned = ['Old Name', { where: [{ field: 'cost', equals: 9 }] }];
        json.deck.formats[0].restricted = [
          { name: 'Some Card', max: 1 },
          { match: { names: ['Other'], where: [{ field: 'cost', equals: 2 }] }, max: 2 },
        ];
      }),
    );
    expect(system.formatVersion).toBe(3);
    expect(system.deck.rules.at(-1)).toMatchObject({ kind: 'identity', combine: 'any' });
    expect(system.deck.formats?.[0].banned?.[1]).toEqual({ where: [{ field: 'cost', equals: 9 }] });
  });

  it.each([
    [
      'a section size that is not a whole number',
      addRule({ kind: 'sectionSize', section: 'missions', sizes: [0, 2.5] }),
      '/deck/rules/N/sizes/1',
      'must be a whole number ≥ 0',
    ],
    [
      'a negative section size',
      addRule({ kind: 'sectionSize', section: 'missions', sizes: [-1] }),
      '/deck/rules/N/sizes/0',
      'must be a whole number ≥ 0',
    ],
    [
      'an empty list of sizes',
      addRule({ kind: 'sectionSize', section: 'missions', sizes: [] }),
      '/deck/rules/N/sizes',
      'must NOT have fewer than 1 items',
    ],
    [
      'sizes together with min/max',
      addRule({ kind: 'sectionSize', section: 'missions', sizes: [0, 10], max: 10 }),
      '/deck/rules/N/sizes',
      'give "sizes" or "min"/"max", not both',
    ],
    [
      'a copy limit by a missing field',
      addRule({ kind: 'copyLimit', max: 4, by: ['name', 'collectorNumber'] }),
      '/deck/rules/N/by/1',
      'no card type has a field "collectorNumber"',
    ],
    [
      'a copy limit by an empty field list',
      addRule({ kind: 'copyLimit', max: 4, by: [] }),
      '/deck/rules/N/by',
      'must NOT have fewer than 1 items',
    ],
    [
      'a copy limit with both by and countBy',
      addRule({ kind: 'copyLimit', max: 4, by: ['name'], countBy: 'id' }),
      '/deck/rules/N/by',
      'give "by" or "countBy", not both',
    ],
    [
      'an identity rule without checks',
      addRule({ kind: 'identity', leaderSection: 'hero', sections: ['main'] }),
      '/deck/rules/N/checks',
      'is required',
    ],
    [
      'an identity check with an unknown mode',
      addRule({ kind: 'identity', leaderSection: 'hero', sections: ['main'], checks: [{ field: 'colors', mode: 'overlap' }] }),
      '/deck/rules/N/checks/0/mode',
      'must be "subset" or "intersects"',
    ],
    [
      'an identity check on a missing field',
      addRule({ kind: 'identity', leaderSection: 'hero', sections: ['main'], checks: [{ field: 'class', mode: 'subset' }] }),
      '/deck/rules/N/checks/0/field',
      'no card type has a field "class"',
    ],
    [
      'an identity check against a missing leader field',
      addRule({
        kind: 'identity',
        leaderSection: 'hero',
        sections: ['main'],
        checks: [{ field: 'colors', leaderField: 'heroColors', mode: 'subset' }],
      }),
      '/deck/rules/N/checks/0/leaderField',
      'no card type has a field "heroColors"',
    ],
    [
      'an identity rule with a missing leader section',
      addRule({ kind: 'identity', leaderSection: 'leader', sections: ['main'], checks: [{ field: 'colors', mode: 'subset' }] }),
      '/deck/rules/N/leaderSection',
      'no deck section named "leader"',
    ],
    [
      'an identity rule combining checks some other way',
      addRule({
        kind: 'identity',
        leaderSection: 'hero',
        sections: ['main'],
        combine: 'most',
        checks: [{ field: 'colors', mode: 'subset' }],
      }),
      '/deck/rules/N/combine',
      'must be "all" or "any"',
    ],
    [
      'a ban-list match on a missing field',
      (json: Json) => (json.deck.formats[0].banned = ['Fine', { where: [{ field: 'number', equals: 112 }] }]),
      '/deck/formats/0/banned/1/where/0/field',
      'no card type has a field "number"',
    ],
    [
      'a restricted match on a missing card type',
      (json: Json) => (json.deck.formats[0].restricted = [{ match: { types: ['token'] }, max: 1 }]),
      '/deck/formats/0/restricted/0/match/types/0',
      'no card type named "token"',
    ],
    [
      'a restricted entry with a negative limit',
      (json: Json) => (json.deck.formats[0].restricted = [{ match: { names: ['A'] }, max: -1 }]),
      '/deck/formats/0/restricted/0/max',
      'must be a whole number ≥ 0',
    ],
  ])('refuses %s, naming the place', (_label, change, jsonPath, reason) => {
    const error = loadError(osmcgWith(change));
    expect(error.file).toBe('osmcg/system.json');
    expect(error.jsonPath).toBe(jsonPath.replace('/N/', `/${ruleCount}/`).replace(/\/N$/, `/${ruleCount}`));
    expect(error.reason).toContain(reason);
  });
});
