import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../card-schema/system/json-schema';
import { fieldKind, singular } from '../../src-renderer/src/editor/field-kind';
import { controlId, humanize } from '../../src-renderer/src/editor/form-context';
import { issueLabel } from '../../src-renderer/src/editor/issue-label';
import { orderedProperties, withProperty } from '../../src-renderer/src/editor/object-value';

const root: JsonSchema = {
  type: 'object',
  properties: {
    type: { const: 'creature' },
    name: { type: 'string', title: 'Name' },
    text: { type: 'string', 'x-multiline': true },
    hp: { type: 'integer' },
    colors: { type: 'array', uniqueItems: true, items: { $ref: '#/$defs/color' } },
    keywords: { type: 'array', title: 'Keywords', items: { $ref: '#/$defs/keyword' } },
    speed: { enum: ['Standard', 'Quick'] },
    flag: { type: 'boolean' },
    anything: {},
  },
  $defs: {
    color: { enum: ['red', 'blue'] },
    keyword: {
      oneOf: [
        { type: 'object', properties: { kw: { const: 'Haste' } } },
        { type: 'object', properties: { kw: { const: 'Defense' }, x: { type: 'integer', title: 'X' } } },
      ],
    },
  },
};
const p = root.properties!;

describe('fieldKind', () => {
  it('maps schema shapes to controls', () => {
    expect(fieldKind(root, p.type)).toBe('hidden');
    expect(fieldKind(root, p.name)).toBe('string');
    expect(fieldKind(root, p.text)).toBe('text');
    expect(fieldKind(root, p.hp)).toBe('number');
    expect(fieldKind(root, p.colors)).toBe('chips');
    expect(fieldKind(root, p.keywords)).toBe('array');
    expect(fieldKind(root, root.$defs!.keyword)).toBe('variant');
    expect(fieldKind(root, p.speed)).toBe('enum');
    expect(fieldKind(root, p.flag)).toBe('boolean');
    expect(fieldKind(root, p.anything)).toBe('json');
    expect(fieldKind(root, { type: ['integer', 'null'] })).toBe('number');
  });

  it('names one entry of a list', () => {
    expect(singular('Keywords')).toBe('Keyword');
    expect(singular('Abilities')).toBe('Ability');
    expect(singular('Status')).toBe('Status');
  });
});

describe('labels', () => {
  it('humanizes property names and makes safe ids', () => {
    expect(humanize('startingMana')).toBe('Starting mana');
    expect(humanize('atk_bonus')).toBe('Atk bonus');
    expect(controlId('/keywords/0/x')).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(controlId('/a/b')).not.toBe(controlId('/a_b'));
  });

  it('names the field of an issue through arrays and oneOf variants', () => {
    const doc = { type: 'creature', name: 'X', keywords: [{ kw: 'Haste' }, { kw: 'Defense', x: 0 }] };
    expect(issueLabel({ path: '/keywords/1/x', message: 'must be >= 1' }, root, doc)).toBe('Keywords › 2 › X: must be >= 1');
    expect(issueLabel({ path: '/name', message: 'is required' }, root, doc)).toBe('Name: is required');
    expect(issueLabel({ path: '/hp', message: 'must be integer' }, root, doc)).toBe('Hp: must be integer');
    expect(issueLabel({ path: '', message: 'must be object' }, root, doc)).toBe('must be object');
  });
});

describe('object values', () => {
  it('sets and removes properties without touching the original', () => {
    const original = { a: 1, b: 2 };
    expect(withProperty(original, 'a', undefined)).toEqual({ b: 2 });
    expect(withProperty(original, 'c', 3)).toEqual({ a: 1, b: 2, c: 3 });
    expect(original).toEqual({ a: 1, b: 2 });
    expect(withProperty(undefined, 'a', 1)).toEqual({ a: 1 });
  });

  it('orders fields by fieldOrder first, then schema order', () => {
    expect(orderedProperties({ a: 1, b: 1, c: 1 }, ['c', 'missing', 'a'])).toEqual(['c', 'a', 'b']);
  });
});
