// What every service works on (the database, the installed game systems, the image library) and
// the look-ups they all share, each refusing a missing set, card, deck or game in one sentence.

import type { Deck } from '../../card-schema/deck/format';
import type { CardRecord, CardSetInfo, GameSystem } from '../../card-schema/system/format';
import { ApiError } from '../api/api-error';
import type { ImageLibrary } from '../images/image-library';
import type { Store } from '../store/store';
import type { CardCheckWorker } from './card-checks';
import type { SystemRegistry } from './system-registry';

/** What the services work on: the database, the installed game systems and the image library. */
export interface Library {
  store: Store;
  systems: SystemRegistry;
  images: ImageLibrary;
  /** Where large imports check their cards beside the writing thread; without it (tests, the samples) inline. */
  cardChecks?: CardCheckWorker;
}

export function requireSet(lib: Library, setId: string): CardSetInfo {
  const set = lib.store.sets.get(setId);
  if (!set) throw new ApiError(`No card set with id "${setId}"`, 'NOT_FOUND');
  return set;
}

export function requireCard(lib: Library, cardId: string): CardRecord {
  const card = lib.store.cards.get(cardId);
  if (!card) throw new ApiError(`No card with id "${cardId}"`, 'NOT_FOUND');
  return card;
}

/** The system of a set; a set of a system that is no longer installed cannot take new cards. */
export function systemOfSet(lib: Library, set: CardSetInfo): GameSystem {
  const system = lib.systems.find(set.systemId);
  if (!system) {
    throw new ApiError(`Set "${set.name}" belongs to game system "${set.systemId}", which is not installed`, 'NOT_FOUND');
  }
  return system;
}

export function requireDeck(lib: Library, deckId: string): Deck {
  const deck = lib.store.decks.get(deckId);
  if (!deck) throw new ApiError(`No deck with id "${deckId}"`, 'NOT_FOUND');
  return deck;
}
