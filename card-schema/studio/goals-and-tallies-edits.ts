// The studio's edits of the board's tallies (running sums shown beside the log: OMMS's suits in
// hand against the Creation Total) and goals (ends of the game shown when reached: Miscrits' five
// KO'd). Each edit checks its input as the game-system loader would and either returns the next
// files or refuses with one sentence at its field; keys the forms do not show are kept.
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { isObject, type GameFileMap, type Json } from './game-files';
import { boardOf } from './board-edits';
import { boardNames, matchFrom, withBoard, type MatchInput } from './board-extras-shared';
import { done, list, refuse, withoutKey, type EditResult, type PlayProblem } from './play-edit-shared';

const withList = (files: GameFileMap, key: 'tallies' | 'goals', change: (items: Json[]) => Json[]): GameFileMap =>
  withBoard(files, (board) => {
    const items = change(list(board[key]));
    return items.length > 0 ? { ...board, [key]: items } : withoutKey(board, key);
  });

/** The zone a new tally or goal counts first: the hand for a tally, a discard pile for a goal. */
function firstZone(files: GameFileMap, kind: string): string | undefined {
  const zones = list(boardOf(files).zones);
  return String((zones.find((z) => z.kind === kind) ?? zones[0])?.id ?? '') || undefined;
}

// ---- Tallies --------------------------------------------------------------------------------

export function addTally(files: GameFileMap, label: string): EditResult {
  const name = label.trim();
  if (name === '') return refuse('tally-new', 'Give the tally a name players see.');
  const zone = firstZone(files, 'hand');
  if (!zone) return refuse('tally-new', 'Add a zone first: a tally counts the cards of a zone.');
  return done(withList(files, 'tallies', (tallies) => [...tallies, { label: name, zone }]));
}

export interface TallyPatch {
  label?: string;
  zone?: string;
  /** Which cards count (types and names; conditions on fields kept); none of either: every card. */
  match?: MatchInput;
  /** Number field summed; null: the matching cards are counted. */
  sum?: string | null;
  /** What the total is compared with; null: nothing. */
  against?: number | { resource: string } | null;
}

export function setTally(files: GameFileMap, index: number, patch: TallyPatch): EditResult {
  const tally = list(boardOf(files).tallies)[index];
  const at = (key: string) => `tally:${index}:${key}`;
  if (!tally) return refuse(`tally:${index}`, 'The board has no such tally.');
  const names = boardNames(files);
  const next: Json = { ...tally };
  if (patch.label !== undefined) {
    if (patch.label.trim() === '') return refuse(at('label'), 'Give the tally a name players see.');
    next.label = patch.label.trim();
  }
  if (patch.zone !== undefined) {
    if (!names.zones.some((z) => z.id === patch.zone)) return refuse(at('zone'), `The board has no zone “${patch.zone}”.`);
    next.zone = patch.zone;
  }
  if (patch.match !== undefined) {
    const made = matchFrom(files, tally.match, patch.match, undefined);
    if ('problem' in made) return refuse(at('match'), made.problem);
    if (Object.keys(made.match).length === 0) delete next.match;
    else next.match = made.match;
  }
  if (patch.sum === null) delete next.sum;
  else if (patch.sum !== undefined) {
    if (!names.fields.includes(patch.sum)) return refuse(at('sum'), `No card type has a field “${patch.sum}”.`);
    next.sum = patch.sum;
  }
  if (patch.against === null) delete next.against;
  else if (typeof patch.against === 'number') {
    if (!Number.isFinite(patch.against)) return refuse(at('against'), 'Compare the total with a number.');
    next.against = patch.against;
  } else if (patch.against !== undefined) {
    const id = patch.against.resource;
    if (!names.resources.some((r) => r.id === id)) return refuse(at('against'), `The board has no resource “${id}”.`);
    next.against = { resource: id };
  }
  return done(withList(files, 'tallies', (tallies) => tallies.map((t, i) => (i === index ? next : t))));
}

export function removeTally(files: GameFileMap, index: number): EditResult {
  if (!list(boardOf(files).tallies)[index]) return refuse(`tally:${index}`, 'The board has no such tally.');
  return done(withList(files, 'tallies', (tallies) => tallies.filter((_, i) => i !== index)));
}

// ---- Goals ----------------------------------------------------------------------------------

export const GOAL_RESULTS = ['win', 'loss'] as const;
export type GoalResult = (typeof GOAL_RESULTS)[number];

/** A new goal: lost when a discard pile (or the first zone) holds at least one card; the form sets the rest. */
export function addGoal(files: GameFileMap, label: string): EditResult {
  const name = label.trim();
  if (name === '') return refuse('goal-new', 'Say what the goal is in words (“Five miscrits KO’d: you lose.”).');
  const zone = firstZone(files, 'discard');
  if (!zone) return refuse('goal-new', 'Add a zone first: a goal counts the cards of a zone or a resource.');
  return done(withList(files, 'goals', (goals) => [...goals, { label: name, result: 'loss', zone, atLeast: 1 }]));
}

export interface GoalPatch {
  label?: string;
  result?: GoalResult;
  /** What is counted: the cards of a zone, or a resource's value. */
  source?: { zone: string } | { resource: string };
  /** Bounds; null removes one (a goal keeps at least one). */
  atLeast?: number | null;
  atMost?: number | null;
}

export function setGoal(files: GameFileMap, index: number, patch: GoalPatch): EditResult {
  const goal = list(boardOf(files).goals)[index];
  const at = (key: string) => `goal:${index}:${key}`;
  if (!goal) return refuse(`goal:${index}`, 'The board has no such goal.');
  const names = boardNames(files);
  let next: Json = { ...goal };
  if (patch.label !== undefined) {
    if (patch.label.trim() === '') return refuse(at('label'), 'Say what the goal is in words.');
    next.label = patch.label.trim();
  }
  if (patch.result !== undefined) {
    if (!GOAL_RESULTS.includes(patch.result)) return refuse(at('result'), 'A goal is won or lost.');
    next.result = patch.result;
  }
  if (patch.source !== undefined) {
    if ('zone' in patch.source) {
      if (!names.zones.some((z) => z.id === (patch.source as { zone: string }).zone))
        return refuse(at('source'), `The board has no zone “${patch.source.zone}”.`);
      next = { ...withoutKey(next, 'resource'), zone: patch.source.zone };
    } else {
      const id = patch.source.resource;
      if (!names.resources.some((r) => r.id === id)) return refuse(at('source'), `The board has no resource “${id}”.`);
      next = { ...withoutKey(next, 'zone'), resource: id };
    }
  }
  for (const key of ['atLeast', 'atMost'] as const) {
    const value = patch[key];
    if (value === null) delete next[key];
    else if (value !== undefined) {
      if (!Number.isFinite(value)) return refuse(at(key), 'A bound is a number.');
      next[key] = value;
    }
  }
  if (next.atLeast === undefined && next.atMost === undefined)
    return refuse(at(patch.atLeast === null ? 'atLeast' : 'atMost'), 'A goal needs “at least” or “at most”.');
  if (typeof next.atLeast === 'number' && typeof next.atMost === 'number' && next.atLeast > next.atMost)
    return refuse(at('atMost'), `“At most” (${next.atMost}) is below “at least” (${next.atLeast}): it is never reached.`);
  return done(withList(files, 'goals', (goals) => goals.map((g, i) => (i === index ? next : g))));
}

export function removeGoal(files: GameFileMap, index: number): EditResult {
  if (!list(boardOf(files).goals)[index]) return refuse(`goal:${index}`, 'The board has no such goal.');
  return done(withList(files, 'goals', (goals) => goals.filter((_, i) => i !== index)));
}

/** What is wrong with the tallies and goals as written, each at its field. */
export function goalsAndTalliesProblems(files: GameFileMap): PlayProblem[] {
  const problems: PlayProblem[] = [];
  const board = boardOf(files);
  const names = boardNames(files);
  const zone = (id: unknown) => names.zones.some((z) => z.id === id);
  const resource = (id: unknown) => names.resources.some((r) => r.id === id);
  list(board.tallies).forEach((tally, i) => {
    if (!zone(tally.zone)) problems.push({ field: `tally:${i}:zone`, message: `The board has no zone “${String(tally.zone)}”.` });
    if (typeof tally.sum === 'string' && !names.fields.includes(tally.sum))
      problems.push({ field: `tally:${i}:sum`, message: `No card type has a field “${tally.sum}”.` });
    if (isObject(tally.against) && !resource(tally.against.resource))
      problems.push({ field: `tally:${i}:against`, message: `The board has no resource “${String(tally.against.resource)}”.` });
  });
  list(board.goals).forEach((goal, i) => {
    if ((goal.zone === undefined) === (goal.resource === undefined))
      problems.push({ field: `goal:${i}:source`, message: 'A goal counts either the cards of a zone or a resource: give one.' });
    else if (goal.zone !== undefined && !zone(goal.zone))
      problems.push({ field: `goal:${i}:source`, message: `The board has no zone “${String(goal.zone)}”.` });
    else if (goal.resource !== undefined && !resource(goal.resource))
      problems.push({ field: `goal:${i}:source`, message: `The board has no resource “${String(goal.resource)}”.` });
    if (goal.atLeast === undefined && goal.atMost === undefined)
      problems.push({ field: `goal:${i}:atLeast`, message: 'A goal needs “at least” or “at most”.' });
  });
  return problems;
}
