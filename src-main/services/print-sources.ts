// What a print source is called and which cards it prints: a deck (each entry's count), a set
// (in the order its cards were added), every match of a library search (in the list's order,
// all pages) or picked cards (in the order given, a card listed twice printed twice where listed). One place, so the job's title, the file's
// name and the PDF agree, and every source is held to the same cap.

import type { CardRecord } from '../../card-schema/system/format';
import { MAX_PRINT_CARDS, type PrintEntry, type PrintPreview, type PrintSource } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { SourcePrintItem } from './print-item';
import type { SearchCursor } from '../../card-schema/search/search-page';
import { requireDeck, requireSet, type Library } from './library';
import { deckPrintItems } from './deck-library';
import { resolveLibrarySearch } from './library-search';

/** Search pages read at a time while collecting a search's matches. */
const SEARCH_PAGE = 1_000;

export interface PrintSourceName {
  /** The job's title, without copies ("Print set “Core”"). */
  title: string;
  /** The PDF's title and its file name's stem ("Core"). */
  name: string;
}

/** Checks that what the source names exists (NOT_FOUND otherwise) and names it; reads no card documents. */
export function namePrintSource(lib: Library, source: PrintSource): PrintSourceName {
  switch (source.kind) {
    case 'deck': {
      const deck = requireDeck(lib, source.deckId);
      return { title: `Print “${deck.name}”`, name: deck.name };
    }
    case 'set': {
      const set = requireSet(lib, source.setId);
      return { title: `Print set “${set.name}”`, name: set.name };
    }
    case 'search': {
      const scope = searchScopeName(lib, source);
      const query = source.query.trim();
      const where = scope ? ` in “${scope}”` : '';
      if (!query) return { title: `Print every card${where}`, name: scope ?? 'Cards' };
      return { title: `Print search “${query}”${where}`, name: scope ? `${scope} – ${query}` : query };
    }
    case 'cards': {
      const setIds = lib.store.cards.setIdsOf(source.cardIds);
      const setName = setIds.length === 1 ? requireSet(lib, setIds[0]).name : undefined;
      const count = `${source.cardIds.length} ${source.cardIds.length === 1 ? 'card' : 'cards'}`;
      return { title: setName ? `Print ${count} of “${setName}”` : `Print ${count}`, name: setName ?? 'Cards' };
    }
  }
}

/** The set or game a search is limited to, by name; undefined when it searches the whole library. */
function searchScopeName(lib: Library, source: Extract<PrintSource, { kind: 'search' }>): string | undefined {
  const set = source.setId !== undefined ? requireSet(lib, source.setId) : undefined;
  const system = source.systemId !== undefined ? lib.systems.require(source.systemId) : undefined;
  if (set && system && set.systemId !== system.id) {
    throw new ApiError(`Set “${set.name}” is not a set of “${system.name}”: the search would match no card`, 'BAD_INPUT');
  }
  return set?.name ?? system?.name;
}

/** Per-card counts by card id (exportPdfJob.cardCopies): each replaces that card's copies; 0 leaves it out. */
export type CardCopies = Readonly<Record<string, number>>;

/**
 * The cards to print, `copies` times each (or as `cardCopies` says), in print order; refused
 * when empty or above MAX_PRINT_CARDS.
 */
export function printSourceItems(lib: Library, source: PrintSource, copies: number, cardCopies?: CardCopies): SourcePrintItem[] {
  const { name } = namePrintSource(lib, source);
  const items = sourceItemsOnce(lib, source, name, copies).map((item) => ({ ...item, copies: item.copies * copies }));
  const counted = cardCopies ? withCardCopies(items, cardCopies) : items;
  const printed = counted.reduce((sum, item) => sum + item.copies, 0);
  if (printed > MAX_PRINT_CARDS) {
    // A search's reading stops just past the cap, so only a lower bound is known.
    const count = source.kind === 'search' && !cardCopies ? `more than ${formatCount(MAX_PRINT_CARDS)}` : formatCount(printed);
    const each = copies > 1 && !cardCopies ? ` at ${copies} copies each` : '';
    throw new ApiError(
      `${describe(source, name)} prints ${count} cards${each}; one PDF holds at most ${formatCount(MAX_PRINT_CARDS)} — print fewer cards or fewer copies`,
      'BAD_INPUT',
    );
  }
  if (printed === 0) throw new ApiError(`Every card's count is 0: ${describe(source, name)} would print nothing`, 'BAD_INPUT');
  return counted;
}

/** Each card of the source once per listing, with its own count (a deck entry's), before copies. */
function sourceItemsOnce(lib: Library, source: PrintSource, name: string, copies: number): SourcePrintItem[] {
  return source.kind === 'deck'
    ? deckPrintItems(lib, requireDeck(lib, source.deckId), source.boards)
    : cardPrintItems(lib, sourceCards(lib, source, name, copies));
}

/**
 * Applies per-card counts: a card's count is the total it prints, so it goes to the card's first
 * listing and its later listings (another deck section, a pack) print none.
 */
function withCardCopies(items: readonly SourcePrintItem[], cardCopies: CardCopies): SourcePrintItem[] {
  const listed = new Set(items.map((item) => item.cardId));
  const stranger = Object.keys(cardCopies).find((cardId) => !listed.has(cardId));
  if (stranger !== undefined) {
    throw new ApiError(`Card "${stranger}" has a count but is not among the cards this print holds`, 'BAD_INPUT');
  }
  const counted = new Set<string>();
  return items.map((item) => {
    const count = cardCopies[item.cardId];
    if (count === undefined) return item;
    const first = !counted.has(item.cardId);
    counted.add(item.cardId);
    return { ...item, copies: first ? count : 0 };
  });
}

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

function describe(source: PrintSource, name: string): string {
  switch (source.kind) {
    case 'deck':
      return `Deck “${name}”`;
    case 'set':
      return `Set “${name}”`;
    case 'search':
      if (source.query.trim()) return `The search “${source.query.trim()}”`;
      return source.setId !== undefined || source.systemId !== undefined ? `“${name}”` : 'The whole library';
    case 'cards':
      return 'The selection';
  }
}

function sourceCards(lib: Library, source: Exclude<PrintSource, { kind: 'deck' }>, name: string, copies: number): CardRecord[] {
  switch (source.kind) {
    case 'set': {
      const cards = lib.store.cards.listBySet(source.setId);
      if (cards.length === 0) throw new ApiError(`Set “${name}” has no cards to print`, 'BAD_INPUT');
      return cards;
    }
    case 'search': {
      // Reading stops once the cap is passed: the refusal needs no more, and memory stays bounded.
      const cards = searchMatches(lib, source, Math.floor(MAX_PRINT_CARDS / copies) + 1);
      if (cards.length === 0) {
        throw new ApiError(
          source.query.trim() ? `No card matches “${source.query.trim()}”` : `“${name}” has no cards to print`,
          'BAD_INPUT',
        );
      }
      return cards;
    }
    case 'cards':
      return requireCardsInOrder(lib, source.cardIds);
  }
}

/** Every match of the search in the library list's order, up to `limit` cards: the same engine as the list. */
export function searchMatches(lib: Library, search: Extract<PrintSource, { kind: 'search' }>, limit: number): CardRecord[] {
  const { query, setId, systemId, types } = search;
  const sort = search.sort ?? 'relevance';
  const descending = search.descending ?? false;
  const { games } = resolveLibrarySearch(lib, { query, setId, systemId, types, sort, descending });
  const cards: CardRecord[] = [];
  let after: SearchCursor | undefined;
  do {
    const page = lib.store.cards.search({
      games,
      setId,
      types,
      sort,
      descending,
      limit: Math.min(SEARCH_PAGE, limit - cards.length),
      after,
    });
    cards.push(...page.cards);
    after = page.next ?? undefined;
  } while (after && cards.length < limit);
  return cards;
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

/**
 * The cards as print items in the order listed: a card listed again right after itself adds a
 * copy, one listed again later prints there (opened packs print pack by pack, in pack order).
 */
function cardPrintItems(lib: Library, cards: readonly CardRecord[]): SourcePrintItem[] {
  const items: SourcePrintItem[] = [];
  let lastId: string | undefined;
  for (const card of cards) {
    const last = items.at(-1);
    if (last && lastId === card.id) last.copies += 1;
    else items.push({ cardId: card.id, system: lib.systems.require(card.systemId), doc: card.doc, copies: 1 });
    lastId = card.id;
  }
  return items;
}

export interface PrintPreviewRequest {
  copies: number;
  cardCopies?: CardCopies;
  /** The window of cards to send, in print order. */
  offset: number;
  limit: number;
  /** Also list each distinct card with its default count (the dialog's counts). */
  entries: boolean;
}

/** The count and a window of the cards a print of `source` holds, for the print dialog. */
export function previewPrintSource(lib: Library, source: PrintSource, request: PrintPreviewRequest): PrintPreview {
  const { copies, cardCopies, offset, limit } = request;
  const items = printSourceItems(lib, source, copies, cardCopies);
  const cards: PrintPreview['cards'] = [];
  let position = 0;
  for (const item of items) {
    if (cards.length >= limit) break;
    // Whole items before the window are skipped by their count, not copy by copy.
    if (position + item.copies <= offset) {
      position += item.copies;
      continue;
    }
    for (let copy = 0; copy < item.copies && cards.length < limit; copy++, position++) {
      if (position >= offset) cards.push({ cardId: item.cardId, systemId: item.system.id, doc: item.doc });
    }
  }
  const count = items.reduce((sum, item) => sum + item.copies, 0);
  return { count, offset, cards, ...(request.entries ? { entries: printEntries(lib, source, copies) } : {}) };
}

/** Each distinct card of the source once, in print order, with the count it prints by default. */
function printEntries(lib: Library, source: PrintSource, copies: number): PrintEntry[] {
  const entries = new Map<string, PrintEntry>();
  for (const item of printSourceItems(lib, source, copies)) {
    const entry = entries.get(item.cardId);
    if (entry) entry.count += item.copies;
    else entries.set(item.cardId, { cardId: item.cardId, name: item.doc.name, systemId: item.system.id, count: item.copies });
  }
  return [...entries.values()];
}
