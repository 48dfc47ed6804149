// Values worked out once per card and kept: per game system object (a game edited or reloaded is
// a new object, so its cards' values are worked out again) and per card version (id and
// updatedAt), the least recently used dropped first past `capacity` per game.

import type { CardRecord, GameSystem } from '../../../card-schema/system/format';
import { LruCache } from './lru-cache';

/** A card version's key: a saved card gets a new one. */
export function cardVersionKey(card: CardRecord): string {
  return `${card.id}\u0000${card.updatedAt}`;
}

export class CardVersionCache<V> {
  private readonly bySystem = new WeakMap<GameSystem, LruCache<string, V>>();

  constructor(private readonly capacity: number) {}

  get(system: GameSystem, card: CardRecord): V | undefined {
    return this.cacheOf(system).get(cardVersionKey(card));
  }

  set(system: GameSystem, card: CardRecord, value: V): void {
    this.cacheOf(system).set(cardVersionKey(card), value);
  }

  /** The kept value, or `make()`'s, kept. */
  getOrSet(system: GameSystem, card: CardRecord, make: () => V): V {
    return this.cacheOf(system).getOrSet(cardVersionKey(card), make);
  }

  private cacheOf(system: GameSystem): LruCache<string, V> {
    let cache = this.bySystem.get(system);
    if (!cache) this.bySystem.set(system, (cache = new LruCache(this.capacity)));
    return cache;
  }
}
