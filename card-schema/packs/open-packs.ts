// Opening packs: each slot of a pack kind (system.json `packs`) draws its cards at random from a
// set, reproducibly from a seed. A card appears at most once per pack and may appear again in
// another pack. A slot whose drawn rarity has no card left that the pack does not already hold
// draws among its other rarities (by their weights); when none has one, the packs cannot be
// opened and the message names the pack, the slot and how many cards it lacks.

import type { CardDocument, CardRecord, GameSystem } from '../system/format';
import { cardMatches } from '../deck/card-match';
import { nextRandom, seedState } from '../playtest/rng';
import type { PackDef, PackSlot } from './format';
import { cardRarity, slotLabel, slotRarities } from './rarity';

export interface PackCardSource {
  id: string;
  doc: CardDocument;
}

export interface OpenedCard {
  cardId: string;
  /** The slot (index into the pack kind's slots) the card was drawn for. */
  slot: number;
  /** The card's rarity id, when it has one of the game's. */
  rarity?: string;
}

export interface OpenedPack {
  cards: OpenedCard[];
}

/** Packs opened from one set (API openPacks), with each card they hold once. */
export interface OpenedPacks {
  setId: string;
  setName: string;
  systemId: string;
  packId: string;
  packLabel: string;
  seed: string;
  /** Each slot of the pack kind as people read it ("Rare or Mythic"). */
  slots: { label: string; count: number }[];
  packs: OpenedPack[];
  /** Every card the packs hold, once. */
  cards: CardRecord[];
}

export type OpenPacksResult = { ok: true; packs: OpenedPack[] } | { ok: false; slot: number; message: string };

/** Most packs opened at once (a sealed pool is six; a box is about 36). */
export const MAX_PACKS = 100;

/** A typed seed (any text) as the generator's state: FNV-1a over its UTF-16 code units. */
export function seedOf(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return seedState(hash >>> 0);
}

/** A slot's eligible cards, by rarity (one group keyed '' for a slot that picks by match only). */
interface SlotPool {
  rarities: string[];
  weights: number[];
  groups: PackCardSource[][];
  /** Distinct eligible cards. */
  size: number;
}

function slotPool(system: GameSystem, slot: PackSlot, cards: readonly PackCardSource[]): SlotPool {
  const wanted = slotRarities(slot);
  const rarities = wanted.length > 0 ? wanted : [''];
  const weights = rarities.map((_, i) => slot.weights?.[i] ?? 1);
  const groups = rarities.map((): PackCardSource[] => []);
  for (const card of cards) {
    if (slot.match && !cardMatches(card.doc, slot.match)) continue;
    const index = wanted.length === 0 ? 0 : rarities.indexOf(cardRarity(system, card.doc) ?? '\0');
    if (index >= 0) groups[index].push(card);
  }
  return { rarities, weights, groups, size: groups.reduce((n, g) => n + g.length, 0) };
}

const cardsWord = (n: number) => `${n} card${n === 1 ? '' : 's'}`;

/**
 * Opens `count` packs of `pack` from `cards` (a set's cards), the same packs for the same seed
 * and cards in the same order.
 */
export function openPacks(
  system: GameSystem,
  pack: PackDef,
  cards: readonly PackCardSource[],
  options: { count: number; seed: string },
): OpenPacksResult {
  const pools = pack.slots.map((slot) => slotPool(system, slot, cards));
  // A slot asking for more cards than the set has of its kind fails whatever the seed: say so first.
  for (const [i, pool] of pools.entries()) {
    const slot = pack.slots[i];
    if (pool.size < slot.count) return { ok: false, slot: i, message: shortMessage(system, pack, i, pool.size) };
  }
  let rng = seedOf(options.seed);
  const random = (): number => {
    const [value, next] = nextRandom(rng);
    rng = next;
    return value;
  };
  const packs: OpenedPack[] = [];
  for (let p = 0; p < options.count; p++) {
    const used = new Set<string>();
    const opened: OpenedCard[] = [];
    for (const [i, pool] of pools.entries()) {
      for (let k = 0; k < pack.slots[i].count; k++) {
        const left = pool.groups.map((group) => group.filter((card) => !used.has(card.id)));
        const group = pickGroup(pool.weights, left, random());
        if (group < 0) {
          const inPack = pool.size - left.reduce((n, g) => n + g.length, 0);
          return {
            ok: false,
            slot: i,
            message: `${shortMessage(system, pack, i, pool.size)}: the pack's other slots already took ${inPack} of them`,
          };
        }
        const card = left[group][Math.floor(random() * left[group].length)];
        used.add(card.id);
        const rarity = cardRarity(system, card.doc);
        opened.push(rarity === undefined ? { cardId: card.id, slot: i } : { cardId: card.id, slot: i, rarity });
      }
    }
    packs.push({ cards: opened });
  }
  return { ok: true, packs };
}

/** A rarity group by weight among those with cards left; -1 when every group is empty. */
function pickGroup(weights: readonly number[], left: readonly PackCardSource[][], roll: number): number {
  const total = weights.reduce((sum, w, i) => sum + (left[i].length > 0 ? w : 0), 0);
  if (total <= 0) return -1;
  let at = roll * total;
  let last = -1;
  for (let i = 0; i < weights.length; i++) {
    if (left[i].length === 0) continue;
    last = i;
    if (at < weights[i]) return i;
    at -= weights[i];
  }
  return last;
}

function shortMessage(system: GameSystem, pack: PackDef, slot: number, has: number): string {
  const wanted = pack.slots[slot].count;
  return (
    `${pack.label}, slot ${slot + 1} (${slotLabel(system, pack.slots[slot])}): needs ${cardsWord(wanted)} ` +
    `without repeats in a pack, but the set has ${has === 0 ? 'none' : `only ${has}`}`
  );
}
