// A decklist as exchanged between players: card NAMES (not library ids) grouped in sections,
// with an optional deck name and comments. Every format (plain text, Cockatrice .cod) parses to
// and formats from this shape; resolve-list.ts turns the names into library cards.

import type { DeckSectionDef } from '../format';

export interface ListEntry {
  /** The deck section id the entry belongs to; undefined when the list named none (placed by card type). */
  section: string | undefined;
  count: number;
  name: string;
  /** A printing hint written after the name ("(Core Set)" in text, setShortName in .cod). */
  printing?: string;
  /** 1-based line of the source, for reports. */
  line: number;
  /** The source line as written. */
  text: string;
}

/** A line a parser could not read (a bad count, an unknown section header). */
export interface ListLineProblem {
  line: number;
  text: string;
  message: string;
}

export interface ParsedDeckList {
  name?: string;
  notes?: string;
  entries: ListEntry[];
  problems: ListLineProblem[];
}

/** What a formatter writes: a deck's cards by name, section by section, in the game's section order. */
export interface NamedDeck {
  name: string;
  notes?: string;
  sections: { id: string; label: string; cards: { name: string; count: number; printing?: string }[] }[];
}

/** The most copies one entry may hold: the deck format's own limit (src-main/api/contract.ts). */
export const MAX_ENTRY_COUNT = 999;

/**
 * Side and maybe boards that players write in every list. The deck-data work adds them as real
 * sections; until a game defines its own, "Sideboard:"/"Maybeboard:" map to these ids.
 * The one place that decides it, so the merger can adapt it.
 */
export function boardSectionId(header: string): string | undefined {
  const key = headerKey(header);
  if (key === 'sideboard' || key === 'side' || key === 'sb') return 'sideboard';
  if (key === 'maybeboard' || key === 'maybe' || key === 'considering') return 'maybeboard';
  return undefined;
}

function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * The section a header names: the game's section id or label (any case), then the usual words
 * for the leader ("commander", "leader") and the main deck ("deck", "main", "mainboard"), then
 * a side/maybe board. Undefined when none fits.
 */
export function sectionForHeader(header: string, sections: readonly DeckSectionDef[]): string | undefined {
  const key = headerKey(header);
  if (key === '') return undefined;
  const named = sections.find((section) => headerKey(section.id) === key || headerKey(section.label) === key);
  if (named) return named.id;
  const leader = sections.find((section) => section.leader);
  if (leader && ['leader', 'commander', 'hero', 'captain'].includes(key)) return leader.id;
  const main = mainSection(sections);
  if (main && ['deck', 'main', 'maindeck', 'mainboard', 'library', 'cards'].includes(key)) return main.id;
  const board = boardSectionId(header);
  if (board) return sections.find((section) => section.id === board)?.id ?? board;
  return undefined;
}

/** The draw deck: the first section that is neither the leader nor an extra deck. */
export function mainSection(sections: readonly DeckSectionDef[]): DeckSectionDef | undefined {
  return sections.find((section) => !section.leader && !section.extra) ?? sections.find((section) => !section.leader);
}

/** A section's label for headers and zones: the game's, else a side/maybe board's own. */
export function sectionLabel(sectionId: string, sections: readonly DeckSectionDef[]): string {
  const def = sections.find((section) => section.id === sectionId);
  if (def) return def.label;
  if (sectionId === 'sideboard') return 'Sideboard';
  if (sectionId === 'maybeboard') return 'Maybeboard';
  return sectionId;
}
