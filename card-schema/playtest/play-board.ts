// A board setup as one game plays it: the values a game reads from its leader card (hand
// size, draw-up-to, cards dealt to a zone, turn-1 resources) resolved to numbers once, at
// setup, so the engine, the odds and the views all read plain numbers.

import { own } from '../own-keys';
import type { DeckEntry } from '../deck/format';
import type { CardDocument } from '../system/format';
import type { BoardSetup, PlayBoard, ValueSource } from './format';

/** A ValueSource as a number: fixed, or read from the leader card (0 when absent or not a number). */
export function resolveValue(source: ValueSource, leader: CardDocument | undefined): number {
  if (typeof source === 'number') return source;
  const value = leader ? own(leader, source.leaderField) : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A count read from data: a whole number of at least 0. */
function wholeCount(source: ValueSource, leader: CardDocument | undefined): number {
  return Math.max(0, Math.floor(resolveValue(source, leader)));
}

/** The setup with every leader-card value resolved. */
export function playBoard(board: BoardSetup, leader: CardDocument | undefined): PlayBoard {
  const { openingHand, drawUpTo, zones, firstTurn, ...rest } = board;
  const played: PlayBoard = {
    ...rest,
    openingHand: wholeCount(openingHand, leader),
    zones: zones.map(({ deal, ...zone }) =>
      deal ? { ...zone, deal: { ...deal, count: wholeCount(deal.count, leader) } } : zone,
    ),
  };
  if (drawUpTo !== undefined) played.drawUpTo = wholeCount(drawUpTo, leader);
  if (firstTurn) {
    const { resources, ...turnRest } = firstTurn;
    played.firstTurn = resources
      ? {
          ...turnRest,
          resources: Object.fromEntries(Object.entries(resources).map(([id, value]) => [id, resolveValue(value, leader)])),
        }
      : turnRest;
  }
  return played;
}

/** The first card of the deck's leader section, as the playtest puts it on the board. */
export function leaderCard(
  board: Pick<BoardSetup, 'leaderSection'>,
  sections: Readonly<Record<string, readonly DeckEntry[]>>,
  lookup: (cardId: string) => CardDocument | undefined,
): CardDocument | undefined {
  if (!board.leaderSection) return undefined;
  for (const entry of own(sections, board.leaderSection) ?? []) {
    const doc = lookup(entry.cardId);
    if (doc && entry.count > 0) return doc;
  }
  return undefined;
}
