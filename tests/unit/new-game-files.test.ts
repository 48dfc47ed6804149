// newGameFiles (card-schema/system/new-game-files.ts): a game's files turned into a new game's —
// id, name and card size written, layouts scaled to the new size, identity values renamed in
// system.json and in the schema node each card type's identity field resolves to.

import { describe, expect, it } from 'vitest';
import { newGameFiles, scaleLayouts } from '../../card-schema/system/new-game-files';

function lanternFiles() {
  return {
    'system.json': {
      formatVersion: 3,
      id: 'lantern',
      name: 'Lantern',
      version: '2.3.0',
      description: 'A starter.',
      license: { name: 'CC0 1.0' },
      card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 },
      identity: {
        field: 'faction',
        label: 'Faction',
        values: [
          { id: 'ember', label: 'Ember', color: '#c8641e' },
          { id: 'tide', label: 'Tide', color: '#2d6f9e' },
          { id: 'dusk', label: 'Dusk', color: '#6b6478', neutral: true },
        ],
      },
      enumLabels: { faction: { ember: 'Ember' }, rarity: { rare: 'Rare' } },
      definitions: 'schemas/definitions.json',
      cardTypes: [
        { id: 'keeper', label: 'Keeper', schema: 'schemas/keeper.schema.json', layout: 'keeper' },
        {
          id: 'relic',
          label: 'Relic',
          layout: 'keeper',
          schema: {
            type: 'object',
            properties: { faction: { type: 'string', enum: ['ember', 'tide', 'dusk'], default: 'tide' } },
          },
        },
      ],
      layouts: 'layouts.json',
    },
    'schemas/definitions.json': {
      faction: { type: 'array', items: { enum: ['ember', 'tide', 'dusk'] }, minItems: 1, maxItems: 3, default: ['dusk'] },
    },
    'schemas/keeper.schema.json': { type: 'object', properties: { faction: { $ref: '#/$defs/faction' } } },
    'layouts.json': {
      keeper: {
        background: '#fff',
        elements: [
          { kind: 'rect', x: 2, y: 2, w: 59, h: 84, radius: 2.5, strokeWidth: 0.8 },
          { kind: 'text', x: 6, y: 4, w: 41, h: 9, text: '{name}', size: 11, minSize: 7 },
          { kind: 'pips', x: 4, y: 50, w: 55, h: 4, size: 3.2 },
        ],
      },
    },
  };
}

describe('newGameFiles', () => {
  it('writes the id, name, a first version and the card size, and leaves the source files as they were', () => {
    const files = lanternFiles();
    const before = structuredClone(files);
    const next = newGameFiles(files, {
      id: 'my-game',
      name: 'My Game',
      card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 2 },
      fromStarter: false,
    });
    expect(next['system.json']).toMatchObject({
      id: 'my-game',
      name: 'My Game',
      version: '0.1.0',
      card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 2 },
    });
    expect(next['system.json']).toMatchObject({ description: 'A starter.', license: { name: 'CC0 1.0' } }); // a copy keeps the game's
    expect(next['layouts.json']).toEqual(files['layouts.json']); // same size: not rescaled
    expect(files).toEqual(before);
  });

  it("drops a starter's own description and license", () => {
    const next = newGameFiles(lanternFiles(), {
      id: 'g',
      name: 'G',
      card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 },
      fromStarter: true,
    });
    expect(next['system.json']).not.toHaveProperty('description');
    expect(next['system.json']).not.toHaveProperty('license');
  });

  it('scales the layouts to a new card size: positions stretch, sizes follow the smaller ratio', () => {
    const next = newGameFiles(lanternFiles(), {
      id: 'g',
      name: 'G',
      card: { widthMm: 70, heightMm: 120, cornerRadiusMm: 4 },
      fromStarter: true,
    });
    const [rect, text, pips] = (next['layouts.json'] as { keeper: { elements: Record<string, number>[] } }).keeper.elements;
    const sx = 70 / 63;
    const sy = 120 / 88;
    expect(rect).toMatchObject({
      x: +(2 * sx).toFixed(2),
      w: +(59 * sx).toFixed(2),
      y: +(2 * sy).toFixed(2),
      h: +(84 * sy).toFixed(2),
    });
    expect(rect.x + rect.w).toBeLessThanOrEqual(70);
    expect(rect.y + rect.h).toBeLessThanOrEqual(120);
    expect(rect.radius).toBeCloseTo(2.5 * sx, 2);
    expect(text).toMatchObject({ size: +(11 * sx).toFixed(2), minSize: +(7 * sx).toFixed(2), text: '{name}' });
    expect(pips.size).toBeCloseTo(3.2 * sx, 2);
  });

  it('renames the identity in system.json and in every schema node its field resolves to', () => {
    const values = [
      { id: 'ember', label: 'Cinder', color: '#aa3300' },
      { id: 'moss', label: 'Moss', color: '#336633' },
    ];
    const next = newGameFiles(lanternFiles(), {
      id: 'g',
      name: 'G',
      card: { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 },
      identity: { label: 'House', values },
      fromStarter: true,
    }) as ReturnType<typeof lanternFiles>;
    expect(next['system.json'].identity).toEqual({ field: 'faction', label: 'House', values });
    // Through $ref into definitions.json: the enum, a default that named only removed values, maxItems above the count.
    expect(next['schemas/definitions.json'].faction).toEqual({
      type: 'array',
      items: { enum: ['ember', 'moss'] },
      minItems: 1,
      maxItems: 2,
    });
    // Inline in a card type: a single value.
    const relic = next['system.json'].cardTypes[1].schema as { properties: { faction: unknown } };
    expect(relic.properties.faction).toEqual({ type: 'string', enum: ['ember', 'moss'] });
    expect(next['system.json'].enumLabels).toEqual({ rarity: { rare: 'Rare' } });
  });

  it('scaleLayouts leaves what is not a layout as it is', () => {
    expect(scaleLayouts({ odd: 'text', bare: { background: '#fff' } }, 2, 2)).toEqual({
      odd: 'text',
      bare: { background: '#fff' },
    });
  });
});
