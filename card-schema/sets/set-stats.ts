// What the Set statistics view shows of one card set: cards by type, by cost, by identity value
// and by rarity. The shape only; src-main/services/set-stats.ts counts it from the library.

import type { Bucket, IdentityStats, TypeCount } from '../deck/stats';

export interface SetCostStats {
  field: string;
  /** The cost field's schema title ("Mana cost"). */
  label: string;
  buckets: Bucket[];
  /** Cards without a number in the cost field. */
  without: number;
}

export interface SetStats {
  setId: string;
  setName: string;
  systemId: string;
  cards: number;
  /** Every card type of the game, in its order (0 for types the set has none of), then unknown types. */
  types: TypeCount[];
  /** Absent when the game names no cost field. */
  cost?: SetCostStats;
  /** Absent when the game has no identity; a card with two values counts under both. */
  identity?: IdentityStats;
  /** Absent when the game declares no rarity. */
  rarity?: SetRarityStats;
}

export interface SetRarityStats {
  /** What the game calls rarity ("Rarity"). */
  label: string;
  /** Every rarity of the game, from the most common up (0 for those the set has none of). */
  values: { id: string; label: string; color: string; count: number }[];
  /** Cards without one of the game's rarities (Heroes, tokens, a value the game does not declare). */
  none: number;
}
