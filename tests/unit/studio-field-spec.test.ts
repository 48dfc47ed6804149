// The studio's field forms against every field of the built-in games, the starters and the
// tutorial game: a field the forms cover is written back exactly as the game holds it, shared
// definitions stay references, and the problems name the field.

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isObject, type Json } from '../../card-schema/studio/game-files';
import { schemaToField } from '../../card-schema/studio/field-from-schema';
import { fieldProblems } from '../../card-schema/studio/field-problems';
import { type FieldContext, type FieldSpec, type KeywordsField, type NumberField } from '../../card-schema/studio/field-spec';
import { fieldToSchema } from '../../card-schema/studio/field-to-schema';

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

function gameDirs(): string[] {
  const under = (root: string) =>
    readdirSync(root)
      .map((name) => join(root, name))
      .filter((dir) => existsSync(join(dir, 'system.json')));
  return [...under('card-schema/systems'), ...under('card-schema/starters'), 'docs/tutorial/lantern-watch'];
}

interface Property {
  where: string;
  name: string;
  node: unknown;
  ctx: FieldContext;
}

function properties(): Property[] {
  const out: Property[] = [];
  for (const dir of gameDirs()) {
    const system = readJson(join(dir, 'system.json')) as Json;
    const part = (value: unknown) => (typeof value === 'string' ? readJson(join(dir, value)) : value);
    const definitions = part(system.definitions);
    const identity = isObject(system.identity) ? system.identity : undefined;
    for (const type of system.cardTypes as Json[]) {
      const schema = part(type.schema) as Json;
      const required = Array.isArray(schema.required) ? schema.required : [];
      for (const [name, node] of Object.entries(schema.properties as Json)) {
        out.push({
          where: `${dir} ${String(type.id)}.${name}`,
          name,
          node,
          ctx: {
            definitions: { ...(isObject(definitions) ? definitions : {}), ...(isObject(schema.$defs) ? schema.$defs : {}) },
            required: required.includes(name),
            enumLabels: isObject(system.enumLabels) ? system.enumLabels : undefined,
            identity: identity && {
              field: String(identity.field),
              values: (identity.values as Json[]).map((value) => ({ id: String(value.id), label: String(value.label) })),
            },
          },
        });
      }
    }
  }
  return out;
}

const ALL = properties();

describe('field specs', () => {
  it('writes back every field of every game the forms cover exactly as it was', () => {
    const kinds = new Map<string, number>();
    const advanced: string[] = [];
    for (const { where, name, node, ctx } of ALL) {
      const spec = schemaToField(name, node, ctx);
      kinds.set(spec.kind, (kinds.get(spec.kind) ?? 0) + 1);
      if (spec.kind === 'advanced') {
        advanced.push(where);
        expect(fieldToSchema(spec), where).toBe(node);
        continue;
      }
      expect(fieldToSchema(spec), where).toEqual(node);
    }
    // The forms cover (nearly) everything the games write: each kind is met, few are advanced.
    for (const kind of ['text', 'rulesText', 'number', 'choice', 'multiChoice', 'image', 'keywords', 'cardRef', 'yesNo']) {
      expect(kinds.get(kind), kind).toBeGreaterThan(0);
    }
    // Left to the advanced view: the fixed `type` and a few nested objects (attacks, abilities).
    const nested = advanced.filter((where) => !where.endsWith('.type'));
    expect(nested.length / ALL.length).toBeLessThan(0.1);
  });

  it('keeps a shared definition a reference, with the refinements it had and the ones an edit adds', () => {
    const definitions = { name: { type: 'string', title: 'Name', minLength: 1, maxLength: 40 } };
    const bare = schemaToField('name', { $ref: '#/$defs/name' }, { definitions });
    expect(bare).toMatchObject({ kind: 'text', label: 'Name', maxLength: 40, ref: { name: 'name' } });
    expect(fieldToSchema({ ...bare, label: 'Title' } as FieldSpec)).toEqual({ $ref: '#/$defs/name', title: 'Title' });
    // A refinement equal to the definition's value stays written, as the designer wrote it.
    const same = schemaToField('name', { $ref: '#/$defs/name', title: 'Name' }, { definitions });
    expect(fieldToSchema(same)).toEqual({ $ref: '#/$defs/name', title: 'Name' });
    // Clearing a key of the definition cannot be said beside a $ref: the field is written in full.
    const cleared = { ...bare, maxLength: undefined } as FieldSpec;
    expect(fieldToSchema(cleared)).toEqual({ type: 'string', title: 'Name', minLength: 1 });
  });

  it('reads keyword lists with their parameters and reminders, and detaches changed shared keywords', () => {
    const lantern = ALL.find((p) => p.where.endsWith('lantern-watch lantern.keywords'));
    const spec = schemaToField('keywords', lantern?.node, lantern?.ctx) as KeywordsField;
    expect(spec.kind).toBe('keywords');
    expect(spec.tag).toBe('kw');
    expect(spec.keywords.map((k) => k.id)).toEqual(['Glow', 'Snuff', 'Drift']);
    expect(spec.keywords[0].params[0]).toMatchObject({ kind: 'number', name: 'x', minimum: 1, maximum: 5, required: true });
    expect(fieldToSchema(spec).items).toEqual({ $ref: '#/$defs/keyword' });
    const changed: KeywordsField = {
      ...spec,
      keywords: [...spec.keywords, { ...spec.keywords[1], id: 'Flare', label: 'Flare', display: 'Flare' }],
    };
    const items = fieldToSchema(changed).items as Json;
    expect((items.oneOf as Json[]).length).toBe(4);
    expect(fieldProblems(changed, [])).toEqual([]);
  });

  it('labels choice values from enumLabels, and the identity field from the identity', () => {
    const rank = ALL.find((p) => p.where.includes('omms') && p.name === 'rank');
    const spec = schemaToField('rank', rank?.node, rank?.ctx);
    expect(spec.kind).toBe('choice');
    if (spec.kind === 'choice') expect(spec.values.find((v) => v.id === 'A')?.label).toBe('Ace');
    const faction = ALL.find((p) => p.where.endsWith('lantern-watch keeper.faction'));
    const identity = schemaToField('faction', faction?.node, faction?.ctx);
    expect(identity).toMatchObject({
      kind: 'multiChoice',
      identity: true,
      values: [{ id: 'ember', label: 'Ember' }, {}, {}, {}],
    });
  });

  it('leaves what the forms do not cover to the advanced view, untouched', () => {
    const node = { type: 'object', properties: { a: { type: 'string' } } };
    expect(schemaToField('thing', node)).toEqual({ kind: 'advanced', name: 'thing', required: false, schema: node });
    expect(schemaToField('x', { $ref: '#/$defs/missing' }, { definitions: {} }).kind).toBe('advanced');
    expect(schemaToField('x', { type: 'string', format: 'uri' }).kind).toBe('advanced');
  });

  it('says what is wrong, naming the field', () => {
    const number: NumberField = {
      kind: 'number',
      name: 'cost',
      label: 'Cost',
      help: '',
      required: false,
      integer: true,
      minimum: 5,
      maximum: 3,
      default: 9,
    };
    expect(fieldProblems(number, []).map((p) => [p.at, p.message])).toEqual([
      ['minimum', 'The field "cost" has a minimum (5) above its maximum (3).'],
      ['default', 'The field "cost" has a default (9) outside its range 5–3.'],
    ]);
    expect(fieldProblems({ ...number, name: 'Oil cost', minimum: 0 }, [])[0]).toMatchObject({ at: 'name' });
    expect(fieldProblems({ ...number, minimum: 0 }, ['cost'])[0].message).toBe(
      'The field "cost" is there already: give each field its own name.',
    );
    expect(fieldProblems({ ...number, minimum: 0.5, maximum: 3, default: 1 }, [])[0].message).toContain('whole numbers');
    const choice: FieldSpec = {
      kind: 'choice',
      name: 'rarity',
      label: '',
      help: '',
      required: false,
      typed: true,
      values: [
        { id: 'common', label: '' },
        { id: 'common', label: 'Rare' },
      ],
      default: 'mythic',
    };
    expect(fieldProblems(choice, []).map((p) => p.message)).toEqual([
      'The field "rarity" has the value "common" twice: each value needs its own id.',
      'The field "rarity" has a default "mythic" that is not one of its values.',
    ]);
    expect(fieldProblems({ ...choice, values: [], default: undefined }, [])[0].message).toBe(
      'The field "rarity" has no values to choose from: add at least one.',
    );
    const text: FieldSpec = {
      kind: 'text',
      name: 'name',
      label: '',
      help: '',
      required: true,
      minLength: 10,
      maxLength: 2,
      default: '',
    };
    expect(fieldProblems(text, []).map((p) => p.at)).toEqual(['minLength', 'default']);
  });
});
