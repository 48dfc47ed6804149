// Deck messages name a field by its schema title, also when the field is a $ref to a definition.

import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../card-schema/deck/field-label';
import type { GameSystem } from '../../card-schema/system/format';

const system = {
  cardTypes: [
    {
      id: 'unit',
      schema: {
        type: 'object',
        $defs: { collectorNumber: { type: 'string', title: 'Collector number' } },
        properties: {
          number: { $ref: '#/$defs/collectorNumber' },
          variant: { $ref: '#/$defs/collectorNumber', title: 'Art variant' },
          broken: { $ref: '#/$defs/missing' },
          plain: { type: 'string' },
        },
      },
    },
  ],
} as unknown as GameSystem;

describe('fieldLabel', () => {
  it('reads the title of the definition a field refers to, its own title first', () => {
    expect(fieldLabel(system, 'number')).toBe('collector number');
    expect(fieldLabel(system, 'variant')).toBe('art variant');
  });

  it('falls back to the field name for a dangling reference or no title', () => {
    expect(fieldLabel(system, 'broken')).toBe('broken');
    expect(fieldLabel(system, 'plain')).toBe('plain');
    expect(fieldLabel(system, 'id')).toBe('card id');
  });
});
