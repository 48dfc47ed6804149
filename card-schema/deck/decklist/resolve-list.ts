// Turns a parsed decklist's names into library cards of one game. A name is taken when it is
// the card's name exactly or up to case, accents and punctuation; anything else is reported
// with its line and the closest names, and left out until the user chooses: nothing is
// imported on a guess. Names several printings share take the printing the list names
// ("(Core Set)", setShortName), else the first by set name, and say so.

import type { DeckSectionDef, SideBoardId } from '../format';
import { boardIdsOf } from '../side-boards';
import { mainSection, sectionLabel, type ListEntry, type ParsedDeckList } from './list';
import type { NameIndex, NamedCard } from './name-match';

export interface ResolvedEntry {
  cardId: string;
  count: number;
  name: string;
  line: number;
}

export interface CardSuggestion {
  cardId: string;
  name: string;
  setName: string;
  /** The section the card would go to. */
  section: string;
  similarity: number;
}

export type ImportProblem =
  | { kind: 'unmatched'; line: number; text: string; name: string; count: number; suggestions: CardSuggestion[] }
  | {
      kind: 'printing';
      line: number;
      text: string;
      name: string;
      /** The printing taken, and the others the name has. */
      cardId: string;
      setName: string;
      others: { cardId: string; setName: string }[];
    }
  | { kind: 'unreadable'; line: number; text: string; message: string };

export interface ResolvedDeckList {
  name?: string;
  notes?: string;
  /** By section id; the side boards (`boardIds`) under their own ids. */
  sections: Record<string, ResolvedEntry[]>;
  /** The ids in `sections` that are the deck's sideboard and maybeboard, not game sections (side-boards.ts). */
  boardIds: SideBoardId[];
  problems: ImportProblem[];
  /** Card lines read, and how many of them named a card of this game. */
  cardLines: number;
  matchedLines: number;
}

export function resolveDeckList(list: ParsedDeckList, index: NameIndex, sections: readonly DeckSectionDef[]): ResolvedDeckList {
  const boardIds = boardIdsOf(sections);
  const result: ResolvedDeckList = { sections: {}, boardIds, problems: [], cardLines: list.entries.length, matchedLines: 0 };
  if (list.name !== undefined) result.name = list.name;
  if (list.notes !== undefined) result.notes = list.notes;
  for (const problem of list.problems) result.problems.push({ kind: 'unreadable', ...problem });
  for (const entry of list.entries) {
    const found = findPrintings(entry, index);
    if (found.cards.length === 0) {
      result.problems.push({
        kind: 'unmatched',
        line: entry.line,
        text: entry.text,
        name: entry.name,
        count: entry.count,
        suggestions: index.suggest(entry.name).map((suggestion) => {
          const card = index.lookup(suggestion.name)[0];
          return {
            cardId: card.id,
            name: card.name,
            setName: card.setName,
            section: placeCard(entry.section, card, sections),
            similarity: suggestion.similarity,
          };
        }),
      });
      continue;
    }
    const card = found.cards[0];
    result.matchedLines++;
    if (found.cards.length > 1 && !found.byHint) {
      result.problems.push({
        kind: 'printing',
        line: entry.line,
        text: entry.text,
        name: card.name,
        cardId: card.id,
        setName: card.setName,
        others: found.cards.slice(1).map((other) => ({ cardId: other.id, setName: other.setName })),
      });
    }
    const section = placeCard(entry.section, card, sections);
    if (!sections.some((def) => def.id === section) && !boardIds.some((board) => board === section)) {
      result.problems.push({
        kind: 'unreadable',
        line: entry.line,
        text: entry.text,
        message: `${sectionLabel(section, sections)} is not a section of this game, so this card is left out`,
      });
      continue;
    }
    addEntry(result.sections, section, { cardId: card.id, count: entry.count, name: card.name, line: entry.line });
  }
  return result;
}

/** Adds copies; the same card twice in one section becomes one entry. */
export function addEntry(sections: Record<string, ResolvedEntry[]>, section: string, entry: ResolvedEntry): void {
  const list = (sections[section] ??= []);
  const same = list.find((existing) => existing.cardId === entry.cardId);
  if (same) same.count += entry.count;
  else list.push(entry);
}

/**
 * The printings a line names: by its name (a printing hint from the format picks among them),
 * else by the name without a trailing "(Set)" hint, which the text format writes.
 */
function findPrintings(entry: ListEntry, index: NameIndex): { cards: NamedCard[]; byHint: boolean } {
  const cards = index.lookup(entry.name);
  if (cards.length > 0) return pickByHint(cards, entry.printing);
  const hinted = /^(.*\S)\s+\(([^()]+)\)$/.exec(entry.name);
  if (hinted) {
    const base = index.lookup(hinted[1]);
    if (base.length > 0) return pickByHint(base, hinted[2]);
  }
  return { cards: [], byHint: false };
}

function pickByHint(cards: NamedCard[], hint: string | undefined): { cards: NamedCard[]; byHint: boolean } {
  if (hint === undefined || cards.length === 1) return { cards, byHint: false };
  const key = hint.trim().toLowerCase();
  const byId = cards.find((card) => card.id === hint.trim());
  const bySet = cards.filter((card) => card.setName.toLowerCase() === key || card.setId === hint.trim());
  if (byId) return { cards: [byId], byHint: true };
  if (bySet.length > 0)
    return { cards: [...bySet, ...cards.filter((card) => !bySet.includes(card))], byHint: bySet.length === 1 };
  return { cards, byHint: false };
}

/**
 * Where a card goes: the section the list named; else (a list without headers, Cockatrice's
 * main zone) the draw deck when it takes the card's type, else the first section that does.
 */
export function placeCard(named: string | undefined, card: { type: string }, sections: readonly DeckSectionDef[]): string {
  if (named !== undefined) return named;
  const main = mainSection(sections);
  if (main && main.types.includes(card.type)) return main.id;
  return sections.find((section) => section.types.includes(card.type))?.id ?? main?.id ?? sections[0].id;
}

/**
 * The printing hint an exporter writes for a card whose name several printings share: its
 * set's name, or its id when the set itself holds more than one (both read back by pickByHint).
 */
export function printingHint(card: NamedCard, index: NameIndex): string | undefined {
  const printings = index.lookup(card.name).filter((other) => other.name === card.name);
  if (printings.length <= 1) return undefined;
  const sameSet = printings.filter((other) => other.setName.toLowerCase() === card.setName.toLowerCase());
  // A set name with brackets cannot sit inside the text format's "(Set)".
  return sameSet.length === 1 && !/[()]/.test(card.setName) ? card.setName : card.id;
}
