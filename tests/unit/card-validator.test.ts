// Card validation messages: what a designer sees beside each field.

import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { createCardValidator } from '../../src-main/services/card-validator';

const system = loadGameSystem(join(resolve(import.meta.dirname, '../..'), 'card-schema/systems/osmcg'));
const validate = createCardValidator(system);
const creature = { type: 'creature', name: 'Ember Wolf', colors: ['red'], cost: 2, atk: 2, hp: 3, spd: 6, ap: 2 };

describe('OSMCG card validation', () => {
  it('accepts a valid creature with parameterized keywords', () => {
    expect(
      validate({ ...creature, keywords: [{ kw: 'Haste' }, { kw: 'Defense', x: 2 }, { kw: 'Ranged', dmg: 2, range: 6 }] }),
    ).toEqual([]);
  });

  it('refuses Neutral (exclusive) beside another color, and accepts each alone', () => {
    expect(validate({ ...creature, colors: ['red', 'neutral'] })).toEqual([
      {
        path: '/colors',
        message: 'Neutral cannot be combined with another color: choose Neutral alone, or other color values without it',
      },
    ]);
    expect(validate({ ...creature, colors: ['neutral'] })).toEqual([]);
    expect(validate({ ...creature, colors: ['red', 'blue'] })).toEqual([]);
  });

  it('names a missing or out-of-range stat by its title', () => {
    const { hp: _hp, ...noHp } = creature;
    expect(validate(noHp)).toEqual([{ path: '/hp', message: 'HP is required' }]);
    expect(validate({ ...creature, atk: -1 })).toEqual([{ path: '/atk', message: 'ATK must be at least 0' }]);
    expect(validate({ ...creature, cost: 1.5 })).toEqual([{ path: '/cost', message: 'Mana Cost must be a whole number' }]);
  });

  it('reports a keyword missing its parameters against that keyword only', () => {
    expect(validate({ ...creature, keywords: [{ kw: 'Haste' }, { kw: 'Ranged', dmg: 2 }] })).toEqual([
      { path: '/keywords/1/range', message: 'Range (inches) is required' },
    ]);
    expect(validate({ ...creature, keywords: [{ kw: 'Defense', x: 0 }] })).toEqual([
      { path: '/keywords/0/x', message: 'X must be at least 1' },
    ]);
  });

  it('names unknown keywords and lists the known ones', () => {
    const issues = validate({ ...creature, keywords: [{ kw: 'Teleport' }] });
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toBe('/keywords/0/kw');
    expect(issues[0].message).toMatch(/^Keyword cannot be "Teleport": choose "Ethereal", .*"Ranged", .* or "Shield"$/);
  });

  it('refuses unknown card types, unknown fields and bad colors', () => {
    expect(validate({ type: 'land', name: 'x' })[0]).toMatchObject({
      path: '/type',
      message: expect.stringContaining('"creature"'),
    });
    expect(validate({ ...creature, power: 3 })).toEqual([{ path: '/power', message: 'Unknown field "power"' }]);
    expect(validate({ ...creature, colors: [] })).toEqual([{ path: '/colors', message: 'Colors needs at least 1 entry' }]);
    expect(validate({ ...creature, colors: ['purple'] })[0].path).toBe('/colors/0');
  });

  it('validates skill costs by their kind', () => {
    const skill = { type: 'skill', name: 'Sidestep', colors: ['neutral'], speed: 'Quick', text: 'Move 2".' };
    expect(validate({ ...skill, skillCost: { kind: 'AP', amount: 1 } })).toEqual([]);
    expect(validate({ ...skill, skillCost: { kind: 'Condition', condition: 'If your Hero is damaged', exhaust: true } })).toEqual(
      [],
    );
    expect(validate({ ...skill, skillCost: { kind: 'AP' } })).toEqual([{ path: '/skillCost/amount', message: 'AP is required' }]);
  });
});
