// Migration to format v3: v2 files (the built-in games, a hand-written file with copy limits and
// ban/restricted lists) become v3 as they stand, v1 files keep counting copies by card id, and
// the v2 shorthands judge every deck exactly as their general v3 forms do.

import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { migrateSystemFile } from '../../card-schema/system/migrate';
import { GAME_SYSTEM_FORMAT_VERSION, type CardDocument, type GameSystem } from '../../card-schema/system/format';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import type { Deck, DeckRule, PlayFormat } from '../../card-schema/deck/format';

const SYSTEMS = join(resolve(import.meta.dirname, '../..'), 'card-schema/systems');
const builtIn = readdirSync(SYSTEMS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

type Json = Record<string, unknown> & { deck: { rules: Record<string, unknown>[] } };
const readSystem = (id: string) => JSON.parse(readFileSync(join(SYSTEMS, id, 'system.json'), 'utf8')) as Json;

describe('migrating the built-in games', () => {
  it('is at version 3', () => expect(GAME_SYSTEM_FORMAT_VERSION).toBe(3));

  it.each(builtIn)('%s: is written as version 3, and the same file as version 2 migrates to it', (id) => {
    const raw = readSystem(id);
    expect(raw.formatVersion).toBe(3);
    expect(migrateSystemFile(raw)).toEqual(raw);
    expect(migrateSystemFile({ ...raw, formatVersion: 2 })).toEqual(raw);
  });

  it.each(builtIn)('%s: as a v1 file, its copy limits keep counting by card id', (id) => {
    const raw = readSystem(id);
    const migrated = migrateSystemFile({ ...raw, formatVersion: 1 }) as Json;
    expect(migrated.formatVersion).toBe(3);
    migrated.deck.rules.forEach((rule, i) => {
      const before = raw.deck.rules[i];
      const expected = before.kind === 'copyLimit' && before.countBy === undefined ? { ...before, countBy: 'id' } : before;
      expect(rule).toEqual(expected);
    });
  });
});

// A hand-written v2 game with name-based copy limits, a name ban list and a restricted list.
const TYPES = ['leader', 'unit'];
const v2File = {
  formatVersion: 2,
  id: 'handmade',
  name: 'Handmade',
  version: '1.0.0',
  card: { widthMm: 63, heightMm: 88 },
  cardTypes: TYPES.map((id) => ({ id, label: id, schema: {}, layout: 'plain' })),
  layouts: {},
  deck: {
    sections: [
      { id: 'leader', label: 'Leader', types: ['leader'], leader: true },
      { id: 'main', label: 'Main', types: ['unit'] },
    ],
    rules: [
      { kind: 'copyLimit', id: 'copies', max: 3, overrides: [{ match: { where: [{ field: 'rare', equals: true }] }, max: 1 }] },
      { kind: 'copyLimit', id: 'prints', max: 2, countBy: 'id' },
      { kind: 'sectionSize', id: 'size', section: 'main', min: 0, max: 12 },
    ],
    formats: [
      {
        id: 'std',
        label: 'Standard',
        banned: ['Bog', 'Cob'],
        restricted: [
          { name: 'Ash', max: 1 },
          { name: 'Dew', max: 2 },
        ],
      },
    ],
  },
  board: {},
};

/** The same rules written in the general v3 forms: copy limits `by` fields, lists by card match. */
function generalForm(system: GameSystem): GameSystem {
  const rules = system.deck.rules.map((rule): DeckRule => {
    if (rule.kind !== 'copyLimit') return rule;
    const { countBy, ...rest } = rule;
    return { ...rest, by: [countBy === 'id' ? 'id' : 'name'] };
  });
  const formats = (system.deck.formats ?? []).map((format): PlayFormat => ({
    ...format,
    banned: (format.banned ?? []).map((name) => ({ names: [name as string] })),
    restricted: (format.restricted ?? []).map((r) => ({ match: { names: ['name' in r ? r.name : ''] }, max: r.max })),
  }));
  return { ...system, deck: { ...system.deck, rules, formats } };
}

const NAMES = ['Ash', 'Bog', 'Cob', 'Dew', 'Elm'];
const card = fc.record({ type: fc.constantFrom(...TYPES), name: fc.constantFrom(...NAMES), rare: fc.boolean() });
const library = fc
  .array(card, { minLength: 1, maxLength: 10 })
  .map((cards) => Object.fromEntries(cards.map((c, i): [string, CardDocument] => [`c${i}`, c])));

describe('a hand-written v2 file with copy limits and ban lists', () => {
  const migrated = migrateSystemFile(v2File) as GameSystem;

  it('migrates losslessly: only the version changes', () => {
    expect(migrated).toEqual({ ...v2File, formatVersion: 3 });
  });

  it('judges every deck as the general v3 forms of its rules do', () => {
    const general = generalForm(migrated);
    fc.assert(
      fc.property(
        library.chain((pool) =>
          fc
            .record({
              leader: fc.array(
                fc.record({ cardId: fc.constantFrom(...Object.keys(pool)), count: fc.integer({ min: 1, max: 2 }) }),
                {
                  maxLength: 1,
                },
              ),
              main: fc.array(
                fc.record({ cardId: fc.constantFrom(...Object.keys(pool)), count: fc.integer({ min: 1, max: 4 }) }),
                {
                  maxLength: 8,
                },
              ),
            })
            .map((sections) => ({ pool, sections })),
        ),
        ({ pool, sections }) => {
          const deck: Pick<Deck, 'systemId' | 'sections'> = { systemId: 'handmade', sections };
          const lookup = (id: string) => pool[id];
          const shorthand = evaluateDeck(migrated, deck, lookup);
          const spelledOut = evaluateDeck(general, deck, lookup);
          expect(spelledOut.legal).toBe(shorthand.legal);
          expect(spelledOut.violations.map((v) => [v.code, v.rule, v.cardIds])).toEqual(
            shorthand.violations.map((v) => [v.code, v.rule, v.cardIds]),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('judges a concrete deck: a banned name, a restricted name over its limit, too many copies', () => {
    const pool: Record<string, CardDocument> = {
      bog: { type: 'unit', name: 'Bog' },
      ash: { type: 'unit', name: 'Ash' },
      ashAlt: { type: 'unit', name: 'Ash' },
      elm: { type: 'unit', name: 'Elm', rare: true },
    };
    const deck = {
      systemId: 'handmade',
      sections: {
        main: [
          { cardId: 'bog', count: 1 },
          { cardId: 'ash', count: 1 },
          { cardId: 'ashAlt', count: 1 },
          { cardId: 'elm', count: 2 },
        ],
      },
    };
    const codes = (system: GameSystem) => evaluateDeck(system, deck, (id) => pool[id]).violations.map((v) => v.code);
    expect(codes(migrated)).toEqual(['BANNED_CARD', 'RESTRICTED_CARD', 'TOO_MANY_COPIES']);
    expect(codes(generalForm(migrated))).toEqual(codes(migrated));
  });
});
