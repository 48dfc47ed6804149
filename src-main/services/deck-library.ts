// Decks as the API sees them. A deck may be saved while illegal (that is normal work in
// progress) but must be well-formed: sections of its game, cards that exist in the library
// and belong to that game. Legality always comes from the shared `evaluateDeck`.

import { SIDE_BOARDS, type Deck, type DeckEntry, type DeckReport, type SideBoardId } from '../../card-schema/deck/format';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import { own } from '../../card-schema/own-keys';
import type { CardDocument, CardRecord, GameSystem } from '../../card-schema/system/format';
import type { DeckSummary, TrashReceipt } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { SourcePrintItem } from './print-item';
import type { DeckWrite } from '../store/decks-repo';
import { requireDeck, type Library } from './library';
import { keepReplacedVersion } from './deck-snapshots';
import { moveToTrash } from './trash';

export type DeckInput = DeckWrite;

const MAX_LISTED_PROBLEMS = 8;

/**
 * The deck with a name on every entry whose card is gone: the name stored on its last save,
 * else the trashed card's (decks saved before names were stored), so the builder can show
 * "Fire Bolt (deleted)" instead of an id.
 */
export function deckWithDeletedNames(lib: Library, deck: Deck): Deck {
  const cards = referencedCards(lib, deck);
  const named = (entry: DeckEntry): DeckEntry => {
    if (cards.has(entry.cardId) || entry.name !== undefined) return entry;
    const name = lib.store.trash.trashedCardName(entry.cardId);
    return name === undefined ? entry : { ...entry, name };
  };
  return mapEntries(deck, named);
}

/** The deck with `change` applied to every entry of its sections and side boards. */
function mapEntries<T extends DeckInput>(deck: T, change: (entry: DeckEntry) => DeckEntry): T {
  const mapped: T = {
    ...deck,
    sections: Object.fromEntries(Object.entries(deck.sections).map(([id, entries]) => [id, entries.map(change)])),
  };
  if (deck.boards)
    mapped.boards = Object.fromEntries(Object.entries(deck.boards).map(([id, entries]) => [id, entries.map(change)]));
  return mapped;
}

/** Each entry with its card's current name, so the name outlives the card (see deckWithDeletedNames). */
function withCardNames(deck: DeckInput, cards: Map<string, CardRecord>): DeckInput {
  const named = (entry: DeckEntry): DeckEntry => {
    const card = cards.get(entry.cardId);
    return card ? { ...entry, name: card.doc.name } : entry;
  };
  return mapEntries(deck, named);
}

/** Every list of entries the deck holds: its sections, then its sideboard and maybeboard. */
function entryLists(deck: DeckInput): DeckEntry[][] {
  return [...Object.values(deck.sections), ...Object.values(deck.boards ?? {})];
}

function referencedCards(lib: Library, deck: DeckInput): Map<string, CardRecord> {
  const ids = new Set<string>();
  for (const entries of entryLists(deck)) for (const entry of entries) ids.add(entry.cardId);
  return new Map(lib.store.cards.getMany([...ids]).map((card) => [card.id, card]));
}

/** Why the deck cannot be stored, one sentence per problem (empty when it can). */
export function deckProblems(lib: Library, deck: DeckInput, system: GameSystem): string[] {
  const problems: string[] = [];
  const sectionIds = system.deck.sections.map((section) => section.id);
  const cards = referencedCards(lib, deck);
  const formats = (system.deck.formats ?? []).map((format) => format.id);
  if (deck.format !== undefined && !formats.includes(deck.format)) {
    problems.push(
      `format: "${deck.format}" is not a play format of ${system.name} (${formats.length ? `formats: ${formats.join(', ')}` : 'it has none'})`,
    );
  }
  const lists: [string, DeckEntry[]][] = [
    ...Object.entries(deck.sections).map(([id, entries]): [string, DeckEntry[]] => [`sections.${id}`, entries]),
    ...Object.entries(deck.boards ?? {}).map(([id, entries]): [string, DeckEntry[]] => [`boards.${id}`, entries]),
  ];
  for (const [place, entries] of lists) {
    const sectionId = place.slice('sections.'.length);
    if (place.startsWith('sections.') && !sectionIds.includes(sectionId)) {
      problems.push(`"${sectionId}" is not a deck section of ${system.name} (sections: ${sectionIds.join(', ')})`);
      continue;
    }
    entries.forEach((entry, index) => {
      const card = cards.get(entry.cardId);
      const where = `${place}[${index}]`;
      if (!card) {
        const what = entry.name
          ? `"${entry.name}" was deleted from the library (id "${entry.cardId}"); replace or remove it`
          : `no card with id "${entry.cardId}" in the library`;
        problems.push(`${where}: ${what}`);
      } else if (card.systemId !== system.id) {
        problems.push(`${where}: "${card.doc.name}" is a card of game system "${card.systemId}", not of ${system.name}`);
      }
    });
  }
  return problems;
}

export function summarizeProblems(problems: readonly string[]): string {
  const shown = problems.slice(0, MAX_LISTED_PROBLEMS).join('; ');
  const more = problems.length - MAX_LISTED_PROBLEMS;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}

export function saveDeck(lib: Library, deck: DeckInput): Deck {
  const system = lib.systems.require(deck.systemId);
  const problems = deckProblems(lib, deck, system);
  if (problems.length > 0) throw new ApiError(`Deck "${deck.name}" cannot be saved: ${summarizeProblems(problems)}`, 'BAD_INPUT');
  const named = withCardNames(deck, referencedCards(lib, deck));
  return lib.store.transaction(() => {
    const previous = deck.id === undefined ? undefined : lib.store.decks.get(deck.id);
    const saved = lib.store.decks.save(named);
    keepReplacedVersion(lib, previous, saved);
    return saved;
  });
}

const MAX_DECK_NAME = 200;

/** "Copy of Ember Rush", cut to the longest name a deck may have. */
export function copyName(name: string): string {
  return `Copy of ${name}`.slice(0, MAX_DECK_NAME);
}

/**
 * A new deck with everything of the original but its id: sections, boards, notes, format. Cards
 * deleted since are copied as they are (with their names), as the original keeps them.
 */
export function duplicateDeck(lib: Library, deckId: string, name?: string): Deck {
  const original = requireDeck(lib, deckId);
  const copy: DeckInput = { systemId: original.systemId, name: name ?? copyName(original.name), sections: original.sections };
  if (original.notes !== undefined) copy.notes = original.notes;
  if (original.format !== undefined) copy.format = original.format;
  if (original.boards !== undefined) copy.boards = original.boards;
  return lib.store.decks.save(copy);
}

/** Moves the deck to the trash. */
export function deleteDeck(lib: Library, deckId: string): TrashReceipt {
  const deck = requireDeck(lib, deckId);
  return moveToTrash(lib, { kind: 'deck', itemId: deck.id, systemId: deck.systemId, name: deck.name });
}

/** The deck judged by `system`; `docOf` may show each card as it would be after a change (a game edit's renames). */
export function evaluate(
  lib: Library,
  system: GameSystem,
  deck: DeckInput,
  docOf: (doc: CardDocument) => CardDocument = (doc) => doc,
): DeckReport {
  const cards = referencedCards(lib, deck);
  // Only cards of the deck's own game count as known; evaluateDeck reports the rest.
  const lookup = (cardId: string): CardDocument | undefined => {
    const card = cards.get(cardId);
    return card && card.systemId === system.id ? docOf(card.doc) : undefined;
  };
  return evaluateDeck(system, deck, lookup);
}

export function checkDeck(lib: Library, deck: DeckInput): DeckReport {
  return evaluate(lib, lib.systems.require(deck.systemId), deck);
}

function copiesPerSection(deck: Deck): Record<string, number> {
  // fromEntries, not assignment: a section id "__proto__" must stay an own key.
  return Object.fromEntries(
    Object.entries(deck.sections).map(([sectionId, entries]) => [
      sectionId,
      entries.reduce((sum, entry) => sum + entry.count, 0),
    ]),
  );
}

export function deckSummaries(lib: Library, systemId?: string): DeckSummary[] {
  return lib.store.decks.list(systemId).map((deck) => {
    const system = lib.systems.find(deck.systemId);
    // A deck of a game that is not installed cannot be judged: it is listed, as not legal.
    const report = system ? evaluate(lib, system, deck) : { legal: false, counts: copiesPerSection(deck) };
    return {
      id: deck.id,
      systemId: deck.systemId,
      name: deck.name,
      updatedAt: deck.updatedAt ?? '',
      legal: report.legal,
      counts: report.counts,
    };
  });
}

/** The deck's sections in print order: the leader section (e.g. the Hero) first, then the system's order. */
export function sectionsInPrintOrder(system: GameSystem, deck: Deck): [string, DeckEntry[]][] {
  const ordered = [...system.deck.sections].sort((a, b) => Number(Boolean(b.leader)) - Number(Boolean(a.leader)));
  return ordered
    .map((section): [string, DeckEntry[]] => [section.id, own(deck.sections, section.id) ?? []])
    .filter(([, entries]) => entries.length > 0);
}

/**
 * What printing the deck puts on paper: its sections, leader first; its sideboard and maybeboard
 * only when asked (`boards`), after them.
 */
export function deckPrintItems(lib: Library, deck: Deck, boards: readonly SideBoardId[] = []): SourcePrintItem[] {
  const system = lib.systems.require(deck.systemId);
  const cards = referencedCards(lib, deck);
  const items: SourcePrintItem[] = [];
  const missing: string[] = [];
  const lists: [string, DeckEntry[]][] = [
    ...sectionsInPrintOrder(system, deck).map(([id, entries]): [string, DeckEntry[]] => [`sections.${id}`, entries]),
    ...SIDE_BOARDS.filter((id) => boards.includes(id)).map((id): [string, DeckEntry[]] => [
      `boards.${id}`,
      deck.boards?.[id] ?? [],
    ]),
  ];
  for (const [place, entries] of lists) {
    entries.forEach((entry, index) => {
      const card = cards.get(entry.cardId);
      if (card) items.push({ cardId: entry.cardId, system, doc: card.doc, copies: entry.count });
      else missing.push(`${place}[${index}]: no card with id "${entry.cardId}"`);
    });
  }
  if (missing.length > 0) {
    throw new ApiError(
      `Deck "${deck.name}" refers to cards that are no longer in the library: ${summarizeProblems(missing)}`,
      'BAD_INPUT',
    );
  }
  if (items.length === 0) throw new ApiError(`Deck "${deck.name}" has no cards to print`, 'BAD_INPUT');
  return items;
}
