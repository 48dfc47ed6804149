// The draw odds panel's state: what is wanted (one card with all its copies, or any card of a
// type and cost range), how many of them (k) and by which turn. The exact value follows every
// change at once; the simulation under the game's mulligan and draw rules is heavier, so the
// panel runs it a moment after the inputs settle and marks it stale meanwhile.

import { seenByTurn, seenText, turnDrawText, type SeenCount } from '../../../card-schema/deck/draw-model';
import {
  boardOf,
  drawPileCounts,
  exactOddsByTurn,
  OddsSimulation,
  type OddsTarget,
  type SimulationResult,
} from '../../../card-schema/deck/odds';
import { describeMulligan } from '../../../card-schema/playtest/describe-board';
import type { PlayBoard } from '../../../card-schema/playtest/format';
import { leaderCard } from '../../../card-schema/playtest/play-board';
import { own } from '../../../card-schema/own-keys';
import type { DeckInputs } from './deck-stats.svelte';
import { userMessage } from '../lib/user-message';

/** Games simulated per run: ±2 percentage points (95%) at worst. */
export const SIMULATED_GAMES = 2000;
/** Games per step: a step stays a few tens of milliseconds, so typing and clicking stay smooth. */
const GAMES_PER_STEP = 100;
export const MAX_TURNS = 10;
const SEED = 20_261_123;

export interface CardChoice {
  cardId: string;
  name: string;
  copies: number;
}

export class DeckOddsModel {
  readonly #inputs: () => DeckInputs;
  targetKind: 'card' | 'match' = $state('card');
  /** The card whose odds are shown ('' = the first card of the draw pile). */
  cardId = $state('');
  /** Filter target: a card type id ('' = any type) and a cost range (null = open). */
  filterType = $state('');
  costMin: number | null = $state(null);
  costMax: number | null = $state(null);
  k = $state(1);
  turn = $state(3);
  /** Mulligans the simulated player takes looking for the card; null = as many as the rules allow. */
  maxMulligans: number | null = $state(null);
  /** The last simulation and the inputs it was run for. */
  simulated: SimulationResult | null = $state.raw(null);
  /** Why the game's board could not be simulated (a hand-made game without a hand zone, say). */
  simulationError = $state('');
  #simulatedFor = $state('');

  constructor(inputs: () => DeckInputs) {
    this.#inputs = inputs;
  }

  /** The game's setup as this deck plays it: values read from its leader card resolved. */
  readonly board: PlayBoard = $derived.by(() => {
    const { system, sections, cards } = this.#inputs();
    return boardOf(
      system,
      undefined,
      leaderCard(system.board, sections, (id) => cards.get(id)?.doc),
    );
  });

  get costField(): string | undefined {
    return this.#inputs().system.deck.builder?.costField;
  }

  /** The draw pile's cards, by name, to pick from. */
  readonly cardChoices: CardChoice[] = $derived.by(() => {
    const { sections, cards } = this.#inputs();
    return (own(sections, this.board.deckSection) ?? [])
      .filter((entry) => cards.has(entry.cardId) && entry.count > 0)
      .map((entry) => ({ cardId: entry.cardId, name: cards.get(entry.cardId)!.doc.name, copies: entry.count }))
      .sort((a, b) => a.name.localeCompare(b.name));
  });

  /** Card types the draw pile takes, for the filter. */
  get typeChoices(): { id: string; label: string }[] {
    const system = this.#inputs().system;
    const section = system.deck.sections.find((s) => s.id === this.board.deckSection);
    return system.cardTypes.filter((t) => section?.types.includes(t.id)).map((t) => ({ id: t.id, label: t.label }));
  }

  /** The chosen card when it is not in the draw pile (a Hero, an extra deck's card): its odds are not drawn. */
  get cardOutsideDrawPile(): string | undefined {
    if (this.targetKind !== 'card' || !this.cardId || this.cardChoices.some((c) => c.cardId === this.cardId)) return undefined;
    return this.#inputs().cards.get(this.cardId)?.doc.name ?? this.cardId;
  }

  readonly target: OddsTarget | null = $derived.by(() => {
    if (this.targetKind === 'match') {
      const costField = this.costField;
      return {
        kind: 'match',
        match: this.filterType ? { types: [this.filterType] } : {},
        costField,
        costMin: costField !== undefined && this.costMin !== null ? this.costMin : undefined,
        costMax: costField !== undefined && this.costMax !== null ? this.costMax : undefined,
      };
    }
    const cardId = this.cardChoices.some((c) => c.cardId === this.cardId) ? this.cardId : this.cardChoices[0]?.cardId;
    return cardId ? { kind: 'card', cardId } : null;
  });

  /** What is wanted, for sentences: "Fire Bolt", "Creatures costing 1–2", "cards of any type". */
  get targetLabel(): string {
    const target = this.target;
    if (!target) return 'no card';
    if (target.kind === 'card') return this.cardChoices.find((c) => c.cardId === target.cardId)?.name ?? target.cardId;
    const type = this.typeChoices.find((t) => t.id === this.filterType);
    const what = type ? `${type.label}s` : 'cards of any type';
    const { costMin: low, costMax: high } = target;
    if (low === undefined && high === undefined) return what;
    const range =
      low === undefined ? `at most ${high}` : high === undefined ? `at least ${low}` : low === high ? `${low}` : `${low}–${high}`;
    return `${what} costing ${range}`;
  }

  readonly counts: { population: number; successes: number } = $derived.by(() => {
    const { sections, cards } = this.#inputs();
    if (!this.target) return { population: 0, successes: 0 };
    return drawPileCounts(this.board, sections, (id) => cards.get(id)?.doc, this.target);
  });

  /** Turns in the table: up to the chosen turn, at least 5 so the trend shows. */
  readonly turns: number = $derived(Math.min(MAX_TURNS, Math.max(5, this.turn)));

  readonly exact: number[] = $derived(
    exactOddsByTurn(this.board, this.counts.population, this.counts.successes, this.k, this.turns),
  );

  /** Cards seen by each turn as the game draws them (a distribution when a roll decides). */
  readonly #seen: SeenCount[][] = $derived(seenByTurn(this.board, MAX_TURNS, this.counts.population));

  /** "8", or "6–11" when a roll decides how many. */
  cardsSeen(turn: number): string {
    return seenText(this.#seen[turn - 1] ?? []);
  }

  /** Whether the exact figures average over a dice roll. */
  get drawIsRolled(): boolean {
    return this.#seen.some((counts) => counts.length > 1);
  }

  /** Everything the simulation depends on; a change makes the last result stale. */
  readonly simulationKey: string = $derived.by(() => {
    const { system, sections } = this.#inputs();
    const deck = own(sections, this.board.deckSection) ?? [];
    return JSON.stringify([system.id, this.target, this.k, this.turns, this.maxMulligans, deck]);
  });

  get simulationStale(): boolean {
    return this.#simulatedFor !== this.simulationKey;
  }

  #run = 0;

  /**
   * Plays SIMULATED_GAMES games under the game's rules, GAMES_PER_STEP at a time between
   * frames; a later call or `cancelSimulation` drops a run still going. `nextStep` schedules a
   * step (tests pass one that runs it at once).
   */
  startSimulation(nextStep: (step: () => void) => void = (step) => setTimeout(step, 0)): void {
    const run = ++this.#run;
    const key = this.simulationKey;
    const { system, sections, cards } = this.#inputs();
    const target = this.target;
    if (!target || this.counts.population === 0) {
      this.simulated = null;
      this.#simulatedFor = key;
      return;
    }
    const simulation = new OddsSimulation(system, sections, (id) => cards.get(id)?.doc, target, {
      k: this.k,
      turns: this.turns,
      trials: SIMULATED_GAMES,
      seed: SEED,
      maxMulligans: this.maxMulligans ?? undefined,
    });
    const step = () => {
      if (run !== this.#run) return;
      try {
        simulation.step(GAMES_PER_STEP);
      } catch (error) {
        this.simulated = null;
        this.simulationError = userMessage(error);
        this.#simulatedFor = key;
        return;
      }
      if (!simulation.done) return nextStep(step);
      this.simulated = simulation.result();
      this.simulationError = '';
      this.#simulatedFor = key;
    };
    step();
  }

  cancelSimulation(): void {
    this.#run += 1;
  }

  /** The game's opening and mulligan rules in a sentence, and the policy the simulation plays. */
  get rulesSummary(): string {
    const board = this.board;
    const draws =
      board.drawUpTo !== undefined && turnDrawText(board) === `refill to ${board.drawUpTo}`
        ? `then refill to ${board.drawUpTo} each turn (hand played out)`
        : `then ${turnDrawText(board)} per turn`;
    const firstTurn = board.firstTurn?.skipDraw ? ' from turn 2' : ' from turn 1';
    const mulligan = describeMulligan(board);
    const must = board.openingHandMustInclude ? `; a hand without a ${board.openingHandMustInclude.label} is redrawn` : '';
    const policy =
      board.mulligan === 'none' ? '' : ' Simulated play sends back every hand without a wanted card while a mulligan is allowed.';
    return `Opening hand ${board.openingHand}, ${draws}${firstTurn}; ${mulligan}${must}.${policy}`;
  }
}

/** 0.43352 → "43.4%"; certainties without decimals. */
export function percent(p: number): string {
  if (p >= 1) return '100%';
  if (p <= 0) return '0%';
  return `${(p * 100).toFixed(1)}%`;
}
