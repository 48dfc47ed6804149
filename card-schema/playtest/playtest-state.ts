// A playtest's state and the actions that change it: the shapes the engine (engine.ts) steps and
// the spatial board (spatial/apply.ts, spatial/battlefield.ts) reads, in a module of their own so
// the engine and the board need not import each other.

import type { CardDocument } from '../system/format';
import type { PlayBoard } from './format';
import type { SpatialChange, SpatialState } from './spatial/state';
import type { CardTableState, TablePoint } from './table';

/** One physical copy of a card in the game. */
export interface CardInstance {
  instanceId: string;
  cardId: string;
  name: string;
  type: string;
  doc: CardDocument;
  /** Made during the game from a token card the game defines; it ceases to exist off the board. */
  token?: true;
}

export interface ResourceState {
  id: string;
  label: string;
  value: number;
  min: number;
  /** Resolved from the setup (a number or the leader's field); absent means no cap. */
  max?: number;
  regen: number;
}

/** The part of the state that changes with actions; undo restores one of these. */
export interface PlaytestSnapshot {
  rng: number;
  zones: Record<string, string[]>;
  /** Tapped, face down, counters and place of instances; an instance without an entry has none. */
  table: Record<string, CardTableState>;
  resources: ResourceState[];
  turn: number;
  phase: string;
  mulligans: number;
  awaitingKeep: boolean;
  /** Pieces and markers on the spatial board, when the game declares one. */
  spatial?: SpatialState;
  /** Cards bought this turn (absent: none). */
  buys?: number;
  /** Tokens on the table then (by instance id): undo brings back the ones that ceased since. */
  tokens?: Record<string, CardInstance>;
  /** Tokens created so far (numbers the next one's instance id). */
  tokensMade?: number;
  /** Length of the log at that moment (the log only ever grows between undos). */
  logLength: number;
}

export interface PlaytestState extends Omit<PlaytestSnapshot, 'logLength' | 'tokens'> {
  version: number;
  seed: number;
  /** The setup with the leader card's values resolved (hand size, deals, turn-1 values). */
  board: PlayBoard;
  /** Every instance by id; which zone it is in lives in `zones`. */
  cards: Record<string, CardInstance>;
  log: string[];
  history: PlaytestSnapshot[];
  /**
   * Every action applied since the start, undone ones taken out: with the seed, the deck and the
   * mode they replay the game exactly (replay.ts). Unlike `history` it is never trimmed.
   */
  actions: PlaytestAction[];
  /** The game mode chosen at the start (absent: the game has none). */
  mode?: string;
}

export type PlaytestAction =
  | { type: 'mulligan' }
  | { type: 'keep'; bottom?: string[] }
  | { type: 'draw'; count?: number }
  /** `at` places the card on a board zone (fractions of its size); the same zone with `at` repositions it. */
  | { type: 'move'; instanceId: string; to: string; position?: 'top' | 'bottom'; at?: TablePoint }
  | { type: 'tap'; instanceId: string }
  | { type: 'flip'; instanceId: string }
  | { type: 'counter'; instanceId: string; counter: string; delta: number }
  | { type: 'lookAtTop'; count: number }
  /** Takes a card out of the deck into a zone, then shuffles the deck. */
  | { type: 'search'; instanceId: string; to: string }
  /** A looked-at deck card goes on the top or the bottom of the deck. */
  | { type: 'scry'; instanceId: string; position: 'top' | 'bottom' }
  | { type: 'reveal'; instanceId: string }
  | { type: 'nextTurn' }
  /** The next phase, applying the steps of the phase left and entered; after the last, the next turn. */
  | { type: 'nextPhase' }
  /** Buys a card (from the store) onto its pile, paying its cost. */
  | { type: 'buy'; instanceId: string }
  | { type: 'setPhase'; phase: string }
  | { type: 'adjustResource'; resource: string; delta: number }
  | { type: 'shuffleDeck' }
  /** A new instance of a token card the game defines (`board.tokens`), put on a board zone. */
  | { type: 'createToken'; cardId: string; doc: CardDocument; to: string; at?: TablePoint }
  /** A piece, terrain or marker placed on the spatial board (spatial/apply.ts). */
  | { type: 'spatial'; change: SpatialChange }
  /** Several actions as one: applied in order, refused whole, undone in one step (a card dropped on the battlefield moves and is placed). */
  | { type: 'together'; actions: PlaytestAction[] };
