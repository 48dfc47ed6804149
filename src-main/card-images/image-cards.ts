// The cards an image export draws, from the same print sources as the PDF (print-sources.ts):
// each card once, in print order (a deck's card held 4 times is one image), with what names its
// file (its id and set), and how many of each it holds. Refused when empty or above
// MAX_PRINT_CARDS, as a print is.

import { SIDE_BOARDS, type DeckEntry } from '../../card-schema/deck/format';
import type { CardRecord } from '../../card-schema/system/format';
import { MAX_PRINT_CARDS, type PrintSource } from '../api/contract';
import { ApiError } from '../api/api-error';
import { requireDeck, requireSet, type Library } from '../services/library';
import { sectionsInPrintOrder } from '../services/deck-library';
import { namePrintSource, searchMatches } from '../services/print-sources';

/** Distinct cards of `source` in print order. */
export function imageSourceCards(lib: Library, source: PrintSource): CardRecord[] {
  const { name } = namePrintSource(lib, source);
  const cards = distinct(sourceRecords(lib, source, name));
  if (cards.length === 0) throw new ApiError(`${describe(source, name)} has no cards to export`, 'BAD_INPUT');
  if (cards.length > MAX_PRINT_CARDS)
    throw new ApiError(
      `${describe(source, name)} holds more than ${MAX_PRINT_CARDS.toLocaleString('en-US')} cards; one export writes at most that many — export fewer cards`,
      'BAD_INPUT',
    );
  return cards;
}

function sourceRecords(lib: Library, source: PrintSource, name: string): CardRecord[] {
  switch (source.kind) {
    case 'set':
      return lib.store.cards.listBySet(source.setId);
    case 'search':
      return searchMatches(lib, source, MAX_PRINT_CARDS + 1);
    case 'cards':
      return inOrder(lib, source.cardIds, (missing) => `No card with id "${missing}"`);
    case 'deck':
      return inOrder(
        lib,
        deckEntries(lib, source).map((entry) => entry.cardId),
        (missing) => `Deck “${name}” refers to a card that is no longer in the library (${missing})`,
      );
  }
}

/** A deck's entries in print order, with the side boards asked for after its sections. */
function deckEntries(lib: Library, source: Extract<PrintSource, { kind: 'deck' }>): DeckEntry[] {
  const deck = requireDeck(lib, source.deckId);
  const system = lib.systems.require(deck.systemId);
  const boards = source.boards ?? [];
  return [
    ...sectionsInPrintOrder(system, deck).flatMap(([, list]) => list),
    ...SIDE_BOARDS.filter((id) => boards.includes(id)).flatMap((id) => deck.boards?.[id] ?? []),
  ];
}

/**
 * How many of each card the source holds (a deck's counts, a card listed twice), for a print
 * service's quantities; a card of a set or a search is held once.
 */
export function imageSourceCounts(lib: Library, source: PrintSource): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (cardId: string, count: number) => counts.set(cardId, (counts.get(cardId) ?? 0) + count);
  if (source.kind === 'deck') for (const entry of deckEntries(lib, source)) add(entry.cardId, entry.count);
  else if (source.kind === 'cards') for (const cardId of source.cardIds) add(cardId, 1);
  return counts;
}

function inOrder(lib: Library, ids: readonly string[], missingSentence: (id: string) => string): CardRecord[] {
  const byId = new Map(lib.store.cards.getMany([...new Set(ids)]).map((card) => [card.id, card]));
  return ids.map((id) => {
    const card = byId.get(id);
    if (!card) throw new ApiError(missingSentence(id), 'NOT_FOUND');
    return card;
  });
}

function distinct(cards: readonly CardRecord[]): CardRecord[] {
  const seen = new Set<string>();
  return cards.filter((card) => !seen.has(card.id) && seen.add(card.id));
}

function describe(source: PrintSource, name: string): string {
  switch (source.kind) {
    case 'deck':
      return `Deck “${name}”`;
    case 'set':
      return `Set “${name}”`;
    case 'search':
      return source.query.trim() ? `The search “${source.query.trim()}”` : `“${name}”`;
    case 'cards':
      return 'The selection';
  }
}

/** The name of each set the cards belong to, by id. */
export function setNames(lib: Library, cards: readonly CardRecord[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const card of cards) if (!names.has(card.setId)) names.set(card.setId, requireSet(lib, card.setId).name);
  return names;
}
