// The layout inspector's helpers: which kind of paint a colour is and what switching kind starts
// from, the card type's fields a layout can show, and the fields the preview strip tests.

import { describe, expect, it } from 'vitest';
import type { CardLayout } from '../../card-schema/layout/format';
import { paintFor, paintMode, solidOf } from '../../src-renderer/src/studio/layout/paint-mode';
import { fieldsUsed, layoutFields, sampleFields } from '../../src-renderer/src/studio/layout/layout-fields';

describe('paint modes', () => {
  it('reads each kind of paint and keeps the colour when switching', () => {
    expect(paintMode(undefined)).toBe('none');
    expect(paintMode('#112233')).toBe('solid');
    expect(paintMode({ identity: 0 })).toBe('identity');
    expect(paintMode({ byField: 'rarity', values: {}, default: '#000000' })).toBe('field');
    expect(paintMode({ gradient: ['#000000', '#ffffff'] })).toBe('gradient');
    expect(paintFor('gradient', '#112233', 'rarity')).toEqual({ gradient: ['#112233', '#ffffff'], angle: 0 });
    expect(paintFor('field', '#112233', 'rarity')).toEqual({ byField: 'rarity', values: {}, default: '#112233' });
    expect(paintFor('solid', { gradient: ['#abcdef', '#ffffff'] }, undefined)).toBe('#abcdef');
    expect(paintFor('none', '#112233', undefined)).toBeUndefined();
    expect(solidOf({ identityOr: '#445566' })).toBe('#445566');
  });
});

describe('layout fields', () => {
  const files = {
    'system.json': {
      cardTypes: [{ id: 'hero', layout: 'hero', schema: 'schemas/hero.schema.json' }],
    },
    'schemas/hero.schema.json': {
      required: ['name', 'text'],
      properties: {
        name: { type: 'string', title: 'Name' },
        text: { type: 'string', 'x-multiline': true },
        flavor: { type: 'string' },
        art: { type: 'object', 'x-kind': 'image' },
      },
    },
  };
  const layout: CardLayout = {
    background: '#fff',
    elements: [
      { kind: 'text', x: 0, y: 0, w: 1, h: 1, text: '{name} {text|lines}', size: 9 },
      { kind: 'image', x: 0, y: 0, w: 1, h: 1, field: 'art', unless: 'flavor' },
    ],
  };

  it("lists the type's fields and picks the rules text and an optional field the layout shows", () => {
    expect(layoutFields(files, 'hero')).toEqual([
      { name: 'name', label: 'Name', required: true, multiline: false, image: false },
      { name: 'text', label: 'text', required: true, multiline: true, image: false },
      { name: 'flavor', label: 'flavor', required: false, multiline: false, image: false },
      { name: 'art', label: 'art', required: false, multiline: false, image: true },
    ]);
    expect([...fieldsUsed(layout)]).toEqual(['name', 'text', 'art', 'flavor']);
    expect(sampleFields(layoutFields(files, 'hero'), layout)).toEqual({ textField: 'text', emptyField: 'flavor' });
    expect(layoutFields(files, undefined)).toEqual([]);
  });
});
