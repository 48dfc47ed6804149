// The studio's edits of how a game is played and sold: the board (zones, life cards, resources,
// opening hand, mulligan, draws, phases), rarity and pack kinds, and the game's symbols. Each
// edit checks its input first and either returns the next files or refuses with one sentence at
// the field it concerns, so nothing invalid is written; `playProblems` lists what is wrong in
// files that came in that way (an import, a hand-edited system.json), each at its field.
//
// Pure: files in, files (or a refusal) out, the old map untouched for undo (game-files.ts).

import { GAME_ID, GAME_ID_RULE, isObject, systemJson, withSystem, type GameFileMap, type Json } from './game-files';

/** An edit's outcome: the files after it, or why it was refused and at which field. */
export type EditResult = { ok: true; files: GameFileMap } | { ok: false; field: string; message: string };

/** Something wrong in the files as they are, at a field ("zones.2.id", "packs.0.slots.1.count"). */
export interface PlayProblem {
  field: string;
  message: string;
}

export const ZONE_KINDS = ['deck', 'hand', 'board', 'discard', 'exile', 'other'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];
export const MULLIGANS = ['london', 'smaller', 'none'] as const;
export type Mulligan = (typeof MULLIGANS)[number];

/** A board value: a fixed number, or a number field of the leader card. */
export type Value = number | { leaderField: string };

/** Symbol ids as `{token}`s in card text spell them (game-system.schema.json `symbols`). */
export const SYMBOL_TOKEN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
export const SYMBOL_TOKEN_RULE = 'letters, digits, _ and -, starting with a letter or digit, at most 32';
/** A pack slot's count bounds (the format's). */
export const SLOT_MAX = 100;

const done = (files: GameFileMap): EditResult => ({ ok: true, files });
const refuse = (field: string, message: string): EditResult => ({ ok: false, field, message });
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

// ── Board ─────────────────────────────────────────────────────────────────────────────────────

export function boardOf(files: GameFileMap): Json {
  const board = systemJson(files).board;
  return isObject(board) ? board : {};
}

function withBoard(files: GameFileMap, change: (board: Json) => Json): GameFileMap {
  return withSystem(files, (system) => ({ ...system, board: change(isObject(system.board) ? system.board : {}) }));
}

/** Why `id` cannot name a new thing in `taken` (or undefined when it can). */
function idProblem(id: string, taken: readonly unknown[], what: string): string | undefined {
  if (id === '') return `Give the ${what} an id.`;
  if (!GAME_ID.test(id) || id.length > 60) return `“${id}” cannot be an id: use ${GAME_ID_RULE}.`;
  if (taken.includes(id)) return `The game has a ${what} “${id}” already.`;
  return undefined;
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
export function setBoardNumber(
  files: GameFileMap,
  key: 'openingHand' | 'drawPerTurn' | 'maxMulligans' | 'freeMulligans',
  value: Value | undefined,
): EditResult {
  const what = {
    openingHand: 'The opening hand',
    drawPerTurn: 'Cards drawn per turn',
    maxMulligans: 'The most mulligans',
    freeMulligans: 'Free mulligans',
  }[key];
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

const withoutKey = (object: Json, key: string): Json => {
  const copy = { ...object };
  delete copy[key];
  return copy;
};

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

/** "Hang lanterns!" → "hang-lanterns": an id from a name. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

function freeId(id: string, taken: readonly unknown[]): string {
  if (!taken.includes(id)) return id;
  for (let n = 2; ; n++) if (!taken.includes(`${id}-${n}`)) return `${id}-${n}`;
}

// ── Rarity and packs ──────────────────────────────────────────────────────────────────────────

export function rarityOf(files: GameFileMap): Json | undefined {
  const rarity = systemJson(files).rarity;
  return isObject(rarity) ? rarity : undefined;
}

export function packsOf(files: GameFileMap): Json[] {
  return list(systemJson(files).packs);
}

const slotRarities = (slot: Json): unknown[] =>
  Array.isArray(slot.rarity) ? slot.rarity : slot.rarity === undefined ? [] : [slot.rarity];

/** Gives the game a rarity (field and name), with one value to start from; or changes them. */
export function setRarity(files: GameFileMap, input: { field: string; label: string }): EditResult {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(input.field))
    return refuse('rarity-field', 'Name the card field that holds the rarity (letters, digits and _).');
  if (input.label.trim() === '') return refuse('rarity-label', 'Say what rarity is called (“Rarity”).');
  const current = rarityOf(files);
  const values = current ? list(current.values) : [{ id: 'common', label: 'Common' }];
  return done(withSystem(files, (system) => ({ ...system, rarity: { field: input.field, label: input.label.trim(), values } })));
}

/** Removes rarity from the game, unless a pack slot still draws by it. */
export function removeRarity(files: GameFileMap): EditResult {
  if (packsOf(files).some((pack) => list(pack.slots).some((slot) => slotRarities(slot).length > 0))) {
    return refuse('rarity', 'Pack slots draw by rarity: change them to card matches or remove them first.');
  }
  return done(withSystem(files, (system) => withoutKey(system, 'rarity')));
}

export function addRarityValue(files: GameFileMap, value: { id: string; label: string; color?: string }): EditResult {
  const rarity = rarityOf(files);
  if (!rarity) return refuse('rarity-value-id', 'Give the game a rarity field first.');
  const values = list(rarity.values);
  if (value.id.trim() === '' || /\s/.test(value.id))
    return refuse('rarity-value-id', 'Give the rarity an id without spaces (“rare”).');
  if (values.some((v) => v.id === value.id)) return refuse('rarity-value-id', `The game has a rarity “${value.id}” already.`);
  if (values.length >= 20) return refuse('rarity-value-id', 'A game has at most 20 rarities.');
  if (value.label.trim() === '') return refuse('rarity-value-label', 'Give the rarity a name players see.');
  const colorProblem = value.color === undefined ? undefined : hexProblem(value.color);
  if (colorProblem) return refuse('rarity-value-color', colorProblem);
  const added: Json = { id: value.id, label: value.label.trim(), ...(value.color ? { color: value.color } : {}) };
  return done(withSystem(files, (system) => ({ ...system, rarity: { ...rarity, values: [...values, added] } })));
}

const hexProblem = (color: string): string | undefined =>
  /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(color) ? undefined : 'A colour is #rgb or #rrggbb.';

export function setRarityValue(files: GameFileMap, id: string, patch: { label?: string; color?: string | null }): EditResult {
  const rarity = rarityOf(files);
  const values = rarity ? list(rarity.values) : [];
  if (!rarity || !values.some((v) => v.id === id)) return refuse(`rarity:${id}`, `The game has no rarity “${id}”.`);
  if (patch.label !== undefined && patch.label.trim() === '')
    return refuse(`rarity:${id}:label`, 'Give the rarity a name players see.');
  const colorProblem = typeof patch.color === 'string' ? hexProblem(patch.color) : undefined;
  if (colorProblem) return refuse(`rarity:${id}:color`, colorProblem);
  const next = values.map((v) => {
    if (v.id !== id) return v;
    const copy: Json = { ...v, ...(patch.label !== undefined ? { label: patch.label.trim() } : {}) };
    if (patch.color === null) delete copy.color;
    else if (patch.color !== undefined) copy.color = patch.color;
    return copy;
  });
  return done(withSystem(files, (system) => ({ ...system, rarity: { ...rarity, values: next } })));
}

export function removeRarityValue(files: GameFileMap, id: string): EditResult {
  const rarity = rarityOf(files);
  const values = rarity ? list(rarity.values) : [];
  if (!rarity) return refuse(`rarity:${id}`, `The game has no rarity “${id}”.`);
  if (values.length <= 1) return refuse(`rarity:${id}`, 'A rarity needs at least one value; remove the rarity instead.');
  const pack = packsOf(files).find((p) => list(p.slots).some((slot) => slotRarities(slot).includes(id)));
  if (pack) return refuse(`rarity:${id}`, `The pack “${String(pack.label)}” has a slot of this rarity: change it first.`);
  return done(withSystem(files, (system) => ({ ...system, rarity: { ...rarity, values: values.filter((v) => v.id !== id) } })));
}

/** A first slot for a new pack: the most common rarity, or else the game's first card type. */
function defaultSlot(files: GameFileMap): Json {
  const first = rarityOf(files) ? list(rarityOf(files)?.values)[0] : undefined;
  if (first) return { rarity: first.id, count: 1 };
  const type = list(systemJson(files).cardTypes)[0];
  return { match: { types: [type?.id ?? 'card'] }, count: 1 };
}

export function addPack(files: GameFileMap, pack: { id: string; label: string }): EditResult {
  const packs = packsOf(files);
  const problem = idProblem(
    pack.id,
    packs.map((p) => p.id),
    'pack',
  );
  if (problem) return refuse('pack-id', problem);
  if (pack.label.trim() === '') return refuse('pack-label', 'Give the pack a name (“Booster”).');
  if (packs.length >= 50) return refuse('pack-id', 'A game has at most 50 kinds of pack.');
  const added = { id: pack.id, label: pack.label.trim(), slots: [defaultSlot(files)] };
  return done(withSystem(files, (system) => ({ ...system, packs: [...packs, added] })));
}

export function removePack(files: GameFileMap, id: string): EditResult {
  const packs = packsOf(files).filter((p) => p.id !== id);
  return done(withSystem(files, (system) => (packs.length === 0 ? withoutKey(system, 'packs') : { ...system, packs })));
}

export function setPack(
  files: GameFileMap,
  id: string,
  patch: { id?: string; label?: string; description?: string },
): EditResult {
  const packs = packsOf(files);
  if (!packs.some((p) => p.id === id)) return refuse(`pack:${id}`, `The game has no pack “${id}”.`);
  if (patch.id !== undefined && patch.id !== id) {
    const problem = idProblem(
      patch.id,
      packs.map((p) => p.id),
      'pack',
    );
    if (problem) return refuse(`pack:${id}:id`, problem);
  }
  if (patch.label !== undefined && patch.label.trim() === '')
    return refuse(`pack:${id}:label`, 'Give the pack a name (“Booster”).');
  return withPack(files, id, (pack) => {
    const next: Json = { ...pack, ...patch, ...(patch.label !== undefined ? { label: patch.label.trim() } : {}) };
    if (patch.description !== undefined && patch.description.trim() === '') delete next.description;
    return next;
  });
}

function withPack(files: GameFileMap, id: string, change: (pack: Json) => Json): EditResult {
  return done(
    withSystem(files, (system) => ({ ...system, packs: list(system.packs).map((p) => (p.id === id ? change(p) : p)) })),
  );
}

export function addSlot(files: GameFileMap, packId: string): EditResult {
  const pack = packsOf(files).find((p) => p.id === packId);
  if (!pack) return refuse(`pack:${packId}`, `The game has no pack “${packId}”.`);
  if (list(pack.slots).length >= 50) return refuse(`pack:${packId}`, 'A pack has at most 50 slots.');
  return withPack(files, packId, (p) => ({ ...p, slots: [...list(p.slots), defaultSlot(files)] }));
}

export function removeSlot(files: GameFileMap, packId: string, index: number): EditResult {
  const pack = packsOf(files).find((p) => p.id === packId);
  if (!pack) return refuse(`pack:${packId}`, `The game has no pack “${packId}”.`);
  if (list(pack.slots).length <= 1)
    return refuse(`pack:${packId}:slot:${index}`, 'A pack needs at least one slot; remove the pack instead.');
  return withPack(files, packId, (p) => ({ ...p, slots: list(p.slots).filter((_, i) => i !== index) }));
}

/**
 * What a slot draws: `count` cards of `rarities` (one or more of the game's) and/or of the card
 * `types` (a match); an empty list drops that half. A match's other conditions (`where`,
 * `names`) and the weights (while the rarities stay the same) are kept.
 */
export function setSlot(
  files: GameFileMap,
  packId: string,
  index: number,
  input: { count: number; rarities: string[]; types: string[]; label?: string },
): EditResult {
  const field = `pack:${packId}:slot:${index}`;
  const pack = packsOf(files).find((p) => p.id === packId);
  const slot = pack ? list(pack.slots)[index] : undefined;
  if (!pack || !slot) return refuse(field, `The pack has no slot ${index + 1}.`);
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > SLOT_MAX) {
    return refuse(`${field}:count`, `A slot draws from 1 to ${SLOT_MAX} cards.`);
  }
  const known = list(rarityOf(files)?.values).map((v) => v.id);
  const unknown = input.rarities.find((r) => !known.includes(r));
  if (unknown !== undefined) return refuse(`${field}:rarity`, `The game has no rarity “${unknown}”.`);
  const hasMatchRest = isObject(slot.match) && Object.keys(slot.match).some((key) => key !== 'types');
  if (input.rarities.length === 0 && input.types.length === 0 && !hasMatchRest) {
    return refuse(`${field}:rarity`, 'A slot draws cards of a rarity or of a card type: choose at least one.');
  }
  const next: Json = { ...slot, count: input.count };
  const before = slotRarities(slot);
  if (input.rarities.length === 0) delete next.rarity;
  else next.rarity = input.rarities.length === 1 ? input.rarities[0] : [...input.rarities];
  if (!(Array.isArray(slot.weights) && sameList(before, input.rarities))) delete next.weights;
  const match: Json = isObject(slot.match) ? withoutKey(slot.match, 'types') : {};
  if (input.types.length > 0) match.types = [...input.types];
  if (Object.keys(match).length === 0) delete next.match;
  else next.match = match;
  if (input.label !== undefined) {
    if (input.label.trim() === '') delete next.label;
    else next.label = input.label.trim();
  }
  return withPack(files, packId, (p) => ({ ...p, slots: list(p.slots).map((s, i) => (i === index ? next : s)) }));
}

const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

// ── Symbols ───────────────────────────────────────────────────────────────────────────────────

export interface SymbolInput {
  label: string;
  path: string;
  viewBox?: string;
}

export function symbolsOf(files: GameFileMap): Record<string, Json> {
  const symbols = systemJson(files).symbols;
  const out: Record<string, Json> = {};
  if (isObject(symbols)) for (const [token, symbol] of Object.entries(symbols)) if (isObject(symbol)) out[token] = symbol;
  return out;
}

/** Why `token` cannot name a new symbol (or undefined when it can); `except` is the one being renamed. */
export function symbolTokenProblem(files: GameFileMap, token: string, except?: string): string | undefined {
  if (token === '') return 'Give the symbol a token: what card text writes between { and }.';
  if (!SYMBOL_TOKEN.test(token)) return `{${token}} cannot be a symbol's token: use ${SYMBOL_TOKEN_RULE}.`;
  const taken = Object.keys(symbolsOf(files)).find((existing) => existing === token && existing !== except);
  if (taken !== undefined) return `The game has a symbol {${token}} already.`;
  return undefined;
}

const labelProblem = (label: string): string | undefined =>
  label.trim() === ''
    ? 'Say what the symbol means (“Tap”).'
    : label.trim().length > 60
      ? 'A symbol’s meaning fits in 60 characters.'
      : undefined;

export function addSymbol(files: GameFileMap, token: string, symbol: SymbolInput): EditResult {
  const tokenProblem = symbolTokenProblem(files, token);
  if (tokenProblem) return refuse('symbol-token', tokenProblem);
  const problem = labelProblem(symbol.label);
  if (problem) return refuse('symbol-label', problem);
  if (Object.keys(symbolsOf(files)).length >= 256) return refuse('symbol-token', 'A game has at most 256 symbols.');
  if (symbol.path.trim() === '') return refuse('symbol-path', 'The symbol has no drawing.');
  const added: Json = { label: symbol.label.trim(), ...(symbol.viewBox ? { viewBox: symbol.viewBox } : {}), path: symbol.path };
  return done(withSystem(files, (system) => ({ ...system, symbols: { ...symbolsOf(files), [token]: added } })));
}

/** Renames a symbol's token in place (card text that writes the old token then warns). */
export function renameSymbol(files: GameFileMap, from: string, to: string): EditResult {
  const symbols = symbolsOf(files);
  if (!(from in symbols)) return refuse(`symbol:${from}`, `The game has no symbol {${from}}.`);
  if (from === to) return done(files);
  const problem = symbolTokenProblem(files, to, from);
  if (problem) return refuse(`symbol:${from}:token`, problem);
  const next: Record<string, Json> = {};
  for (const [token, symbol] of Object.entries(symbols)) next[token === from ? to : token] = symbol;
  return done(withSystem(files, (system) => ({ ...system, symbols: next })));
}

export function setSymbolLabel(files: GameFileMap, token: string, label: string): EditResult {
  const symbols = symbolsOf(files);
  if (!(token in symbols)) return refuse(`symbol:${token}`, `The game has no symbol {${token}}.`);
  const problem = labelProblem(label);
  if (problem) return refuse(`symbol:${token}:label`, problem);
  return done(
    withSystem(files, (system) => ({ ...system, symbols: { ...symbols, [token]: { ...symbols[token], label: label.trim() } } })),
  );
}

export function removeSymbol(files: GameFileMap, token: string): EditResult {
  const symbols = { ...symbolsOf(files) };
  if (!(token in symbols)) return refuse(`symbol:${token}`, `The game has no symbol {${token}}.`);
  delete symbols[token];
  return done(
    withSystem(files, (system) => (Object.keys(symbols).length === 0 ? withoutKey(system, 'symbols') : { ...system, symbols })),
  );
}

// ── Problems in the files as they are ─────────────────────────────────────────────────────────

/** What is wrong with the board, rarity and packs as written, each at its field. */
export function playProblems(files: GameFileMap): PlayProblem[] {
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
  for (const key of ['openingHand', 'drawPerTurn', 'maxMulligans', 'freeMulligans'] as const) {
    const value = board[key];
    if (typeof value === 'number')
      add(
        key,
        wholeProblem(
          value,
          {
            openingHand: 'The opening hand',
            drawPerTurn: 'Cards drawn per turn',
            maxMulligans: 'The most mulligans',
            freeMulligans: 'Free mulligans',
          }[key],
        ),
      );
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

  const rarity = rarityOf(files);
  const known = list(rarity?.values).map((v) => v.id);
  const packIds = new Set<unknown>();
  for (const pack of packsOf(files)) {
    const at = `pack:${String(pack.id)}`;
    if (packIds.has(pack.id)) add(`${at}:id`, `Two packs have the id “${String(pack.id)}”.`);
    packIds.add(pack.id);
    list(pack.slots).forEach((slot, index) => {
      const field = `${at}:slot:${index}`;
      if (typeof slot.count !== 'number' || !Number.isInteger(slot.count) || slot.count < 1 || slot.count > SLOT_MAX) {
        add(`${field}:count`, `Slot ${index + 1} draws ${String(slot.count)} cards; a slot draws from 1 to ${SLOT_MAX}.`);
      }
      for (const id of slotRarities(slot)) {
        if (!known.includes(id))
          add(
            `${field}:rarity`,
            rarity
              ? `Slot ${index + 1} names the rarity “${String(id)}”, which the game does not have.`
              : `Slot ${index + 1} draws by rarity, but the game has no rarity.`,
          );
      }
      if (slotRarities(slot).length === 0 && slot.match === undefined)
        add(`${field}:rarity`, `Slot ${index + 1} draws neither by rarity nor by card type.`);
    });
  }
  return problems;
}

/** The problem at `field`, for showing beside it. */
export const problemAt = (problems: readonly PlayProblem[], field: string): string | undefined =>
  problems.find((problem) => problem.field === field)?.message;
