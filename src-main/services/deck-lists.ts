// Decklists in the formats players exchange (plain text, Cockatrice .cod, Cardwright JSON):
// read one into a game's library cards with every line it could not match reported, and write a
// deck out in any of them. The parsing and matching are card-schema's (deck/decklist); this
// module reads the library's names and the deck, and detects the format.

import { randomUUID } from 'node:crypto';
import type { DeckEntry, DeckSectionDef, SideBoardId } from '../../card-schema/deck/format';
import { boardIdsOf } from '../../card-schema/deck/side-boards';
import type { GameSystem } from '../../card-schema/system/format';
import {
  NameIndex,
  addEntry,
  formatCod,
  formatTextList,
  looksLikeCod,
  parseCod,
  parseTextList,
  printingHint,
  resolveDeckList,
  sectionLabel,
  type NamedCard,
  type NamedDeck,
  type ParsedDeckList,
  type ResolvedDeckList,
} from '../../card-schema/deck/decklist';
import type { DeckListFormat, DeckListImport, FileBlob } from '../api/contract';
import { ApiError } from '../api/api-error';
import { requireDeck, type Library } from './library';
import { parseDeckFile, serializeDeckFile } from './deck-files';
import { deckProblems, summarizeProblems, type DeckInput } from './deck-library';
import { jsonBlob, safeFileName } from './file-format';

/** Every card of a game, by name, with its type and set (what matching needs; no documents). */
export function gameCardNames(lib: Library, systemId: string): NamedCard[] {
  return lib.store.db
    .prepare<[string], NamedCard>(
      `SELECT c.id AS id, c.name AS name, c.type AS type, s.id AS setId, s.name AS setName
       FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.system_id = ? AND c.name IS NOT NULL`,
    )
    .all(systemId);
}

/**
 * The game's name index, kept while the game's cards and sets are unchanged: the import dialog
 * reads the list again as the user types, and a 100,000-card game takes about half a second to
 * index. Any save, rename, delete or restore changes the count or the newest update time.
 */
const indexes = new WeakMap<Library, Map<string, { version: string; index: NameIndex }>>();

export function gameNameIndex(lib: Library, systemId: string): NameIndex {
  const version = JSON.stringify(
    lib.store.db
      .prepare(
        `SELECT (SELECT count(*) FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.system_id = @systemId) AS cards,
                (SELECT max(c.updated_at) FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.system_id = @systemId) AS cardUpdated,
                (SELECT count(*) || '/' || max(updated_at) FROM sets WHERE system_id = @systemId) AS sets`,
      )
      .get({ systemId }),
  );
  let perGame = indexes.get(lib);
  if (!perGame) indexes.set(lib, (perGame = new Map()));
  const cached = perGame.get(systemId);
  if (cached?.version === version) return cached.index;
  const index = new NameIndex(gameCardNames(lib, systemId));
  perGame.set(systemId, { version, index });
  return index;
}

/** The format a text is in: a Cardwright deck file, a Cockatrice deck, else a plain list. */
export function detectDeckListFormat(text: string, fileName = ''): DeckListFormat {
  const start = text.trimStart();
  // Any JSON object is read as a deck file, so a wrong JSON file is refused saying what it lacks.
  if (start.startsWith('{')) return 'json';
  if (/\.cod$/i.test(fileName) || looksLikeCod(start)) return 'cod';
  return 'text';
}

export interface ParseDeckListInput {
  systemId: string;
  text: string;
  fileName?: string;
}

export function parseDeckList(lib: Library, input: ParseDeckListInput): DeckListImport {
  const format = detectDeckListFormat(input.text, input.fileName);
  const fallbackName = deckNameFromFile(input.fileName);
  if (format === 'json') return resolveDeckFile(lib, input.fileName ?? 'deck.json', input.text, input.systemId);
  const system = lib.systems.require(input.systemId);
  const sections = system.deck.sections;
  const parsed = format === 'cod' ? parseCod(input.text, sections) : parseTextList(input.text, sections);
  const resolved = resolveDeckList(parsed, gameNameIndex(lib, system.id), sections);
  const result: DeckListImport = { ...resolved, systemId: system.id, format, name: resolved.name ?? fallbackName };
  const otherGame = likelyOtherGame(lib, parsed, resolved, system);
  if (otherGame) result.otherGame = otherGame;
  return result;
}

/**
 * When most names miss, the game whose library matches more of them (and most of them): the
 * list was probably pasted into the wrong game.
 */
function likelyOtherGame(
  lib: Library,
  parsed: ParsedDeckList,
  resolved: ResolvedDeckList,
  system: GameSystem,
): DeckListImport['otherGame'] {
  if (resolved.cardLines === 0 || resolved.matchedLines * 2 >= resolved.cardLines) return undefined;
  let best: NonNullable<DeckListImport['otherGame']> | undefined;
  for (const other of lib.systems.list()) {
    if (other.id === system.id) continue;
    const index = gameNameIndex(lib, other.id);
    const matched = parsed.entries.filter((entry) => index.lookup(entry.name).length > 0).length;
    if (matched * 2 > resolved.cardLines && matched > (best?.matchedLines ?? resolved.matchedLines))
      best = { systemId: other.id, name: other.name, matchedLines: matched };
  }
  return best;
}

/** A Cardwright deck file: its cards are ids; each one the library lacks is a problem line. */
function resolveDeckFile(lib: Library, fileName: string, text: string, systemId: string): DeckListImport {
  const deck = parseDeckFile(fileName, text, (id) => lib.systems.has(id));
  const system = lib.systems.require(deck.systemId);
  const cards = new Map(lib.store.cards.getMany(deckCardIds(deck)).map((card) => [card.id, card]));
  const result: DeckListImport = {
    systemId: deck.systemId,
    format: 'json',
    name: deck.name,
    sections: {},
    boardIds: boardIdsOf(system.deck.sections),
    problems: [],
    cardLines: 0,
    matchedLines: 0,
  };
  if (deck.notes !== undefined) result.notes = deck.notes;
  if (deck.format !== undefined) result.playFormat = deck.format;
  if (deck.systemId !== systemId) result.otherGame = { systemId: system.id, name: system.name, matchedLines: 0 };
  let line = 0;
  for (const [section, entries] of listedParts(deck, result.boardIds)) {
    for (const entry of entries) {
      line++;
      result.cardLines++;
      const card = cards.get(entry.cardId);
      const where = `sections.${section}: ${entry.count} × card ${entry.cardId}`;
      if (!card || card.systemId !== deck.systemId) {
        result.problems.push({ kind: 'unmatched', line, text: where, name: entry.cardId, count: entry.count, suggestions: [] });
      } else if (!system.deck.sections.some((def) => def.id === section) && !result.boardIds.some((b) => b === section)) {
        result.problems.push({
          kind: 'unreadable',
          line,
          text: where,
          message: `"${section}" is not a section of ${system.name}`,
        });
      } else {
        result.matchedLines++;
        addEntry(result.sections, section, { cardId: card.id, count: entry.count, name: card.doc.name, line });
      }
    }
  }
  if (result.otherGame) result.otherGame.matchedLines = result.matchedLines;
  return result;
}

function deckCardIds(deck: DeckInput): string[] {
  const lists = [...Object.values(deck.sections), ...Object.values(deck.boards ?? {})];
  return [...new Set(lists.flatMap((entries) => entries.map((entry) => entry.cardId)))];
}

/** A deck's sections, then its side boards under their own ids (the ones the game keeps apart). */
function listedParts(deck: DeckInput, boardIds: readonly SideBoardId[]): [string, DeckEntry[]][] {
  const boards = boardIds.flatMap((board): [string, DeckEntry[]][] => {
    const entries = deck.boards?.[board];
    return entries?.length ? [[board, entries]] : [];
  });
  return [...Object.entries(deck.sections), ...boards];
}

function deckNameFromFile(fileName: string | undefined): string {
  const base = fileName
    ?.replace(/^.*[\\/]/, '')
    .replace(/\.(txt|cod|dek|deck|json|list)$/i, '')
    .trim();
  return base || 'Imported deck';
}

const MIME: Record<DeckListFormat, string> = { text: 'text/plain', json: 'application/json', cod: 'application/xml' };
const EXTENSION: Record<DeckListFormat, string> = { text: '.txt', json: '.deck.json', cod: '.cod' };

/** A saved deck in one of the formats, as a file to download or save. */
export function exportDeckList(lib: Library, deckId: string, format: DeckListFormat): FileBlob {
  return convertDeckList(lib, requireDeck(lib, deckId), format);
}

/** Any deck, saved or only read from a list (the CLI's convert), in one of the formats. */
export function convertDeckList(lib: Library, deck: DeckInput, format: DeckListFormat): FileBlob {
  if (format === 'json') {
    const problems = deckProblems(lib, deck, lib.systems.require(deck.systemId));
    if (problems.length > 0)
      throw new ApiError(`Deck "${deck.name}" cannot be written: ${summarizeProblems(problems)}`, 'BAD_INPUT');
    return jsonBlob(safeFileName(deck.name, EXTENSION.json), serializeDeckFile({ ...deck, id: deck.id ?? randomUUID() }));
  }
  return deckListBlob(lib, deck, format);
}

/** Writes any deck (saved or only read from a file, as the CLI's convert does) as text or .cod. */
export function deckListBlob(lib: Library, deck: DeckInput, format: Exclude<DeckListFormat, 'json'>): FileBlob {
  const system = lib.systems.require(deck.systemId);
  const named = namedDeck(lib, deck, system.deck.sections);
  const text = format === 'cod' ? formatCod(named, system.deck.sections) : formatTextList(named);
  return { fileName: safeFileName(deck.name, EXTENSION[format]), mimeType: MIME[format], bytes: new TextEncoder().encode(text) };
}

/** The deck by card name, leader first, then the game's section order, then any other section. */
export function namedDeck(lib: Library, deck: DeckInput, sections: readonly DeckSectionDef[]): NamedDeck {
  const index = gameNameIndex(lib, deck.systemId);
  const byId = new Map(gameCardNames(lib, deck.systemId).map((card) => [card.id, card]));
  const parts = new Map(listedParts(deck, boardIdsOf(sections)));
  const ordered = [...sections].sort((a, b) => Number(Boolean(b.leader)) - Number(Boolean(a.leader))).map((def) => def.id);
  for (const id of parts.keys()) if (!ordered.includes(id)) ordered.push(id);
  const missing: string[] = [];
  const named: NamedDeck = { name: deck.name, sections: [] };
  if (deck.notes) named.notes = deck.notes;
  for (const id of ordered) {
    const entries = parts.get(id) ?? [];
    const cards: NamedDeck['sections'][number]['cards'] = [];
    for (const entry of entries) {
      const card = byId.get(entry.cardId);
      if (!card) {
        // A card deleted from the library is listed by the name the deck kept for it.
        if (entry.name !== undefined) cards.push({ name: entry.name, count: entry.count });
        else missing.push(entry.cardId);
        continue;
      }
      const printing = printingHint(card, index);
      cards.push(
        printing === undefined ? { name: card.name, count: entry.count } : { name: card.name, count: entry.count, printing },
      );
    }
    if (cards.length > 0) named.sections.push({ id, label: sectionLabel(id, sections), cards });
  }
  if (missing.length > 0) {
    throw new ApiError(
      `Deck "${deck.name}" has ${missing.length} card${missing.length === 1 ? '' : 's'} that are no longer in the library (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): replace or remove them, then export again`,
      'BAD_INPUT',
    );
  }
  return named;
}
