// Moving cards between a deck's sections and its sideboard/maybeboard (format.ts SIDE_BOARDS):
// one action moves every copy of the card, merging with copies already there.

import { own } from '../own-keys';
import type { CardDocument, GameSystem } from '../system/format';
import { SIDE_BOARDS, type DeckBoards, type DeckEntry, type SideBoardId } from './format';

export const SIDE_BOARD_LABELS: Record<SideBoardId, string> = { sideboard: 'Sideboard', maybeboard: 'Maybeboard' };

/** Where a card sits: a game section, or a side board. */
export type Place = { kind: 'section'; id: string } | { kind: 'board'; id: SideBoardId };

export interface DeckParts {
  sections: Record<string, DeckEntry[]>;
  boards: DeckBoards;
}

function entriesAt(parts: DeckParts, place: Place): DeckEntry[] {
  return (place.kind === 'section' ? own(parts.sections, place.id) : parts.boards[place.id]) ?? [];
}

function withEntries(parts: DeckParts, place: Place, entries: DeckEntry[]): DeckParts {
  if (place.kind === 'section') return { ...parts, sections: { ...parts.sections, [place.id]: entries } };
  return { ...parts, boards: { ...parts.boards, [place.id]: entries } };
}

/** Every copy of `cardId` moved from one place to another; unchanged when it is not at `from`. */
export function moveCard(parts: DeckParts, cardId: string, from: Place, to: Place): DeckParts {
  const moving = entriesAt(parts, from).find((e) => e.cardId === cardId);
  if (!moving || (from.kind === to.kind && from.id === to.id)) return parts;
  const left = withEntries(
    parts,
    from,
    entriesAt(parts, from).filter((e) => e.cardId !== cardId),
  );
  const target = entriesAt(left, to);
  const there = target.find((e) => e.cardId === cardId);
  const merged = there
    ? target.map((e) => (e.cardId === cardId ? { ...e, count: e.count + moving.count } : e))
    : [...target, moving];
  return withEntries(left, to, merged);
}

/** The section a card from a side board goes back to: the first non-leader section taking its type. */
export function homeSection(system: GameSystem, doc: CardDocument | undefined): string | undefined {
  const sections = system.deck.sections.filter((s) => !s.leader);
  return (doc ? sections.find((s) => s.types.includes(doc.type)) : undefined)?.id ?? sections[0]?.id;
}

/** Boards without empty ones, or undefined when none holds a card (what a deck stores). */
export function compactBoards(boards: DeckBoards | undefined): DeckBoards | undefined {
  const kept: DeckBoards = {};
  for (const id of SIDE_BOARDS) {
    const entries = (boards?.[id] ?? []).filter((e) => e.count > 0);
    if (entries.length > 0) kept[id] = entries;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** One copy more or fewer of a card on a board (the entry goes at 0). */
export function changeBoardCount(boards: DeckBoards, board: SideBoardId, cardId: string, delta: 1 | -1): DeckBoards {
  const entries = (boards[board] ?? [])
    .map((e) => (e.cardId === cardId ? { ...e, count: e.count + delta } : e))
    .filter((e) => e.count > 0);
  return { ...boards, [board]: entries };
}

/**
 * The side boards a game keeps beside its sections: all of SIDE_BOARDS but an id the game uses
 * for a section of its own (its "sideboard" section then takes the list's "Sideboard:" cards).
 */
export function boardIdsOf(sections: readonly { id: string }[]): SideBoardId[] {
  return SIDE_BOARDS.filter((board) => !sections.some((section) => section.id === board));
}

/** A list's sections by id with the side boards (`boardIds`) taken out into `boards`. */
export function splitBoards<E>(
  sections: Record<string, E[]>,
  boardIds: readonly SideBoardId[],
): { sections: Record<string, E[]>; boards: Partial<Record<SideBoardId, E[]>> } {
  const rest: Record<string, E[]> = {};
  const boards: Partial<Record<SideBoardId, E[]>> = {};
  for (const [id, entries] of Object.entries(sections)) {
    const board = boardIds.find((candidate) => candidate === id);
    if (board) boards[board] = entries;
    else rest[id] = entries;
  }
  return { sections: rest, boards };
}
