// The studio's edits of the bookkeeping steps of the turn's phases (`steps` when a phase is
// entered, `atEnd` when it is left): untap, change a counter, change a resource, draw. A board
// whose phases are plain names is first turned into automated phases (`automateTurn`), which puts
// the turn's implicit gain and draw into the first phase so the game plays the same. Each edit
// checks the step as the game-system loader would; a mode's own phases are left to Advanced.
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { GAME_ID, isObject, type GameFileMap, type Json } from './game-files';
import { boardOf } from './board-edits';
import { boardNames, wholeProblem, withBoard, type BoardNames } from './board-extras-shared';
import { done, list, refuse, slug, type EditResult, type PlayProblem } from './play-edit-shared';

export type StepList = 'steps' | 'atEnd';
export const STEP_KINDS = ['untap', 'counter', 'resource-add', 'resource-set', 'resource-count', 'draw'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export function stepKind(step: Json): StepKind | undefined {
  if ('untap' in step) return 'untap';
  if ('counter' in step) return 'counter';
  if ('draw' in step) return 'draw';
  if ('resource' in step) return 'set' in step ? 'resource-set' : 'count' in step ? 'resource-count' : 'resource-add';
  return undefined;
}

const phasesOf = (files: GameFileMap): unknown[] => {
  const phases = boardOf(files).phases;
  return Array.isArray(phases) ? phases : [];
};

/** Whether the turn runs by steps (any phase is an object). */
export const isAutomated = (files: GameFileMap): boolean => phasesOf(files).some(isObject);

const phaseIdOf = (phase: unknown): unknown => (isObject(phase) ? phase.id : phase);

/** A plain phase name as a phase object, with an id no other phase has. */
function asObject(name: string, phases: unknown[]): Json {
  const taken = phases.filter((p) => p !== name).map(phaseIdOf);
  const base = GAME_ID.test(name) && name.length <= 60 ? name : slug(name) || 'phase';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return { id, label: name };
}

/**
 * Turns plain phase names into phases that can carry steps. Plain phases gain every resource's
 * regen and draw at each new turn; that becomes the first phase's steps, so play stays the same.
 */
export function automateTurn(files: GameFileMap): EditResult {
  const phases = phasesOf(files);
  if (phases.length === 0) return refuse('phase-steps', 'Add a phase first.');
  if (isAutomated(files)) return done(files);
  const board = boardOf(files);
  const gains = list(board.resources)
    .filter((r) => r.regen !== undefined && r.regen !== 0)
    .map((r) => ({ resource: r.id, add: 'regen' }));
  const objects: Json[] = [];
  for (const phase of phases) objects.push(asObject(String(phase), [...objects.map((p) => p.id), ...phases]));
  objects[0] = { ...objects[0], steps: [...gains, { draw: 'turn' }] };
  return done(withBoard(files, (b) => ({ ...b, phases: objects })));
}

/** A new step of a kind, with the board's first counter, resource or zone; the form sets the rest. */
function newStep(kind: StepKind, names: BoardNames): Json | string {
  const resource = names.resources[0]?.id;
  switch (kind) {
    case 'untap':
      return { untap: true };
    case 'counter':
      return names.counters[0] ? { counter: names.counters[0].id, add: -1 } : 'Add a counter first: this step changes one.';
    case 'draw':
      return { draw: 'turn' };
    case 'resource-count':
      if (!names.zones[0]) return 'Add a zone first.';
      return resource ? { resource, count: names.zones[0].id } : 'Add a resource first: this step changes one.';
    default:
      if (!resource) return 'Add a resource first: this step changes one.';
      return kind === 'resource-set' ? { resource, set: 0 } : { resource, add: 'regen' };
  }
}

function withSteps(files: GameFileMap, index: number, at: StepList, change: (steps: Json[]) => Json[]): GameFileMap {
  return withBoard(files, (board) => {
    const phases = Array.isArray(board.phases) ? (board.phases as unknown[]) : [];
    return {
      ...board,
      phases: phases.map((phase, i) => {
        if (i !== index) return phase;
        const object = isObject(phase) ? { ...phase } : asObject(String(phase), phases);
        const steps = change(list(object[at]));
        if (steps.length > 0) object[at] = steps;
        else delete object[at];
        return object;
      }),
    };
  });
}

export function addStep(files: GameFileMap, index: number, at: StepList, kind: StepKind): EditResult {
  const field = `phase:${index}:${at}-new`;
  if (index < 0 || index >= phasesOf(files).length) return refuse(field, 'The turn has no such phase.');
  if (!isAutomated(files)) return refuse(field, 'Automate the turn first: plain phase names carry no steps.');
  if (!STEP_KINDS.includes(kind)) return refuse(field, `“${String(kind)}” is no kind of step.`);
  const step = newStep(kind, boardNames(files));
  if (typeof step === 'string') return refuse(field, step);
  return done(withSteps(files, index, at, (steps) => [...steps, step]));
}

/** Replaces a step with `step` (checked whole: its keys, numbers and the ids it names). */
export function setStep(files: GameFileMap, index: number, at: StepList, position: number, step: Json): EditResult {
  const field = `phase:${index}:${at}:${position}`;
  const phase = phasesOf(files)[index];
  if (!isObject(phase) || !list(phase[at])[position]) return refuse(field, 'The phase has no such step.');
  const problem = stepProblem(step, boardNames(files));
  if (problem) return refuse(field, problem);
  const clean = JSON.parse(JSON.stringify(step)) as Json;
  return done(withSteps(files, index, at, (steps) => steps.map((s, j) => (j === position ? clean : s))));
}

export function removeStep(files: GameFileMap, index: number, at: StepList, position: number): EditResult {
  const phase = phasesOf(files)[index];
  if (!isObject(phase) || !list(phase[at])[position])
    return refuse(`phase:${index}:${at}:${position}`, 'The phase has no such step.');
  return done(withSteps(files, index, at, (steps) => steps.filter((_, j) => j !== position)));
}

/** Moves a step one place earlier (-1) or later (+1) in its list; steps apply in order. */
export function moveStep(files: GameFileMap, index: number, at: StepList, position: number, by: -1 | 1): EditResult {
  const phase = phasesOf(files)[index];
  const steps = isObject(phase) ? list(phase[at]) : [];
  const to = position + by;
  if (position < 0 || to < 0 || to >= steps.length) return done(files);
  return done(
    withSteps(files, index, at, (current) => {
      const next = [...current];
      [next[position], next[to]] = [next[to], next[position]];
      return next;
    }),
  );
}

const KEYS: Record<StepKind, string[]> = {
  untap: ['untap', 'zone'],
  counter: ['counter', 'add', 'addPer', 'min', 'zone', 'spareAddedThisTurn'],
  'resource-add': ['resource', 'add'],
  'resource-set': ['resource', 'set'],
  'resource-count': ['resource', 'count'],
  draw: ['draw'],
};

/** Why a step cannot be written (its keys, numbers, and the zones, counters and resources it names). */
export function stepProblem(step: Json, names: BoardNames): string | undefined {
  const kind = stepKind(step);
  if (!kind) return 'A step untaps, changes a counter or a resource, or draws.';
  const stray = Object.keys(step).find((key) => step[key] !== undefined && !KEYS[kind].includes(key));
  if (stray) return `This kind of step has no “${stray}”.`;
  const zone = (id: unknown) =>
    id === undefined || names.zones.some((z) => z.id === id) ? undefined : `The board has no zone “${String(id)}”.`;
  const counter = (id: unknown) =>
    names.counters.some((c) => c.id === id) ? undefined : `The board has no counter “${String(id)}”.`;
  switch (kind) {
    case 'untap':
      return step.untap === true ? zone(step.zone) : 'An untap step is “untap: true”.';
    case 'counter': {
      if (step.add !== undefined && (typeof step.add !== 'number' || !Number.isInteger(step.add)))
        return 'The counter changes by a whole number (−1 ticks it down).';
      if (step.min !== undefined && wholeProblem(step.min as number, 'The least'))
        return wholeProblem(step.min as number, 'The least');
      if (step.spareAddedThisTurn !== undefined && typeof step.spareAddedThisTurn !== 'boolean')
        return '“Spare counters added this turn” is on or off.';
      const per = step.addPer === undefined ? [] : isObject(step.addPer) ? Object.entries(step.addPer) : null;
      if (per === null || per.some(([, weight]) => typeof weight !== 'number' || !Number.isFinite(weight)))
        return 'Each other counter adds with a number as its weight.';
      return counter(step.counter) ?? per.map(([id]) => counter(id)).find(Boolean) ?? zone(step.zone);
    }
    case 'draw': {
      const draw = step.draw;
      if (draw === 'turn') return undefined;
      if (typeof draw === 'number') return wholeProblem(draw, 'Cards drawn');
      if (!isObject(draw)) return 'Draw the turn’s cards, a number of cards, or a dice roll’s total.';
      const dice = draw.dice as number;
      const sides = draw.sides as number;
      if (!Number.isInteger(dice) || dice < 1 || dice > 20) return 'Roll from 1 to 20 dice.';
      if (!Number.isInteger(sides) || sides < 2 || sides > 100) return 'A die has from 2 to 100 sides.';
      return Object.keys(draw).length === 2 ? undefined : 'A roll has only dice and sides.';
    }
    default: {
      if (!names.resources.some((r) => r.id === step.resource)) return `The board has no resource “${String(step.resource)}”.`;
      if (kind === 'resource-add' && step.add !== 'regen' && (typeof step.add !== 'number' || !Number.isFinite(step.add)))
        return 'Add a number, or the resource’s gain per turn.';
      if (kind === 'resource-set' && (typeof step.set !== 'number' || !Number.isFinite(step.set)))
        return 'Set the resource to a number.';
      if (kind === 'resource-count') return typeof step.count === 'string' ? zone(step.count) : 'Count the cards of a zone.';
      return undefined;
    }
  }
}

/** What is wrong with the phases' steps as written, each at its step. */
export function phaseStepProblems(files: GameFileMap): PlayProblem[] {
  const names = boardNames(files);
  const problems: PlayProblem[] = [];
  phasesOf(files).forEach((phase, i) => {
    if (!isObject(phase)) return;
    for (const at of ['steps', 'atEnd'] as const) {
      list(phase[at]).forEach((step, j) => {
        const message = stepProblem(step, names);
        if (message) problems.push({ field: `phase:${i}:${at}:${j}`, message });
      });
    }
  });
  return problems;
}
