// Card type and field edits on a game's files: the type's entry, schema and layout, a field's
// property, required, order and value labels, kept in step; and the sentences that refuse.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addCardType,
  cardTypeRemovalProblem,
  moveCardType,
  removeCardType,
  setCardTypeDescription,
  setCardTypeLabel,
  typeIdProblem,
} from '../../card-schema/studio/card-type-edits';
import {
  addField,
  fieldEditProblems,
  fieldNamesOf,
  moveField,
  removeField,
  schemaFromText,
  typeFieldsOf,
  updateField,
} from '../../card-schema/studio/field-edits';
import { newField, type ChoiceField, type FieldSpec } from '../../card-schema/studio/field-spec';
import { cardTypesOf, partOf, systemJson, typeSchemaOf, type GameFileMap, type Json } from '../../card-schema/studio/game-files';

function lanternWatch(): GameFileMap {
  const dir = 'docs/tutorial/lantern-watch';
  const read = (path: string) => JSON.parse(readFileSync(`${dir}/${path}`, 'utf8')) as unknown;
  return Object.fromEntries(
    ['system.json', 'layouts.json', 'schemas/definitions.json', 'schemas/keeper.schema.json', 'schemas/lantern.schema.json'].map(
      (path) => [path, read(path)],
    ),
  );
}

/** A game whose one type no rule names, with inline layouts and no definitions. */
function bare(): GameFileMap {
  return {
    'system.json': {
      id: 'bare',
      card: { widthMm: 63, heightMm: 88 },
      cardTypes: [{ id: 'card', label: 'Card', schema: 'schemas/card.schema.json', layout: 'card' }],
      layouts: { card: { elements: [{ kind: 'text', text: '{name}' }] } },
    },
    'schemas/card.schema.json': {
      title: 'Card',
      type: 'object',
      properties: { type: { const: 'card' }, name: { type: 'string', title: 'Name' } },
      required: ['type', 'name'],
    },
  };
}

const rarity = (values: [string, string][]): ChoiceField => ({
  kind: 'choice',
  name: 'rarity',
  label: 'Rarity',
  help: '',
  required: true,
  typed: true,
  values: values.map(([id, label]) => ({ id, label })),
});

describe('card type edits', () => {
  it('adds a type with its schema, entry and a copy of the first layout, and checks the id', () => {
    const files = lanternWatch();
    expect(typeIdProblem(files, 'Bad Id')).toContain('lowercase letters');
    expect(typeIdProblem(files, 'keeper')).toBe('The card type Keeper has the id "keeper" already; choose another.');
    expect(() => addCardType(files, { id: 'keeper', label: 'Again' })).toThrow('already');
    const next = addCardType(files, { id: 'street', label: 'Street' });
    expect(cardTypesOf(next).at(-1)).toEqual({
      id: 'street',
      label: 'Street',
      layout: 'street',
      fieldOrder: ['name'],
      schema: 'schemas/street.schema.json',
    });
    expect(next['schemas/street.schema.json']).toMatchObject({
      title: 'Street',
      properties: { type: { const: 'street' }, name: { $ref: '#/$defs/name' } },
      required: ['type', 'name'],
      additionalProperties: false,
    });
    const layouts = partOf(next, 'layouts') as Json;
    expect(layouts.street).toEqual(layouts.keeper);
    expect(files['schemas/street.schema.json']).toBeUndefined();
  });

  it('gives a game without layouts a plain one, and a name field of its own without definitions', () => {
    const files: GameFileMap = { 'system.json': { id: 'empty', card: { widthMm: 70, heightMm: 120 }, cardTypes: [] } };
    const next = addCardType(files, { id: 'card', label: 'Card' });
    const layout = (partOf(next, 'layouts') as Json).card as Json;
    expect(JSON.stringify(layout)).toContain('{name}');
    expect((typeSchemaOf(next, 'card')?.properties as Json).name).toMatchObject({ type: 'string', minLength: 1 });
  });

  it('renames, describes and reorders types', () => {
    let files = setCardTypeLabel(lanternWatch(), 'lantern', 'Lamp');
    expect(cardTypesOf(files)[1].label).toBe('Lamp');
    expect(typeSchemaOf(files, 'lantern')?.title).toBe('Lamp');
    files = setCardTypeDescription(files, 'lantern', '');
    expect(typeSchemaOf(files, 'lantern')).not.toHaveProperty('description');
    files = moveCardType(files, 'lantern', -1);
    expect(cardTypesOf(files).map((type) => type.id)).toEqual(['lantern', 'keeper']);
    expect(moveCardType(files, 'lantern', -1)).toEqual(files);
  });

  it('refuses to remove a type the rules name, and removes one they do not with its files', () => {
    const files = lanternWatch();
    expect(cardTypeRemovalProblem(files, 'keeper')).toBe(
      'Keeper cannot be removed while deck section "keeper", deck rule "keeper-is-keeper" name it: take it out there first.',
    );
    expect(() => removeCardType(files, 'keeper')).toThrow('cannot be removed');
    const added = addCardType(files, { id: 'street', label: 'Street' });
    const removed = removeCardType(added, 'street');
    expect(removed['schemas/street.schema.json']).toBeUndefined();
    expect(partOf(removed, 'layouts')).toEqual(partOf(files, 'layouts'));
    expect(cardTypesOf(removed)).toEqual(cardTypesOf(files));
    const ref = addField(added, 'lantern', { ...newField('cardRef', { name: 'hangsOn' }), types: ['street'] } as FieldSpec);
    expect(cardTypeRemovalProblem(ref, 'street')).toContain('the field "hangsOn" of Lantern');
  });

  it('reads a type’s fields in form order, shared ones as references', () => {
    const fields = typeFieldsOf(lanternWatch(), 'lantern');
    expect(fields.map((field) => field.name)).toEqual([
      'name',
      'faction',
      'cost',
      'light',
      'rarity',
      'keywords',
      'text',
      'flavor',
    ]);
    expect(fields[0]).toMatchObject({ kind: 'text', required: true, ref: { name: 'name' } });
    expect(fields[1]).toMatchObject({ kind: 'multiChoice', identity: true });
  });

  it('adds a field with its labels, updates it, renames it everywhere and removes it', () => {
    let files = addField(
      lanternWatch(),
      'keeper',
      rarity([
        ['common', 'Common'],
        ['rare', ''],
      ]),
    );
    const keeper = typeSchemaOf(files, 'keeper') as Json;
    expect((keeper.properties as Json).rarity).toEqual({ type: 'string', title: 'Rarity', enum: ['common', 'rare'] });
    expect(keeper.required).toContain('rarity');
    expect(cardTypesOf(files)[0].fieldOrder).toEqual(['name', 'faction', 'oil', 'wick', 'text', 'flavor', 'rarity']);
    expect(systemJson(files).enumLabels).toEqual({ rarity: { common: 'Common' } });

    // Dropping "rare" here keeps nothing of it: the lantern's rarity has no label for it.
    const updated = updateField(files, 'keeper', 'rarity', { ...rarity([['common', 'Plain']]), required: false });
    expect(updated.rename).toBeUndefined();
    expect(systemJson(updated.files).enumLabels).toEqual({ rarity: { common: 'Plain' } });
    expect((typeSchemaOf(updated.files, 'keeper') as Json).required).not.toContain('rarity');

    const oil = typeFieldsOf(files, 'keeper').find((field) => field.name === 'oil') as FieldSpec;
    const renamed = updateField(files, 'keeper', 'oil', { ...oil, name: 'flask' } as FieldSpec);
    expect(renamed.rename).toEqual({ cardType: 'keeper', from: 'oil', to: 'flask' });
    expect(fieldNamesOf(renamed.files, 'keeper')).toContain('flask');
    expect((typeSchemaOf(renamed.files, 'keeper') as Json).required).toContain('flask');
    expect(JSON.stringify(partOf(renamed.files, 'layouts'))).not.toContain('{oil}');

    // The lantern's rarity lists "common" too, so its label stays; a label of no field's value goes.
    files = removeField(files, 'keeper', 'rarity');
    expect(systemJson(files).enumLabels).toEqual({ rarity: { common: 'Common' } });
    const mood = { ...rarity([['calm', 'Calm']]), name: 'mood' };
    expect(systemJson(removeField(addField(files, 'keeper', mood), 'keeper', 'mood')).enumLabels).toEqual({
      rarity: { common: 'Common' },
    });
    expect(fieldNamesOf(files, 'keeper')).not.toContain('rarity');
    expect(() => removeField(files, 'keeper', 'name')).toThrow('cannot be removed');
  });

  it('keeps a shared field a reference when it is saved unchanged', () => {
    const files = lanternWatch();
    const name = typeFieldsOf(files, 'lantern')[0];
    const same = updateField(files, 'lantern', 'name', name).files;
    expect((typeSchemaOf(same, 'lantern')?.properties as Json).name).toEqual({ $ref: '#/$defs/name' });
    expect(same['schemas/definitions.json']).toBe(files['schemas/definitions.json']);
  });

  it('moves fields by writing fieldOrder', () => {
    const files = moveField(lanternWatch(), 'keeper', 'flavor', -1);
    expect(cardTypesOf(files)[0].fieldOrder).toEqual(['name', 'faction', 'oil', 'wick', 'flavor', 'text']);
    const bareMoved = moveField(bare(), 'card', 'name', 1);
    expect(cardTypesOf(bareMoved)[0].fieldOrder).toEqual(['name']);
  });

  it('names the problems of a field in its type', () => {
    const files = lanternWatch();
    const cost = { ...newField('number', { name: 'oil' }) };
    expect(fieldEditProblems(files, 'keeper', cost)[0].message).toBe(
      'The field "oil" is there already: give each field its own name.',
    );
    expect(fieldEditProblems(files, 'keeper', { ...cost, name: 'type' })[0].message).toContain('card type itself');
    const name = typeFieldsOf(files, 'keeper')[0];
    expect(fieldEditProblems(files, 'keeper', { ...name, name: 'title' } as FieldSpec, 'name')[0].message).toContain(
      'keeps its name',
    );
    expect(() => addField(files, 'keeper', cost)).toThrow('there already');
  });

  it('reads a schema from text, or says why not', () => {
    expect(schemaFromText('{"properties": {}}')).toEqual({ schema: { properties: {} } });
    expect(schemaFromText('[1]')).toEqual({ problem: 'A card type schema is a JSON object ({ … }).' });
    expect(schemaFromText('{"type": "object"}')).toMatchObject({ problem: expect.stringContaining('"properties"') });
    expect(schemaFromText('{')).toMatchObject({ problem: expect.stringContaining('not valid JSON') });
  });
});

describe('copying a field from another card type', () => {
  it('adds it as written there (a shared definition stays a $ref), last in the form, required as there', async () => {
    const { copyableFields, copyField } = await import('../../card-schema/studio/field-edits');
    const { readFileSync } = await import('node:fs');
    const { join, resolve } = await import('node:path');
    const dir = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch');
    const files = Object.fromEntries(
      [
        'system.json',
        'layouts.json',
        'schemas/definitions.json',
        'schemas/keeper.schema.json',
        'schemas/lantern.schema.json',
      ].map((path) => [path, JSON.parse(readFileSync(join(dir, path), 'utf8')) as unknown]),
    );
    expect(copyableFields(files, 'keeper').map((found) => found.field.name)).toEqual(['cost', 'light', 'rarity', 'keywords']);
    const next = copyField(files, 'lantern', 'keywords', 'keeper');
    const keeper = next['schemas/keeper.schema.json'] as { properties: Record<string, unknown>; required: string[] };
    expect(keeper.properties.keywords).toEqual(
      (files['schemas/lantern.schema.json'] as { properties: Record<string, unknown> }).properties.keywords,
    );
    expect(keeper.required).not.toContain('keywords');
    const cost = copyField(files, 'lantern', 'cost', 'keeper')['schemas/keeper.schema.json'] as { required: string[] };
    expect(cost.required).toContain('cost');
    expect(() => copyField(files, 'lantern', 'name', 'keeper')).toThrow(/has a field "name" already/);
  });
});
