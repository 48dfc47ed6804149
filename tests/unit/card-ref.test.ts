// Card references (x-card-ref): the pure reading of the marker, the loader's messages for bad
// ones, and Miscrits' "Evolves from" declaring one.

import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cardRefOf } from '../../card-schema/system/card-ref';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';
import { fieldKind } from '../../src-renderer/src/editor/field-kind';

const SYSTEMS = join(resolve(import.meta.dirname, '../..'), 'card-schema/systems');
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** OSMCG with a creature field `base` whose schema is `schema`; the load error, if any. */
function loadWithField(schema: unknown): GameSystemLoadError | undefined {
  const root = mkdtempSync(join(tmpdir(), 'cw-card-ref-'));
  copies.push(root);
  cpSync(join(SYSTEMS, 'osmcg'), join(root, 'osmcg'), { recursive: true });
  const file = join(root, 'osmcg/schemas/creature.schema.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, unknown> };
  json.properties.base = schema;
  writeFileSync(file, JSON.stringify(json));
  try {
    loadGameSystem(join(root, 'osmcg'));
    return undefined;
  } catch (error) {
    if (error instanceof GameSystemLoadError) return error;
    throw error;
  }
}

describe('x-card-ref in the format', () => {
  it('reads the marker, with or without types', () => {
    expect(cardRefOf({ type: 'string', 'x-card-ref': { types: ['miscrit'] } })).toEqual({ types: ['miscrit'] });
    expect(cardRefOf({ type: 'string', 'x-card-ref': {} })).toEqual({});
    expect(cardRefOf({ type: 'string' })).toBeUndefined();
    expect(fieldKind({}, { type: 'string', 'x-card-ref': {} })).toBe('card-ref');
  });

  it("declares Miscrits' Evolves from as a reference to miscrits", () => {
    const miscrits = loadGameSystem(join(SYSTEMS, 'miscrits'));
    const schema = miscrits.cardTypes.find((t) => t.id === 'miscrit')!.schema;
    expect(cardRefOf(schema.properties!.evolvesFrom)).toEqual({ types: ['miscrit'] });
  });

  it('loads a good reference and refuses bad ones naming the file, the place and the reason', () => {
    expect(loadWithField({ type: 'string', 'x-card-ref': { types: ['hero', 'creature'] } })).toBeUndefined();
    expect(loadWithField({ type: 'string', 'x-card-ref': {} })).toBeUndefined();
    const cases: [unknown, string, RegExp][] = [
      [{ type: 'string', 'x-card-ref': ['creature'] }, '/properties/base/x-card-ref', /must be an object/],
      [
        { type: 'string', 'x-card-ref': { types: ['dragon'] } },
        '/properties/base/x-card-ref/types/0',
        /no card type named "dragon" \(types: hero,/,
      ],
      [{ type: 'string', 'x-card-ref': { types: [] } }, '/properties/base/x-card-ref/types', /non-empty list of card type ids/],
      [{ type: 'string', 'x-card-ref': { by: 'id' } }, '/properties/base/x-card-ref/by', /unknown key "by"/],
      [{ type: 'integer', 'x-card-ref': {} }, '/properties/base/x-card-ref', /only a field of "type": "string"/],
    ];
    for (const [schema, path, reason] of cases) {
      const error = loadWithField(schema);
      expect(error, JSON.stringify(schema)).toBeDefined();
      expect([error!.file, error!.jsonPath]).toEqual(['osmcg/schemas/creature.schema.json', path]);
      expect(error!.reason).toMatch(reason);
    }
  });
});
