// The studio's edits of a game's modes (OSMCG's 1v1, MOBA, FFA; the first is the default): each
// one's id, name, description, players and the setup numbers it changes (opening hand, cards drawn
// per turn). A mode's own resources and phases are kept as they are (the Advanced tab edits them).
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { isObject, type GameFileMap, type Json } from './game-files';
import { boardOf, type Value } from './board-edits';
import { boardNames, boardValueProblem, wholeProblem, withBoard } from './board-extras-shared';
import { done, idProblem, list, refuse, withoutKey, type EditResult, type PlayProblem } from './play-edit-shared';

const withModes = (files: GameFileMap, change: (modes: Json[]) => Json[]): GameFileMap =>
  withBoard(files, (board) => {
    const modes = change(list(board.modes));
    return modes.length > 0 ? { ...board, modes } : withoutKey(board, 'modes');
  });

export function addMode(files: GameFileMap, mode: { id: string; label: string }): EditResult {
  const modes = list(boardOf(files).modes);
  const problem = idProblem(
    mode.id,
    modes.map((m) => m.id),
    'mode',
  );
  if (problem) return refuse('mode-id', problem);
  const label = mode.label.trim();
  if (label === '') return refuse('mode-label', 'Give the mode a name players see.');
  return done(withModes(files, (list) => [...list, { id: mode.id, label, players: { min: 2, max: 2 } }]));
}

export interface ModePatch {
  label?: string;
  /** Empty text removes it. */
  description?: string;
  players?: { min: number; max: number };
  /** Setup values the mode changes; null: the board's own. */
  openingHand?: Value | null;
  drawPerTurn?: number | null;
}

export function setMode(files: GameFileMap, id: string, patch: ModePatch): EditResult {
  const mode = list(boardOf(files).modes).find((m) => m.id === id);
  const at = (key: string) => `mode:${id}:${key}`;
  if (!mode) return refuse(`mode:${id}`, `The game has no mode “${id}”.`);
  const next: Json = { ...mode };
  if (patch.label !== undefined) {
    if (patch.label.trim() === '') return refuse(at('label'), 'Give the mode a name players see.');
    next.label = patch.label.trim();
  }
  if (patch.description !== undefined) {
    if (patch.description.trim() === '') delete next.description;
    else next.description = patch.description.trim();
  }
  if (patch.players) {
    const { min, max } = patch.players;
    const problem = wholeProblem(min, 'The fewest players', 1) ?? wholeProblem(max, 'The most players', 1);
    if (problem) return refuse(at('players'), problem);
    if (min > max) return refuse(at('players'), `The fewest players (${min}) is above the most (${max}).`);
    next.players = { min, max };
  }
  const setup: Json = isObject(mode.setup) ? { ...mode.setup } : {};
  if (patch.openingHand === null) delete setup.openingHand;
  else if (patch.openingHand !== undefined) {
    const problem = boardValueProblem(boardNames(files), patch.openingHand, 'The opening hand', true);
    if (problem) return refuse(at('openingHand'), problem);
    setup.openingHand = patch.openingHand;
  }
  if (patch.drawPerTurn === null) delete setup.drawPerTurn;
  else if (patch.drawPerTurn !== undefined) {
    const problem = wholeProblem(patch.drawPerTurn, 'Cards drawn per turn');
    if (problem) return refuse(at('drawPerTurn'), problem);
    setup.drawPerTurn = patch.drawPerTurn;
  }
  if (Object.keys(setup).length > 0) next.setup = setup;
  else delete next.setup;
  return done(withModes(files, (modes) => modes.map((m) => (m.id === id ? next : m))));
}

/** Removes a mode unless a phase step or goal names a resource only that mode brings. */
export function removeMode(files: GameFileMap, id: string): EditResult {
  const board = boardOf(files);
  const mode = list(board.modes).find((m) => m.id === id);
  if (!mode) return refuse(`mode:${id}`, `The game has no mode “${id}”.`);
  const others = boardNames(withModes(files, (modes) => modes.filter((m) => m.id !== id))).resources.map((r) => r.id);
  const own = list(isObject(mode.setup) ? mode.setup.resources : undefined)
    .map((r) => String(r.id))
    .filter((r) => !others.includes(r));
  const named = (value: unknown) => typeof value === 'string' && own.includes(value);
  const steps = list(board.phases).flatMap((phase) => [...list(phase.steps), ...list(phase.atEnd)]);
  const user =
    steps.find((step) => named(step.resource)) ??
    list(board.goals).find((goal) => named(goal.resource)) ??
    list(board.tallies).find((tally) => isObject(tally.against) && named(tally.against.resource)) ??
    (isObject(board.buy) && named(board.buy.resource) ? board.buy : undefined);
  if (user) return refuse(`mode:${id}`, 'The board names a resource only this mode brings: change that first.');
  return done(withModes(files, (modes) => modes.filter((m) => m.id !== id)));
}

/** Moves a mode one place earlier (-1) or later (+1); the first is the default. */
export function moveMode(files: GameFileMap, id: string, by: -1 | 1): EditResult {
  const modes = list(boardOf(files).modes);
  const from = modes.findIndex((m) => m.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= modes.length) return done(files);
  const next = [...modes];
  [next[from], next[to]] = [next[to], next[from]];
  return done(withModes(files, () => next));
}

/** What is wrong with the modes as written, each at its field. */
export function modesProblems(files: GameFileMap): PlayProblem[] {
  const problems: PlayProblem[] = [];
  const seen = new Set<unknown>();
  for (const mode of list(boardOf(files).modes)) {
    const id = String(mode.id);
    if (seen.has(mode.id)) problems.push({ field: `mode:${id}:label`, message: `Two modes have the id “${id}”.` });
    seen.add(mode.id);
    const players = isObject(mode.players) ? mode.players : {};
    if (typeof players.min === 'number' && typeof players.max === 'number' && players.min > players.max)
      problems.push({
        field: `mode:${id}:players`,
        message: `The fewest players (${players.min}) is above the most (${players.max}).`,
      });
  }
  return problems;
}
