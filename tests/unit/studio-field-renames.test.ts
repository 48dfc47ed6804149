// Renaming a field in the studio's files: the type's schema, required list, field order and
// layout follow; game-wide references (deck rules, identity) follow only when no other type
// keeps the old name; card documents carry their values; chains of renames shorten.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyRenames, composeRenames, invertRenames, renameField } from '../../card-schema/studio/field-renames';
import { cardTypesOf, partOf, systemJson, typeSchemaOf, type GameFileMap } from '../../card-schema/studio/game-files';

const DIR = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch');
const FILES: GameFileMap = Object.fromEntries(
  ['system.json', 'layouts.json', 'schemas/definitions.json', 'schemas/keeper.schema.json', 'schemas/lantern.schema.json'].map(
    (path) => [path, JSON.parse(readFileSync(join(DIR, path), 'utf8')) as unknown],
  ),
);

describe('renameField', () => {
  it("moves a type's own field everywhere it is named, and leaves the other files as they were", () => {
    const next = renameField(FILES, { cardType: 'lantern', from: 'rarity', to: 'scarcity' });
    const schema = typeSchemaOf(next, 'lantern')!;
    expect(Object.keys(schema.properties as object)).toContain('scarcity');
    expect(Object.keys(schema.properties as object)).not.toContain('rarity');
    expect(schema.required).toContain('scarcity');
    expect(cardTypesOf(next)[1].fieldOrder).toContain('scarcity');
    // The quota rule's card match names the field.
    expect(JSON.stringify(systemJson(next).deck)).toContain('"field":"scarcity"');
    expect(next['schemas/keeper.schema.json']).toBe(FILES['schemas/keeper.schema.json']);
    // Property order is kept (the form's order).
    const before = Object.keys(typeSchemaOf(FILES, 'lantern')!.properties as object);
    expect(Object.keys(schema.properties as object)).toEqual(before.map((key) => (key === 'rarity' ? 'scarcity' : key)));
  });

  it('keeps game-wide references while another type still has a field by the old name', () => {
    const next = renameField(FILES, { cardType: 'lantern', from: 'faction', to: 'house' });
    expect((systemJson(next).identity as { field: string }).field).toBe('faction');
    expect(Object.keys(typeSchemaOf(next, 'keeper')!.properties as object)).toContain('faction');
  });

  it('renames `{field}` tokens in the layout the type uses', () => {
    const layouts = (files: GameFileMap) => partOf(files, 'layouts') as Record<string, unknown>;
    expect(JSON.stringify(layouts(FILES).lantern)).toContain('{cost}');
    const next = layouts(renameField(FILES, { cardType: 'lantern', from: 'cost', to: 'oil' }));
    expect(JSON.stringify(next.lantern)).toContain('{oil}');
    expect(JSON.stringify(next.lantern)).not.toContain('{cost}');
  });

  it('renames bare field names in element conditions and paints chosen by a field, gradients included', () => {
    const layout = {
      background: { byField: 'cost', values: {}, default: '#ffffff' },
      elements: [
        {
          kind: 'rect',
          x: 0,
          y: 0,
          w: 1,
          h: 1,
          when: 'cost',
          whenEquals: 3,
          fill: { gradient: [{ byField: 'cost', values: {}, default: '#000000' }, '#ffffff'] },
        },
        { kind: 'ellipse', x: 0, y: 0, w: 1, h: 1, unless: 'cost', stroke: { byField: 'cost', values: {}, default: '#000000' } },
        { kind: 'text', x: 0, y: 0, w: 1, h: 1, size: 8, text: '{cost|signed}', hideRemindersWhen: 'cost' },
      ],
    };
    const files = { ...FILES, 'layouts.json': { ...(FILES['layouts.json'] as object), lantern: layout } };
    const next = (
      partOf(renameField(files, { cardType: 'lantern', from: 'cost', to: 'oil' }), 'layouts') as Record<string, unknown>
    ).lantern;
    expect(JSON.stringify(next)).not.toContain('cost');
    expect(JSON.stringify(next).match(/oil/g)).toHaveLength(7);
  });

  it('refuses a field the type lacks or a name it has', () => {
    expect(() => renameField(FILES, { cardType: 'lantern', from: 'nope', to: 'x' })).toThrow(/no field "nope"/);
    expect(() => renameField(FILES, { cardType: 'lantern', from: 'cost', to: 'light' })).toThrow(/has a field "light" already/);
  });
});

describe('renames on cards', () => {
  const card = { type: 'lantern', name: 'A', light: 3 };

  it('carry a value to the new name on cards of the type only', () => {
    expect(applyRenames(card, [{ cardType: 'lantern', from: 'light', to: 'glow' }])).toEqual({
      type: 'lantern',
      name: 'A',
      glow: 3,
    });
    expect(applyRenames(card, [{ cardType: 'keeper', from: 'light', to: 'glow' }])).toBe(card);
  });

  it('are undone by their inverse and shortened when chained', () => {
    const there = [{ cardType: 'lantern', from: 'light', to: 'glow' }];
    expect(applyRenames(applyRenames(card, there), invertRenames(there))).toEqual(card);
    expect(composeRenames([...there, { cardType: 'lantern', from: 'glow', to: 'shine' }])).toEqual([
      { cardType: 'lantern', from: 'light', to: 'shine' },
    ]);
    expect(composeRenames([...there, ...invertRenames(there)])).toEqual([]);
  });
});
