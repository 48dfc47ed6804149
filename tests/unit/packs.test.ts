// Packs: a game's rarity and pack kinds (system.json `rarity`, `packs`) and the seeded
// generator that opens them (card-schema/packs/open-packs.ts), on the built-in samples and on
// small made-up sets; the loader refuses rarity and pack declarations that cannot work.

import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPacks, seedOf, type PackCardSource } from '../../card-schema/packs/open-packs';
import { cardRarity, slotLabel } from '../../card-schema/packs/rarity';
import { enumText } from '../../card-schema/system/enum-labels';
import type { PackDef } from '../../card-schema/packs/format';
import type { GameSystem } from '../../card-schema/system/format';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';
import { loadSamples, ROOT } from './systems/harness';

const osmcg = loadSamples('osmcg');
const miscrits = loadSamples('miscrits');
const booster = (samples: typeof osmcg, id: string): PackDef => {
  const pack = samples.system.packs?.find((p) => p.id === id);
  if (!pack) throw new Error(`no pack ${id}`);
  return pack;
};

describe('rarity in the built-in games', () => {
  it('OSMCG and Miscrits declare a rarity field whose values label the cards', () => {
    expect(osmcg.system.rarity?.values.map((v) => v.id)).toEqual(['common', 'uncommon', 'rare', 'mythic']);
    expect(miscrits.system.rarity?.values.map((v) => v.id)).toEqual(['common', 'rare', 'epic', 'legendary']);
    const fireBolt = osmcg.cards.find((c) => c.doc.name === 'Fire Bolt');
    expect(fireBolt && cardRarity(osmcg.system, fireBolt.doc)).toBe('common');
    // The editor's select and messages read the rarity's labels.
    expect(enumText(osmcg.system, 'rarity', 'mythic')).toBe('Mythic');
    // Heroes and Terrain carry no rarity: they are not in the rarity slots.
    const hero = osmcg.cards.find((c) => c.doc.type === 'hero');
    expect(hero && cardRarity(osmcg.system, hero.doc)).toBeUndefined();
    expect(osmcg.invalidCards()).toEqual([]);
    expect(miscrits.invalidCards()).toEqual([]);
  });

  it('names a slot by its label or its rarities', () => {
    const slots = booster(osmcg, 'booster').slots;
    expect(slots.map((s) => slotLabel(osmcg.system, s))).toEqual(['Common', 'Uncommon', 'Rare or Mythic', 'Terrain']);
  });
});

describe('opening packs', () => {
  it('fills every slot of an OSMCG booster from the sample set, the same for the same seed', () => {
    const pack = booster(osmcg, 'booster');
    const result = openPacks(osmcg.system, pack, osmcg.cards, { count: 3, seed: 'table-7' });
    if (!result.ok) throw new Error(result.message);
    expect(result.packs).toHaveLength(3);
    for (const opened of result.packs) {
      expect(opened.cards.map((c) => c.slot)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 3]);
      expect(opened.cards.slice(0, 6).every((c) => c.rarity === 'common')).toBe(true);
      expect(['rare', 'mythic']).toContain(opened.cards[9].rarity);
      expect(osmcg.docs.get(opened.cards[10].cardId)?.type).toBe('terrain');
      expect(new Set(opened.cards.map((c) => c.cardId)).size).toBe(11);
    }
    expect(openPacks(osmcg.system, pack, osmcg.cards, { count: 3, seed: 'table-7' })).toEqual(result);
    expect(openPacks(osmcg.system, pack, osmcg.cards, { count: 3, seed: 'table-8' })).not.toEqual(result);
  });

  it('picks a slot by card match (a Miscrits starter: basic Miscrits and Items)', () => {
    const result = openPacks(miscrits.system, booster(miscrits, 'starter'), miscrits.cards, { count: 2, seed: '1' });
    if (!result.ok) throw new Error(result.message);
    for (const opened of result.packs) {
      const docs = opened.cards.map((c) => miscrits.docs.get(c.cardId));
      expect(docs.slice(0, 3).every((d) => d?.type === 'miscrit' && d.stage === 'basic')).toBe(true);
      expect(docs.slice(3).every((d) => d?.type === 'item')).toBe(true);
    }
  });

  it('draws rare against mythic by the weights, over many packs', () => {
    const result = openPacks(osmcg.system, booster(osmcg, 'booster'), osmcg.cards, { count: 100, seed: 'odds' });
    if (!result.ok) throw new Error(result.message);
    const mythics = result.packs.filter((p) => p.cards[9].rarity === 'mythic').length;
    // 1 in 8: 12.5 expected of 100; far from 50 (equal odds) and from 0.
    expect(mythics).toBeGreaterThan(3);
    expect(mythics).toBeLessThan(26);
  });

  const system = { ...osmcg.system, packs: [] } as GameSystem;
  const card = (id: string, rarity: string): PackCardSource => ({ id, doc: { type: 'spell', name: id, rarity } });

  it('says which slot cannot be filled when the set has too few cards of its rarity', () => {
    const pack: PackDef = {
      id: 'p',
      label: 'Booster',
      slots: [
        { rarity: 'common', count: 3 },
        { rarity: 'rare', count: 2 },
      ],
    };
    const cards = [card('a', 'common'), card('b', 'common'), card('c', 'common'), card('d', 'rare')];
    expect(openPacks(system, pack, cards, { count: 1, seed: 'x' })).toEqual({
      ok: false,
      slot: 1,
      message: 'Booster, slot 2 (Rare): needs 2 cards without repeats in a pack, but the set has only 1',
    });
    const none = openPacks(system, { ...pack, slots: [{ rarity: 'mythic', count: 1 }] }, cards, { count: 1, seed: 'x' });
    expect(none.ok === false && none.message).toBe(
      'Booster, slot 1 (Mythic): needs 1 card without repeats in a pack, but the set has none',
    );
  });

  it('repeats cards across packs but not within one; an empty rarity gives way to the slot’s others', () => {
    const cards = [card('a', 'common'), card('b', 'common'), card('r', 'rare')];
    const pack: PackDef = {
      id: 'p',
      label: 'Booster',
      slots: [
        { rarity: 'common', count: 2 },
        { rarity: ['mythic', 'rare'], weights: [100, 1], count: 1 },
      ],
    };
    const result = openPacks(system, pack, cards, { count: 5, seed: 's' });
    if (!result.ok) throw new Error(result.message);
    for (const opened of result.packs) expect(opened.cards.map((c) => c.cardId).sort()).toEqual(['a', 'b', 'r']);
  });

  it('reports a slot whose cards the pack’s earlier slots already took', () => {
    const cards = [card('a', 'common'), card('b', 'common')];
    const pack: PackDef = {
      id: 'p',
      label: 'Booster',
      slots: [
        { rarity: 'common', count: 2 },
        { match: { types: ['spell'] }, count: 1, label: 'Spell' },
      ],
    };
    const result = openPacks(system, pack, cards, { count: 1, seed: 's' });
    expect(result.ok === false && result.message).toBe(
      "Booster, slot 2 (Spell): needs 1 card without repeats in a pack, but the set has only 2: the pack's other slots already took 2 of them",
    );
  });

  it('turns any typed seed into a generator state', () => {
    expect(seedOf('abc')).toBe(seedOf('abc'));
    expect(seedOf('abc')).not.toBe(seedOf('abd'));
    expect(seedOf('')).toBeGreaterThanOrEqual(0);
  });
});

describe('loading rarity and packs', () => {
  const copies: string[] = [];
  afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON shapes
  const refusal = (edit: (system: Record<string, any>) => void): GameSystemLoadError => {
    const root = mkdtempSync(join(tmpdir(), 'cw-packs-'));
    copies.push(root);
    cpSync(join(ROOT, 'card-schema/systems/osmcg'), join(root, 'osmcg'), { recursive: true });
    const file = join(root, 'osmcg/system.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    edit(json);
    writeFileSync(file, JSON.stringify(json));
    try {
      loadGameSystem(join(root, 'osmcg'));
    } catch (error) {
      if (error instanceof GameSystemLoadError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it.each([
    [
      'a rarity field no card type has',
      (s: Json) => (s.rarity.field = 'rarty'),
      '/rarity/field',
      'no card type has a field "rarty"',
    ],
    [
      'a rarity the field cannot hold',
      (s: Json) => s.rarity.values.push({ id: 'special', label: 'Special' }),
      '/rarity/values/4/id',
      '"special" is not a value of "rarity" (its values: common, uncommon, rare, mythic)',
    ],
    [
      'a slot naming an undeclared rarity',
      (s: Json) => (s.packs[0].slots[2].rarity = ['rare', 'legendary']),
      '/packs/0/slots/2/rarity/1',
      '"legendary" is not a rarity of the game (rarities: common, uncommon, rare, mythic)',
    ],
    [
      'weights that do not match the rarities',
      (s: Json) => (s.packs[0].slots[2].weights = [7, 1, 1]),
      '/packs/0/slots/2/weights',
      'has 3 weights for 2 rarities: give one per rarity',
    ],
    [
      'a slot matching a missing card type',
      (s: Json) => (s.packs[0].slots[3].match.types = ['terain']),
      '/packs/0/slots/3/match/types/0',
      'no card type named "terain"',
    ],
    ['a pack id used twice', (s: Json) => s.packs.push(s.packs[0]), '/packs/1/id', '"booster" is used twice'],
    [
      'a slot by rarity in a game without one',
      (s: Json) => delete s.rarity,
      '/packs/0/slots/0/rarity',
      'a slot by rarity needs the game to declare a "rarity"',
    ],
  ])('refuses %s', (_what, edit, path, reason) => {
    const error = refusal(edit);
    expect(error.jsonPath).toBe(path);
    expect(error.reason).toContain(reason);
  });

  it('refuses a slot with neither rarity nor match', () => {
    const error = refusal((s) => (s.packs[0].slots[0] = { count: 2 }));
    expect(error.jsonPath).toMatch(/^\/packs\/0\/slots\/0/);
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON shapes
type Json = Record<string, any>;
