// The studio's edits of the board's counters, turn rules (draw up to, turn 1, an empty deck, a
// card the opening hand must hold), tokens and buying. Each edit checks its input as the
// game-system loader would and either returns the next files or refuses with one sentence at
// the field it concerns; `boardExtrasProblems` lists what is wrong with these parts as written.
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { isObject, type GameFileMap, type Json } from './game-files';
import { boardOf, type Value } from './board-edits';
import {
  allSteps,
  boardNames,
  boardValueProblem,
  matchFrom,
  wholeProblem,
  withBoard,
  type MatchInput,
} from './board-extras-shared';
import { done, idProblem, list, refuse, withoutKey, type EditResult, type PlayProblem } from './play-edit-shared';

export const EMPTY_DECK = ['reshuffle-discard', 'cannot-draw'] as const;
export type EmptyDeck = (typeof EMPTY_DECK)[number];

// ---- Counters -------------------------------------------------------------------------------

export function addCounter(files: GameFileMap, counter: { id: string; label: string }): EditResult {
  const counters = list(boardOf(files).counters);
  const problem = idProblem(
    counter.id,
    counters.map((c) => c.id),
    'counter',
  );
  if (problem) return refuse('counter-id', problem);
  const label = counter.label.trim();
  if (label === '') return refuse('counter-label', 'Give the counter a name players see.');
  return done(withBoard(files, (board) => ({ ...board, counters: [...list(board.counters), { id: counter.id, label }] })));
}

export function setCounterLabel(files: GameFileMap, id: string, label: string): EditResult {
  const name = label.trim();
  if (!list(boardOf(files).counters).some((c) => c.id === id)) return refuse(`counter:${id}`, `The game has no counter “${id}”.`);
  if (name === '') return refuse(`counter:${id}:label`, 'Give the counter a name players see.');
  return done(
    withBoard(files, (board) => ({
      ...board,
      counters: list(board.counters).map((c) => (c.id === id ? { ...c, label: name } : c)),
    })),
  );
}

/** Removes a counter kind unless a phase's step changes it (or adds it to another); the last one takes the list. */
export function removeCounter(files: GameFileMap, id: string): EditResult {
  const board = boardOf(files);
  const user = allSteps(board).find(({ step }) => step.counter === id || (isObject(step.addPer) && id in step.addPer));
  if (user) return refuse(`counter:${id}`, `The phase “${user.phase}” changes this counter: change that first.`);
  return done(
    withBoard(files, (b) => {
      const counters = list(b.counters).filter((c) => c.id !== id);
      return counters.length > 0 ? { ...b, counters } : withoutKey(b, 'counters');
    }),
  );
}

// ---- Turn rules -----------------------------------------------------------------------------

/** Draw until the hand holds this many each new turn (instead of the cards drawn per turn); undefined: off. */
export function setDrawUpTo(files: GameFileMap, value: Value | undefined): EditResult {
  if (value === undefined) return done(withBoard(files, (board) => withoutKey(board, 'drawUpTo')));
  const problem = boardValueProblem(boardNames(files), value, 'Draw up to', true);
  if (problem) return refuse('drawUpTo', problem);
  return done(withBoard(files, (board) => ({ ...board, drawUpTo: value })));
}

function withFirstTurn(files: GameFileMap, change: (firstTurn: Json) => Json): GameFileMap {
  return withBoard(files, (board) => {
    const next = change(isObject(board.firstTurn) ? board.firstTurn : {});
    if (isObject(next.resources) && Object.keys(next.resources).length === 0) delete next.resources;
    return Object.keys(next).length > 0 ? { ...board, firstTurn: next } : withoutKey(board, 'firstTurn');
  });
}

/** Whether the player going first skips the draw on turn 1. */
export function setFirstTurnSkipDraw(files: GameFileMap, skip: boolean): EditResult {
  return done(withFirstTurn(files, (turn) => (skip ? { ...turn, skipDraw: true } : withoutKey(turn, 'skipDraw'))));
}

/** A resource's value on turn 1 instead of its start (undefined: its start). */
export function setFirstTurnResource(files: GameFileMap, id: string, value: Value | undefined): EditResult {
  const field = `firstTurn:resource:${id}`;
  if (!list(boardOf(files).resources).some((r) => r.id === id)) return refuse(field, `The board has no resource “${id}”.`);
  if (value !== undefined) {
    const problem = boardValueProblem(boardNames(files), value, 'Its value on turn 1', false);
    if (problem) return refuse(field, problem);
  }
  return done(
    withFirstTurn(files, (turn) => {
      const resources: Json = isObject(turn.resources) ? { ...turn.resources } : {};
      if (value === undefined) delete resources[id];
      else resources[id] = value;
      return { ...turn, resources };
    }),
  );
}

export function setEmptyDeck(files: GameFileMap, kind: EmptyDeck): EditResult {
  if (!EMPTY_DECK.includes(kind))
    return refuse('emptyDeck', `“${String(kind)}” is no rule for an empty deck: reshuffle the discard or cannot draw.`);
  return done(withBoard(files, (board) => ({ ...board, emptyDeck: kind })));
}

/**
 * The card the opening hand must hold (else it is shuffled back and redrawn): a name for it and
 * the card types or names it is; field conditions already in the match are kept. null: no such rule.
 */
export function setOpeningHandMustInclude(files: GameFileMap, input: (MatchInput & { label: string }) | null): EditResult {
  if (input === null) return done(withBoard(files, (board) => withoutKey(board, 'openingHandMustInclude')));
  const label = input.label.trim();
  if (label === '') return refuse('mustInclude:label', 'Say what card it is in words (“basic miscrit”).');
  const current = boardOf(files).openingHandMustInclude;
  const made = matchFrom(
    files,
    isObject(current) ? current.match : undefined,
    input,
    'Pick the card types or names the opening hand must hold.',
  );
  if ('problem' in made) return refuse('mustInclude:match', made.problem);
  const rest = isObject(current) ? current : {};
  return done(withBoard(files, (board) => ({ ...board, openingHandMustInclude: { ...rest, match: made.match, label } })));
}

// ---- Tokens and buying ----------------------------------------------------------------------

/** Which library cards are tokens (by card type or name; field conditions kept); null: none. */
export function setTokens(files: GameFileMap, input: MatchInput | null): EditResult {
  if (input === null) return done(withBoard(files, (board) => withoutKey(board, 'tokens')));
  const current = boardOf(files).tokens;
  const made = matchFrom(
    files,
    isObject(current) ? current.match : undefined,
    input,
    'Pick the card types or names that are tokens.',
  );
  if ('problem' in made) return refuse('tokens', made.problem);
  return done(withBoard(files, (board) => ({ ...board, tokens: { match: made.match } })));
}

export interface BuyInput {
  from: string;
  to: string;
  costField: string;
  resource: string;
  /** Buys per turn; undefined: 1 (the key is left out). */
  perTurn?: number;
}

/** Buying from a store onto a pile, with its first choices (the first zones, field and resource there are). */
export function startBuying(files: GameFileMap): EditResult {
  const names = boardNames(files);
  if (names.resources.length === 0) return refuse('buy', 'Add a resource to pay with first.');
  const other = names.zones.find((z) => !['deck', 'hand'].includes(kindOf(files, z.id))) ?? names.zones[0];
  const discard = names.zones.find((z) => kindOf(files, z.id) === 'discard') ?? names.zones[0];
  const field = names.fields.find((f) => /cost/i.test(f)) ?? names.fields.find((f) => f !== 'name' && f !== 'type');
  if (!other || !discard || !field) return refuse('buy', 'The game needs zones and a card field holding the cost first.');
  return setBuy(files, { from: other.id, to: discard.id, costField: field, resource: names.resources[0].id });
}

const kindOf = (files: GameFileMap, zone: string): string =>
  String(list(boardOf(files).zones).find((z) => z.id === zone)?.kind ?? '');

/** Sets buying as a whole (each choice checked); null: no buying. */
export function setBuy(files: GameFileMap, input: BuyInput | null): EditResult {
  if (input === null) return done(withBoard(files, (board) => withoutKey(board, 'buy')));
  const names = boardNames(files);
  const zoneIds = names.zones.map((z) => z.id);
  if (!zoneIds.includes(input.from)) return refuse('buy:from', `The board has no zone “${input.from}”.`);
  if (!zoneIds.includes(input.to)) return refuse('buy:to', `The board has no zone “${input.to}”.`);
  if (input.from === input.to) return refuse('buy:to', 'A bought card goes to another zone than the store.');
  if (!names.fields.includes(input.costField)) return refuse('buy:costField', `No card type has a field “${input.costField}”.`);
  if (!names.resources.some((r) => r.id === input.resource))
    return refuse('buy:resource', `The board has no resource “${input.resource}”.`);
  if (input.perTurn !== undefined) {
    const problem = wholeProblem(input.perTurn, 'Buys per turn', 1);
    if (problem) return refuse('buy:perTurn', problem);
  }
  const buy: Json = { from: input.from, to: input.to, costField: input.costField, resource: input.resource };
  if (input.perTurn !== undefined) buy.perTurn = input.perTurn;
  return done(withBoard(files, (board) => ({ ...board, buy })));
}

// ---- Problems as written --------------------------------------------------------------------

/** What is wrong with the counters, turn rules and buying as written, each at its field. */
export function boardExtrasProblems(files: GameFileMap): PlayProblem[] {
  const problems: PlayProblem[] = [];
  const add = (field: string, message: string | undefined): void => {
    if (message) problems.push({ field, message });
  };
  const board = boardOf(files);
  const names = boardNames(files);
  const seen = new Set<string>();
  for (const counter of names.counters) {
    if (seen.has(counter.id)) add(`counter:${counter.id}:label`, `Two counters have the id “${counter.id}”; ids must differ.`);
    seen.add(counter.id);
  }
  if (board.drawUpTo !== undefined)
    add('drawUpTo', boardValueProblem(names, board.drawUpTo as Value, 'Draw up to', typeof board.drawUpTo === 'number'));
  const firstTurn = isObject(board.firstTurn) ? board.firstTurn : {};
  for (const id of Object.keys(isObject(firstTurn.resources) ? firstTurn.resources : {})) {
    if (!list(board.resources).some((r) => r.id === id))
      add('firstTurn:resources', `Turn 1 sets the resource “${id}”, which the board does not have.`);
  }
  if (isObject(board.buy)) {
    const buy = board.buy;
    const zoneIds = names.zones.map((z) => z.id);
    for (const key of ['from', 'to'] as const)
      if (!zoneIds.includes(String(buy[key]))) add(`buy:${key}`, `The board has no zone “${String(buy[key])}”.`);
    if (!names.fields.includes(String(buy.costField)))
      add('buy:costField', `No card type has a field “${String(buy.costField)}”.`);
    if (!names.resources.some((r) => r.id === buy.resource))
      add('buy:resource', `The board has no resource “${String(buy.resource)}”.`);
  }
  return problems;
}
