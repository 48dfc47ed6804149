// The opening-hand simulator: thousands of seeded openings of one deck, each dealt, mulliganed
// and played to the last turn a condition names by the playtest engine itself (so the game's
// board setup — hand size, mulligan kind, must-include redraws, draws per turn, resources from
// the leader — is followed without restating a rule), counting how often each condition holds.
// Game i always gets the same seed, so a run is reproducible and independent of how it is split
// into steps (a worker posts progress between steps).

import { seenByTurn, meanSeen, seenText, type SeenCount } from '../deck/draw-model';
import { boardOf, exactOddsOf, playOutHandIfRefilling } from '../deck/odds';
import type { DeckEntry } from '../deck/format';
import { own, setOwn } from '../own-keys';
import type { CardDocument, GameSystem } from '../system/format';
import { applyAction, cardsToBottom, createPlaytest, PlaytestError, zoneOfKind } from './engine';
import type { PlaytestState } from './playtest-state';
import { meetTurn } from './meet-turn';
import type { BoardSetup } from './format';
import {
  cardFits,
  costAtMost,
  describeCondition,
  resolveConditions,
  type OpeningCondition,
  type ResolvedCondition,
} from './simulate-conditions';
import { wilsonInterval, type Interval } from './simulate-interval';

export const DEFAULT_OPENINGS = 10_000;
export const MAX_OPENINGS = 100_000;

/**
 * keep: every first hand is kept. mulligan: a hand that does not already hold the cards of the
 * listed conditions (their affordability judged on each one's turn) is sent back, while the
 * game allows another mulligan and `max` (when given) is not reached.
 */
export type MulliganPolicy = { kind: 'keep' } | { kind: 'mulligan'; conditions: number[]; max?: number };

export interface OpeningSimulationInput {
  system: GameSystem;
  sections: Readonly<Record<string, readonly DeckEntry[]>>;
  /** The deck's cards by id (plain data: it crosses to a worker); ids missing here are skipped as the engine skips them. */
  cards: Readonly<Record<string, CardDocument>>;
  conditions: readonly OpeningCondition[];
  policy: MulliganPolicy;
  openings: number;
  seed: number;
  /** A game mode of the board (the deck's format's, else the first, when absent). */
  modeId?: string;
  /** The deck's format: picks the mode as the playtest does. */
  format?: string;
}

export interface ShareResult extends Interval {
  hits: number;
  /** hits / openings. */
  rate: number;
}

export interface ConditionResult extends ShareResult {
  label: string;
  /** Cards drawn from the draw pile by that turn without a mulligan; the expected count when a roll decides it. */
  seen: number;
  /** The same in words: "7", or "6–11" when a roll decides it. */
  seenText: string;
  /** Copies in the draw pile that count (for an affordable condition: at that turn's resource). */
  successes: number;
  /** Hypergeometric P(at least K of `successes` among the cards seen of `population`): plain draws, no mulligan (averaged over a roll). */
  exact: number;
}

export interface OpeningSimulationResult {
  openings: number;
  /** Cards in the draw pile. */
  population: number;
  conditions: ConditionResult[];
  /** Every condition at once (only meaningful with two or more). */
  all: ShareResult;
  /** mulligans[m] = openings that took m mulligans. */
  mulligans: number[];
  /**
   * Why the exact figure is not the simulated setup's own odds, or null when it is (the
   * simulated share should then fall within its interval about 95 % of the time).
   */
  exactCaveat: string | null;
}

/** What a reference game without mulligans tells about each turn: resources, and the cards seen as the board draws them. */
interface TurnFacts {
  seen: SeenCount[];
  resources: Record<string, number>;
}

export class OpeningSimulation {
  readonly openings: number;
  readonly #input: OpeningSimulationInput;
  readonly #system: GameSystem;
  readonly #deck: { sections: Record<string, DeckEntry[]>; format?: string };
  readonly #resolved: ResolvedCondition[];
  readonly #turns: number;
  readonly #facts: TurnFacts[];
  readonly #population: number;
  readonly #hits: number[];
  #allHits = 0;
  readonly #mulligans: number[] = [];
  #played = 0;
  /** Per condition, whether a card id passes its clauses (cards are few, openings many). */
  readonly #fits: Map<string, boolean>[];

  constructor(input: OpeningSimulationInput) {
    const openings = Math.floor(input.openings);
    if (!Number.isFinite(openings) || openings < 1 || openings > MAX_OPENINGS) {
      throw new PlaytestError(
        `Openings must be a whole number from 1 to ${MAX_OPENINGS.toLocaleString('en-US')}; got ${input.openings}.`,
      );
    }
    if (input.conditions.length === 0) throw new PlaytestError('Add a condition to simulate.');
    this.openings = openings;
    this.#input = input;
    this.#system = input.system;
    const board = this.board;
    this.#resolved = resolveConditions(input.system, board, input.conditions);
    if (input.policy.kind === 'mulligan') {
      const bad = input.policy.conditions.find((i) => !Number.isInteger(i) || i < 0 || i >= input.conditions.length);
      if (bad !== undefined) throw new PlaytestError(`The mulligan policy names condition ${bad + 1}, which does not exist.`);
    }
    this.#deck = { sections: copySections(input.sections), format: input.format };
    this.#population = (own(input.sections, board.deckSection) ?? []).reduce(
      (sum, entry) =>
        sum + (own(input.cards, entry.cardId) && Number.isFinite(entry.count) ? Math.max(0, Math.floor(entry.count)) : 0),
      0,
    );
    if (this.#population === 0) {
      const label = input.system.deck.sections.find((s) => s.id === board.deckSection)?.label ?? board.deckSection;
      throw new PlaytestError(`The deck's ${label} section holds no cards to deal.`);
    }
    this.#turns = Math.max(...input.conditions.map((c) => c.byTurn));
    this.#hits = input.conditions.map(() => 0);
    this.#fits = input.conditions.map(() => new Map());
    this.#facts = this.#referenceGame();
  }

  /** The board the engine plays for this deck (its mode's setup applied). */
  get board(): BoardSetup {
    const modes = this.#input.system.board.modes ?? [];
    const modeId = this.#input.modeId ?? (modes.some((m) => m.id === this.#input.format) ? this.#input.format : undefined);
    return boardOf(this.#input.system, modeId);
  }

  get played(): number {
    return this.#played;
  }

  get done(): boolean {
    return this.#played >= this.openings;
  }

  /** Plays up to `count` more openings. */
  step(count: number): void {
    const end = Math.min(this.openings, this.#played + Math.max(1, Math.floor(count)));
    for (; this.#played < end; this.#played++) this.#playOne(this.#played);
  }

  result(): OpeningSimulationResult {
    const n = this.#played;
    const share = (hits: number): ShareResult => ({ hits, rate: n > 0 ? hits / n : 0, ...wilsonInterval(hits, n) });
    const board = this.board;
    const conditions = this.#resolved.map((resolved, i): ConditionResult => {
      const { condition } = resolved;
      const facts = this.#facts[condition.byTurn - 1];
      const successes = this.#successes(resolved, facts);
      return {
        ...share(this.#hits[i]),
        label: describeCondition(this.#system, board, condition),
        seen: meanSeen(facts.seen),
        seenText: seenText(facts.seen),
        successes,
        exact: exactOddsOf(facts.seen, this.#population, successes, condition.atLeast),
      };
    });
    return {
      openings: n,
      population: this.#population,
      conditions,
      all: share(this.#allHits),
      mulligans: Array.from({ length: this.#mulligans.length }, (_, m) => this.#mulligans[m] ?? 0),
      exactCaveat: this.#exactCaveat(board),
    };
  }

  #exactCaveat(board: BoardSetup): string | null {
    if (board.openingHandMustInclude) {
      return `a hand without a ${board.openingHandMustInclude.label} is redrawn, which plain draws leave out`;
    }
    if (this.#input.policy.kind === 'mulligan' && board.mulligan !== 'none') return 'plain draws take no mulligan';
    return null;
  }

  /** Copies in the draw pile that count for a condition on its turn. */
  #successes(resolved: ResolvedCondition, facts: TurnFacts): number {
    let successes = 0;
    for (const entry of own(this.#deck.sections, this.board.deckSection) ?? []) {
      const doc = own(this.#input.cards, entry.cardId);
      if (!doc || !cardFits(resolved, doc)) continue;
      if (!costAtMost(resolved, doc, available(resolved, facts.resources))) continue;
      successes += Number.isFinite(entry.count) ? Math.max(0, Math.floor(entry.count)) : 0;
    }
    return successes;
  }

  #lookup = (cardId: string): CardDocument | undefined => own(this.#input.cards, cardId);

  #newGame(game: number): { state: PlaytestState; drawPile: string[] } {
    const seed = (this.#input.seed + Math.imul(game, 0x9e3779b1)) >>> 0;
    const state = createPlaytest(this.#system, this.#deck, this.#lookup, seed, this.#input.modeId);
    // The draw pile's copies: in the deck and the opening hand right after the deal.
    const drawPile = [...state.zones[zoneId(state, 'deck')], ...state.zones[zoneId(state, 'hand')]];
    return { state, drawPile };
  }

  /**
   * One game kept as dealt, played to the last turn: resources turn by turn; and the cards seen,
   * counted from its board (the leader's values resolved) as the draws are declared, so a roll's
   * every outcome counts, not the one this game threw.
   */
  #referenceGame(): TurnFacts[] {
    let state = this.#newGame(0).state;
    const seen = seenByTurn(state.board, this.#turns, this.#population);
    if (state.awaitingKeep) state = applyAction(state, { type: 'keep', bottom: [] });
    const facts: TurnFacts[] = [];
    for (let turn = 1; turn <= this.#turns; turn++) {
      state = meetTurn(turn > 1 ? playOutHandIfRefilling(state) : state, turn);
      facts.push({ seen: seen[turn - 1], resources: Object.fromEntries(state.resources.map((r) => [r.id, r.value])) });
    }
    return facts;
  }

  #fitsCard(index: number, state: PlaytestState, instanceId: string): boolean {
    const card = state.cards[instanceId];
    const cache = this.#fits[index];
    let fits = cache.get(card.cardId);
    if (fits === undefined) {
      fits = cardFits(this.#resolved[index], card.doc);
      cache.set(card.cardId, fits);
    }
    return fits;
  }

  /** Copies among `ids` that count for condition `index` with `resources` available. */
  #count(index: number, state: PlaytestState, ids: Iterable<string>, resources: Record<string, number>): number {
    const resolved = this.#resolved[index];
    const budget = available(resolved, resources);
    let count = 0;
    for (const id of ids) {
      if (this.#fitsCard(index, state, id) && costAtMost(resolved, state.cards[id].doc, budget)) count += 1;
    }
    return count;
  }

  /** The hand already holds what the policy's conditions ask (each judged at its own turn's resources). */
  #handMeetsPolicy(state: PlaytestState, policy: Extract<MulliganPolicy, { kind: 'mulligan' }>): boolean {
    const hand = state.zones[zoneId(state, 'hand')];
    return policy.conditions.every((i) => {
      const { condition } = this.#resolved[i];
      return this.#count(i, state, hand, this.#facts[condition.byTurn - 1].resources) >= condition.atLeast;
    });
  }

  #wantedByAny(state: PlaytestState, instanceId: string): boolean {
    return this.#resolved.some((_, i) => this.#fitsCard(i, state, instanceId));
  }

  #playOne(index: number): void {
    const game = this.#newGame(index);
    const drawPile = game.drawPile;
    let state = game.state;
    const policy = this.#input.policy;
    if (policy.kind === 'mulligan') {
      const max = policy.max ?? Infinity;
      while (state.awaitingKeep && state.mulligans < max && !this.#handMeetsPolicy(state, policy)) {
        try {
          state = applyAction(state, { type: 'mulligan' });
        } catch (error) {
          if (error instanceof PlaytestError) break; // the game allows no more: keep this hand
          throw error;
        }
      }
    }
    this.#mulligans[state.mulligans] = (this.#mulligans[state.mulligans] ?? 0) + 1;
    if (state.awaitingKeep) {
      // London: the cards no condition wants go to the bottom first.
      const hand = state.zones[zoneId(state, 'hand')];
      const unwanted = hand.filter((id) => !this.#wantedByAny(state, id));
      const wanted = hand.filter((id) => this.#wantedByAny(state, id));
      state = applyAction(state, { type: 'keep', bottom: [...unwanted, ...wanted].slice(0, cardsToBottom(state)) });
    }
    const met = this.#resolved.map(() => false);
    for (let turn = 1; turn <= this.#turns; turn++) {
      state = meetTurn(turn > 1 ? playOutHandIfRefilling(state) : state, turn);
      const deck = new Set(state.zones[zoneId(state, 'deck')]);
      const seen = drawPile.filter((id) => !deck.has(id));
      const resources = Object.fromEntries(state.resources.map((r) => [r.id, r.value]));
      this.#resolved.forEach(({ condition }, i) => {
        if (condition.byTurn === turn && this.#count(i, state, seen, resources) >= condition.atLeast) met[i] = true;
      });
    }
    met.forEach((hit, i) => {
      if (hit) this.#hits[i] += 1;
    });
    if (met.every(Boolean)) this.#allHits += 1;
  }
}

/** Runs a whole simulation at once (tests, the command line); the panel steps it in a worker. */
export function simulateOpenings(input: OpeningSimulationInput): OpeningSimulationResult {
  const simulation = new OpeningSimulation(input);
  simulation.step(simulation.openings);
  return simulation.result();
}

/** What the condition's resource holds (Infinity when it asks no cost). */
function available(resolved: ResolvedCondition, resources: Record<string, number>): number {
  const resource = resolved.condition.affordable?.resource;
  return resource === undefined ? Infinity : (own(resources, resource) ?? 0);
}

function zoneId(state: PlaytestState, kind: 'deck' | 'hand'): string {
  const zone = zoneOfKind(state.board, kind);
  if (!zone) throw new PlaytestError(`The board setup has no zone of kind "${kind}".`);
  return zone.id;
}

function copySections(sections: Readonly<Record<string, readonly DeckEntry[]>>): Record<string, DeckEntry[]> {
  const copy: Record<string, DeckEntry[]> = {};
  for (const [id, entries] of Object.entries(sections)) setOwn(copy, id, [...entries]);
  return copy;
}
