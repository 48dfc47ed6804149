// What the opening simulator asks of a game: "at least K cards matching X by turn N", where X
// is a list of field clauses of the library's search language (type = creature, stage = basic,
// cost <= 2) and, optionally, "costing no more than a resource holds on that turn" (a creature
// deployable by turn 2). Clauses are resolved with the search's own field resolution, so every
// field a game's schemas declare can be asked about and nothing game-specific is written here.

import { findFields, searchableFields, type SearchField } from '../search/fields';
import { cardTestsHold, fieldTestHolds } from '../search/field-tests';
import type { CardTest, FieldOp, FieldPath } from '../search/query';
import { resolveFieldClause } from '../search/resolve-field';
import type { CardDocument, GameSystem } from '../system/format';
import type { BoardSetup } from './format';

/** The latest turn a condition may name (each turn is played by the engine, game after game). */
export const MAX_CONDITION_TURN = 20;
/** The most cards a condition may ask for. */
export const MAX_AT_LEAST = 60;

/** One field clause as the search box would read `field op value`. */
export interface CardClause {
  field: string;
  op: FieldOp;
  value: string;
}

export interface OpeningCondition {
  /** Every clause must hold for a card to count; no clauses: any card of the draw pile. */
  clauses: CardClause[];
  /** How many such cards must have been drawn (kept in hand or played). */
  atLeast: number;
  /** By the end of this turn's draw (1 = the kept opening hand). */
  byTurn: number;
  /** The card's cost (a number field) must also be at most what the resource holds on `byTurn`. */
  affordable?: { costField: string; resource: string };
}

/** A condition ready to test cards with. */
export interface ResolvedCondition {
  condition: OpeningCondition;
  tests: CardTest[];
  /** Where the cost is read, when the condition asks for affordable cards. */
  costPaths?: readonly FieldPath[];
}

export class ConditionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConditionError';
  }
}

/** Fields a condition can name: the game's enum, number and yes/no fields plus the card type. */
export function conditionFields(system: GameSystem): SearchField[] {
  // One per key: a clause names a field by key, which reads the shallowest (the list's order).
  const seen = new Set<string>();
  return searchableFields(system).filter((field) => {
    const usable =
      (field.builtIn === undefined || field.builtIn === 'type' || field.builtIn === 'name') &&
      (field.kind === 'enum' || field.kind === 'number' || field.kind === 'boolean' || field.builtIn === 'name');
    if (!usable || seen.has(field.key)) return false;
    seen.add(field.key);
    return true;
  });
}

/** The number fields that can serve as a cost. */
export function costFields(system: GameSystem): SearchField[] {
  return conditionFields(system).filter((field) => field.kind === 'number' && field.depth === 1);
}

/**
 * Resolves every condition against the game's fields and board; throws ConditionError naming
 * the condition (1-based, as the panel lists them) and what is wrong with it.
 */
export function resolveConditions(
  system: GameSystem,
  board: BoardSetup,
  conditions: readonly OpeningCondition[],
): ResolvedCondition[] {
  const fields = searchableFields(system);
  return conditions.map((condition, index) => {
    const where = `Condition ${index + 1}`;
    if (!Number.isInteger(condition.atLeast) || condition.atLeast < 1 || condition.atLeast > MAX_AT_LEAST) {
      throw new ConditionError(
        `${where}: "at least" must be a whole number from 1 to ${MAX_AT_LEAST}; got ${condition.atLeast}.`,
      );
    }
    if (!Number.isInteger(condition.byTurn) || condition.byTurn < 1 || condition.byTurn > MAX_CONDITION_TURN) {
      throw new ConditionError(
        `${where}: the turn must be a whole number from 1 to ${MAX_CONDITION_TURN}; got ${condition.byTurn}.`,
      );
    }
    const tests = condition.clauses.map((clause) => {
      const typed = `${clause.field} ${clause.op} ${clause.value}`;
      const outcome = resolveFieldClause(fields, { kind: 'field', ...clause, quoted: true, negated: false, start: 0, end: 0 });
      if (outcome.kind === 'missing') throw new ConditionError(`${where}: ${system.name} cards have no field "${clause.field}".`);
      if (outcome.kind === 'problem') throw new ConditionError(`${where} (${typed}): ${outcome.message}.`);
      if (outcome.unmatched) throw new ConditionError(`${where}: ${outcome.unmatched}.`);
      return outcome.test;
    });
    if (!condition.affordable) return { condition, tests };
    const { costField, resource } = condition.affordable;
    const cost = findFields(fields, costField).filter((field) => field.kind === 'number');
    if (cost.length === 0) throw new ConditionError(`${where}: "${costField}" is not a number field of ${system.name} cards.`);
    if (!board.resources.some((candidate) => candidate.id === resource)) {
      const known = board.resources.map((candidate) => candidate.id).join(', ') || 'none';
      throw new ConditionError(`${where}: no resource "${resource}" on the ${system.name} board (resources: ${known}).`);
    }
    return { condition, tests, costPaths: cost.flatMap((field) => field.paths) };
  });
}

/** Whether a card passes the condition's field clauses (affordability is judged per turn). */
export function cardFits(resolved: ResolvedCondition, doc: CardDocument): boolean {
  return cardTestsHold(doc, resolved.tests);
}

/** Whether a card's cost is at most `available`; a card without a cost is not affordable. */
export function costAtMost(resolved: ResolvedCondition, doc: CardDocument, available: number): boolean {
  if (!resolved.costPaths) return true;
  return fieldTestHolds(doc, { kind: 'compare', paths: resolved.costPaths, op: '<=', value: available });
}

const OP_WORDS: Record<FieldOp, string> = { ':': 'is', '=': 'is', '!=': 'is not', '<': '<', '<=': '≤', '>': '>', '>=': '≥' };

/** "at least 1 card (Card type is Creature, cost ≤ Mana) by turn 2", with the game's labels. */
export function describeCondition(system: GameSystem, board: BoardSetup, condition: OpeningCondition): string {
  const fields = searchableFields(system);
  const clauses = condition.clauses.map((clause) => {
    const field = findFields(fields, clause.field)[0];
    const choice = field?.choices.find((c) => String(c.value).toLowerCase() === clause.value.trim().toLowerCase());
    return `${field?.label ?? clause.field} ${OP_WORDS[clause.op]} ${choice?.label ?? clause.value}`;
  });
  if (condition.affordable) {
    const cost = findFields(fields, condition.affordable.costField)[0]?.label ?? condition.affordable.costField;
    const resource = board.resources.find((r) => r.id === condition.affordable?.resource)?.label ?? condition.affordable.resource;
    clauses.push(`${cost} ≤ ${resource}`);
  }
  const cards = condition.atLeast === 1 ? 'card' : 'cards';
  const what = clauses.length > 0 ? `${cards} (${clauses.join(', ')})` : cards;
  return `at least ${condition.atLeast} ${what} by turn ${condition.byTurn}`;
}
