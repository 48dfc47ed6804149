import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { CardLayout, LayoutElement } from '../../card-schema/layout/format';
import { editableTexts, editableValue, typedValue } from '../../card-schema/layout/editable-text';
import { loadGameSystem } from '../../src-main/services/game-systems';

// The real OSMCG system, loaded the way the app loads it.
const osmcg = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/osmcg', import.meta.url)));

const wolf: CardDocument = {
  type: 'creature',
  name: 'Ember Wolf',
  colors: ['red'],
  cost: 3,
  atk: 3,
  hp: 4,
  spd: 6,
  ap: 2,
  keywords: [{ kw: 'Haste' }],
  text: 'On Deploy: deal 1 damage.',
  flavor: 'Where it runs, the grass does not grow back.',
};

/** OSMCG whose creature layout is `elements` (text elements need only what the test sets). */
function withCreatureLayout(elements: LayoutElement[]): GameSystem {
  const layout: CardLayout = { background: '#fff', elements };
  return { ...osmcg, layouts: { ...osmcg.layouts, creature: layout } };
}

const text = (template: string, box: Partial<LayoutElement> = {}): LayoutElement =>
  ({ kind: 'text', x: 5, y: 5, w: 40, h: 5, size: 8, text: template, ...box }) as LayoutElement;

describe('editableTexts', () => {
  it("lists the OSMCG creature's text fields in reading order, with the form's labels", () => {
    const fields = editableTexts(osmcg, wolf).map((target) => target.field);
    // Name and cost share the top row; keywords+text edits the rules text; the stat row reads left to right.
    expect(fields).toEqual(['name', 'cost', 'text', 'flavor', 'atk', 'hp', 'spd', 'ap']);
    const name = editableTexts(osmcg, wolf)[0];
    expect(name).toMatchObject({
      pointer: '/name',
      label: 'Name',
      kind: 'string',
      multiline: false,
      required: true,
      maxLength: 60,
    });
    const rules = editableTexts(osmcg, wolf).find((target) => target.field === 'text');
    expect(rules).toMatchObject({ label: 'Rules text', multiline: true, required: false });
    expect(editableTexts(osmcg, wolf).find((target) => target.field === 'atk')).toMatchObject({ kind: 'integer', label: 'ATK' });
  });

  it('keeps the box of an empty field that hides its own element, so it can be typed into', () => {
    const { flavor: _flavor, ...plain } = wolf;
    expect(editableTexts(osmcg, plain).map((target) => target.field)).toContain('flavor');
  });

  it('skips hidden elements and elements another empty field hides', () => {
    const system = withCreatureLayout([
      text('{name}', { hidden: true }),
      text('{flavor}', { when: 'text', y: 20 }),
      text('{text}', { unless: 'flavor', y: 30 }),
    ]);
    const bare: CardDocument = { type: 'creature', name: 'X', flavor: 'Quiet.' };
    expect(editableTexts(system, bare)).toEqual([]);
    const withText = { ...bare, text: 'Rules.' };
    expect(editableTexts(system, withText).map((target) => target.field)).toEqual(['flavor']);
  });

  it('follows whenEquals on the shown value (a list by its first item)', () => {
    const system = withCreatureLayout([text('{text}', { when: 'colors', whenEquals: ['red', 'blue'] })]);
    expect(editableTexts(system, { ...wolf, colors: ['red', 'green'] })).toHaveLength(1);
    expect(editableTexts(system, { ...wolf, colors: ['green', 'red'] })).toHaveLength(0);
  });

  it('picks the rules text among several string fields, and nothing among numbers only', () => {
    const system = withCreatureLayout([
      text('{name} — {flavor}', { y: 5 }),
      text('{flavor}\n{text}\n{name}', { y: 10 }),
      text('{atk}/{hp}', { y: 15 }),
      text('{typeLabel}', { y: 20 }),
      text('{keywords|lines}', { y: 25 }),
      text('{colors}', { y: 30 }),
    ]);
    expect(editableTexts(system, wolf).map((target) => target.field)).toEqual(['flavor', 'text']);
  });

  it('reads a row left to right and rows top to bottom', () => {
    const system = withCreatureLayout([
      text('{hp}', { x: 30, y: 80, h: 5 }),
      text('{atk}', { x: 5, y: 80.5, h: 5 }),
      text('{text}', { x: 5, y: 40, h: 20 }),
      text('{cost}', { x: 50, y: 3, h: 8 }),
      text('{name}', { x: 5, y: 4, h: 6 }),
    ]);
    expect(editableTexts(system, wolf).map((target) => target.field)).toEqual(['name', 'cost', 'text', 'atk', 'hp']);
  });

  it('finds nothing for an unknown card type', () => {
    expect(editableTexts(osmcg, { type: 'nope', name: 'X' })).toEqual([]);
  });
});

describe('typedValue', () => {
  it('removes an empty optional text and keeps an empty required one', () => {
    expect(typedValue({ kind: 'string', required: false }, '')).toBeUndefined();
    expect(typedValue({ kind: 'string', required: true }, '')).toBe('');
    expect(typedValue({ kind: 'string', required: false }, 'Hi')).toBe('Hi');
  });

  it('parses numbers, keeps an empty required number as null and a bad number as typed', () => {
    expect(typedValue({ kind: 'integer', required: true }, ' 12 ')).toBe(12);
    expect(typedValue({ kind: 'number', required: false }, '\u22121.5')).toBe(-1.5);
    expect(typedValue({ kind: 'integer', required: true }, '')).toBeNull();
    expect(typedValue({ kind: 'integer', required: false }, '')).toBeUndefined();
    expect(typedValue({ kind: 'integer', required: true }, 'lots')).toBe('lots');
  });

  it('shows a value as the text to edit', () => {
    expect(editableValue('Wolf')).toBe('Wolf');
    expect(editableValue(3)).toBe('3');
    expect(editableValue(undefined)).toBe('');
    expect(editableValue(['a'])).toBe('');
  });
});
