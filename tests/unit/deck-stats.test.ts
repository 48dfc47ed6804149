// Deck statistics: cost curve, type breakdown, identity distribution and the numeric fields
// found in the card types' schemas, on hand-counted decks and on every built-in game.

import { describe, expect, it } from 'vitest';
import { bucketsFor, deckStats, rangeBucketsFor, defaultStatsSections, numericFields } from '../../card-schema/deck/stats';
import type { CardDocument } from '../../card-schema/system/format';
import { loadSamples } from './systems/harness';

const osmcg = loadSamples('osmcg');
const lookup = (id: string) => osmcg.docs.get(id);

describe('deckStats on OSMCG', () => {
  const legal = osmcg.decks.get('deck-legal.json')!;

  it('counts the draw section by default: 30 cards, the Hero and extra decks left out', () => {
    expect(defaultStatsSections(osmcg.system)).toEqual(['main']);
    const stats = deckStats(osmcg.system, legal.sections, lookup);
    expect(stats.sections).toEqual(['main']);
    expect(stats.cards).toBe(30);
    expect(stats.unknown).toBe(0);
  });

  it('draws the curve over the cost field, counting skills without a cost apart', () => {
    const stats = deckStats(osmcg.system, legal.sections, lookup);
    const byCost = new Map<number, number>();
    let noCost = 0;
    for (const entry of legal.sections.main) {
      const cost = lookup(entry.cardId)!.cost;
      if (typeof cost === 'number') byCost.set(cost, (byCost.get(cost) ?? 0) + entry.count);
      else noCost += entry.count;
    }
    const curve = stats.curve!;
    expect(curve.field).toBe('cost');
    expect(curve.without).toBe(noCost);
    for (const bucket of curve.buckets) {
      const expected = [...byCost].filter(([c]) => c >= bucket.min && (bucket.max === undefined || c <= bucket.max));
      expect(bucket.count, bucket.label).toBe(expected.reduce((n, [, k]) => n + k, 0));
    }
    expect(curve.buckets.reduce((n, b) => n + b.count, 0) + curve.without).toBe(30);
  });

  it('breaks the deck down by the game’s card types, with empty types the section allows', () => {
    const stats = deckStats(osmcg.system, { main: [{ cardId: 'osmcg-core-005', count: 3 }] }, lookup);
    expect(stats.types).toEqual([
      { type: 'creature', label: 'Creature', count: 3 },
      { type: 'spell', label: 'Spell', count: 0 },
      { type: 'skill', label: 'Skill', count: 0 },
      { type: 'equipment', label: 'Equipment', count: 0 },
    ]);
  });

  it('counts a multi-color card under each of its colors and notes it', () => {
    const docs: Record<string, CardDocument> = {
      duo: { type: 'creature', name: 'Duo', colors: ['white', 'black'], cost: 2 },
      red: { type: 'creature', name: 'Red', colors: ['red'], cost: 1 },
      bare: { type: 'creature', name: 'Bare', colors: [], cost: 1 },
    };
    const stats = deckStats(
      osmcg.system,
      {
        main: [
          { cardId: 'duo', count: 2 },
          { cardId: 'red', count: 3 },
          { cardId: 'bare', count: 1 },
          { cardId: 'gone', count: 4 },
        ],
      },
      (id) => docs[id],
    );
    const identity = stats.identity!;
    expect(identity.label).toBe('Color');
    const count = (id: string) => identity.values.find((v) => v.id === id)!.count;
    expect([count('white'), count('black'), count('red'), count('blue')]).toEqual([2, 2, 3, 0]);
    expect(identity.values.find((v) => v.id === 'red')!.color).toBe('#c0392b');
    expect(identity.multi).toBe(2);
    expect(identity.none).toBe(1);
    expect(stats.unknown).toBe(4);
    expect(stats.cards).toBe(6);
  });

  it('finds every numeric field through $ref, labelled by its schema title, with average, min and max', () => {
    const fields = numericFields(osmcg.system, ['creature']).map((f) => [f.field, f.label]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['atk', 'ATK'],
        ['hp', 'HP'],
        ['spd', 'SPD'],
        ['ap', 'AP'],
      ]),
    );
    expect(fields.map(([f]) => f)).toContain('cost');
    const docs: Record<string, CardDocument> = {
      a: { type: 'creature', name: 'A', colors: ['red'], cost: 1, atk: 2, hp: 1, spd: 4, ap: 2 },
      b: { type: 'creature', name: 'B', colors: ['red'], cost: 3, atk: 5, hp: 3, spd: 4, ap: 2 },
      s: { type: 'spell', name: 'S', colors: ['red'], cost: 2 },
    };
    const stats = deckStats(
      osmcg.system,
      {
        main: [
          { cardId: 'a', count: 3 },
          { cardId: 'b', count: 1 },
          { cardId: 's', count: 2 },
        ],
      },
      (id) => docs[id],
    );
    const atk = stats.numeric.find((d) => d.field === 'atk')!;
    expect(atk).toMatchObject({ label: 'ATK', counted: 4, without: 2, average: (3 * 2 + 5) / 4, min: 2, max: 5 });
  });

  it('counts the leader and extra decks when asked', () => {
    const stats = deckStats(osmcg.system, legal.sections, lookup, ['hero', 'main']);
    expect(stats.cards).toBe(31);
    expect(stats.types.find((t) => t.type === 'hero')?.count).toBe(1);
  });
});

describe('rangeBucketsFor', () => {
  it('charts other fields from their lowest value, in equal ranges when they spread wide', () => {
    expect(rangeBucketsFor([2, 5], [1, 3]).map((b) => [b.label, b.count])).toEqual([
      ['2', 1],
      ['3', 0],
      ['4', 0],
      ['5', 3],
    ]);
    const hp = rangeBucketsFor([18, 20, 30, 46], [1, 2, 3, 4]);
    expect(hp.map((b) => b.label)).toEqual(['18–22', '23–27', '28–32', '33–37', '38–42', '43–47']);
    expect(hp.map((b) => b.count)).toEqual([3, 0, 3, 0, 0, 4]);
    expect(rangeBucketsFor([1, 8], [1, 1]).map((b) => b.label)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(rangeBucketsFor([], [])).toEqual([]);
  });
});

describe('bucketsFor', () => {
  it('keeps one bar per cost up to 7, then gathers the rest in an open top bar', () => {
    expect(bucketsFor([0, 7], [1, 1]).map((b) => b.label)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    const wide = bucketsFor([1, 9, 12], [2, 1, 1]);
    expect(wide.map((b) => b.label)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7+']);
    expect(wide.at(-1)!.count).toBe(2);
    expect(bucketsFor([1], [5]).map((b) => b.label)).toEqual(['0', '1', '2', '3']);
  });
});

describe('deckStats on every built-in game', () => {
  for (const id of ['muhq', 'odd-frontier', 'miscrits', 'omms']) {
    it(`${id}: a curve only with a cost field, and every copy of the legal deck counted`, () => {
      const game = loadSamples(id);
      const deck = game.decks.get('deck-legal.json')!;
      const stats = deckStats(game.system, deck.sections, (cardId) => game.docs.get(cardId));
      expect(stats.curve === undefined).toBe(game.system.deck.builder?.costField === undefined);
      const total = stats.sections.reduce((n, s) => n + (deck.sections[s] ?? []).reduce((m, e) => m + e.count, 0), 0);
      expect(stats.cards + stats.unknown).toBe(total);
      expect(stats.types.reduce((n, t) => n + t.count, 0)).toBe(stats.cards);
      for (const d of stats.numeric) expect(d.counted + d.without).toBe(stats.cards);
    });
  }
});
