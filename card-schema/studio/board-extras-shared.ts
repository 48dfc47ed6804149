// What the studio's edits of the board's further parts (counters, turn rules, tokens, buying,
// tallies, goals, modes, phase steps) share: writing the board, the ids they may name, checks of
// a board value and of a card match as the loader makes them, so a form never writes what the
// game-system loader would refuse.
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { FIELD_NAME, isObject, withSystem, type GameFileMap, type Json } from './game-files';
import { boardOf, type Value } from './board-edits';
import { deckContextOf, matchProblem } from './deck-rule-problems';
import { list, withoutKey } from './play-edit-shared';

export function withBoard(files: GameFileMap, change: (board: Json) => Json): GameFileMap {
  return withSystem(files, (system) => ({ ...system, board: change(isObject(system.board) ? system.board : {}) }));
}

/** The ids (and names) of the board's zones, resources and counters, for choices and checks. */
export interface BoardNames {
  zones: { id: string; label: string }[];
  resources: { id: string; label: string }[];
  counters: { id: string; label: string }[];
  /** Card types and fields, as a card match and a field choice may name them. */
  types: { id: string; label: string }[];
  fields: string[];
  hasLeader: boolean;
}

const named = (items: Json[]) => items.map((item) => ({ id: String(item.id ?? ''), label: String(item.label ?? item.id ?? '') }));

export function boardNames(files: GameFileMap): BoardNames {
  const board = boardOf(files);
  const context = deckContextOf(files);
  // A mode may bring resources of its own (OSMCG's Victory Points): steps and goals may name them.
  const resources = named(list(board.resources));
  for (const mode of list(board.modes)) {
    const setup = isObject(mode.setup) ? mode.setup : {};
    for (const resource of named(list(setup.resources)))
      if (!resources.some((r) => r.id === resource.id)) resources.push(resource);
  }
  return {
    zones: named(list(board.zones)),
    resources,
    counters: named(list(board.counters)),
    types: context.types,
    fields: context.fields,
    hasLeader: typeof board.leaderSection === 'string' && board.leaderSection !== '',
  };
}

/**
 * Why a board value cannot be written (undefined when it can): a number (whole and at least 0 when
 * `whole`), or a number field of the leader card, which needs a leader and a field that exists.
 */
export function boardValueProblem(names: BoardNames, value: Value, what: string, whole: boolean): string | undefined {
  if (typeof value === 'object') {
    const field = value.leaderField;
    if (!FIELD_NAME.test(field)) return `${what}: name a number field of the leader card.`;
    if (!names.hasLeader) return `${what} reads the leader card, but the board has no leader section: choose one first.`;
    if (!names.fields.includes(field)) return `${what}: no card type has a field “${field}”.`;
    return undefined;
  }
  if (!Number.isFinite(value)) return `${what} must be a number.`;
  if (whole && !(Number.isInteger(value) && value >= 0)) return `${what} must be a whole number of at least 0.`;
  return undefined;
}

/** A whole number of at least `min` (undefined when it is one). */
export const wholeProblem = (value: number, what: string, min = 0): string | undefined =>
  Number.isInteger(value) && value >= min ? undefined : `${what} must be a whole number of at least ${min}.`;

/** The cards a form picks by card type and exact name; conditions on fields are kept as they are. */
export interface MatchInput {
  types: string[];
  names: string[];
}

/**
 * The card match `input` makes of `current` (its `where` kept), or why it cannot be written.
 * `empty` says whether a match of every card is allowed ({} then); otherwise it is refused.
 */
export function matchFrom(
  files: GameFileMap,
  current: unknown,
  input: MatchInput,
  empty: string | undefined,
): { match: Json } | { problem: string } {
  const base: Json = isObject(current) ? withoutKey(withoutKey(current, 'types'), 'names') : {};
  const names = [...new Set(input.names.map((name) => name.trim()).filter((name) => name !== ''))];
  const match: Json = {
    ...(input.types.length > 0 ? { types: [...new Set(input.types)] } : {}),
    ...(names.length > 0 ? { names } : {}),
    ...base,
  };
  if (Object.keys(match).length === 0 && empty !== undefined) return { problem: empty };
  const problem = matchProblem(match, deckContextOf(files));
  return problem ? { problem } : { match };
}

/** A card match's types and names, for the form (anything else in it is kept by `matchFrom`). */
export function matchInputOf(match: unknown): MatchInput & { more: boolean } {
  const m = isObject(match) ? match : {};
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  return { types: strings(m.types), names: strings(m.names), more: m.where !== undefined };
}

/** Every phase list of the board: its own, then each mode's (a mode may replace the phases). */
export function phaseLists(board: Json): unknown[][] {
  const lists: unknown[][] = [];
  if (Array.isArray(board.phases)) lists.push(board.phases as unknown[]);
  for (const mode of list(board.modes)) {
    if (isObject(mode.setup) && Array.isArray(mode.setup.phases)) lists.push(mode.setup.phases as unknown[]);
  }
  return lists;
}

/** Every bookkeeping step of every phase (the board's and the modes'), with its phase's name. */
export function allSteps(board: Json): { step: Json; phase: string }[] {
  return phaseLists(board).flatMap((phases) =>
    phases
      .filter(isObject)
      .flatMap((phase) =>
        [...list(phase.steps), ...list(phase.atEnd)].map((step) => ({ step, phase: String(phase.label ?? phase.id) })),
      ),
  );
}
