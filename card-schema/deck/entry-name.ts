// The name a deck row shows. A card deleted from the library keeps the name the deck stored
// with its entry when it was last saved (DeckEntry.name), or that the trash still knows.

import type { CardDocument } from '../system/format';
import type { DeckEntry } from './format';

export interface EntryName {
  name: string;
  /** The card is no longer in the library: it cannot get more copies, only be replaced or removed. */
  deleted: boolean;
}

export function entryName(entry: Pick<DeckEntry, 'cardId' | 'name'>, doc: CardDocument | undefined): EntryName {
  if (doc) return { name: doc.name, deleted: false };
  return { name: entry.name ? `${entry.name} (deleted)` : `Deleted card ${entry.cardId}`, deleted: true };
}
