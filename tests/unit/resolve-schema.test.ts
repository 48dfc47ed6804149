import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../card-schema/system/json-schema';
import {
  defaultValueFor,
  matchVariant,
  pointerChild,
  resolveSchema,
  variantDiscriminator,
  variantLabel,
} from '../../card-schema/system/resolve-schema';

const root: JsonSchema = {
  type: 'object',
  required: ['type', 'name', 'colors', 'hp'],
  properties: {
    type: { const: 'creature' },
    name: { type: 'string', title: 'Name' },
    colors: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ['red', 'blue'] } },
    hp: { type: 'integer', minimum: 1 },
    spd: { type: 'integer', minimum: 0, default: 4 },
    flavor: { type: 'string' },
    keywords: { type: 'array', items: { $ref: '#/$defs/keyword' } },
    skillCost: { $ref: '#/$defs/skillCost', title: 'Skill cost' },
  },
  $defs: {
    keyword: {
      oneOf: [
        { $ref: '#/$defs/kwHaste' },
        {
          type: 'object',
          title: 'Defense',
          required: ['kw', 'x'],
          properties: { kw: { const: 'Defense' }, x: { type: 'integer', minimum: 1 } },
        },
        {
          type: 'object',
          required: ['kw', 'dmg', 'range'],
          properties: { kw: { const: 'Ranged' }, dmg: { type: 'integer' }, range: { type: 'integer', maximum: -2 } },
        },
      ],
    },
    kwHaste: { type: 'object', required: ['kw'], properties: { kw: { const: 'Haste' } } },
    skillCost: {
      oneOf: [
        {
          type: 'object',
          required: ['kind', 'amount'],
          properties: { kind: { const: 'AP' }, amount: { type: 'integer', minimum: 1 } },
        },
        { type: 'object', required: ['kind'], properties: { kind: { const: 'Exhaust' } } },
      ],
    },
    loop: { $ref: '#/$defs/loop' },
  },
};

const keywordVariants = resolveSchema(root, { $ref: '#/$defs/keyword' }).oneOf!;

describe('resolveSchema', () => {
  it('follows chained local refs and lets sibling keywords win', () => {
    const resolved = resolveSchema(root, root.properties!.skillCost);
    expect(resolved.title).toBe('Skill cost');
    expect(resolved.oneOf).toHaveLength(2);
    expect(resolveSchema(root, keywordVariants[0]).properties!.kw.const).toBe('Haste');
  });

  it('names what is wrong with a broken or circular ref', () => {
    expect(() => resolveSchema(root, { $ref: '#/$defs/missing' })).toThrow(/"#\/\$defs\/missing" points at nothing/);
    expect(() => resolveSchema(root, { $ref: '#/$defs/loop' })).toThrow(/circular/);
    expect(() => resolveSchema(root, { $ref: 'https://example.com/s.json' })).toThrow(/not local/);
  });
});

describe('matchVariant', () => {
  it('picks the variant whose const discriminator matches', () => {
    expect(matchVariant(root, keywordVariants, { kw: 'Haste' })).toBe(0);
    expect(matchVariant(root, keywordVariants, { kw: 'Defense', x: 2 })).toBe(1);
    expect(matchVariant(root, keywordVariants, { kw: 'Ranged', dmg: 1, range: 3 })).toBe(2);
    expect(matchVariant(root, keywordVariants, { kw: 'Nope' })).toBe(-1);
    expect(matchVariant(root, keywordVariants, 'Haste')).toBe(-1);
  });

  it('falls back to the first type-compatible variant without discriminators', () => {
    const variants: JsonSchema[] = [{ type: 'string' }, { type: 'number' }];
    expect(matchVariant(root, variants, 3.5)).toBe(1);
    expect(matchVariant(root, variants, 'x')).toBe(0);
  });

  it('finds the discriminator property and labels variants', () => {
    expect(variantDiscriminator(root, keywordVariants)).toBe('kw');
    expect(variantLabel(root, keywordVariants, 0)).toBe('Haste');
    expect(variantLabel(root, keywordVariants, 1)).toBe('Defense');
    expect(variantDiscriminator(root, [{ type: 'string' }])).toBeNull();
  });
});

describe('defaultValueFor', () => {
  it('builds required properties, defaults and consts', () => {
    expect(defaultValueFor(root, root)).toEqual({ type: 'creature', name: '', colors: [], hp: 1, spd: 4 });
  });

  it('builds the first variant of a oneOf, and variants by index', () => {
    expect(defaultValueFor(root, root.properties!.skillCost)).toEqual({ kind: 'AP', amount: 1 });
    expect(defaultValueFor(root, keywordVariants[1])).toEqual({ kw: 'Defense', x: 1 });
    expect(defaultValueFor(root, keywordVariants[2])).toEqual({ kw: 'Ranged', dmg: 0, range: -2 });
  });

  it('returns copies, never the schema default object itself', () => {
    const schema: JsonSchema = { type: 'array', default: ['a'] };
    const value = defaultValueFor(root, schema) as string[];
    value.push('b');
    expect(schema.default).toEqual(['a']);
  });

  it('starts arrays with minItems items unless they are unique pickers', () => {
    expect(defaultValueFor(root, { type: 'array', minItems: 2, items: { type: 'string' } })).toEqual(['', '']);
    expect(defaultValueFor(root, { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ['a'] } })).toEqual([]);
  });
});

describe('pointerChild', () => {
  it('escapes ~ and / in segments', () => {
    expect(pointerChild('', 'keywords')).toBe('/keywords');
    expect(pointerChild('/keywords', 0)).toBe('/keywords/0');
    expect(pointerChild('', 'a/b~c')).toBe('/a~1b~0c');
  });
});
