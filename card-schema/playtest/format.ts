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

export type PhaseDef = string | SteppedPhase;

export interface SteppedPhase {
  id: string;
  label: string;
  /** Applied in order when the phase is entered. */
  steps?: PhaseStep[];
  /** Applied in order when the phase is left (Odd Frontier: the energy pool empties at end of turn). */
  atEnd?: PhaseStep[];
}

/**
 * One automated piece of bookkeeping. Card steps act on every card in the board zones (or the
 * one named by `zone`); resource steps on one resource; draw steps draw into the hand.
 */
export type PhaseStep = UntapStep | CounterStep | ResourceStep | DrawStep;

/** Untap (uncrank, ready) every tapped card. */
export interface UntapStep {
  untap: true;
  zone?: string;
}

/**
 * Change a counter on every card that carries it (a cooldown ticking down: `add: -1`), or add
 * to it the sum of other counters times their weight (poison and burn markers becoming damage:
 * `addPer: { "poison": 1 }`), kept at least `min` (default 0; a counter at 0 is removed).
 */
export interface CounterStep {
  counter: string;
  add?: number;
  addPer?: Record<string, number>;
  min?: number;
  zone?: string;
  /** Leave counters added this turn alone (Miscrits: a cooldown first ticks at the end of the next turn). */
  spareAddedThisTurn?: boolean;
}

/**
 * Change a resource: `add` a number or its `"regen"` (capped at its max), `set` it to a number,
 * or `count` the cards in a zone (a KO pile).
 */
export type ResourceStep =
  { resource: string; add: number | 'regen' } | { resource: string; set: number } | { resource: string; count: string };

/**
 * Draw into the hand: `"turn"` is the turn's draw (`drawPerTurn`, or up to `drawUpTo`; skipped
 * on turn 1 when the first player does not draw), a number, or the total of a seeded dice roll.
 */
export interface DrawStep {
  draw: 'turn' | number | { dice: number; sides: number };
}

export interface TokenRule {
  /** Which library cards are tokens (muhq: `{ "types": ["token"] }`). */
  match: CardMatch;
}

export interface BuyRule {
  /** Zone the cards are bought from (the store). */
  from: string;
  /** Zone the bought card goes to (on top, when a pile). */
  to: string;
  /** Number field of the card holding its cost; a card without it cannot be bought. */
  costField: string;
  /** Resource paid. */
  resource: string;
  /** Buys allowed per turn (default 1). */
  perTurn?: number;
}

export interface TallyDef {
  label: string;
  /** Zone whose cards are summed. */
  zone: string;
  match?: CardMatch;
  /** Number field summed; without it the matching cards are counted. */
  sum?: string;
  /** What the total is compared with: a number or a resource's current value. */
  against?: number | { resource: string };
}

export interface GoalDef {
  label: string;
  result: 'win' | 'loss';
  /** Cards in a zone, or a resource's value, reaching a bound. */
  zone?: string;
  resource?: string;
  atLeast?: number;
  atMost?: number;
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
  /** Turn phases in order: a name, or a phase with the bookkeeping steps the rules automate. */
  phases: PhaseDef[];
  /** Cards of the game's library that are tokens: the board creates them on a board zone, and they cease to exist when they leave it. */
  tokens?: TokenRule;
  /** Buying a card onto a pile, paying its cost (muhq's store). */
  buy?: BuyRule;
  /** Running sums shown on the board (OMMS: the suits in hand against the Creation Total). */
  tallies?: TallyDef[];
  /** Ends of the game shown when reached (Miscrits: 5 miscrits KO'd). */
  goals?: GoalDef[];
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
