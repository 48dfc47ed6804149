// Solo-board setup as data: zones, opening hand, mulligan, resources and turn phases.
// The playtest engine reads only this, so any game system gets a working board.

import type { CardMatch } from '../deck/format';
import type { SpatialBoardDef } from './spatial/format';

export type ZoneKind = 'deck' | 'hand' | 'board' | 'discard' | 'exile' | 'other';

export interface ZoneDef {
  id: string;
  label: string;
  kind: ZoneKind;
  /** A deck section whose cards start here, shuffled (extra decks such as OSMCG's Missions). */
  section?: string;
  /** Cards dealt from the top of the deck into this zone once the opening hand is kept (a life zone). */
  deal?: ZoneDeal;
}

export interface ZoneDeal {
  /** How many cards: fixed, or the leader's field (OSMCG-like life from the Hero's Life). */
  count: ValueSource;
  faceDown?: boolean;
}

/** What differs on the first player's turn 1. */
export interface FirstTurn {
  /** The player going first does not draw on turn 1. */
  skipDraw?: boolean;
  /** Resource id → its value on turn 1, instead of the resource's `start`. */
  resources?: Record<string, ValueSource>;
}

/** A number fixed in the setup, or read from a field of the leader card. */
export type ValueSource = number | { leaderField: string };

export interface ResourceDef {
  id: string;
  label: string;
  start: ValueSource;
  /** Added at upkeep. */
  regen?: ValueSource;
  /** Cap applied whenever the resource changes. */
  max?: ValueSource;
  min?: number;
}

/** The setup as one game plays it: every value read from the leader card is a number here. */
export interface PlayBoard extends Omit<BoardSetup, 'openingHand' | 'drawUpTo' | 'zones' | 'firstTurn'> {
  openingHand: number;
  drawUpTo?: number;
  zones: PlayZone[];
  firstTurn?: { skipDraw?: boolean; resources?: Record<string, number> };
}

export interface PlayZone extends Omit<ZoneDef, 'deal'> {
  deal?: { count: number; faceDown?: boolean };
}

/** A kind of counter a card on the table can carry (damage, poison, hourglass). */
export interface CounterDef {
  id: string;
  label: string;
}

export interface BoardSetup {
  zones: ZoneDef[];
  /** Counters players put on cards; the board offers exactly these kinds. */
  counters?: CounterDef[];
  /** Section of the deck shuffled into the deck zone. */
  deckSection: string;
  /** Section whose card starts on the board (OSMCG's Hero); optional. */
  leaderSection?: string;
  /** Cards in the opening hand: fixed, or the leader's field. */
  openingHand: ValueSource;
  /** Mulligans allowed at most (on top of the mulligan rule's own limit). */
  maxMulligans?: number;
  /**
   * london: redraw the full hand, then put one card per mulligan on the bottom;
   * smaller: redraw one card fewer per mulligan (after `freeMulligans` free ones); none.
   */
  mulligan: 'london' | 'smaller' | 'none';
  /** Mulligans that cost nothing before hands get smaller ("smaller" only). */
  freeMulligans?: number;
  drawPerTurn: number;
  /** Instead of `drawPerTurn`: at each new turn draw until the hand holds this many cards. */
  drawUpTo?: ValueSource;
  /** Turn 1 of the player going first: no draw, other resource values. */
  firstTurn?: FirstTurn;
  /** What happens when drawing from an empty deck. */
  emptyDeck: 'reshuffle-discard' | 'cannot-draw';
  resources: ResourceDef[];
  phases: string[];
  /** The opening hand must hold such a card; otherwise it is shuffled back and redrawn. */
  openingHandMustInclude?: { match: CardMatch; label: string };
  /** Game modes that change the setup (OSMCG's 1v1, MOBA, FFA); the first is the default. */
  modes?: GameMode[];
  /** A battlefield drawn to scale (inches) or a tile map; see spatial/format.ts. */
  spatial?: SpatialBoardDef;
}

export interface GameMode {
  id: string;
  label: string;
  description?: string;
  players: { min: number; max: number };
  /** Setup values this mode changes. */
  setup?: Partial<Pick<BoardSetup, 'openingHand' | 'drawPerTurn' | 'resources' | 'phases'>>;
}
