// Rarity and packs in the game-system format (system.json `rarity` and `packs`): which card
// field is the card's rarity, its values from most to least common, and the boosters a game
// sells as slots of rarities or card matches. Pure data; open-packs.ts opens them.

import type { CardMatch } from '../deck/format';

/** The card field holding a card's rarity and its values, ordered from the most common up. */
export interface RarityDimension {
  /** A text field of the card types (an `enum` of the value ids). */
  field: string;
  /** What rarity is called ("Rarity"). */
  label: string;
  values: RarityValue[];
}

export interface RarityValue {
  id: string;
  label: string;
  /** CSS hex colour of the value's bar in charts (a gray ramp by rank when absent). */
  color?: string;
}

/** A kind of pack ("Booster"): its cards slot by slot. */
export interface PackDef {
  id: string;
  label: string;
  description?: string;
  slots: PackSlot[];
}

/**
 * `count` cards that are of one of `rarity` (drawn by `weights`, the same length) and match
 * `match`. A slot names a rarity, a match, or both.
 */
export interface PackSlot {
  rarity?: string | string[];
  /** Relative odds of each rarity of the slot (default: equal). */
  weights?: number[];
  match?: CardMatch;
  count: number;
  /** What the slot's cards are called ("Terrain"); default: its rarities' labels. */
  label?: string;
}
