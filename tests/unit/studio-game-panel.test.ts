// The studio's Game tab edits on system.json: text and card size checked at the field, identity
// values whose ids also rewrite the identity field's list of allowed values, and a choice field
// made the identity.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { partOf, systemJson, withSystem, type GameFileMap } from '../../card-schema/studio/game-files';
import {
  identityCandidates,
  identityValues,
  makeIdentity,
  setCardSize,
  setIdentityValues,
  setText,
} from '../../src-renderer/src/studio/game-panel';

const DIR = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch');
const FILES: GameFileMap = Object.fromEntries(
  ['system.json', 'layouts.json', 'schemas/definitions.json', 'schemas/keeper.schema.json', 'schemas/lantern.schema.json'].map(
    (path) => [path, JSON.parse(readFileSync(join(DIR, path), 'utf8')) as unknown],
  ),
);
const files = (result: ReturnType<typeof setText>) => {
  if ('problem' in result) throw new Error(result.problem);
  return result.files;
};

describe('the Game tab', () => {
  it('refuses an empty name, a version that is not x.y.z and a card size out of range, with the reason', () => {
    expect(setText(FILES, 'name', '  ')).toEqual({ problem: 'A game needs a name' });
    expect(setText(FILES, 'version', '1.0')).toEqual({ problem: 'A version is three numbers, like 1.0.0' });
    expect(setCardSize(FILES, 'widthMm', 5)).toEqual({ problem: 'Between 20 and 300 mm' });
    expect(systemJson(files(setCardSize(FILES, 'widthMm', 70))).card).toMatchObject({ widthMm: 70, heightMm: 88 });
  });

  it("writes identity values and the identity field's allowed values together", () => {
    const values = identityValues(FILES);
    const next = files(setIdentityValues(FILES, [...values, { id: 'ash', label: 'Ash', color: '#444444', neutral: false }]));
    expect((systemJson(next).identity as { values: { id: string }[] }).values.map((value) => value.id)).toEqual([
      'ember',
      'tide',
      'moss',
      'dusk',
      'ash',
    ]);
    const faction = (partOf(next, 'definitions') as { faction: { items: { enum: string[] } } }).faction;
    expect(faction.items.enum).toEqual(['ember', 'tide', 'moss', 'dusk', 'ash']);
    expect(setIdentityValues(FILES, [...values, { ...values[0] }])).toEqual({
      problem: 'Ember: Another value has the id "ember"',
    });
  });

  it('makes a choice field the identity of a game without one', () => {
    const without = withSystem(FILES, ({ identity: _gone, ...rest }) => rest);
    expect(identityCandidates(without).map((candidate) => candidate.field)).toEqual(['faction', 'rarity']);
    const made = systemJson(files(makeIdentity(without, 'faction'))).identity as {
      field: string;
      label: string;
      values: { id: string; label: string }[];
    };
    expect(made).toMatchObject({ field: 'faction', label: 'Faction' });
    expect(made.values.map((value) => value.label)).toEqual(['Ember', 'Tide', 'Moss', 'Dusk']);
    expect(makeIdentity(without, 'cost')).toEqual({ problem: 'No card type has a choice field "cost"' });
  });
});
