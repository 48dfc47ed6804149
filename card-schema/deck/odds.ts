// Draw odds: the chance of holding at least k of the wanted cards by a given turn. Exact
// (hypergeometric) for plain draws counted as the board declares them (draw-model.ts: a roll's
// odds are their expectation over it); simulated with the playtest engine itself for the game's
// own opening hand, mulligan and draw rules (system.board), so no game rule is restated here.
// Pure: the deck builder's odds panel and the benchmark call it.

import { applyAction, cardsToBottom, createPlaytest, PlaytestError, zoneOfKind } from '../playtest/engine';
import type { PlaytestState } from '../playtest/playtest-state';
import type { PlayBoard } from '../playtest/format';
import { leaderCard, playBoard } from '../playtest/play-board';
import { meetTurn } from '../playtest/meet-turn';
import type { CardDocument, GameSystem } from '../system/format';
import { own } from '../own-keys';
import { cardMatches } from './card-match';
import { seenByTurn, type SeenCount } from './draw-model';
import type { CardMatch, DeckEntry } from './format';

// ln(n!) by running sums, grown on demand: exact to the last bits for the deck sizes players
// build (thousands of cards), and it keeps every term of the sum below in log space.
const lnFactorials: number[] = [0];
function lnFactorial(n: number): number {
  for (let i = lnFactorials.length; i <= n; i++) lnFactorials.push(lnFactorials[i - 1] + Math.log(i));
  return lnFactorials[n];
}

function lnChoose(n: number, k: number): number {
  return lnFactorial(n) - lnFactorial(k) - lnFactorial(n - k);
}

function wholeAtLeastZero(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

/**
 * P(X ≥ k) for X hypergeometric: `draws` cards drawn without replacement from `population`
 * cards of which `successes` are wanted. Sums the shorter tail in log space, so neither huge
 * binomials nor cancellation spoil it; the result is clamped to [0, 1].
 */
export function hypergeometricAtLeast(population: number, successes: number, draws: number, k: number): number {
  const N = wholeAtLeastZero(population);
  const K = Math.min(wholeAtLeastZero(successes), N);
  const n = Math.min(wholeAtLeastZero(draws), N);
  const need = Math.ceil(k);
  if (need <= 0) return 1;
  const low = Math.max(0, n - (N - K));
  const high = Math.min(K, n);
  if (need > high) return 0;
  if (need <= low) return 1;
  const total = lnChoose(N, n);
  const pmf = (x: number) => Math.exp(lnChoose(K, x) + lnChoose(N - K, n - x) - total);
  let sum = 0;
  if (high - need <= need - 1 - low) {
    for (let x = need; x <= high; x++) sum += pmf(x);
  } else {
    for (let x = low; x < need; x++) sum += pmf(x);
    sum = 1 - sum;
  }
  return Math.min(1, Math.max(0, sum));
}

/**
 * The board setup of a game mode (the first mode's when none is named), as the engine plays it
 * with this leader card (see leaderCard): values read from the leader are resolved.
 */
export function boardOf(system: GameSystem, modeId?: string, leader?: CardDocument): PlayBoard {
  const modes = system.board.modes ?? [];
  const mode = modes.find((m) => m.id === modeId) ?? modes[0];
  return playBoard(mode?.setup ? { ...system.board, ...mode.setup } : system.board, leader);
}

/** What the odds are about: one card (all its copies) or every card matching a filter. */
export type OddsTarget =
  { kind: 'card'; cardId: string } | { kind: 'match'; match: CardMatch; costField?: string; costMin?: number; costMax?: number };

/** Whether a copy of `cardId` (document `doc`) is one of the wanted cards. */
export function isWanted(target: OddsTarget, cardId: string, doc: CardDocument): boolean {
  if (target.kind === 'card') return cardId === target.cardId;
  if (!cardMatches(doc, target.match)) return false;
  if (target.costField === undefined || (target.costMin === undefined && target.costMax === undefined)) return true;
  const cost = own(doc, target.costField);
  if (typeof cost !== 'number') return false;
  return (target.costMin === undefined || cost >= target.costMin) && (target.costMax === undefined || cost <= target.costMax);
}

export type CardLookup = (cardId: string) => CardDocument | undefined;

/** Copies in the draw pile (the board's deck section) and how many of them are wanted. */
export function drawPileCounts(
  board: Pick<PlayBoard, 'deckSection'>,
  sections: Readonly<Record<string, readonly DeckEntry[]>>,
  lookup: CardLookup,
  target: OddsTarget,
): { population: number; successes: number } {
  let population = 0;
  let successes = 0;
  for (const entry of own(sections, board.deckSection) ?? []) {
    const doc = lookup(entry.cardId);
    // The playtest engine leaves unknown (deleted) cards out of the deck; so do the odds.
    if (!doc) continue;
    const copies = wholeAtLeastZero(entry.count);
    population += copies;
    if (isWanted(target, entry.cardId, doc)) successes += copies;
  }
  return { population, successes };
}

/**
 * Exact P(at least k wanted cards seen) for turns 1..turns as the player meets them, without
 * mulligans, drawing as the board declares (draw-model.ts): with a dice-rolled draw, the
 * expectation of the hypergeometric odds over the roll.
 */
export function exactOddsByTurn(board: PlayBoard, population: number, successes: number, k: number, turns: number): number[] {
  return seenByTurn(board, turns, population).map((counts) => exactOddsOf(counts, population, successes, k));
}

/** P(at least k of `successes` among the cards seen), averaged over how many are seen. */
export function exactOddsOf(counts: readonly SeenCount[], population: number, successes: number, k: number): number {
  const p = counts.reduce((sum, { seen, p: chance }) => sum + chance * hypergeometricAtLeast(population, successes, seen, k), 0);
  return Math.min(1, Math.max(0, p));
}

export interface SimulationOptions {
  k: number;
  turns: number;
  trials: number;
  seed: number;
  modeId?: string;
  /** Mulligans the player takes at most looking for the card; as many as the rules allow when absent. */
  maxMulligans?: number;
}

export interface SimulationResult {
  /** P(at least k wanted cards seen) by the end of each turn's draw, turns 1..n. */
  byTurn: number[];
  trials: number;
  /** Share of games that took at least one mulligan. */
  mulliganRate: number;
}

/**
 * Plays `trials` openings and turns with the playtest engine under the game's own rules.
 * Policy: a hand without any wanted card is sent back while the engine allows a mulligan (and
 * `maxMulligans` is not reached); a
 * London keep puts unwanted cards on the bottom first. A wanted card counts as seen once it has
 * left the draw pile; with `drawUpTo` the hand is played out each turn so the refill draws.
 */
export function simulateOdds(
  system: GameSystem,
  sections: Readonly<Record<string, readonly DeckEntry[]>>,
  lookup: CardLookup,
  target: OddsTarget,
  options: SimulationOptions,
): SimulationResult {
  const simulation = new OddsSimulation(system, sections, lookup, target, options);
  simulation.step(simulation.trials);
  return simulation.result();
}

/**
 * The same simulation, played a few games at a time (`step`), so a panel can spread it over
 * several frames and drop it when the deck changes. Game i always uses the same seed, so the
 * result does not depend on how the games were split into steps.
 */
export class OddsSimulation {
  readonly trials: number;
  #played = 0;
  #mulliganed = 0;
  readonly #hits: number[];
  readonly #system: GameSystem;
  readonly #deck: { sections: Record<string, DeckEntry[]> };
  readonly #lookup: CardLookup;
  readonly #target: OddsTarget;
  readonly #options: SimulationOptions;
  /** Instance ids of the wanted copies: the engine numbers a deck's copies the same way every game. */
  #wanted: Set<string> | undefined;

  constructor(
    system: GameSystem,
    sections: Readonly<Record<string, readonly DeckEntry[]>>,
    lookup: CardLookup,
    target: OddsTarget,
    options: SimulationOptions,
  ) {
    this.trials = Math.max(1, Math.floor(options.trials));
    this.#hits = new Array<number>(Math.max(0, Math.floor(options.turns))).fill(0);
    // Only the draw pile is dealt: the leader and extra decks play no part in draw odds, but
    // the leader's values (hand size, cards dealt to a life zone) do, resolved here.
    const board = boardOf(system, options.modeId, leaderCard(system.board, sections, lookup));
    this.#system = { ...system, board: { ...board, leaderSection: undefined, modes: undefined } };
    this.#deck = { sections: { [board.deckSection]: [...(own(sections, board.deckSection) ?? [])] } };
    this.#lookup = lookup;
    this.#target = target;
    this.#options = options;
  }

  get done(): boolean {
    return this.#played >= this.trials;
  }

  /** Plays up to `games` more games. */
  step(games: number): void {
    const end = Math.min(this.trials, this.#played + Math.max(1, Math.floor(games)));
    for (; this.#played < end; this.#played++) this.#playOne(this.#played);
  }

  result(): SimulationResult {
    const played = Math.max(1, this.#played);
    return { byTurn: this.#hits.map((h) => h / played), trials: this.#played, mulliganRate: this.#mulliganed / played };
  }

  #playOne(game: number): void {
    const seed = (this.#options.seed + Math.imul(game, 0x9e3779b1)) >>> 0;
    let state = createPlaytest(this.#system, this.#deck, this.#lookup, seed);
    const wanted = (this.#wanted ??= new Set(
      Object.values(state.cards)
        .filter((card) => isWanted(this.#target, card.cardId, card.doc))
        .map((card) => card.instanceId),
    ));
    const isWantedId = (id: string) => wanted.has(id);
    state = settleOpeningHand(state, isWantedId, this.#options.maxMulligans ?? Infinity);
    if (state.mulligans > 0) this.#mulliganed += 1;
    const deckZone = zoneId(state, 'deck');
    for (let turn = 1; turn <= this.#hits.length; turn++) {
      // The turn as the player meets it (its draw phase played); undo history is of no use here.
      state = { ...meetTurn(turn > 1 ? playOutHandIfRefilling(state) : state, turn), history: [] };
      // A wanted copy is seen once it has left the draw pile, unless it was dealt face down.
      let unseen = 0;
      for (const id of state.zones[deckZone]) if (wanted.has(id)) unseen += 1;
      for (const id of wanted) if (own(state.table, id)?.faceDown) unseen += 1;
      if (wanted.size - unseen >= this.#options.k) this.#hits[turn - 1] += 1;
    }
  }
}

function zoneId(state: PlaytestState, kind: 'deck' | 'hand'): string {
  const zone = zoneOfKind(state.board, kind);
  if (!zone) throw new PlaytestError(`The board setup has no zone of kind "${kind}".`);
  return zone.id;
}

function settleOpeningHand(start: PlaytestState, wanted: (id: string) => boolean, maxMulligans: number): PlaytestState {
  let state = start;
  const hand = zoneId(state, 'hand');
  while (state.awaitingKeep && state.mulligans < maxMulligans && !state.zones[hand].some(wanted)) {
    try {
      state = applyAction(state, { type: 'mulligan' });
    } catch (error) {
      if (error instanceof PlaytestError) break; // no mulligan left: keep what there is
      throw error;
    }
  }
  if (!state.awaitingKeep) return state;
  const cards = state.zones[hand];
  const bottom = [...cards.filter((id) => !wanted(id)), ...cards.filter(wanted)].slice(0, cardsToBottom(state));
  return applyAction(state, { type: 'keep', bottom });
}

/**
 * With "draw up to N", the hand is played out before the next turn so the refill draws, as such
 * games are played (the cards go to the table, out of the draw pile); else the hand stays.
 */
export function playOutHandIfRefilling(state: PlaytestState): PlaytestState {
  if (state.board.drawUpTo === undefined) return state;
  const hand = zoneId(state, 'hand');
  const board = state.board.zones.find((zone) => zone.kind === 'board') ?? state.board.zones.find((z) => z.kind === 'other');
  if (!board) return state;
  return { ...state, zones: { ...state.zones, [hand]: [], [board.id]: [...state.zones[board.id], ...state.zones[hand]] } };
}
