// The Card types panel's model over a StudioModel with a stubbed API: every change is one undo
// step, invalid input is refused at its input with nothing written, renames reach the studio,
// removals ask first (or say why not), and the type's JSON Schema applies only when it parses.

import { readdirSync, readFileSync } from 'node:fs';
import { typeFieldsOf } from '../../card-schema/studio/field-edits';
import { fieldToSchema } from '../../card-schema/studio/field-to-schema';
import { draftOf, draftToSpec } from '../../src-renderer/src/studio/field-draft';
import { describe, expect, it, vi } from 'vitest';
import { cardTypesOf, typeSchemaOf, type Json } from '../../card-schema/studio/game-files';
import { CardTypesPanelModel, slugOf } from '../../src-renderer/src/studio/card-types-panel.svelte';
import { StudioModel, emptyReport, type StudioDeps } from '../../src-renderer/src/studio/studio.svelte';

vi.mock('../../src-renderer/src/api/client', () => ({ api: {}, errorMessage: (error: Error) => error.message }));

function lanternWatch(): Record<string, unknown> {
  const dir = 'docs/tutorial/lantern-watch';
  const paths = [
    'system.json',
    'layouts.json',
    'schemas/definitions.json',
    'schemas/keeper.schema.json',
    'schemas/lantern.schema.json',
  ];
  return Object.fromEntries(paths.map((path) => [path, JSON.parse(readFileSync(`${dir}/${path}`, 'utf8')) as unknown]));
}

async function setup(confirm = vi.fn(async () => true)) {
  const api = {
    getGameFiles: vi.fn(async () => ({ systemId: 'lantern-watch', files: lanternWatch() })),
    checkGameEdit: vi.fn(async () => emptyReport()),
    saveGameEdit: vi.fn(),
  };
  const studio = new StudioModel('lantern-watch', {
    api: api as unknown as StudioDeps['api'],
    saved: () => undefined,
    checkDelayMs: 0,
  });
  await studio.load();
  const model = new CardTypesPanelModel(studio, { confirm });
  return { studio, model, confirm };
}

function gameFiles(dir: string): Record<string, unknown> {
  const paths = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.json'));
  return Object.fromEntries(paths.map((path) => [path, JSON.parse(readFileSync(`${dir}/${path}`, 'utf8')) as unknown]));
}

describe('field form values', () => {
  it('save every field of the built-in games unchanged when the form is left untouched', () => {
    const dirs = readdirSync('card-schema/systems', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const dir of [...dirs.map((entry) => `card-schema/systems/${entry.name}`), 'docs/tutorial/lantern-watch']) {
      const files = gameFiles(dir);
      for (const type of cardTypesOf(files)) {
        const schema = typeSchemaOf(files, String(type.id)) as Json;
        for (const spec of typeFieldsOf(files, String(type.id))) {
          const { spec: back, problems } = draftToSpec(draftOf(spec));
          const where = `${dir} ${String(type.id)}.${spec.name}`;
          expect(problems, where).toEqual([]);
          expect(fieldToSchema(back), where).toEqual((schema.properties as Json)[spec.name]);
        }
      }
    }
  });
});

describe('CardTypesPanelModel', () => {
  it('lists the types, selects the first, and adds a type with the id following its name', async () => {
    const { studio, model } = await setup();
    expect(model.types.map((type) => type.id)).toEqual(['keeper', 'lantern']);
    expect(model.selected?.id).toBe('keeper');
    expect(model.fields.map((field) => field.name)).toEqual(['name', 'faction', 'oil', 'wick', 'text', 'flavor']);

    expect(model.addType()).toBe(false);
    expect(model.newTypeProblems.label).toBe('Give the card type a name.');
    expect(studio.canUndo).toBe(false);
    model.setNewTypeLabel('Keeper');
    expect(model.newTypeProblems.id).toContain('has the id "keeper" already');
    model.setNewTypeLabel('Street Corner');
    expect(model.newTypeId).toBe('street-corner');
    expect(model.addType()).toBe(true);
    expect(studio.undoLabel).toBe('Add card type Street Corner');
    expect(model.selected?.id).toBe('street-corner');
    expect(model.fields.map((field) => field.name)).toEqual(['name']);
    expect(model.newTypeLabel).toBe('');
    expect(slugOf('Éclair & Co')).toBe('eclair-co');
  });

  it('refuses an invalid field at its input and writes nothing, then adds it as one step', async () => {
    const { studio, model } = await setup();
    model.startNewField();
    expect(model.problemAt('name')).toBeUndefined();
    expect(model.saveField()).toBe(false);
    expect(model.problemAt('name')).toBe('Give the field a name.');
    model.update({ name: 'Burn time' });
    expect(model.problemAt('name')).toContain('cannot be named so');
    model.update({ name: 'burn' });
    model.setKind('number');
    model.update({ min: '5', max: '2', defaultValue: 'x' });
    expect(model.problemAt('minimum')).toBe('The field "burn" has a minimum (5) above its maximum (2).');
    expect(model.problemAt('default')).toBe('"x" is not a number.');
    expect(model.saveField()).toBe(false);
    expect(studio.canUndo).toBe(false);

    model.update({ min: '0', max: '9', defaultValue: '1', label: 'Burn time', required: true });
    expect(model.saveField()).toBe(true);
    expect(model.editing).toBeNull();
    expect(studio.undoLabel).toBe('Add field burn to Keeper');
    const keeper = typeSchemaOf(studio.files ?? {}, 'keeper') as Json;
    expect((keeper.properties as Json).burn).toEqual({ type: 'integer', title: 'Burn time', minimum: 0, maximum: 9, default: 1 });
    expect(keeper.required).toContain('burn');
    studio.undo();
    expect(model.fields.some((field) => field.name === 'burn')).toBe(false);
  });

  it('passes a rename to the studio, and saves an untouched shared field unchanged', async () => {
    const { studio, model } = await setup();
    const before = studio.files;
    model.startEdit('name');
    expect(model.saveField()).toBe(true);
    expect((typeSchemaOf(studio.files ?? {}, 'keeper')?.properties as Json).name).toEqual({ $ref: '#/$defs/name' });

    model.startEdit('oil');
    model.update({ name: 'flask' });
    expect(model.saveField()).toBe(true);
    expect(studio.undoLabel).toBe('Rename field oil to flask');
    expect(studio.renames).toEqual([{ cardType: 'keeper', from: 'oil', to: 'flask' }]);
    expect(before).not.toBe(studio.files);
  });

  it('edits choice values with labels and keeps the identity field’s values as they are', async () => {
    const { studio, model } = await setup();
    model.select('lantern');
    model.startEdit('rarity');
    const draft = model.editing?.draft;
    expect(draft?.values.map((value) => value.id)).toEqual(['common', 'rare']);
    model.update({ values: [...(draft?.values ?? []), { id: 'rare', label: 'Again' }] });
    expect(model.problemAt('values')).toContain('has the value "rare" twice');
    model.update({
      values: [
        { id: 'common', label: 'Common' },
        { id: 'rare', label: 'Rare' },
        { id: 'mythic', label: 'Mythic' },
      ],
    });
    expect(model.saveField()).toBe(true);
    const system = studio.files?.['system.json'] as Json;
    expect(system.enumLabels).toEqual({ rarity: { common: 'Common', rare: 'Rare', mythic: 'Mythic' } });
  });

  it('says why a type the rules name cannot go, and asks before removing one', async () => {
    const confirm = vi.fn(async () => false);
    const { studio, model } = await setup(confirm);
    await model.removeType('keeper');
    expect(model.typeProblem).toContain('Keeper cannot be removed while deck section "keeper"');
    expect(confirm).not.toHaveBeenCalled();

    model.setNewTypeLabel('Street');
    model.addType();
    await model.removeType('street');
    expect(confirm).toHaveBeenCalledOnce();
    expect(model.types.some((type) => type.id === 'street')).toBe(true);
    confirm.mockResolvedValueOnce(true);
    await model.removeType('street');
    expect(cardTypesOf(studio.files ?? {}).map((type) => type.id)).toEqual(['keeper', 'lantern']);
    expect(model.selected?.id).toBe('keeper');

    model.moveType('lantern', -1);
    expect(model.types.map((type) => type.id)).toEqual(['lantern', 'keeper']);
    confirm.mockResolvedValueOnce(true);
    model.select('keeper');
    await model.removeField('flavor');
    expect(model.fields.some((field) => field.name === 'flavor')).toBe(false);
    expect(model.canRemoveField('name')).toBe(false);
  });

  it('applies the type’s JSON Schema only when it parses to a schema with properties', async () => {
    const { studio, model } = await setup();
    model.toggleAdvanced();
    expect(JSON.parse(model.advancedText)).toEqual(typeSchemaOf(studio.files ?? {}, 'keeper'));
    model.advancedText = '{ "properties": ';
    expect(model.applyAdvanced()).toBe(false);
    expect(model.advancedProblem).toContain('not valid JSON');
    model.advancedText = '{ "type": "object" }';
    expect(model.applyAdvanced()).toBe(false);
    expect(studio.canUndo).toBe(false);
    const schema = { ...typeSchemaOf(studio.files ?? {}, 'keeper'), description: 'Edited by hand.' };
    model.advancedText = JSON.stringify(schema);
    expect(model.applyAdvanced()).toBe(true);
    expect(model.description).toBe('Edited by hand.');
  });

  it('renames and describes the selected type, refusing an empty name', async () => {
    const { model } = await setup();
    expect(model.setLabel('  ')).toBe('Give the card type a name.');
    expect(model.setLabel('Lamplighter')).toBeUndefined();
    expect(model.selected?.label).toBe('Lamplighter');
    model.setDescription('Leads the watch.');
    expect(model.description).toBe('Leads the watch.');
  });
});
