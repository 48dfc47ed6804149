// Property tests of the pack generator on random sets and random pack kinds: every opened pack
// satisfies each of its slots (count, rarity, match), holds no card twice, and the same seed
// opens the same packs; when it refuses, some slot really has too few cards.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openPacks, type PackCardSource } from '../../card-schema/packs/open-packs';
import { cardMatches } from '../../card-schema/deck/card-match';
import { slotRarities } from '../../card-schema/packs/rarity';
import type { PackDef, PackSlot } from '../../card-schema/packs/format';
import type { GameSystem } from '../../card-schema/system/format';

const RARITIES = ['common', 'uncommon', 'rare', 'mythic'];
const TYPES = ['unit', 'spell'];

const system = {
  id: 'prop',
  rarity: { field: 'rarity', label: 'Rarity', values: RARITIES.map((id) => ({ id, label: id.toUpperCase() })) },
} as unknown as GameSystem;

const cardsArb = fc
  .array(
    fc.record({
      type: fc.constantFrom(...TYPES),
      rarity: fc.option(fc.constantFrom(...RARITIES, 'promo'), { nil: undefined }),
    }),
    { maxLength: 40 },
  )
  .map((specs): PackCardSource[] =>
    specs.map((spec, i) => ({
      id: `c${i}`,
      doc: { type: spec.type, name: `Card ${i}`, ...(spec.rarity === undefined ? {} : { rarity: spec.rarity }) },
    })),
  );

const slotArb: fc.Arbitrary<PackSlot> = fc.oneof(
  fc.record({ rarity: fc.constantFrom(...RARITIES), count: fc.integer({ min: 1, max: 4 }) }),
  fc.uniqueArray(fc.constantFrom(...RARITIES), { minLength: 1, maxLength: 3 }).chain((rarity) =>
    fc.record({
      rarity: fc.constant(rarity),
      weights: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: rarity.length, maxLength: rarity.length }),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  ),
  fc.record({
    match: fc.record({ types: fc.constantFrom(...TYPES).map((type) => [type]) }),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    rarity: fc.constantFrom(...RARITIES),
    match: fc.constantFrom(...TYPES).map((type) => ({ types: [type] })),
    count: fc.integer({ min: 1, max: 2 }),
  }),
);

const packArb: fc.Arbitrary<PackDef> = fc
  .array(slotArb, { minLength: 1, maxLength: 4 })
  .map((slots) => ({ id: 'p', label: 'Pack', slots }));

/** Does `card` belong in `slot`? */
function fits(slot: PackSlot, card: PackCardSource): boolean {
  if (slot.match && !cardMatches(card.doc, slot.match)) return false;
  const rarities = slotRarities(slot);
  return rarities.length === 0 || rarities.includes(card.doc.rarity as string);
}

describe('pack generator properties', () => {
  it('every pack satisfies its slots with no card twice; the same seed opens the same packs', () => {
    fc.assert(
      fc.property(cardsArb, packArb, fc.integer({ min: 1, max: 6 }), fc.string(), (cards, pack, count, seed) => {
        const result = openPacks(system, pack, cards, { count, seed });
        expect(openPacks(system, pack, cards, { count, seed })).toEqual(result);
        if (!result.ok) {
          // A refusal names a slot that cannot be filled: fewer fitting cards than it asks for,
          // counting the cards that earlier slots of the pack could have taken.
          const slot = pack.slots[result.slot];
          const fitting = cards.filter((card) => fits(slot, card)).length;
          const earlier = pack.slots.slice(0, result.slot).reduce((n, s) => n + s.count, 0);
          expect(fitting).toBeLessThan(slot.count + earlier);
          expect(result.message).toContain(`slot ${result.slot + 1}`);
          return;
        }
        expect(result.packs).toHaveLength(count);
        const byId = new Map(cards.map((card) => [card.id, card]));
        for (const opened of result.packs) {
          expect(new Set(opened.cards.map((c) => c.cardId)).size).toBe(opened.cards.length);
          pack.slots.forEach((slot, i) => {
            const drawn = opened.cards.filter((c) => c.slot === i);
            expect(drawn).toHaveLength(slot.count);
            for (const c of drawn) {
              const card = byId.get(c.cardId);
              expect(card && fits(slot, card)).toBe(true);
            }
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('opens whenever every slot’s own cards suffice and no two slots can take the same card', () => {
    // Slots of distinct single rarities never compete: they fail exactly when a rarity is short.
    fc.assert(
      fc.property(
        cardsArb,
        fc.uniqueArray(fc.constantFrom(...RARITIES), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }),
        fc.string(),
        (cards, rarities, counts, seed) => {
          const pack: PackDef = { id: 'p', label: 'Pack', slots: rarities.map((rarity, i) => ({ rarity, count: counts[i] })) };
          const enough = pack.slots.every((slot) => cards.filter((card) => fits(slot, card)).length >= slot.count);
          expect(openPacks(system, pack, cards, { count: 3, seed }).ok).toBe(enough);
        },
      ),
    );
  });
});
