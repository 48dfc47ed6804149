// Enum value labels (system.json enumLabels): the pure lookup, the loader's messages for labels
// naming no field or no value, the validator's "must be one of" in labels, and search taking
// a label as well as the stored id.

import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { enumLabel, enumText, fieldOfPointer } from '../../card-schema/system/enum-labels';
import { createCardValidator } from '../../src-main/services/card-validator';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';
import { searchableFields } from '../../card-schema/search/fields';
import { matchingChoices, type FieldClause } from '../../card-schema/search/resolve-field';

const SYSTEMS = join(resolve(import.meta.dirname, '../..'), 'card-schema/systems');
const miscrits = loadGameSystem(join(SYSTEMS, 'miscrits'));
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Miscrits with `enumLabels` replaced; the load error, if any. */
function loadWithLabels(labels: unknown): GameSystemLoadError | undefined {
  const root = mkdtempSync(join(tmpdir(), 'cw-enum-labels-'));
  copies.push(root);
  cpSync(join(SYSTEMS, 'miscrits'), join(root, 'miscrits'), { recursive: true });
  const file = join(root, 'miscrits/system.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  json.enumLabels = labels;
  writeFileSync(file, JSON.stringify(json));
  try {
    loadGameSystem(join(root, 'miscrits'));
    return undefined;
  } catch (error) {
    if (error instanceof GameSystemLoadError) return error;
    throw error;
  }
}

const clause = (field: string, op: ':' | '=', value: string): FieldClause => ({
  kind: 'field',
  field,
  op,
  value,
  quoted: false,
  negated: false,
  start: 0,
  end: 0,
});

describe('enum labels', () => {
  it('labels values from enumLabels and the identity, and falls back to the id', () => {
    expect(enumLabel(miscrits, 'stage', 'evolution')).toBe('Evolution');
    expect(enumLabel(miscrits, 'element', 'fire')).toBe('Fire');
    expect(enumLabel(miscrits, 'stage', 'legendary')).toBeUndefined();
    expect(enumLabel(miscrits, 'constructor', 'x')).toBeUndefined();
    expect(enumText(miscrits, 'stage', 'legendary')).toBe('legendary');
    expect(enumText(miscrits, 'cooldown', 2)).toBe('2');
    expect(fieldOfPointer('/attacks/0/effect/status')).toBe('status');
    expect(fieldOfPointer('/colors/1')).toBe('colors');
  });

  it('refuses labels for a field without values, or for a value the field does not have', () => {
    expect(loadWithLabels({ stage: { basic: 'Base' } })).toBeUndefined();
    const cases: [unknown, string, RegExp][] = [
      [
        { stag: { basic: 'Basic' } },
        '/enumLabels/stag',
        /no card field "stag" holds a list of values \(fields with values: .*stage/,
      ],
      [
        { stage: { basik: 'Basic' } },
        '/enumLabels/stage/basik',
        /"basik" is not a value of "stage" \(its values: basic, evolution\)/,
      ],
      [{ stage: { basic: '' } }, '/enumLabels/stage/basic', /must NOT have fewer than 1 characters/],
      [{ stage: {} }, '/enumLabels/stage', /must NOT have fewer than 1 properties/],
    ];
    for (const [labels, path, reason] of cases) {
      const error = loadWithLabels(labels);
      expect(error, JSON.stringify(labels)).toBeDefined();
      expect([error!.file, error!.jsonPath]).toEqual(['miscrits/system.json', path]);
      expect(error!.reason).toMatch(reason);
    }
  });

  it('names the allowed values by their labels in validation messages', () => {
    const validate = createCardValidator(miscrits);
    const issues = validate({
      type: 'miscrit',
      name: 'Odd',
      element: 'ice',
      stage: 'adult',
      hp: 10,
      attacks: [{ name: 'Bite', damage: 1, cooldown: 1 }],
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        {
          path: '/element',
          message:
            'Element cannot be "ice": choose Fire ("fire"), Water ("water"), Nature ("nature"), Earth ("earth"), Wind ("wind"), Lightning ("lightning") or Physical ("physical")',
        },
        { path: '/stage', message: 'Stage cannot be "adult": choose Basic ("basic") or Evolution ("evolution")' },
      ]),
    );
  });

  it('lets search name a value by its label as well as by its id', () => {
    const stage = searchableFields(miscrits).find((f) => f.key === 'stage')!;
    expect(stage.choices).toEqual(expect.arrayContaining([{ value: 'evolution', label: 'Evolution' }]));
    expect(matchingChoices(stage, clause('stage', ':', 'evol'))).toEqual(['evolution']);
    const action = searchableFields(miscrits).find((f) => f.key === 'action')!;
    expect(matchingChoices(action, clause('action', ':', 'effect'))).toEqual(['status']);
    expect(matchingChoices(action, clause('action', '=', 'status effect'))).toEqual(['status']);
    const omms = loadGameSystem(join(SYSTEMS, 'omms'));
    const rank = searchableFields(omms).find((f) => f.key === 'rank')!;
    expect(matchingChoices(rank, clause('rank', '=', 'Queen'))).toEqual(['Q']);
    expect(matchingChoices(rank, clause('rank', '=', 'Q'))).toEqual(['Q']);
  });
});
