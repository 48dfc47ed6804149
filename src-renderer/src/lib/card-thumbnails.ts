// Thumbnails of the cards lists show, each worked out once per card version (card-version-cache.ts),
// the least recently shown dropped first. Scrolling back up a list finds its rows' thumbnails here
// instead of laying the cards out again.

import type { CardRecord, GameSystem } from '../../../card-schema/system/format';
import type { CardDocument } from '../../../card-schema/system/format';
import { thumbnailOf, type CardThumbnail } from '../../../card-schema/layout/thumbnail';
import { CardVersionCache } from './card-version-cache';

/** Several screens of a long list; a thumbnail is a few hundred bytes. */
const CAPACITY = 4000;

export class CardThumbnails {
  private readonly kept: CardVersionCache<CardThumbnail>;

  constructor(
    capacity = CAPACITY,
    private readonly make: (system: GameSystem, doc: CardDocument) => CardThumbnail = thumbnailOf,
  ) {
    this.kept = new CardVersionCache(capacity);
  }

  get(system: GameSystem, card: CardRecord): CardThumbnail {
    return this.kept.getOrSet(system, card, () => this.make(system, card.doc));
  }
}

export const cardThumbnails = new CardThumbnails();
