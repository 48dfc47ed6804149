// Thumbnails of the cards lists show, each worked out once: kept per game system object (a game
// edited or reloaded is a new object, so its cards' thumbnails are worked out again) and per card
// version (id and updatedAt), the least recently shown dropped first. Scrolling back up a list
// finds its rows' thumbnails here instead of laying the cards out again.

import type { CardRecord, GameSystem } from '../../../card-schema/system/format';
import type { CardDocument } from '../../../card-schema/system/format';
import { thumbnailOf, type CardThumbnail } from '../../../card-schema/layout/thumbnail';
import { LruCache } from './lru-cache';

/** Several screens of a long list; a thumbnail is a few hundred bytes. */
const CAPACITY = 4000;

export class CardThumbnails {
  private readonly bySystem = new WeakMap<GameSystem, LruCache<string, CardThumbnail>>();

  constructor(
    private readonly capacity = CAPACITY,
    private readonly make: (system: GameSystem, doc: CardDocument) => CardThumbnail = thumbnailOf,
  ) {}

  get(system: GameSystem, card: CardRecord): CardThumbnail {
    let cache = this.bySystem.get(system);
    if (!cache) this.bySystem.set(system, (cache = new LruCache(this.capacity)));
    return cache.getOrSet(`${card.id}\u0000${card.updatedAt}`, () => this.make(system, card.doc));
  }
}

export const cardThumbnails = new CardThumbnails();
