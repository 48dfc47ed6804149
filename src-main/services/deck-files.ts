// The deck file format (docs/architecture.md): parse with messages that name the file and the
// place that is wrong, serialize for export, and import into the library.
//
// Import never overwrites: a deck whose id already exists in the library is imported as a new
// deck (fresh id, same name), so re-importing a file cannot lose edits made since. The deck's
// cards must already be in the library (import their set first); legality is not required.

import type { Deck } from '../../card-schema/deck/format';
import { compactBoards } from '../../card-schema/deck/side-boards';
import { apiContract, type FileBlob } from '../api/contract';
import { requireDeck, type Library } from './library';
import { deckProblems, saveDeck, summarizeProblems, type DeckInput } from './deck-library';
import { describeIssues, invalidFile, jsonBlob, parseJsonText, readEnvelope, safeFileName } from './file-format';

export const DECK_FILE_FORMAT = 'cardwright-deck';
/** Version 2 added `boards` (sideboard, maybeboard); a deck without them is still written as 1, so older Cardwrights read it. */
export const DECK_FILE_VERSION = 2;

export interface DeckFileJson {
  format: typeof DECK_FILE_FORMAT;
  formatVersion: number;
  deck: DeckInput & { id: string };
}

/** The same shape and limits the API accepts in saveDeck. */
const deckBody = apiContract.saveDeck.input.shape.deck;

/** Parses a deck file; any structural problem is an INVALID_FILE ApiError saying where. */
export function parseDeckFile(fileName: string, text: string, isKnownSystem: (systemId: string) => boolean): DeckInput {
  const root = readEnvelope(fileName, parseJsonText(fileName, text), {
    format: DECK_FILE_FORMAT,
    version: DECK_FILE_VERSION,
    body: 'deck',
  });
  const deck = deckBody.safeParse(root.deck);
  if (!deck.success) throw invalidFile(fileName, describeIssues('deck', deck.error.issues));
  if (!isKnownSystem(deck.data.systemId))
    throw invalidFile(fileName, `deck.systemId: game system "${deck.data.systemId}" is not installed`);
  return deck.data;
}

export function serializeDeckFile(deck: Deck): DeckFileJson {
  const body: DeckFileJson['deck'] = { id: deck.id, systemId: deck.systemId, name: deck.name, sections: deck.sections };
  if (deck.notes !== undefined) body.notes = deck.notes;
  if (deck.format !== undefined) body.format = deck.format;
  const boards = compactBoards(deck.boards);
  if (boards !== undefined) body.boards = boards;
  // An older Cardwright would drop the boards silently: only a deck with boards needs version 2.
  return { format: DECK_FILE_FORMAT, formatVersion: boards ? DECK_FILE_VERSION : 1, deck: body };
}

export function exportDeckFile(lib: Library, deckId: string): FileBlob {
  const deck = requireDeck(lib, deckId);
  return jsonBlob(safeFileName(deck.name, '.deck.json'), serializeDeckFile(deck));
}

export function importDeckFile(lib: Library, fileName: string, text: string): Deck {
  const parsed = parseDeckFile(fileName, text, (systemId) => lib.systems.has(systemId));
  const system = lib.systems.require(parsed.systemId);
  const problems = deckProblems(lib, parsed, system);
  if (problems.length > 0) {
    throw invalidFile(
      fileName,
      `${summarizeProblems(problems.map((problem) => (/^(sections|boards)\./.test(problem) ? `deck.${problem}` : problem)))} (import the deck's card set first)`,
    );
  }
  const deck: DeckInput = { ...parsed };
  if (deck.id !== undefined && lib.store.decks.get(deck.id)) delete deck.id;
  // saveDeck stores each entry's card name with it (kept if the card is deleted later).
  return saveDeck(lib, deck);
}
