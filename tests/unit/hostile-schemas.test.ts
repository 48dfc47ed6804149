// Game files and cards are untrusted input (issue #7): backtracking regexes, quadratic
// uniqueItems, deep nesting and huge documents must fail fast and clearly, never block the host.

import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GameSystemLoadError, loadGameSystem, loadGameSystems } from '../../src-main/services/game-systems';
import { createCardValidator } from '../../src-main/services/card-validator';
import { createAjv } from '../../src-main/services/ajv';

const SYSTEMS = join(resolve(import.meta.dirname, '../..'), 'card-schema/systems');
const CREATURE_SCHEMA = 'schemas/creature.schema.json';

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON shapes
type Json = Record<string, any>;

/**
 * A copy of OSMCG in a temp folder whose `file` is changed by `change`; returns the system
 * folder. `spliceText` edits the written JSON text (for nesting JSON.stringify cannot write).
 */
function osmcgWith(file: string, change: (json: Json) => void, spliceText = (text: string) => text): string {
  const root = mkdtempSync(join(tmpdir(), 'cw-hostile-'));
  copies.push(root);
  cpSync(join(SYSTEMS, 'osmcg'), join(root, 'osmcg'), { recursive: true });
  const path = join(root, 'osmcg', file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as Json;
  change(json);
  writeFileSync(path, spliceText(JSON.stringify(json)));
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

/** Runs `work` and returns its result with the time it took, for "finishes, not hangs" checks. */
function timed<T>(work: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = work();
  return { result, ms: performance.now() - start };
}

const creature = { type: 'creature', name: 'Ember Wolf', colors: ['red'], cost: 2, atk: 2, hp: 3, spd: 6, ap: 2 };
const EVIL = '^(a+)+$';
const attack = `${'a'.repeat(34)}!`;

describe('regular expressions from game files', () => {
  const validate = createCardValidator(
    loadGameSystem(
      osmcgWith(CREATURE_SCHEMA, (schema) => {
        schema.properties.motto = { type: 'string', title: 'Motto', pattern: EVIL };
        schema.patternProperties = { [EVIL]: { type: 'number' } };
      }),
    ),
  );

  it('runs a backtracking `pattern` in linear time with the right answer', () => {
    const { result, ms } = timed(() => validate({ ...creature, motto: attack }));
    expect(result).toEqual([{ path: '/motto', message: `Motto must match pattern "${EVIL}"` }]);
    expect(ms).toBeLessThan(2000);
    expect(validate({ ...creature, motto: 'aaaa' })).toEqual([]);
  });

  it('runs a backtracking `patternProperties` key in linear time with the right answer', () => {
    const { result, ms } = timed(() => validate({ ...creature, [attack]: 1 }));
    expect(result).toEqual([{ path: `/${attack}`, message: `Unknown field "${attack}"` }]);
    expect(ms).toBeLessThan(2000);
    expect(validate({ ...creature, aaaa: 1 })).toEqual([]);
    expect(validate({ ...creature, aaaa: 'one' })[0].path).toBe('/aaaa');
  });

  it('refuses a backreference at load, naming the file, the JSON path and why', () => {
    const error = loadError(
      osmcgWith(CREATURE_SCHEMA, (schema) => {
        schema.properties.motto = { type: 'string', pattern: '^(a)\\1$' };
      }),
    );
    expect(error.file).toBe('osmcg/schemas/creature.schema.json');
    expect(error.jsonPath).toBe('/properties/motto/pattern');
    expect(error.reason).toMatch(/cannot run in linear time \(backreferences and lookaround are not supported\)/);
  });

  it('refuses lookaround in a patternProperties key and in shared definitions', () => {
    const inKey = loadError(
      osmcgWith(CREATURE_SCHEMA, (schema) => {
        schema.patternProperties = { '^(?!x)': { type: 'string' } };
      }),
    );
    expect(inKey.jsonPath).toBe('/patternProperties/^(?!x)');
    expect(inKey.reason).toMatch(/linear time/);

    const inDefinitions = loadError(
      osmcgWith('schemas/definitions.json', (definitions) => {
        definitions.name.pattern = '(?<=a)b';
      }),
    );
    expect(inDefinitions.file).toBe('osmcg/schemas/definitions.json');
    expect(inDefinitions.jsonPath).toBe('/name/pattern');
  });

  it('keeps loading the other systems when one has an unsupported pattern', () => {
    const dir = osmcgWith(CREATURE_SCHEMA, (schema) => {
      schema.properties.motto = { type: 'string', pattern: '(a)\\1' };
    });
    const { systems, errors } = loadGameSystems(resolve(dir, '..'));
    expect(systems).toEqual([]);
    expect(errors.map((e) => e.jsonPath)).toEqual(['/properties/motto/pattern']);
  });
});

describe('card size limits', () => {
  const validate = createCardValidator(loadGameSystem(join(SYSTEMS, 'osmcg')));

  it('refuses 40,000 colors with one clear issue, fast', () => {
    const colors = Array.from({ length: 40_000 }, (_, i) => `color-${i}`);
    const { result, ms } = timed(() => validate({ ...creature, colors }));
    expect(result).toEqual([{ path: '/colors', message: 'This list has 40,000 entries; a card allows at most 10,000' }]);
    expect(ms).toBeLessThan(2000);
  });

  it('checks uniqueItems in linear time and still reports maxItems', () => {
    const colors = Array.from({ length: 10_000 }, (_, i) => ['red', 'blue'][i % 2]);
    const { result, ms } = timed(() => validate({ ...creature, colors }));
    expect(result).toEqual([
      { path: '/colors', message: 'Colors allows at most 5 entries' },
      { path: '/colors', message: 'Colors lists the same value twice' },
    ]);
    expect(ms).toBeLessThan(2000);
    expect(validate({ ...creature, colors: ['red', 'red'] })).toEqual([
      { path: '/colors', message: 'Colors lists the same value twice' },
    ]);
    expect(validate({ ...creature, colors: ['red', 'blue'] })).toEqual([]);
  });

  it('refuses a card nested deeper than 32 levels, naming where', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = { x: deep };
    const [issue, ...rest] = validate({ ...creature, lore: deep });
    expect(rest).toEqual([]);
    expect(issue.path).toBe(`/lore${'/x'.repeat(31)}`);
    expect(issue.message).toBe('The card nests deeper than 32 levels here');
  });

  it('refuses a card over 1 MB and a single text over 100,000 characters', () => {
    const long = 'x'.repeat(90_000);
    const fields = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`text${i}`, long]));
    expect(validate({ ...creature, ...fields })).toEqual([
      { path: '', message: 'The card is larger than 1,000,000 bytes of JSON' },
    ]);
    expect(validate({ ...creature, name: 'x'.repeat(100_001) })).toEqual([
      { path: '/name', message: 'This text has 100,001 characters; a card allows at most 100,000' },
    ]);
  });
});

describe('game-system schema depth', () => {
  it('refuses a 10,000-deep allOf at load with the file and the JSON path', () => {
    const deepAllOf = `${'{"allOf":['.repeat(10_000)}{"type":"object"}${']}'.repeat(10_000)}`;
    const dir = osmcgWith(
      CREATURE_SCHEMA,
      (schema) => {
        schema.properties.lore = 'DEEP';
      },
      (text) => text.replace('"DEEP"', deepAllOf),
    );
    const error = loadError(dir);
    expect(error.file).toBe('osmcg/schemas/creature.schema.json');
    expect(error.jsonPath).toMatch(/^\/properties\/lore(\/allOf\/0)+/);
    expect(error.reason).toBe('nested deeper than 64 levels');
  });
});

describe('the shared ajv configuration', () => {
  const ajv = createAjv();

  it('keeps each pattern its own (ajv caches compiled patterns by their text)', () => {
    const check = ajv.compile({
      type: 'object',
      properties: { a: { pattern: '^a+$' }, b: { pattern: '^b+$' }, hex: { pattern: '^\\u0041[0-9a-f]{2}$' } },
    });
    expect(check({ a: 'aaa', b: 'bbb', hex: 'A0f' })).toBe(true);
    expect(check({ a: 'bbb' })).toBe(false);
    expect(check({ b: 'aaa' })).toBe(false);
    expect(check({ hex: 'B0f' })).toBe(false);
  });

  it('compares items as JSON values in uniqueItems', () => {
    const check = ajv.compile({ type: 'array', uniqueItems: true });
    expect(check([1, '1', true, 'true', null, 'null', [1], { a: 1, b: 2 }])).toBe(true);
    expect(
      check([
        { a: 1, b: [2, 3] },
        { b: [2, 3], a: 1 },
      ]),
    ).toBe(false);
    expect(check([2, 2.0])).toBe(false);
    expect(ajv.compile({ type: 'array', uniqueItems: false })([1, 1])).toBe(true);
  });
});
