// What gets printed and under which name: a deck's cards in print order, or a list of cards
// (a card asked for twice prints twice), rendered to one PDF.

import type { CardRecord } from '../../card-schema/system/format';
import { printImage } from '../images/image-variants';
import { ApiError } from '../api/contract';
import type { JobProgress } from '../jobs/job-progress';
import { writePrintSheet, type PrintItem, type PrintOptions, type PrintSheetFile } from '../pdf/print-sheet';
import { requireSet, type Library } from './card-library';
import { gameFontBuffers, type GameFontBuffers } from '../fonts/game-font-files';
import { deckPrintItems, requireDeck } from './deck-library';

export interface PrintRequest {
  items: PrintItem[];
  title: string;
  /** The font files of the printed cards' games, read from their folders. */
  gameFonts: GameFontBuffers;
}

export function deckPrintRequest(lib: Library, deckId: string): PrintRequest {
  const deck = requireDeck(lib, deckId);
  return printRequest(lib, deckPrintItems(lib, deck), deck.name);
}

export function cardsPrintRequest(lib: Library, cardIds: readonly string[]): PrintRequest {
  const cards = requireCardsInOrder(lib, cardIds);
  return printRequest(lib, cardPrintItems(lib, cards), cardSheetTitle(lib, cards));
}

function printRequest(lib: Library, items: PrintItem[], title: string): PrintRequest {
  return {
    items,
    title,
    gameFonts: gameFontBuffers(
      lib.systems,
      items.map((item) => item.system.id),
    ),
  };
}

/** Writes the PDF to `path` (the separate-backs layout's backs to `backsPath`); `dataDir` holds the image library the cards' art comes from. */
export async function printPdf(
  request: PrintRequest,
  print: PrintOptions,
  paths: { fontsDir: string; dataDir: string },
  path: string,
  progress?: JobProgress,
  backsPath?: string,
): Promise<PrintSheetFile> {
  const input = { items: request.items, print, fontsDir: paths.fontsDir, title: request.title, gameFonts: request.gameFonts };
  return writePrintSheet({ ...input, loadImages: (ids) => readPrintImages(paths.dataDir, ids) }, path, progress, backsPath);
}

/** The print version of each picture; one missing from the library or unreadable is left out. */
async function readPrintImages(dataDir: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const art = new Map<string, Buffer>();
  for (const id of ids) {
    try {
      art.set(id, (await printImage(dataDir, id)).bytes);
    } catch {
      // The card keeps its placeholder, as the preview shows it.
    }
  }
  return art;
}

function requireCardsInOrder(lib: Library, cardIds: readonly string[]): CardRecord[] {
  const cards = lib.store.cards.getMany(cardIds);
  if (cards.length < cardIds.length) {
    const found = new Set(cards.map((card) => card.id));
    const missing = [...new Set(cardIds.filter((id) => !found.has(id)))];
    const listed = missing
      .slice(0, 8)
      .map((id) => `"${id}"`)
      .join(', ');
    throw new ApiError(`No card with id ${listed}${missing.length > 8 ? ` and ${missing.length - 8} more` : ''}`, 'NOT_FOUND');
  }
  return cards;
}

/** One print item per distinct card, in first-asked order; asking for a card twice prints two copies. */
function cardPrintItems(lib: Library, cards: readonly CardRecord[]): PrintItem[] {
  const items = new Map<string, PrintItem>();
  for (const card of cards) {
    const item = items.get(card.id);
    if (item) item.copies += 1;
    else items.set(card.id, { system: lib.systems.require(card.systemId), doc: card.doc, copies: 1 });
  }
  return [...items.values()];
}

/** Cards of one set are titled after the set; a mix is just "Cards". */
function cardSheetTitle(lib: Library, cards: readonly CardRecord[]): string {
  const setIds = new Set(cards.map((card) => card.setId));
  if (setIds.size !== 1) return 'Cards';
  return requireSet(lib, cards[0].setId).name;
}
