// The studio's edits of the board a game is played on: zones (with cards dealt at setup, a life
// pile), the opening hand, mulligan and draws, the deck sections the board deals from,
// resources and the turn's phases. Each edit checks its input first and either returns the next
// files or refuses with one sentence at the field it concerns, so nothing invalid is written;
// `boardProblems` lists what is wrong in a board that came in that way (an import, a hand-edited
// system.json), each at its field.
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { isObject, systemJson, withSystem, type GameFileMap, type Json } from './game-files';
import { done, idProblem, list, refuse, slug, withoutKey, type EditResult, type PlayProblem } from './play-edit-shared';

export const ZONE_KINDS = ['deck', 'hand', 'board', 'discard', 'exile', 'other'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];
export const MULLIGANS = ['london', 'smaller', 'none'] as const;
export type Mulligan = (typeof MULLIGANS)[number];

/** A board value: a fixed number, or a number field of the leader card. */
export type Value = number | { leaderField: string };

/** What the board's own numbers are called in sentences. */
const BOARD_NUMBER_NAMES = {
  openingHand: 'The opening hand',
  drawPerTurn: 'Cards drawn per turn',
  maxMulligans: 'The most mulligans',
  freeMulligans: 'Free mulligans',
} as const;
type BoardNumber = keyof typeof BOARD_NUMBER_NAMES;

export function boardOf(files: GameFileMap): Json {
  const board = systemJson(files).board;
  return isObject(board) ? board : {};
}

function withBoard(files: GameFileMap, change: (board: Json) => Json): GameFileMap {
  return withSystem(files, (system) => ({ ...system, board: change(isObject(system.board) ? system.board : {}) }));
}

const wholeProblem = (value: number, what: string, min = 0): string | undefined =>
  Number.isInteger(value) && value >= min ? undefined : `${what} must be a whole number of at least ${min}.`;

function valueProblem(value: Value, what: string, whole: boolean): string | undefined {
  if (typeof value === 'object') {
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(value.leaderField) ? undefined : `${what}: name a number field of the leader card.`;
  }
  if (!Number.isFinite(value)) return `${what} must be a number.`;
  return whole ? wholeProblem(value, what) : undefined;
}

export function addZone(files: GameFileMap, zone: { id: string; label: string; kind: ZoneKind }): EditResult {
  const zones = list(boardOf(files).zones);
  const problem = idProblem(
    zone.id,
    zones.map((z) => z.id),
    'zone',
  );
  if (problem) return refuse('zone-id', problem);
  if (zone.label.trim() === '') return refuse('zone-label', 'Give the zone a name players see.');
  return done(withBoard(files, (board) => ({ ...board, zones: [...list(board.zones), { ...zone, label: zone.label.trim() }] })));
}

/** Removes a zone unless the board still needs it (the only deck or hand zone, or one the rules name). */
export function removeZone(files: GameFileMap, id: string): EditResult {
  const board = boardOf(files);
  const zones = list(board.zones);
  const zone = zones.find((z) => z.id === id);
  if (!zone) return refuse(`zone:${id}`, `The game has no zone “${id}”.`);
  if ((zone.kind === 'deck' || zone.kind === 'hand') && zones.filter((z) => z.kind === zone.kind).length === 1) {
    return refuse(
      `zone:${id}`,
      `The board needs a ${zone.kind} zone: give another zone that kind before removing “${String(zone.label)}”.`,
    );
  }
  const user = zoneUsers(board).find((use) => use.zone === id);
  if (user) return refuse(`zone:${id}`, `${user.by} uses the zone “${String(zone.label)}”: change that first.`);
  return done(withBoard(files, (b) => ({ ...b, zones: list(b.zones).filter((z) => z.id !== id) })));
}

/** Where the board's other parts name a zone by id (buying, tallies, goals, phase steps). */
function zoneUsers(board: Json): { zone: unknown; by: string }[] {
  const users: { zone: unknown; by: string }[] = [];
  if (isObject(board.buy)) users.push({ zone: board.buy.from, by: 'Buying' }, { zone: board.buy.to, by: 'Buying' });
  for (const tally of list(board.tallies)) users.push({ zone: tally.zone, by: `The tally “${String(tally.label)}”` });
  for (const goal of list(board.goals)) users.push({ zone: goal.zone, by: `The goal “${String(goal.label)}”` });
  for (const phase of list(board.phases)) {
    for (const step of [...list(phase.steps), ...list(phase.atEnd)]) {
      users.push(
        { zone: step.zone, by: `The phase “${String(phase.label)}”` },
        { zone: step.count, by: `The phase “${String(phase.label)}”` },
      );
    }
  }
  return users;
}

/** Changes a zone's id, name, kind or dealt cards; a new id is carried into the parts that name it. */
export function setZone(
  files: GameFileMap,
  id: string,
  patch: { id?: string; label?: string; kind?: ZoneKind; deal?: { count: Value; faceDown: boolean } | null },
): EditResult {
  const zones = list(boardOf(files).zones);
  const zone = zones.find((z) => z.id === id);
  if (!zone) return refuse(`zone:${id}`, `The game has no zone “${id}”.`);
  if (patch.id !== undefined && patch.id !== id) {
    const problem = idProblem(
      patch.id,
      zones.map((z) => z.id),
      'zone',
    );
    if (problem) return refuse(`zone:${id}:id`, problem);
  }
  if (patch.label !== undefined && patch.label.trim() === '')
    return refuse(`zone:${id}:label`, 'Give the zone a name players see.');
  const kind = patch.kind ?? zone.kind;
  if (patch.kind !== undefined && patch.kind !== zone.kind && (zone.kind === 'deck' || zone.kind === 'hand')) {
    if (zones.filter((z) => z.kind === zone.kind).length === 1) {
      return refuse(
        `zone:${id}:kind`,
        `The board needs a ${String(zone.kind)} zone: make another zone the ${String(zone.kind)} first.`,
      );
    }
  }
  const deal = patch.deal === undefined ? zone.deal : patch.deal;
  if (deal && (kind === 'deck' || kind === 'hand')) {
    return refuse(`zone:${id}:deal`, 'Cards are dealt at setup only into zones other than the deck and the hand.');
  }
  if (patch.deal) {
    const problem = valueProblem(patch.deal.count, 'Cards dealt', true);
    if (problem) return refuse(`zone:${id}:deal`, problem);
  }
  const next: Json = { ...zone, ...(patch.label !== undefined ? { label: patch.label.trim() } : {}), kind };
  if (patch.id !== undefined) next.id = patch.id;
  if (patch.deal === null) delete next.deal;
  else if (patch.deal)
    next.deal = patch.deal.faceDown ? { count: patch.deal.count, faceDown: true } : { count: patch.deal.count };
  const renamed = patch.id !== undefined && patch.id !== id ? patch.id : undefined;
  return done(
    withBoard(files, (board) => {
      const out: Json = { ...board, zones: list(board.zones).map((z) => (z.id === id ? next : z)) };
      return renamed ? renameZoneRefs(out, id, renamed) : out;
    }),
  );
}

function renameZoneRefs(board: Json, from: string, to: string): Json {
  const swap = (item: Json, ...keys: string[]): Json => {
    const copy = { ...item };
    for (const key of keys) if (copy[key] === from) copy[key] = to;
    return copy;
  };
  const out: Json = { ...board };
  if (isObject(board.buy)) out.buy = swap(board.buy, 'from', 'to');
  if (Array.isArray(board.tallies)) out.tallies = list(board.tallies).map((t) => swap(t, 'zone'));
  if (Array.isArray(board.goals)) out.goals = list(board.goals).map((g) => swap(g, 'zone'));
  if (Array.isArray(board.phases)) {
    out.phases = board.phases.map((phase: unknown) => {
      if (!isObject(phase)) return phase;
      const copy: Json = { ...phase };
      for (const key of ['steps', 'atEnd'])
        if (Array.isArray(phase[key])) copy[key] = list(phase[key]).map((s) => swap(s, 'zone', 'count'));
      return copy;
    });
  }
  return out;
}

/** Sets one of the board's own numbers: the opening hand (or the leader's field), draws, mulligan limits. */
export function setBoardNumber(files: GameFileMap, key: BoardNumber, value: Value | undefined): EditResult {
  const what = BOARD_NUMBER_NAMES[key];
  const required = key === 'openingHand' || key === 'drawPerTurn';
  if (value === undefined) {
    if (required) return refuse(key, `${what} needs a number.`);
    return done(withBoard(files, (board) => withoutKey(board, key)));
  }
  if (typeof value === 'object' && key !== 'openingHand') return refuse(key, `${what} must be a number.`);
  const problem = valueProblem(value, what, true);
  if (problem) return refuse(key, problem);
  return done(withBoard(files, (board) => ({ ...board, [key]: value })));
}

/**
 * Which deck section is shuffled into the deck zone (`deckSection`, required) and which one's
 * card starts on the board as the leader (`leaderSection`; undefined: none).
 */
export function setBoardSection(
  files: GameFileMap,
  key: 'deckSection' | 'leaderSection',
  section: string | undefined,
): EditResult {
  const deck = systemJson(files).deck;
  const ids = list(isObject(deck) ? deck.sections : undefined).map((s) => s.id);
  if (section === undefined || section === '') {
    if (key === 'deckSection') return refuse(key, 'The board needs the deck section it shuffles into the deck.');
    return done(withBoard(files, (board) => withoutKey(board, key)));
  }
  if (!ids.includes(section)) return refuse(key, `The game has no deck section “${section}”.`);
  return done(withBoard(files, (board) => ({ ...board, [key]: section })));
}

export function setMulligan(files: GameFileMap, kind: Mulligan): EditResult {
  if (!MULLIGANS.includes(kind))
    return refuse('mulligan', `“${String(kind)}” is no mulligan rule: choose London, smaller or none.`);
  // Free mulligans mean something only with hands getting smaller.
  return done(
    withBoard(files, (board) =>
      kind === 'smaller' ? { ...board, mulligan: kind } : withoutKey({ ...board, mulligan: kind }, 'freeMulligans'),
    ),
  );
}

export interface ResourceInput {
  id: string;
  label: string;
  start: Value;
  regen?: Value;
  max?: Value;
  min?: number;
}

export function addResource(files: GameFileMap, resource: { id: string; label: string }): EditResult {
  const resources = list(boardOf(files).resources);
  const problem = idProblem(
    resource.id,
    resources.map((r) => r.id),
    'resource',
  );
  if (problem) return refuse('resource-id', problem);
  if (resource.label.trim() === '') return refuse('resource-label', 'Give the resource a name players see.');
  const added = { id: resource.id, label: resource.label.trim(), start: 0, min: 0 };
  return done(withBoard(files, (board) => ({ ...board, resources: [...list(board.resources), added] })));
}

export function removeResource(files: GameFileMap, id: string): EditResult {
  const board = boardOf(files);
  const phases = list(board.phases);
  const user = phases.find((phase) => [...list(phase.steps), ...list(phase.atEnd)].some((step) => step.resource === id));
  if (user) return refuse(`resource:${id}`, `The phase “${String(user.label)}” changes this resource: change that first.`);
  if (isObject(board.buy) && board.buy.resource === id)
    return refuse(`resource:${id}`, 'Buying pays with this resource: change that first.');
  if (list(board.goals).some((goal) => goal.resource === id))
    return refuse(`resource:${id}`, 'A goal reads this resource: change that first.');
  if (list(board.tallies).some((tally) => isObject(tally.against) && tally.against.resource === id))
    return refuse(`resource:${id}`, 'A tally is counted against this resource: change that first.');
  const firstTurn = isObject(board.firstTurn) && isObject(board.firstTurn.resources) ? board.firstTurn.resources : {};
  if (Object.hasOwn(firstTurn, id))
    return refuse(`resource:${id}`, 'Turn 1 gives this resource another value: change that first.');
  return done(withBoard(files, (b) => ({ ...b, resources: list(b.resources).filter((r) => r.id !== id) })));
}

/** Replaces a resource's fields (the id is kept; undefined optional fields are removed). */
export function setResource(files: GameFileMap, id: string, input: Omit<ResourceInput, 'id'>): EditResult {
  const resources = list(boardOf(files).resources);
  const current = resources.find((r) => r.id === id);
  if (!current) return refuse(`resource:${id}`, `The game has no resource “${id}”.`);
  if (input.label.trim() === '') return refuse(`resource:${id}:label`, 'Give the resource a name players see.');
  for (const key of ['start', 'regen', 'max'] as const) {
    const value = input[key];
    const problem =
      value === undefined ? undefined : valueProblem(value, { start: 'Start', regen: 'Gain per turn', max: 'Most' }[key], false);
    if (problem) return refuse(`resource:${id}:${key}`, problem);
  }
  if (input.min !== undefined && !Number.isFinite(input.min)) return refuse(`resource:${id}:min`, 'Least must be a number.');
  const problem = boundsProblem(input);
  if (problem) return refuse(`resource:${id}:${problem.field}`, problem.message);
  const next: Json = { ...current, label: input.label.trim(), start: input.start };
  for (const key of ['regen', 'max', 'min'] as const) {
    if (input[key] === undefined) delete next[key];
    else next[key] = input[key];
  }
  return done(withBoard(files, (board) => ({ ...board, resources: list(board.resources).map((r) => (r.id === id ? next : r)) })));
}

/** Fixed bounds that contradict each other (a start below the least, a least above the most). */
function boundsProblem(resource: {
  start?: unknown;
  max?: unknown;
  min?: unknown;
}): { field: string; message: string } | undefined {
  const { start, max } = resource;
  const min = typeof resource.min === 'number' ? resource.min : 0;
  if (typeof max === 'number' && min > max) return { field: 'min', message: `The least (${min}) is above the most (${max}).` };
  if (typeof start === 'number' && typeof max === 'number' && start > max)
    return { field: 'start', message: `It starts at ${start}, above its most (${max}).` };
  if (typeof start === 'number' && start < min)
    return { field: 'start', message: `It starts at ${start}, below its least (${min}).` };
  return undefined;
}

/** The phases' names, for the list editor (a phase with bookkeeping steps is named by its label). */
export function phaseNames(files: GameFileMap): string[] {
  const phases = boardOf(files).phases;
  return Array.isArray(phases)
    ? phases.map((phase: unknown) =>
        typeof phase === 'string' ? phase : isObject(phase) ? String(phase.label ?? phase.id ?? '') : '',
      )
    : [];
}

/** Adds a phase at the end: a plain name, or `{ id, label }` when the phases are objects with steps. */
export function addPhase(files: GameFileMap, name: string): EditResult {
  const label = name.trim();
  if (label === '') return refuse('phase-new', 'Give the phase a name.');
  const phases = Array.isArray(boardOf(files).phases) ? (boardOf(files).phases as unknown[]) : [];
  if (phaseNames(files).some((existing) => existing.toLowerCase() === label.toLowerCase())) {
    return refuse('phase-new', `The turn has a phase “${label}” already.`);
  }
  const stepped = phases.some(isObject);
  const id = slug(label);
  const taken = phases.filter(isObject).map((phase) => phase.id);
  const phase = stepped ? { id: freeId(id === '' ? 'phase' : id, taken), label } : label;
  return done(withBoard(files, (board) => ({ ...board, phases: [...phases, phase] })));
}

export function renamePhase(files: GameFileMap, index: number, name: string): EditResult {
  const label = name.trim();
  if (label === '') return refuse(`phase:${index}`, 'Give the phase a name.');
  const names = phaseNames(files);
  if (names.some((existing, i) => i !== index && existing.toLowerCase() === label.toLowerCase())) {
    return refuse(`phase:${index}`, `The turn has a phase “${label}” already.`);
  }
  return done(
    withBoard(files, (board) => ({
      ...board,
      phases: (board.phases as unknown[]).map((phase, i) =>
        i !== index ? phase : isObject(phase) ? { ...phase, label } : label,
      ),
    })),
  );
}

export function removePhase(files: GameFileMap, index: number): EditResult {
  const phases = boardOf(files).phases;
  if (!Array.isArray(phases) || phases.length <= 1) return refuse(`phase:${index}`, 'A turn needs at least one phase.');
  return done(withBoard(files, (board) => ({ ...board, phases: (board.phases as unknown[]).filter((_, i) => i !== index) })));
}

/** Moves a phase one place earlier (-1) or later (+1). */
export function movePhase(files: GameFileMap, index: number, by: -1 | 1): EditResult {
  const phases = boardOf(files).phases;
  const to = index + by;
  if (!Array.isArray(phases) || to < 0 || to >= phases.length) return done(files);
  const next = [...(phases as unknown[])];
  [next[index], next[to]] = [next[to], next[index]];
  return done(withBoard(files, (board) => ({ ...board, phases: next })));
}

function freeId(id: string, taken: readonly unknown[]): string {
  if (!taken.includes(id)) return id;
  for (let n = 2; ; n++) if (!taken.includes(`${id}-${n}`)) return `${id}-${n}`;
}

/** What is wrong with the board as written, each at its field. */
export function boardProblems(files: GameFileMap): PlayProblem[] {
  const problems: PlayProblem[] = [];
  const add = (field: string, message: string | undefined): void => {
    if (message) problems.push({ field, message });
  };
  const board = boardOf(files);
  const zones = list(board.zones);
  const seen = new Set<unknown>();
  zones.forEach((zone) => {
    if (seen.has(zone.id)) add(`zone:${String(zone.id)}:id`, `Two zones have the id “${String(zone.id)}”; ids must differ.`);
    seen.add(zone.id);
  });
  for (const kind of ['deck', 'hand'] as const) {
    if (!zones.some((z) => z.kind === kind)) add('zones', `The board has no ${kind} zone: give one zone the kind “${kind}”.`);
  }
  for (const key of Object.keys(BOARD_NUMBER_NAMES) as BoardNumber[]) {
    const value = board[key];
    if (typeof value === 'number') add(key, wholeProblem(value, BOARD_NUMBER_NAMES[key]));
  }
  const resourceIds = new Set<unknown>();
  for (const resource of list(board.resources)) {
    if (resourceIds.has(resource.id))
      add(`resource:${String(resource.id)}:id`, `Two resources have the id “${String(resource.id)}”.`);
    resourceIds.add(resource.id);
    const bounds = boundsProblem(resource);
    if (bounds) add(`resource:${String(resource.id)}:${bounds.field}`, bounds.message);
  }
  if (Array.isArray(board.phases) && board.phases.length === 0) add('phases', 'A turn needs at least one phase.');
  return problems;
}
