// Loading game systems: OSMCG loads; a broken system is refused with file, JSON path and
// reason while the others still load.

import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GameSystemLoadError, loadGameSystem, loadGameSystems } from '../../src-main/services/game-systems';

const SYSTEMS = join(resolve(import.meta.dirname, '../..'), 'card-schema/systems');
const osmcgRuleCount = (JSON.parse(readFileSync(join(SYSTEMS, 'osmcg/system.json'), 'utf8')) as { deck: { rules: unknown[] } })
  .deck.rules.length;

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of OSMCG in a temp folder, changed by `edit(folder)`. */
function brokenCopy(edit: (dir: string) => void): string {
  const root = mkdtempSync(join(tmpdir(), 'cw-systems-'));
  copies.push(root);
  cpSync(join(SYSTEMS, 'osmcg'), join(root, 'osmcg'), { recursive: true });
  edit(join(root, 'osmcg'));
  return root;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON shapes
type Json = Record<string, any>;

function editJson(file: string, change: (json: Json) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  change(json);
  writeFileSync(file, JSON.stringify(json));
}

function loadError(root: string): GameSystemLoadError {
  try {
    loadGameSystem(join(root, 'osmcg'));
  } catch (error) {
    if (error instanceof GameSystemLoadError) return error;
    throw error;
  }
  throw new Error('expected the system to be refused');
}

describe('game-system loading', () => {
  it('loads OSMCG with its schemas, shared definitions and layouts resolved', () => {
    const system = loadGameSystem(join(SYSTEMS, 'osmcg'));
    expect(system.id).toBe('osmcg');
    expect(system.cardTypes.map((t) => t.id)).toEqual(
      expect.arrayContaining(['hero', 'creature', 'spell', 'skill', 'equipment']),
    );
    expect(system.cardTypes[1].schema.$defs?.keyword).toBeDefined();
    expect(Object.keys(system.layouts)).toEqual(expect.arrayContaining(['hero', 'creature', 'back']));
  });

  it('refuses invalid JSON naming the file and the position', () => {
    const error = loadError(
      brokenCopy((dir) => writeFileSync(join(dir, 'schemas/creature.schema.json'), '{ "type": "object", }')),
    );
    expect(error.file).toBe('osmcg/schemas/creature.schema.json');
    expect(error.reason).toMatch(/not valid JSON/);
  });

  it('refuses a card type schema that does not compile', () => {
    const root = brokenCopy((dir) =>
      editJson(join(dir, 'schemas/spell.schema.json'), (s) => (s.properties.cost = { type: 'not-a-type' })),
    );
    const error = loadError(root);
    expect(error.file).toBe('osmcg/schemas/spell.schema.json');
    expect(error.reason).toMatch(/does not compile/);
  });

  it('refuses an unknown rule kind and a rule naming a missing section', () => {
    const kind = loadError(brokenCopy((dir) => editJson(join(dir, 'system.json'), (s) => (s.deck.rules[0].kind = 'maxPower'))));
    expect([kind.file, kind.jsonPath]).toEqual(['osmcg/system.json', '/deck/rules/0/kind']);
    expect(kind.reason).toMatch(/unknown kind; expected one of "sectionSize"/);
    // A known kind with a bad field names that field instead.
    const field = loadError(brokenCopy((dir) => editJson(join(dir, 'system.json'), (s) => (s.deck.rules[0].max = 'one'))));
    expect([field.jsonPath, field.reason]).toEqual(['/deck/rules/0/max', 'must be a whole number ≥ 0']);
    const section = loadError(
      brokenCopy((dir) => editJson(join(dir, 'system.json'), (s) => (s.deck.rules[1].section = 'sideboard'))),
    );
    expect(section.jsonPath).toBe('/deck/rules/1/section');
    expect(section.reason).toMatch(/^no deck section named "sideboard" \(sections: hero, main\b/);
    // A completeSet rule's sections and field are checked like any rule's.
    const complete = { kind: 'completeSet', sections: ['main'], field: 'power', cards: ['Fire Bolt'], label: 'a set' };
    const noField = loadError(brokenCopy((dir) => editJson(join(dir, 'system.json'), (s) => s.deck.rules.push(complete))));
    expect([noField.jsonPath, noField.reason]).toEqual([
      `/deck/rules/${osmcgRuleCount}/field`,
      'no card type has a field "power"',
    ]);
    const noCards = loadError(
      brokenCopy((dir) =>
        editJson(join(dir, 'system.json'), (s) => s.deck.rules.push({ ...complete, field: 'name', cards: [] })),
      ),
    );
    expect(noCards.jsonPath).toBe(`/deck/rules/${osmcgRuleCount}/cards`);
  });

  it('refuses a layout naming a field no card type has', () => {
    const error = loadError(
      brokenCopy((dir) =>
        editJson(join(dir, 'layouts.json'), (l) =>
          l.creature.elements.push({ kind: 'text', x: 1, y: 1, w: 10, h: 5, text: '{power}', size: 7 }),
        ),
      ),
    );
    expect(error.file).toBe('osmcg/layouts.json');
    expect(error.jsonPath).toMatch(/^\/creature\/elements\/\d+\/text$/);
    expect(error.reason).toBe('"{power}" names no field of any card type');
  });

  it('refuses an image element whose field is no image field', () => {
    const error = loadError(
      brokenCopy((dir) =>
        editJson(join(dir, 'layouts.json'), (l) =>
          l.creature.elements.push({ kind: 'image', x: 1, y: 1, w: 10, h: 5, field: 'name' }),
        ),
      ),
    );
    expect(error.jsonPath).toMatch(/^\/creature\/elements\/\d+\/field$/);
    expect(error.reason).toMatch(/^"name" is no image field of any card type \(declare it with "x-kind": "image"/);
  });

  it('refuses a card type pointing at a missing layout or file', () => {
    const layout = loadError(brokenCopy((dir) => editJson(join(dir, 'system.json'), (s) => (s.cardTypes[0].layout = 'nope'))));
    expect(layout.jsonPath).toBe('/cardTypes/0/layout');
    const file = loadError(
      brokenCopy((dir) => editJson(join(dir, 'system.json'), (s) => (s.cardTypes[2].schema = 'schemas/missing.json'))),
    );
    expect([file.jsonPath, file.reason]).toEqual(['/cardTypes/2/schema', 'the file "schemas/missing.json" does not exist']);
  });

  it('keeps loading the good systems when one is broken', () => {
    const root = brokenCopy(() => {});
    cpSync(join(root, 'osmcg'), join(root, 'broken'), { recursive: true });
    editJson(join(root, 'broken/system.json'), (s) => {
      s.id = 'broken';
      delete s.board;
    });
    const { systems, errors } = loadGameSystems(root);
    expect(systems.map((s) => s.id)).toEqual(['osmcg']);
    expect(errors.map((e) => [e.file, e.jsonPath, e.reason])).toEqual([['broken/system.json', '/board', 'is required']]);
  });
});

describe('keyword reminders', () => {
  /** OSMCG with one keyword variant of the shared definitions changed. */
  const withKeyword = (title: string, change: (variant: Json) => void) =>
    brokenCopy((dir) =>
      editJson(join(dir, 'schemas/definitions.json'), (defs) => change(defs.keyword.oneOf.find((v: Json) => v.title === title))),
    );
  const rangedAt = `/keyword/oneOf/${(
    JSON.parse(readFileSync(join(SYSTEMS, 'osmcg/schemas/definitions.json'), 'utf8')) as Json
  ).keyword.oneOf.findIndex((v: Json) => v.title === 'Ranged')}/x-reminder`;

  it('refuses a reminder naming something that is not a parameter of its keyword', () => {
    const error = loadError(withKeyword('Ranged', (v) => (v['x-reminder'] = 'Deals {damage} damage up to {range}".')));
    expect([error.file, error.jsonPath, error.reason]).toEqual([
      'osmcg/schemas/definitions.json',
      rangedAt,
      '"{damage}" is not a parameter of this keyword (its parameters: kw, dmg, range)',
    ]);
    expect(error.message).toBe(`osmcg/schemas/definitions.json at ${rangedAt}: ${error.reason}`);
  });

  it.each([
    ['a stray brace', 'Deals {dmg damage.', 'has a "{" or "}" that is not part of a {parameter} (write parameters as {name})'],
    [
      'an unknown modifier',
      'Deals {dmg|upper} damage.',
      'has a "{" or "}" that is not part of a {parameter} (write parameters as {name})',
    ],
    ['a reminder that is no text', 42, 'a reminder must be a text template'],
  ])('refuses %s', (_label, reminder, reason) => {
    const error = loadError(withKeyword('Ranged', (v) => (v['x-reminder'] = reminder)));
    expect([error.file, error.jsonPath, error.reason]).toEqual(['osmcg/schemas/definitions.json', rangedAt, reason]);
  });

  it('refuses a reminder in a card type schema, and one on a schema without parameters', () => {
    const inCardType = loadError(
      brokenCopy((dir) =>
        editJson(join(dir, 'schemas/creature.schema.json'), (schema) => {
          schema.properties.bonus = { type: 'object', properties: { n: { type: 'integer' } }, 'x-reminder': 'Adds {m}.' };
        }),
      ),
    );
    expect([inCardType.file, inCardType.jsonPath, inCardType.reason]).toEqual([
      'osmcg/schemas/creature.schema.json',
      '/properties/bonus/x-reminder',
      '"{m}" is not a parameter of this keyword (its parameters: n)',
    ]);
    const onFlag = loadError(
      brokenCopy((dir) =>
        editJson(join(dir, 'schemas/definitions.json'), (defs) => (defs.hideReminders['x-reminder'] = 'Quiet.')),
      ),
    );
    expect([onFlag.jsonPath, onFlag.reason]).toEqual([
      '/hideReminders/x-reminder',
      'only an object schema with "properties" (a keyword and its parameters) can have a reminder',
    ]);
  });

  it('refuses a text element hiding reminders by a missing field, or without reminders to hide', () => {
    const rulesBox = (layouts: Json) => layouts.creature.elements.findIndex((e: Json) => e.reminders === true);
    let at = '';
    const missing = loadError(
      brokenCopy((dir) =>
        editJson(join(dir, 'layouts.json'), (layouts) => {
          at = `/creature/elements/${rulesBox(layouts)}/hideRemindersWhen`;
          layouts.creature.elements[rulesBox(layouts)].hideRemindersWhen = 'quiet';
        }),
      ),
    );
    expect([missing.file, missing.jsonPath, missing.reason]).toEqual([
      'osmcg/layouts.json',
      at,
      'no card type has a field "quiet"',
    ]);
    const pointless = loadError(
      brokenCopy((dir) =>
        editJson(join(dir, 'layouts.json'), (layouts) => {
          at = `/creature/elements/${rulesBox(layouts)}/hideRemindersWhen`;
          delete layouts.creature.elements[rulesBox(layouts)].reminders;
        }),
      ),
    );
    expect([pointless.jsonPath, pointless.reason]).toEqual([at, 'has no effect without "reminders": true']);
    const notFlag = loadError(
      brokenCopy((dir) =>
        editJson(join(dir, 'layouts.json'), (layouts) => (layouts.creature.elements[rulesBox(layouts)].reminders = 'yes')),
      ),
    );
    expect(notFlag.reason).toBe('must be boolean');
  });
});

describe('format versions', () => {
  it('migrates a version-1 system: copy limits keep counting by card id', () => {
    const root = brokenCopy((dir) =>
      editJson(join(dir, 'system.json'), (json) => {
        json.formatVersion = 1;
        json.deck.rules.push({ kind: 'copyLimit', max: 3 });
      }),
    );
    const system = loadGameSystem(join(root, 'osmcg'));
    expect(system.formatVersion).toBe(3);
    expect(system.deck.rules.at(-1)).toEqual({ kind: 'copyLimit', max: 3, countBy: 'id' });
  });

  it('refuses a system from a newer Cardwright', () => {
    const root = brokenCopy((dir) => editJson(join(dir, 'system.json'), (json) => (json.formatVersion = 99)));
    const error = loadError(root);
    expect([error.file, error.jsonPath]).toEqual(['osmcg/system.json', '/formatVersion']);
    expect(error.reason).toMatch(/formatVersion 99 is newer than this Cardwright understands \(3\)/);
  });
});

describe('references the format schema cannot check', () => {
  // Each case appends one rule, so its index is the number of rules OSMCG ships with.
  const n = (JSON.parse(readFileSync(join(SYSTEMS, 'osmcg/system.json'), 'utf8')) as { deck: { rules: unknown[] } }).deck.rules
    .length;
  it.each([
    [
      'a rule naming a missing field',
      (json: Json) => json.deck.rules.push({ kind: 'prerequisite', field: 'evolvesFrom' }),
      '/deck/rules/N/field',
      'no card type has a field "evolvesFrom"',
    ],
    [
      'a match naming a missing type',
      (json: Json) => json.deck.rules.push({ kind: 'quota', label: 'Tokens', match: { types: ['token'] }, max: 1 }),
      '/deck/rules/N/match/types/0',
      'no card type named "token"',
    ],
    [
      'a condition on a missing field',
      (json: Json) =>
        json.deck.rules.push({
          kind: 'cardsMatch',
          label: 'cheap cards',
          match: { where: [{ field: 'buyCost', exists: true }] },
        }),
      '/deck/rules/N/match/where/0/field',
      'no card type has a field "buyCost"',
    ],
    [
      'a rule scoped to a missing format',
      (json: Json) => json.deck.rules.push({ kind: 'copyLimit', max: 1, formats: ['highlander'] }),
      '/deck/rules/N/formats/0',
      'no play format named "highlander"',
    ],
    [
      'a generator filling a missing section',
      (json: Json) => (json.deck.generators = [{ id: 'g', label: 'G', fill: [{ section: 'sideboard', match: {}, copies: 1 }] }]),
      '/deck/generators/0/fill/0/section',
      'no deck section named "sideboard"',
    ],
    [
      'a deck builder stat naming a missing field',
      (json: Json) => (json.deck.builder = { costField: 'cost', stats: ['atk', 'power'] }),
      '/deck/builder/stats/1',
      'no card type has a field "power"',
    ],
    [
      'an unknown rule kind',
      (json: Json) => json.deck.rules.push({ kind: 'maxRarity', max: 1 }),
      '/deck/rules/N/kind',
      'unknown kind',
    ],
  ])('refuses %s', (_label, change, jsonPath, reason) => {
    const root = brokenCopy((dir) => editJson(join(dir, 'system.json'), change));
    const error = loadError(root);
    expect(error.file).toBe('osmcg/system.json');
    expect(error.jsonPath).toBe(jsonPath.replace('/N/', `/${n}/`));
    expect(error.reason).toContain(reason);
  });
});
