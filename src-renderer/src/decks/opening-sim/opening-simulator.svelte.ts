// The "Simulate openings" dialog's state: conditions built from the game's fields (card type,
// enums, numbers, yes/no, name), each "at least K by turn N", optionally "costing no more than a
// resource holds then"; the mulligan policy; how many openings and the seed. `run` hands plain
// data to a runner (a Web Worker in the app) and follows its progress; a changed deck or
// condition marks the last result stale.

import type { CardMatch, DeckEntry } from '../../../../card-schema/deck/format';
import { turnDrawText } from '../../../../card-schema/deck/draw-model';
import { boardOf } from '../../../../card-schema/deck/odds';
import { own } from '../../../../card-schema/own-keys';
import { describeMulligan } from '../../../../card-schema/playtest/describe-board';
import type { BoardSetup, ResourceDef } from '../../../../card-schema/playtest/format';
import {
  DEFAULT_OPENINGS,
  type MulliganPolicy,
  type OpeningSimulationInput,
  type OpeningSimulationResult,
} from '../../../../card-schema/playtest/simulate';
import {
  conditionFields,
  costFields,
  describeCondition,
  MAX_CONDITION_TURN,
  resolveConditions,
  type OpeningCondition,
} from '../../../../card-schema/playtest/simulate-conditions';
import type { SearchField } from '../../../../card-schema/search/fields';
import type { FieldOp } from '../../../../card-schema/search/query';
import type { CardDocument } from '../../../../card-schema/system/format';
import type { DeckInputs } from '../deck-stats.svelte';
import { defaultRunner, type SimulationRun, type SimulationRunner } from './opening-sim-runner';

export const OPENING_CHOICES = [1_000, 10_000, 50_000] as const;
export const DEFAULT_SEED = 20_261_127;
export { MAX_CONDITION_TURN };

export interface ClauseDraft {
  field: string;
  op: FieldOp;
  value: string;
}

export interface ConditionDraft {
  clauses: ClauseDraft[];
  atLeast: number;
  byTurn: number;
  /** Also require the card's cost to be at most what `resource` holds on `byTurn`. */
  affordable: boolean;
  costField: string;
  resource: string;
}

/** Operators offered per field kind, in the search language's spelling. */
const OPS: Record<SearchField['kind'], FieldOp[]> = {
  enum: ['=', '!='],
  boolean: ['='],
  number: ['<=', '>=', '=', '<', '>'],
  text: [':'],
};

export const OP_LABELS: Record<FieldOp, string> = {
  ':': 'contains',
  '=': 'is',
  '!=': 'is not',
  '<': '<',
  '<=': '≤',
  '>': '>',
  '>=': '≥',
};

export type RunStatus = 'idle' | 'running' | 'done' | 'failed';

export class OpeningSimulatorModel {
  readonly #inputs: () => DeckInputs;
  readonly #runner: SimulationRunner;
  conditions: ConditionDraft[] = $state([]);
  policy: 'keep' | 'mulligan' = $state('keep');
  /** Conditions (indexes) a kept hand must already meet under the mulligan policy; empty = all. */
  mulliganFor: number[] = $state([]);
  /** Mulligans taken at most; null = as many as the game allows. */
  maxMulligans: number | null = $state(null);
  openings: number = $state(DEFAULT_OPENINGS);
  seed: number = $state(DEFAULT_SEED);
  status: RunStatus = $state('idle');
  played = $state(0);
  total = $state(0);
  result: OpeningSimulationResult | null = $state.raw(null);
  error = $state('');
  #ranFor = $state('');
  #run: SimulationRun | null = null;
  /** Counts runs: callbacks of a run cancelled or replaced meanwhile are ignored. */
  #runId = 0;

  constructor(inputs: () => DeckInputs, runner: SimulationRunner = defaultRunner()) {
    this.#inputs = inputs;
    this.#runner = runner;
    this.conditions = [this.#firstCondition()];
    this.policy = this.board.mulligan === 'none' ? 'keep' : 'mulligan';
  }

  get system() {
    return this.#inputs().system;
  }

  readonly board: BoardSetup = $derived.by(() => boardOf(this.#inputs().system));

  readonly fields: SearchField[] = $derived.by(() => conditionFields(this.#inputs().system));
  readonly costFieldChoices: SearchField[] = $derived.by(() => costFields(this.#inputs().system));

  get resources(): ResourceDef[] {
    return this.board.resources;
  }

  get canMulligan(): boolean {
    return this.board.mulligan !== 'none';
  }

  fieldOf(key: string): SearchField | undefined {
    return this.fields.find((field) => field.key === key);
  }

  opsFor(key: string): FieldOp[] {
    const field = this.fieldOf(key);
    return field ? OPS[field.kind] : ['='];
  }

  /** Values to pick from (enums, yes/no); empty for numbers and names, which are typed. */
  choicesFor(key: string): { value: string; label: string }[] {
    const field = this.fieldOf(key);
    if (!field) return [];
    if (field.kind === 'boolean')
      return [
        { value: 'yes', label: 'yes' },
        { value: 'no', label: 'no' },
      ];
    return field.choices.map((choice) => ({ value: String(choice.value), label: choice.label }));
  }

  addCondition(): void {
    this.conditions.push(this.#firstCondition());
  }

  removeCondition(index: number): void {
    this.conditions.splice(index, 1);
    this.mulliganFor = this.mulliganFor.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i));
  }

  addClause(index: number): void {
    const field = this.fields.find((f) => f.kind === 'number') ?? this.fields[0];
    this.conditions[index].clauses.push(this.#clauseFor(field));
  }

  removeClause(index: number, clause: number): void {
    this.conditions[index].clauses.splice(clause, 1);
  }

  /** A new field for a clause: its first operator and value come with it. */
  setClauseField(index: number, clause: number, key: string): void {
    const field = this.fieldOf(key);
    if (field) this.conditions[index].clauses[clause] = this.#clauseFor(field);
  }

  #clauseFor(field: SearchField): ClauseDraft {
    const op = OPS[field.kind][0];
    const value =
      field.kind === 'number'
        ? '2'
        : field.kind === 'boolean'
          ? 'yes'
          : field.kind === 'text'
            ? ''
            : String(field.choices[0]?.value ?? '');
    return { field: field.key, op, value };
  }

  /** The game's must-include card when it has one (a basic miscrit), else a card of the draw pile's first type. */
  #firstCondition(): ConditionDraft {
    const board = this.board;
    const system = this.#inputs().system;
    const fromMatch = board.openingHandMustInclude ? clausesOf(board.openingHandMustInclude.match) : null;
    const section = system.deck.sections.find((s) => s.id === board.deckSection);
    const type = section?.types[0] ?? system.cardTypes[0]?.id;
    const clauses = fromMatch ?? (type ? [{ field: 'type', op: '=' as const, value: type }] : []);
    const resource = board.resources[0]?.id ?? '';
    const costField = system.deck.builder?.costField ?? this.costFieldChoices[0]?.key ?? '';
    return { clauses, atLeast: 1, byTurn: 1, affordable: false, costField, resource };
  }

  get canAfford(): boolean {
    return this.resources.length > 0 && this.costFieldChoices.length > 0;
  }

  /** The conditions as the simulator reads them. */
  readonly plainConditions: OpeningCondition[] = $derived.by(() =>
    this.conditions.map((draft) => ({
      clauses: draft.clauses.map((c) => ({ field: c.field, op: c.op, value: c.value })),
      atLeast: draft.atLeast,
      byTurn: draft.byTurn,
      ...(draft.affordable ? { affordable: { costField: draft.costField, resource: draft.resource } } : {}),
    })),
  );

  readonly mulliganPolicy: MulliganPolicy = $derived.by(() => {
    if (this.policy === 'keep' || !this.canMulligan) return { kind: 'keep' };
    const conditions = this.mulliganFor.length > 0 ? [...this.mulliganFor] : this.conditions.map((_, i) => i);
    return this.maxMulligans === null
      ? { kind: 'mulligan', conditions }
      : { kind: 'mulligan', conditions, max: this.maxMulligans };
  });

  /** What is wrong with the conditions as built (checked before every run), or ''. */
  get problem(): string {
    if (this.conditions.length === 0) return 'Add a condition to simulate.';
    try {
      resolveConditions(this.system, this.board, this.plainConditions);
      return '';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  labelOf(index: number): string {
    const condition = this.plainConditions[index];
    return condition ? describeCondition(this.system, this.board, condition) : '';
  }

  /** Everything a result depends on; a change after a run makes it stale. */
  readonly key: string = $derived.by(() => {
    const { system, sections } = this.#inputs();
    return JSON.stringify([system.id, sections, this.plainConditions, this.mulliganPolicy, this.openings, this.seed]);
  });

  get stale(): boolean {
    return this.result !== null && this.#ranFor !== this.key;
  }

  #input(): OpeningSimulationInput {
    const { system, sections, cards } = this.#inputs();
    const plainSections: Record<string, DeckEntry[]> = $state.snapshot(sections);
    const docs: Record<string, CardDocument> = {};
    for (const entries of Object.values(plainSections)) {
      for (const entry of entries) {
        const doc = cards.get(entry.cardId)?.doc;
        if (doc && !own(docs, entry.cardId))
          Object.defineProperty(docs, entry.cardId, {
            value: $state.snapshot(doc),
            enumerable: true,
            writable: true,
            configurable: true,
          });
      }
    }
    return {
      system: $state.snapshot(system) as typeof system,
      sections: plainSections,
      cards: docs,
      conditions: $state.snapshot(this.plainConditions),
      policy: $state.snapshot(this.mulliganPolicy),
      openings: this.openings,
      seed: this.seed,
    };
  }

  /** Starts a run (dropping one still going); problems with the conditions stop it with their message. */
  run(): void {
    this.cancel();
    const problem = this.problem;
    if (problem) {
      this.status = 'failed';
      this.error = problem;
      return;
    }
    const key = this.key;
    const id = ++this.#runId;
    this.status = 'running';
    this.error = '';
    this.played = 0;
    this.total = this.openings;
    const run = this.#runner(this.#input(), {
      progress: (played, openings) => {
        if (this.#runId !== id) return;
        this.played = played;
        this.total = openings;
      },
      done: (result) => {
        if (this.#runId !== id) return;
        this.result = result;
        this.#ranFor = key;
        this.status = 'done';
        this.#run = null;
      },
      failed: (message) => {
        if (this.#runId !== id) return;
        this.error = message;
        this.status = 'failed';
        this.#run = null;
      },
    });
    // A runner may finish before returning (a synchronous one): then there is nothing to track.
    if (this.#runId === id && this.status === 'running') this.#run = run;
  }

  cancel(): void {
    this.#runId += 1;
    if (!this.#run) return;
    this.#run.cancel();
    this.#run = null;
    this.status = this.result ? 'done' : 'idle';
  }

  get progress(): number {
    return this.total > 0 ? this.played / this.total : 0;
  }

  /** The setup the openings follow, in a sentence: "Opening hand 7; 1 draw per turn; London mulligan (…)." */
  get setupSummary(): string {
    const board = this.board;
    const must = board.openingHandMustInclude ? `, redrawn without a ${board.openingHandMustInclude.label}` : '';
    const perTurn = turnDrawText(boardOf(this.#inputs().system));
    const draws =
      board.drawUpTo !== undefined
        ? `refill to ${board.drawUpTo} each turn`
        : /^\d+$/.test(perTurn)
          ? `${perTurn} draw${perTurn === '1' ? '' : 's'} per turn`
          : `draws ${perTurn} per turn`;
    return `Opening hand ${board.openingHand}${must}; ${draws}; ${describeMulligan(board)}.`;
  }
}

/** A CardMatch as clauses, when it is one type and plain field values (else null). */
function clausesOf(match: CardMatch): ClauseDraft[] | null {
  if (match.names || (match.types && match.types.length > 1)) return null;
  const clauses: ClauseDraft[] = match.types ? [{ field: 'type', op: '=', value: match.types[0] }] : [];
  for (const condition of match.where ?? []) {
    if (condition.equals === undefined || condition.in !== undefined || condition.exists !== undefined) return null;
    clauses.push({ field: condition.field, op: '=', value: String(condition.equals) });
  }
  return clauses;
}
