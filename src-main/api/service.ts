// openCardwright: opens the store, loads the game systems, seeds the samples on first start,
// and implements every method of the API contract. Handlers stay thin; the work lives in
// src-main/services and src-main/store.

import { join } from 'node:path';
import type { CardDocument, CardRecord, GameSystem } from '../../card-schema/system/format';
import { renderPrintSheet, type PrintItem } from '../pdf/print-sheet';
import { openStore } from '../store/store';
import { cardIssues, createSet, deleteCard, deleteSet, requireSet, saveCard, type Library } from '../services/card-library';
import { exportDeckFile, importDeckFile } from '../services/deck-files';
import { checkDeck, deckPrintItems, deckSummaries, deleteDeck, requireDeck, saveDeck } from '../services/deck-library';
import { safeFileName } from '../services/file-format';
import { loadInstalledSystems, type GameSystemLoadError } from '../services/game-systems';
import { exportSystemBundle, importSystemBundle, removeUserSystem } from '../services/system-bundles';
import { generateDeck } from '../services/deck-generators';
import { seedSamples } from '../services/samples';
import { exportSetFile, importSetFile } from '../services/set-files';
import { SystemRegistry } from '../services/system-registry';
import type { DesktopIntegration } from './desktop';
import { ApiError, type ApiHandlers, type ApiParsedInput, type PdfExport } from './contract';

export interface CardwrightOptions {
  dataDir: string;
  systemsDir: string;
  samplesDir: string;
  fontsDir: string;
  /** Present in the desktop app only. */
  desktop?: DesktopIntegration;
  /** The app's version, shown in Help. */
  version?: string;
}

export interface Cardwright {
  handlers: ApiHandlers;
  systems: GameSystem[];
  systemErrors: GameSystemLoadError[];
  close(): void;
}

type PrintOptions = ApiParsedInput<'exportDeckPdf'>['print'];

export function openCardwright(options: CardwrightOptions): Cardwright {
  const userSystemsDir = join(options.dataDir, 'systems');
  const { installed, errors } = loadInstalledSystems(options.systemsDir, userSystemsDir);
  const store = openStore(options.dataDir);
  const lib: Library = { store, systems: new SystemRegistry(installed) };
  try {
    const seeded = seedSamples(lib, options.samplesDir);
    for (const problem of seeded.problems) console.warn(`[cardwright] sample not imported: ${problem}`);
  } catch (error) {
    store.close();
    throw error;
  }

  async function printSheet(items: PrintItem[], print: PrintOptions, title: string): Promise<PdfExport> {
    const sheet = await renderPrintSheet({ items, print, fontsDir: options.fontsDir, title });
    return {
      fileName: safeFileName(title, '.pdf'),
      mimeType: 'application/pdf',
      bytes: sheet.bytes,
      pages: sheet.pages,
      cards: sheet.cards,
    };
  }

  const handlers: ApiHandlers = {
    appInfo: () => ({ desktop: options.desktop !== undefined, version: options.version ?? '0.0.0', dataDir: options.dataDir }),
    listSystems: () => lib.systems.summaries(),
    getSystem: ({ systemId }) => lib.systems.require(systemId),
    listSystemProblems: () => errors.map(({ file, jsonPath, reason }) => ({ file, jsonPath, reason })),
    exportSystem: ({ systemId }) => exportSystemBundle(lib, systemId),
    importSystem: ({ fileName, text }) => importSystemBundle(lib, userSystemsDir, fileName, text),
    removeSystem: ({ systemId }) => removeUserSystem(lib, userSystemsDir, systemId),

    listSets: () => store.sets.list(),
    createSet: (input) => createSet(lib, input),
    deleteSet: ({ id }) => deleteSet(lib, id),

    searchCards: (input) => store.cards.search(input),
    getCards: ({ ids }) => store.cards.getMany(ids),
    validateCard: ({ systemId, doc }) => cardIssues(lib, systemId, doc),
    saveCard: (input) => saveCard(lib, { id: input.id, setId: input.setId, doc: input.doc as CardDocument }),
    deleteCard: ({ id }) => deleteCard(lib, id),

    listDecks: ({ systemId }) => deckSummaries(lib, systemId),
    getDeck: ({ id }) => requireDeck(lib, id),
    saveDeck: ({ deck }) => saveDeck(lib, deck),
    deleteDeck: ({ id }) => deleteDeck(lib, id),
    checkDeck: ({ deck }) => checkDeck(lib, deck),
    generateDeck: (input) => generateDeck(lib, input),

    exportDeckPdf: ({ deckId, print }) => {
      const deck = requireDeck(lib, deckId);
      return printSheet(deckPrintItems(lib, deck), print, deck.name);
    },
    exportCardsPdf: ({ cardIds, print }) => {
      const cards = requireCardsInOrder(lib, cardIds);
      return printSheet(cardPrintItems(lib, cards), print, cardSheetTitle(lib, cards));
    },

    exportSet: ({ id }) => exportSetFile(lib, id),
    importSet: ({ fileName, text }) => importSetFile(lib, fileName, text),
    exportDeck: ({ id }) => exportDeckFile(lib, id),
    importDeck: ({ fileName, text }) => importDeckFile(lib, fileName, text),
  };

  return { handlers, systems: lib.systems.list(), systemErrors: errors, close: () => store.close() };
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
