// The solo-playtest state machine. Everything it knows about a game comes from
// `system.board` (zones, opening hand, mulligan, resources, phases); every transition is
// pure and returns a new state, which stays plain JSON and carries its own undo history.
// Pile order: index 0 of a zone is its top card (the next draw for a deck).

import { cardMatches } from '../deck/card-match';
import { own, setOwn } from '../own-keys';
import type { Deck } from '../deck/format';
import type { CardDocument, GameSystem } from '../system/format';
import type { BoardSetup, PlayBoard, PlayZone, ZoneKind } from './format';
import { playBoard, resolveValue } from './play-board';
import { nextRandom, seedState, shuffled } from './rng';
import { isStepped, phaseId, phaseLabel, steppedPhase } from './phase-list';
import type { PhaseStep } from './format';
import { applySpatialChange } from './spatial/apply';
import { initialSpatial } from './spatial/state';

export type { CardTableState, TablePoint } from './table';
import { placeOf, type CardTableState, type TablePoint } from './table';
import type { CardInstance, PlaytestAction, PlaytestSnapshot, PlaytestState, ResourceState } from './playtest-state';
/** 3: actions may be `together` (older versions cannot replay it); a version 2 state reads as is. */
export const PLAYTEST_STATE_VERSION = 3;
/** Undo steps kept inside the state. */
export const HISTORY_LIMIT = 200;
const MAX_DRAW = 1_000;

export class PlaytestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlaytestError';
  }
}

/** Redraws allowed while an opening hand lacks a required card (then the hand stands). */
const MAX_REDRAWS = 50;

export type CardLookup = (cardId: string) => CardDocument | undefined;

// ---------------------------------------------------------------------------------------
// Setup

export function createPlaytest(
  system: GameSystem,
  deck: Pick<Deck, 'sections' | 'format'>,
  lookup: CardLookup,
  seed: number,
  /** One of `system.board.modes`; when absent, the mode named like the deck's format, else the first. */
  modeId?: string,
): PlaytestState {
  const modes = system.board.modes ?? [];
  const mode = modeId === undefined ? (modes.find((m) => m.id === deck.format) ?? modes[0]) : modes.find((m) => m.id === modeId);
  if (modeId !== undefined && !mode) {
    const known = (system.board.modes ?? []).map((m) => `"${m.id}"`).join(', ') || 'none';
    throw new PlaytestError(`${system.name} has no game mode "${modeId}" (modes: ${known}).`);
  }
  const setup: BoardSetup = mode?.setup ? { ...system.board, ...mode.setup } : system.board;
  const deckZone = requireZone(setup, 'deck');
  requireZone(setup, 'hand');
  const boardZone = setup.zones.find((zone) => zone.kind === 'board');
  if (setup.leaderSection && !boardZone) {
    throw new PlaytestError(
      `Board setup of "${system.id}" has a leader section but no zone of kind "board" to put the leader on.`,
    );
  }
  if (setup.phases.length === 0) throw new PlaytestError(`Board setup of "${system.id}" lists no phases.`);

  const log: string[] = [];
  const cards: Record<string, CardInstance> = {};
  let counter = 0;
  const missing = new Map<string, number>();
  const expand = (sectionId: string): string[] => {
    const ids: string[] = [];
    for (const entry of own(deck.sections, sectionId) ?? []) {
      const copies = Number.isFinite(entry.count) ? Math.max(0, Math.floor(entry.count)) : 0;
      const doc = lookup(entry.cardId);
      if (!doc) {
        missing.set(entry.cardId, (missing.get(entry.cardId) ?? 0) + copies);
        continue;
      }
      for (let copy = 0; copy < copies; copy++) {
        counter += 1;
        const instanceId = `c${counter}`;
        cards[instanceId] = { instanceId, cardId: entry.cardId, name: doc.name, type: doc.type, doc };
        ids.push(instanceId);
      }
    }
    return ids;
  };

  const zones: Record<string, string[]> = Object.fromEntries(setup.zones.map((zone) => [zone.id, []]));
  const leaderIds = setup.leaderSection ? expand(setup.leaderSection) : [];
  if (boardZone) setOwn(zones, boardZone.id, leaderIds);
  const leader = leaderIds.length > 0 ? cards[leaderIds[0]].doc : undefined;
  const board = playBoard(setup, leader);
  const [deckIds, firstRng] = shuffled(expand(board.deckSection), seedState(seed));
  let rng = firstRng;
  setOwn(zones, deckZone.id, deckIds);
  // Extra decks (OSMCG's Missions) start shuffled in their own zones.
  for (const zone of board.zones) {
    if (!zone.section || zone.id === deckZone.id) continue;
    const [ids, next] = shuffled(expand(zone.section), rng);
    setOwn(zones, zone.id, ids);
    rng = next;
  }

  if (mode) log.push(`Mode: ${mode.label}.`);
  for (const [cardId, copies] of missing) log.push(`Skipped ${copies} × unknown card "${cardId}" (not in the library).`);
  if (board.leaderSection) {
    log.push(
      leader
        ? `${leader.name} starts on the ${boardZone?.label ?? 'board'}.`
        : `No card in the leader section "${board.leaderSection}".`,
    );
  }
  log.push(`Shuffled ${deckIds.length} cards into the ${deckZone.label} (seed ${seedState(seed)}).`);

  const resources = board.resources.map((def): ResourceState => {
    const min = def.min ?? 0;
    const max = def.max === undefined ? undefined : resolveValue(def.max, leader);
    // The first player's turn 1 may set its own value instead of the usual start.
    const firstTurn = own(board.firstTurn?.resources ?? {}, def.id);
    const start = firstTurn ?? resolveValue(def.start, leader);
    const value = clamp(start, min, max);
    log.push(
      `${def.label} starts at ${value}${max === undefined ? '' : ` (max ${max})`}${firstTurn === undefined ? '' : ' on turn 1'}.`,
    );
    const regen = def.regen === undefined ? 0 : resolveValue(def.regen, leader);
    // No `max` key at all when uncapped, so the state survives a JSON round trip unchanged.
    return max === undefined
      ? { id: def.id, label: def.label, value, min, regen }
      : { id: def.id, label: def.label, value, min, max, regen };
  });

  const initial: PlaytestState = {
    version: PLAYTEST_STATE_VERSION,
    seed: seedState(seed),
    board,
    cards,
    rng,
    zones,
    table: {},
    resources,
    turn: 1,
    phase: phaseId(board.phases[0]),
    mulligans: 0,
    awaitingKeep: board.mulligan !== 'none',
    buys: 0,
    tokensMade: 0,
    log,
    history: [],
    actions: [],
    ...(mode ? { mode: mode.id } : {}),
    ...(board.spatial ? { spatial: initialSpatial(board.spatial, mode?.id) } : {}),
  };
  const opened = drawOpeningHand(initial, board.openingHand, 'Opening hand');
  if (!opened.awaitingKeep) return beginFirstTurn(opened);
  opened.log.push('Keep this hand or take a mulligan.');
  return opened;
}

/**
 * Once the opening hand stands: the zones that are dealt cards get them from the top of the
 * deck (face down when the setup says so), then turn 1's draw, unless the first player skips it.
 */
function beginFirstTurn(state: PlaytestState): PlaytestState {
  const deckZone = requireZone(state.board, 'deck');
  let next = state;
  for (const zone of state.board.zones) {
    if (!zone.deal || zone.deal.count === 0) continue;
    next = deal(next, deckZone, zone, zone.deal.count, zone.deal.faceDown === true);
  }
  // A board that declares its steps draws in its own draw step; turn 1 enters the first phase.
  if (isStepped(state.board.phases)) return enterPhase(next, 0);
  if (state.board.firstTurn?.skipDraw) {
    return { ...next, log: [...next.log, 'Turn 1: the player going first does not draw.'] };
  }
  const draws = turnDraws(next);
  return draws > 0 ? drawCards(next, draws, 'Turn 1: drew') : next;
}

/** Cards dealt from the top of the deck into a zone (fewer when the deck runs out). */
function deal(state: PlaytestState, deckZone: PlayZone, zone: PlayZone, count: number, faceDown: boolean): PlaytestState {
  const deck = state.zones[deckZone.id];
  const dealt = deck.slice(0, count);
  const zones = { ...state.zones, [deckZone.id]: deck.slice(dealt.length) };
  setOwn(zones, zone.id, [...(own(state.zones, zone.id) ?? []), ...dealt]);
  const table = { ...state.table };
  if (faceDown) for (const id of dealt) setOwn(table, id, { faceDown: true });
  const short = dealt.length < count ? ` (the ${deckZone.label} held only ${dealt.length} of ${count})` : '';
  const what = faceDown
    ? `${dealt.length} card${dealt.length === 1 ? '' : 's'} face down`
    : dealt.map((id) => state.cards[id].name).join(', ') || 'no cards';
  return {
    ...state,
    zones,
    table,
    log: [...state.log, `Dealt ${what} from the ${deckZone.label} to the ${zone.label}${short}.`],
  };
}

/** The cards a turn's draw takes: up to `drawUpTo` in hand, or `drawPerTurn`. */
function turnDraws(state: PlaytestState): number {
  const handZone = requireZone(state.board, 'hand');
  return state.board.drawUpTo !== undefined
    ? Math.max(0, state.board.drawUpTo - state.zones[handZone.id].length)
    : state.board.drawPerTurn;
}

/**
 * Draws an opening hand; when the game demands a kind of card in it (Miscrits: a basic
 * Miscrit) and the hand has none, the hand is shown, shuffled back and redrawn.
 */
function drawOpeningHand(state: PlaytestState, size: number, verb: string): PlaytestState {
  const required = state.board.openingHandMustInclude;
  let next = drawCards(state, size, verb);
  if (!required) return next;
  const handZone = requireZone(state.board, 'hand');
  const deckZone = requireZone(state.board, 'deck');
  const fits = (id: string) => cardMatches(next.cards[id].doc, required.match);
  if (![...next.zones[handZone.id], ...next.zones[deckZone.id]].some(fits)) {
    next.log.push(`The ${deckZone.label} holds no ${required.label}: the hand stands without one.`);
    return next;
  }
  for (let redraw = 1; redraw <= MAX_REDRAWS && !next.zones[handZone.id].some(fits); redraw++) {
    const hand = next.zones[handZone.id];
    const [deck, rng] = shuffled([...next.zones[deckZone.id], ...hand], next.rng);
    next = {
      ...next,
      rng,
      zones: { ...next.zones, [deckZone.id]: deck, [handZone.id]: [] },
      log: [...next.log, `No ${required.label} in hand: shuffled it back to redraw.`],
    };
    next = drawCards(next, size, verb);
  }
  return next;
}

// ---------------------------------------------------------------------------------------
// Actions

/** Applies one action; throws PlaytestError (state untouched) when it is not allowed. */
export function applyAction(state: PlaytestState, action: PlaytestAction): PlaytestState {
  const before = snapshot(state);
  const next = perform(state, action);
  const history = [...state.history, before];
  return {
    ...next,
    history: history.length > HISTORY_LIMIT ? history.slice(history.length - HISTORY_LIMIT) : history,
    actions: [...state.actions, action],
  };
}

export function canUndo(state: PlaytestState): boolean {
  return state.history.length > 0;
}

/** The state before the last action (the same state when there is nothing to undo). */
export function undo(state: PlaytestState): PlaytestState {
  if (state.history.length === 0) return state;
  const previous = state.history[state.history.length - 1];
  const { logLength, tokens, ...restored } = previous;
  // Deck cards never come or go; tokens are the ones the snapshot had.
  const cards = Object.fromEntries(Object.entries(state.cards).filter(([, card]) => !card.token));
  return {
    ...state,
    ...restored,
    cards: { ...cards, ...tokens },
    tokensMade: restored.tokensMade ?? 0,
    log: state.log.slice(0, logLength),
    history: state.history.slice(0, -1),
    actions: state.actions.slice(0, -1),
  };
}

function snapshot(state: PlaytestState): PlaytestSnapshot {
  const { rng, zones, table, resources, turn, phase, mulligans, awaitingKeep, buys, spatial, tokensMade } = state;
  // Only a game that made tokens pays for looking through its cards (the simulator snapshots a lot).
  const tokens = tokensMade ? Object.fromEntries(Object.entries(state.cards).filter(([, card]) => card.token)) : {};
  const kept = {
    rng,
    zones,
    table,
    resources,
    turn,
    phase,
    mulligans,
    awaitingKeep,
    buys: buys ?? 0,
    tokens,
    tokensMade: tokensMade ?? 0,
    logLength: state.log.length,
  };
  return spatial ? { ...kept, spatial } : kept;
}

function perform(state: PlaytestState, action: PlaytestAction): PlaytestState {
  switch (action.type) {
    case 'mulligan':
      return mulligan(state);
    case 'keep':
      return keep(state, action.bottom ?? []);
    case 'draw':
      return drawCards(state, drawCount(action.count), 'Drew');
    case 'move':
      return move(state, action.instanceId, action.to, action.position, action.at);
    case 'tap':
    case 'flip':
    case 'counter':
      return changeCard(state, action);
    case 'lookAtTop':
      return lookAtTop(state, action.count);
    case 'search':
      return search(state, action.instanceId, action.to);
    case 'scry':
      return scry(state, action.instanceId, action.position);
    case 'reveal':
      return reveal(state, action.instanceId);
    case 'nextTurn':
      return nextTurn(state);
    case 'nextPhase':
      return nextPhase(state);
    case 'buy':
      return buy(state, action.instanceId);
    case 'setPhase':
      return setPhase(state, action.phase);
    case 'adjustResource':
      return adjustResource(state, action.resource, action.delta);
    case 'shuffleDeck':
      return shuffleDeck(state);
    case 'createToken':
      return createToken(state, action.cardId, action.doc, action.to, action.at);
    case 'spatial': {
      const { spatial, line } = applySpatialChange(state, action.change);
      return { ...state, spatial, log: [...state.log, line] };
    }
    case 'together':
      return action.actions.reduce(perform, state);
    default:
      throw new PlaytestError(`Unknown playtest action ${JSON.stringify((action as { type?: unknown }).type)}.`);
  }
}

/** Cards the keeper puts on the bottom: one per mulligan in a London mulligan, else none. */
export function cardsToBottom(state: Pick<PlaytestState, 'board' | 'mulligans'>): number {
  return state.board.mulligan === 'london' ? state.mulligans : 0;
}

/** Size of the hand drawn after `mulligans` mulligans. */
function handSizeAfter(board: PlayBoard, mulligans: number): number {
  if (board.mulligan !== 'smaller') return board.openingHand;
  return board.openingHand - Math.max(0, mulligans - (board.freeMulligans ?? 0));
}

function mulligan(state: PlaytestState): PlaytestState {
  if (state.board.mulligan === 'none') throw new PlaytestError('This game has no mulligan.');
  if (!state.awaitingKeep) throw new PlaytestError('A mulligan is only possible before keeping the opening hand.');
  const london = state.board.mulligan === 'london';
  const cap = state.board.maxMulligans;
  if (cap !== undefined && state.mulligans >= cap) {
    throw new PlaytestError(
      cap === 0
        ? 'No mulligan: this game allows none; keep this hand.'
        : `No more mulligans: this game allows at most ${cap}; keep this hand.`,
    );
  }
  if (london ? state.mulligans >= state.board.openingHand : handSizeAfter(state.board, state.mulligans + 1) <= 0) {
    throw new PlaytestError(
      `No more mulligans: after ${state.mulligans} the ${london ? 'whole hand would go to the bottom' : 'next hand would be empty'}.`,
    );
  }
  const deckZone = requireZone(state.board, 'deck');
  const handZone = requireZone(state.board, 'hand');
  const hand = state.zones[handZone.id];
  const [deck, rng] = shuffled([...state.zones[deckZone.id], ...hand], state.rng);
  const mulligans = state.mulligans + 1;
  const shuffledBack: PlaytestState = {
    ...state,
    rng,
    mulligans,
    zones: { ...state.zones, [deckZone.id]: deck, [handZone.id]: [] },
    log: [...state.log, `Mulligan ${mulligans}: shuffled ${hand.length} cards back into the ${deckZone.label}.`],
  };
  const drawn = drawOpeningHand(shuffledBack, handSizeAfter(state.board, mulligans), 'New hand');
  if (london)
    drawn.log.push(`When keeping, put ${mulligans} card${mulligans === 1 ? '' : 's'} on the bottom of the ${deckZone.label}.`);
  return drawn;
}

function keep(state: PlaytestState, bottom: string[]): PlaytestState {
  if (!state.awaitingKeep) throw new PlaytestError('The opening hand has already been kept.');
  const deckZone = requireZone(state.board, 'deck');
  const handZone = requireZone(state.board, 'hand');
  const needed = cardsToBottom(state);
  if (bottom.length !== needed) {
    throw new PlaytestError(
      `Keeping after ${state.mulligans} mulligan${state.mulligans === 1 ? '' : 's'} needs exactly ${needed} card${needed === 1 ? '' : 's'} put on the bottom; got ${bottom.length}.`,
    );
  }
  if (new Set(bottom).size !== bottom.length) throw new PlaytestError('The cards put on the bottom must all be different.');
  const hand = state.zones[handZone.id];
  const notInHand = bottom.filter((id) => !hand.includes(id));
  if (notInHand.length > 0) {
    throw new PlaytestError(`Only cards in the ${handZone.label} can go to the bottom; not in hand: ${notInHand.join(', ')}.`);
  }
  const names = bottom.map((id) => own(state.cards, id)?.name ?? id);
  return beginFirstTurn({
    ...state,
    awaitingKeep: false,
    zones: {
      ...state.zones,
      [handZone.id]: hand.filter((id) => !bottom.includes(id)),
      [deckZone.id]: [...state.zones[deckZone.id], ...bottom],
    },
    log: [
      ...state.log,
      bottom.length === 0
        ? `Kept ${hand.length} cards.`
        : `Kept ${hand.length - bottom.length} cards; put ${names.join(', ')} on the bottom of the ${deckZone.label}.`,
    ],
  });
}

function drawCount(count: number | undefined): number {
  if (count === undefined) return 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_DRAW) {
    throw new PlaytestError(`Draw count must be a whole number from 1 to ${MAX_DRAW}; got ${count}.`);
  }
  return count;
}

/**
 * Draws `count` cards from the top of the deck into the hand; the empty-deck rule of the
 * setup decides between reshuffling the discard pile and drawing nothing. Returns a new
 * state with its own (appended) log.
 */
function drawCards(state: PlaytestState, count: number, verb: string): PlaytestState {
  const deckZone = requireZone(state.board, 'deck');
  const handZone = requireZone(state.board, 'hand');
  const discardZone = state.board.zones.find((zone) => zone.kind === 'discard');
  let deck = state.zones[deckZone.id];
  let discard = discardZone ? state.zones[discardZone.id] : [];
  let rng = state.rng;
  const log = [...state.log];
  const drawn: string[] = [];
  for (let i = 0; i < count; i++) {
    if (deck.length === 0 && state.board.emptyDeck === 'reshuffle-discard' && discardZone && discard.length > 0) {
      [deck, rng] = shuffled(discard, rng);
      log.push(
        `${deckZone.label} empty: shuffled ${discard.length} cards from the ${discardZone.label} into a new ${deckZone.label}.`,
      );
      discard = [];
    }
    if (deck.length === 0) {
      log.push(`${deckZone.label} is empty: nothing drawn${count - i > 1 ? ` (${count - i} draws missed)` : ''}.`);
      break;
    }
    drawn.push(deck[0]);
    deck = deck.slice(1);
  }
  if (drawn.length > 0) {
    const names = drawn.map((id) => state.cards[id].name);
    log.push(drawn.length === 1 ? `${verb} ${names[0]}.` : `${verb} (${drawn.length}): ${names.join(', ')}.`);
  }
  const zones = { ...state.zones, [deckZone.id]: deck, [handZone.id]: [...state.zones[handZone.id], ...drawn] };
  if (discardZone) setOwn(zones, discardZone.id, discard);
  return { ...state, rng, zones, log };
}

/** A token made from a card of the library the game's `board.tokens` match picks, on a board zone. */
function createToken(state: PlaytestState, cardId: string, doc: CardDocument, to: string, at?: TablePoint): PlaytestState {
  const tokens = state.board.tokens;
  if (!tokens) throw new PlaytestError('This game defines no tokens (board.tokens in its game system).');
  if (!cardMatches(doc, tokens.match)) throw new PlaytestError(`${doc.name} is not a token card of this game.`);
  const target = requireZoneId(state.board, to);
  if (target.kind !== 'board')
    throw new PlaytestError(`Tokens are put on a board zone; the ${target.label} is a ${target.kind}.`);
  const made = (state.tokensMade ?? 0) + 1;
  const instanceId = `t${made}`;
  const card: CardInstance = { instanceId, cardId, name: doc.name, type: doc.type, doc, token: true };
  const zones = { ...state.zones };
  setOwn(zones, to, [...(own(zones, to) ?? []), instanceId]);
  const table = { ...state.table };
  if (at) setOwn(table, instanceId, { at: placeOf(at) });
  return {
    ...state,
    cards: { ...state.cards, [instanceId]: card },
    zones,
    table,
    tokensMade: made,
    log: [...state.log, `Created a ${doc.name} token on the ${target.label}.`],
  };
}

/** A token leaving the board ceases to exist, as in most games (undo brings it back). */
function tokenCeases(state: PlaytestState, card: CardInstance, from: PlayZone | undefined, target: PlayZone): PlaytestState {
  const zones = { ...state.zones };
  if (from)
    setOwn(
      zones,
      from.id,
      zones[from.id].filter((id) => id !== card.instanceId),
    );
  const cards = { ...state.cards };
  delete cards[card.instanceId];
  const table = { ...state.table };
  delete table[card.instanceId];
  return {
    ...state,
    cards,
    zones,
    table,
    log: [...state.log, `${card.name} (a token) left the ${from?.label ?? 'board'} for the ${target.label} and ceased to exist.`],
  };
}

function move(
  state: PlaytestState,
  instanceId: string,
  to: string,
  position: 'top' | 'bottom' | undefined,
  at: TablePoint | undefined,
): PlaytestState {
  const card = requireCard(state, instanceId);
  const target = requireZoneId(state.board, to);
  const fromId = zoneOf(state, instanceId);
  const from = state.board.zones.find((zone) => zone.id === fromId);
  if (at !== undefined && target.kind !== 'board') {
    throw new PlaytestError(`Cards are placed freely only on a board zone; the ${target.label} is a ${target.kind}.`);
  }
  const place = at === undefined ? undefined : placeOf(at);
  const table = withTableState(state.table, instanceId, (current) => {
    // Leaving the board resets a card (untapped, face up, no counters); on a board it keeps them.
    if (target.kind !== 'board') return {};
    const { at: _old, ...rest } = current;
    return place ? { ...rest, at: place } : rest;
  });
  if (fromId === to && place) {
    return { ...state, table, log: [...state.log, `Placed ${card.name} on the ${target.label}.`] };
  }
  if (card.token && target.kind !== 'board') return tokenCeases(state, card, from, target);
  const where = position ?? (isPile(target.kind) ? 'top' : 'bottom');
  // Spread keeps own keys (even "__proto__"); setOwn writes them without touching the prototype.
  const zones = { ...state.zones };
  if (fromId)
    setOwn(
      zones,
      fromId,
      zones[fromId].filter((id) => id !== instanceId),
    );
  const there = own(zones, to) ?? [];
  setOwn(zones, to, where === 'top' ? [instanceId, ...there] : [...there, instanceId]);
  const destination = isPile(target.kind)
    ? `${where === 'top' ? 'on top of' : 'at the bottom of'} the ${target.label}`
    : `to the ${target.label}`;
  return {
    ...state,
    zones,
    table,
    log: [...state.log, `Moved ${card.name} from the ${from?.label ?? 'nowhere'} ${destination}.`],
  };
}

/** Tap, flip or a counter change on one card (on a board zone; flip also in other open zones). */
function changeCard(state: PlaytestState, action: Extract<PlaytestAction, { type: 'tap' | 'flip' | 'counter' }>): PlaytestState {
  const card = requireCard(state, action.instanceId);
  const zone = state.board.zones.find((candidate) => candidate.id === zoneOf(state, action.instanceId));
  const current = own(state.table, action.instanceId) ?? {};
  const openZone = zone !== undefined && zone.kind !== 'deck' && zone.kind !== 'hand';
  if (action.type === 'flip') {
    if (!openZone) throw new PlaytestError(`${card.name} is not on the table: only cards outside the deck and hand flip.`);
    const faceDown = !current.faceDown;
    const table = withTableState(state.table, action.instanceId, ({ faceDown: _was, ...rest }) =>
      faceDown ? { ...rest, faceDown: true } : rest,
    );
    return { ...state, table, log: [...state.log, `Turned ${card.name} face ${faceDown ? 'down' : 'up'}.`] };
  }
  if (zone?.kind !== 'board') {
    throw new PlaytestError(`${card.name} is not on a board zone: only cards in play can be tapped or carry counters.`);
  }
  if (action.type === 'tap') {
    const tapped = !current.tapped;
    const table = withTableState(state.table, action.instanceId, ({ tapped: _was, ...rest }) =>
      tapped ? { ...rest, tapped: true } : rest,
    );
    return { ...state, table, log: [...state.log, `${tapped ? 'Tapped' : 'Untapped'} ${card.name}.`] };
  }
  const kind = (state.board.counters ?? []).find((candidate) => candidate.id === action.counter);
  if (!kind) {
    const known = (state.board.counters ?? []).map((candidate) => candidate.id).join(', ') || 'none';
    throw new PlaytestError(`No counter kind "${action.counter}"; this game's counters: ${known}.`);
  }
  if (!Number.isInteger(action.delta) || action.delta === 0) {
    throw new PlaytestError(`A counter change must be a whole number other than 0; got ${action.delta}.`);
  }
  const had = own(current.counters ?? {}, kind.id) ?? 0;
  const now = Math.max(0, had + action.delta);
  if (now === had) throw new PlaytestError(`${card.name} has no ${kind.label} counter to remove.`);
  const table = withTableState(state.table, action.instanceId, (entry) => {
    const counters: Record<string, number> = { ...entry.counters };
    if (now === 0) delete counters[kind.id];
    else setOwn(counters, kind.id, now);
    const { counters: _old, addedOn: _when, ...rest } = entry;
    const addedOn: Record<string, number> = { ...entry.addedOn };
    // Only a game whose steps spare new counters needs to know when one was added.
    if (now > had && sparesNew(state.board, kind.id)) setOwn(addedOn, kind.id, state.turn);
    if (now === 0) delete addedOn[kind.id];
    const when = Object.keys(addedOn).length > 0 ? { addedOn } : {};
    return Object.keys(counters).length > 0 ? { ...rest, counters, ...when } : rest;
  });
  return { ...state, table, log: [...state.log, `${kind.label} on ${card.name}: ${had} → ${now}.`] };
}

/** The top `count` cards of the deck, top first (what "look at the top N" shows). */
export function topOfDeck(state: PlaytestState, count: number): CardInstance[] {
  return cardsIn(state, requireZone(state.board, 'deck').id).slice(0, Math.max(0, count));
}

function lookAtTop(state: PlaytestState, count: number): PlaytestState {
  const deckZone = requireZone(state.board, 'deck');
  if (!Number.isInteger(count) || count < 1 || count > MAX_DRAW) {
    throw new PlaytestError(`Look at a whole number of cards from 1 to ${MAX_DRAW}; got ${count}.`);
  }
  const seen = Math.min(count, state.zones[deckZone.id].length);
  return { ...state, log: [...state.log, `Looked at the top ${seen} card${seen === 1 ? '' : 's'} of the ${deckZone.label}.`] };
}

function search(state: PlaytestState, instanceId: string, to: string): PlaytestState {
  const deckZone = requireZone(state.board, 'deck');
  const card = requireCard(state, instanceId);
  if (zoneOf(state, instanceId) !== deckZone.id) throw new PlaytestError(`${card.name} is not in the ${deckZone.label}.`);
  const target = requireZoneId(state.board, to);
  if (target.id === deckZone.id) throw new PlaytestError(`A searched card goes out of the ${deckZone.label}.`);
  const moved = move(state, instanceId, to, undefined, undefined);
  const [deck, rng] = shuffled(moved.zones[deckZone.id], moved.rng);
  return {
    ...moved,
    rng,
    zones: { ...moved.zones, [deckZone.id]: deck },
    log: [
      ...state.log,
      `Searched the ${deckZone.label} for ${card.name}: put it ${isPile(target.kind) ? 'on' : 'into'} the ${target.label}, then shuffled the ${deckZone.label}.`,
    ],
  };
}

function scry(state: PlaytestState, instanceId: string, position: 'top' | 'bottom'): PlaytestState {
  const deckZone = requireZone(state.board, 'deck');
  const card = requireCard(state, instanceId);
  if (zoneOf(state, instanceId) !== deckZone.id) throw new PlaytestError(`${card.name} is not in the ${deckZone.label}.`);
  const rest = state.zones[deckZone.id].filter((id) => id !== instanceId);
  const deck = position === 'top' ? [instanceId, ...rest] : [...rest, instanceId];
  return {
    ...state,
    zones: { ...state.zones, [deckZone.id]: deck },
    log: [...state.log, `Put ${card.name} on the ${position} of the ${deckZone.label}.`],
  };
}

function reveal(state: PlaytestState, instanceId: string): PlaytestState {
  const card = requireCard(state, instanceId);
  const zone = state.board.zones.find((candidate) => candidate.id === zoneOf(state, instanceId));
  return { ...state, log: [...state.log, `Revealed ${card.name} (from the ${zone?.label ?? 'nowhere'}).`] };
}

function withTableState(
  table: Record<string, CardTableState>,
  instanceId: string,
  change: (current: CardTableState) => CardTableState,
): Record<string, CardTableState> {
  const next = { ...table };
  const changed = change(own(table, instanceId) ?? {});
  if (Object.keys(changed).length === 0) delete next[instanceId];
  else setOwn(next, instanceId, changed);
  return next;
}

function requireCard(state: PlaytestState, instanceId: string): CardInstance {
  const card = own(state.cards, instanceId);
  if (!card) throw new PlaytestError(`No card instance "${instanceId}" in this playtest.`);
  return card;
}

function requireZoneId(board: PlayBoard, zoneId: string): PlayZone {
  const zone = board.zones.find((candidate) => candidate.id === zoneId);
  if (!zone) throw new PlaytestError(`No zone "${zoneId}"; zones are ${board.zones.map((z) => z.id).join(', ')}.`);
  return zone;
}

/** Piles have a top (index 0); hands and boards are ordered left to right. */
function isPile(kind: ZoneKind): boolean {
  return kind === 'deck' || kind === 'discard' || kind === 'exile';
}

function nextTurn(state: PlaytestState): PlaytestState {
  if (state.awaitingKeep) throw new PlaytestError('Keep the opening hand (or take a mulligan) before starting the next turn.');
  if (isStepped(state.board.phases)) {
    // Walk the rest of the turn, so every step of the phases left (an end phase's poison) applies.
    let next = state;
    for (let guard = 0; next.turn === state.turn && guard <= state.board.phases.length; guard++) next = nextPhase(next);
    return next;
  }
  return legacyNextTurn({ ...state, buys: 0 });
}

/** A board of plain phase names: each new turn adds every resource's regen, then draws. */
function legacyNextTurn(state: PlaytestState): PlaytestState {
  const turn = state.turn + 1;
  const changes: string[] = [];
  const resources = state.resources.map((resource) => {
    if (resource.regen === 0) return resource;
    const value = clamp(resource.value + resource.regen, resource.min, resource.max);
    changes.push(`${resource.label} ${resource.value} → ${value}${resource.max === undefined ? '' : ` (max ${resource.max})`}`);
    return { ...resource, value };
  });
  const upkeep = changes.length > 0 ? `Turn ${turn} — upkeep: ${changes.join(', ')}` : `Turn ${turn} begins`;
  const started: PlaytestState = {
    ...state,
    turn,
    phase: phaseId(state.board.phases[0]),
    resources,
    log: [...state.log, upkeep],
  };
  // "Draw until you hold N" (muhq's game) or a fixed number of cards per turn.
  const draws = turnDraws(started);
  return draws > 0 ? drawCards(started, draws, 'Drew') : started;
}

/** Jumps to a phase without applying steps (a correction); Next phase walks with them. */
function setPhase(state: PlaytestState, phase: string): PlaytestState {
  const ids = state.board.phases.map(phaseId);
  if (!ids.includes(phase)) {
    throw new PlaytestError(`No phase "${phase}"; phases are ${ids.join(', ')}.`);
  }
  return { ...state, phase, log: [...state.log, `Phase: ${phaseLabel(state.board.phases, phase)}.`] };
}

/**
 * Leaves the current phase (its `atEnd` steps) and enters the next one (its `steps`); after
 * the last phase a new turn begins in the first. Plain phase names have no steps, and their
 * new turn adds regen and draws as a board without steps always has.
 */
function nextPhase(state: PlaytestState): PlaytestState {
  if (state.awaitingKeep) throw new PlaytestError('Keep the opening hand (or take a mulligan) before moving on.');
  const phases = state.board.phases;
  const index = Math.max(0, phases.map(phaseId).indexOf(state.phase));
  if (!isStepped(phases)) {
    if (index + 1 >= phases.length) return legacyNextTurn({ ...state, buys: 0 });
    return setPhase(state, phaseId(phases[index + 1]));
  }
  const current = steppedPhase(phases[index]);
  const left = applySteps(state, current.atEnd ?? [], `End of ${current.label}`);
  if (index + 1 < phases.length) return enterPhase(left, index + 1);
  const turn = left.turn + 1;
  return enterPhase({ ...left, turn, buys: 0, log: [...left.log, `Turn ${turn} begins.`] }, 0);
}

/** Enters phase `index` of the current turn and applies its steps. */
function enterPhase(state: PlaytestState, index: number): PlaytestState {
  const phase = steppedPhase(state.board.phases[index]);
  const entered = { ...state, phase: phase.id, log: [...state.log, `Phase: ${phase.label}.`] };
  return applySteps(entered, phase.steps ?? [], phase.label);
}

function applySteps(state: PlaytestState, steps: readonly PhaseStep[], where: string): PlaytestState {
  return steps.reduce((next, step) => applyStep(next, step, where), state);
}

/** One automated step, logged in words as "<phase>: <what happened>" (nothing when it changes nothing). */
function applyStep(state: PlaytestState, step: PhaseStep, where: string): PlaytestState {
  const say = (next: PlaytestState, words: string): PlaytestState => ({ ...next, log: [...next.log, `${where}: ${words}`] });
  if ('untap' in step) {
    const tapped = cardsOnTable(state, step.zone).filter((id) => own(state.table, id)?.tapped);
    if (tapped.length === 0) return state;
    let table = state.table;
    for (const id of tapped) table = withTableState(table, id, ({ tapped: _was, ...rest }) => rest);
    return say({ ...state, table }, `untapped ${namesOf(state, tapped)}.`);
  }
  if ('counter' in step) return counterStep(state, step, say);
  if ('draw' in step) return drawStep(state, step, say);
  return resourceStep(state, step, say);
}

type Say = (state: PlaytestState, words: string) => PlaytestState;

function sparesNew(board: PlayBoard, counter: string): boolean {
  return board.phases.some(
    (phase) =>
      typeof phase !== 'string' &&
      [...(phase.steps ?? []), ...(phase.atEnd ?? [])].some(
        (step) => 'counter' in step && step.counter === counter && step.spareAddedThisTurn === true,
      ),
  );
}

function counterStep(state: PlaytestState, step: Extract<PhaseStep, { counter: string }>, say: Say): PlaytestState {
  const kind = (state.board.counters ?? []).find((candidate) => candidate.id === step.counter);
  const label = kind?.label ?? step.counter;
  const min = step.min ?? 0;
  const changes: string[] = [];
  let table = state.table;
  for (const id of cardsOnTable(state, step.zone)) {
    const counters = own(state.table, id)?.counters ?? {};
    const had = own(counters, step.counter) ?? 0;
    const per = Object.entries(step.addPer ?? {}).reduce((sum, [other, weight]) => sum + (own(counters, other) ?? 0) * weight, 0);
    // A plain tick changes only cards that carry the counter; a sum only cards carrying what it sums.
    if (step.addPer ? per === 0 : had === 0) continue;
    if (step.spareAddedThisTurn && own(own(state.table, id)?.addedOn ?? {}, step.counter) === state.turn) continue;
    const now = Math.max(min, had + (step.add ?? 0) + per);
    if (now === had) continue;
    table = withTableState(table, id, (entry) => {
      const next: Record<string, number> = { ...entry.counters };
      if (now === 0) delete next[step.counter];
      else setOwn(next, step.counter, now);
      const { counters: _old, addedOn, ...rest } = entry;
      const when = addedOn && Object.keys(next).length > 0 ? { addedOn } : {};
      return Object.keys(next).length > 0 ? { ...rest, counters: next, ...when } : rest;
    });
    changes.push(`${state.cards[id].name} ${had} → ${now}`);
  }
  return changes.length === 0 ? state : say({ ...state, table }, `${label} ${changes.join(', ')}.`);
}

function drawStep(state: PlaytestState, step: Extract<PhaseStep, { draw: unknown }>, say: Say): PlaytestState {
  if (step.draw === 'turn') {
    if (state.turn === 1 && state.board.firstTurn?.skipDraw) return say(state, 'the player going first does not draw on turn 1.');
    const draws = turnDraws(state);
    return draws > 0 ? drawCards(state, draws, 'Drew') : say(state, 'no card to draw (the hand is full).');
  }
  if (typeof step.draw === 'number') return step.draw > 0 ? drawCards(state, step.draw, 'Drew') : state;
  const { dice, sides } = step.draw;
  let rng = state.rng;
  const rolls: number[] = [];
  for (let i = 0; i < dice; i++) {
    const [value, next] = nextRandom(rng);
    rng = next;
    rolls.push(1 + Math.floor(value * sides));
  }
  const total = rolls.reduce((sum, roll) => sum + roll, 0);
  const rolled = say(
    { ...state, rng },
    `rolled ${dice}d${sides}: ${rolls.join(' + ')}${dice > 1 ? ` = ${total}` : ''}; draw ${total}.`,
  );
  return drawCards(rolled, total, 'Drew');
}

function resourceStep(state: PlaytestState, step: Extract<PhaseStep, { resource: string }>, say: Say): PlaytestState {
  const resource = state.resources.find((candidate) => candidate.id === step.resource);
  if (!resource) return state;
  let target: number;
  if ('add' in step) {
    // Turn 1's resources are the setup's start (or firstTurn) values: no regen on top of them.
    if (step.add === 'regen' && state.turn === 1) return state;
    target = resource.value + (step.add === 'regen' ? resource.regen : step.add);
  } else if ('set' in step) {
    target = step.set;
  } else {
    target = (own(state.zones, step.count) ?? []).length;
  }
  const value = clamp(target, resource.min, resource.max);
  if (value === resource.value) return state;
  const capped = value !== target && resource.max !== undefined && target > resource.max ? ` (capped at ${resource.max})` : '';
  return say(
    { ...state, resources: state.resources.map((candidate) => (candidate === resource ? { ...candidate, value } : candidate)) },
    `${resource.label} ${resource.value} → ${value}${capped}.`,
  );
}

/** Instances on the board zones (or in the one named), for card steps. */
function cardsOnTable(state: PlaytestState, zoneId: string | undefined): string[] {
  const zones = state.board.zones.filter((zone) => (zoneId === undefined ? zone.kind === 'board' : zone.id === zoneId));
  return zones.flatMap((zone) => own(state.zones, zone.id) ?? []);
}

function namesOf(state: PlaytestState, ids: readonly string[]): string {
  return ids.map((id) => state.cards[id].name).join(', ');
}

function buy(state: PlaytestState, instanceId: string): PlaytestState {
  const rule = state.board.buy;
  if (!rule) throw new PlaytestError('This game has no buying.');
  if (state.awaitingKeep) throw new PlaytestError('Keep the opening hand (or take a mulligan) before buying.');
  const card = requireCard(state, instanceId);
  const from = requireZoneId(state.board, rule.from);
  const to = requireZoneId(state.board, rule.to);
  if (zoneOf(state, instanceId) !== from.id)
    throw new PlaytestError(`${card.name} is not in the ${from.label}: only cards there can be bought.`);
  const perTurn = rule.perTurn ?? 1;
  const bought = state.buys ?? 0;
  if (bought >= perTurn) {
    throw new PlaytestError(
      perTurn === 1
        ? `Only one card can be bought per turn; you already bought one on turn ${state.turn}.`
        : `Only ${perTurn} cards can be bought per turn; you already bought ${bought} on turn ${state.turn}.`,
    );
  }
  const cost = own(card.doc, rule.costField);
  if (typeof cost !== 'number' || !Number.isFinite(cost))
    throw new PlaytestError(`${card.name} has no buy cost: it cannot be bought.`);
  const resource = state.resources.find((candidate) => candidate.id === rule.resource);
  if (!resource) throw new PlaytestError(`No resource "${rule.resource}" to pay with.`);
  if (resource.value < cost) {
    throw new PlaytestError(`${card.name} costs ${cost} ${resource.label}; you have ${resource.value}.`);
  }
  const moved = move(state, instanceId, to.id, 'top', undefined);
  const value = resource.value - cost;
  return {
    ...moved,
    buys: bought + 1,
    resources: state.resources.map((candidate) => (candidate === resource ? { ...candidate, value } : candidate)),
    log: [
      ...state.log,
      `Bought ${card.name} for ${cost} ${resource.label} (${resource.value} → ${value}): on top of the ${to.label}.`,
    ],
  };
}

function adjustResource(state: PlaytestState, resourceId: string, delta: number): PlaytestState {
  const resource = state.resources.find((candidate) => candidate.id === resourceId);
  if (!resource) {
    throw new PlaytestError(
      `No resource "${resourceId}"; resources are ${state.resources.map((r) => r.id).join(', ') || 'none'}.`,
    );
  }
  if (!Number.isFinite(delta)) throw new PlaytestError(`Resource change must be a finite number; got ${delta}.`);
  const value = clamp(resource.value + delta, resource.min, resource.max);
  const note = value !== resource.value + delta ? ` (limited to ${resource.min}–${resource.max ?? '∞'})` : '';
  return {
    ...state,
    resources: state.resources.map((candidate) => (candidate.id === resourceId ? { ...candidate, value } : candidate)),
    log: [...state.log, `${resource.label} ${resource.value} → ${value}${note}.`],
  };
}

function shuffleDeck(state: PlaytestState): PlaytestState {
  const deckZone = requireZone(state.board, 'deck');
  const [deck, rng] = shuffled(state.zones[deckZone.id], state.rng);
  return {
    ...state,
    rng,
    zones: { ...state.zones, [deckZone.id]: deck },
    log: [...state.log, `Shuffled the ${deckZone.label}.`],
  };
}

// ---------------------------------------------------------------------------------------
// Queries

/** Id of the zone holding the instance, or undefined. */
export function zoneOf(state: PlaytestState, instanceId: string): string | undefined {
  return Object.keys(state.zones).find((zoneId) => state.zones[zoneId].includes(instanceId));
}

/** The instances in a zone, top (or leftmost) first. */
export function cardsIn(state: PlaytestState, zoneId: string): CardInstance[] {
  return (own(state.zones, zoneId) ?? []).map((id) => state.cards[id]);
}

/** The first zone of a kind; the setup must define deck and hand zones. */
export function zoneOfKind<Z extends { kind: ZoneKind }>(board: { zones: Z[] }, kind: ZoneKind): Z | undefined {
  return board.zones.find((zone) => zone.kind === kind);
}

function requireZone<Z extends { kind: ZoneKind }>(board: { zones: Z[] }, kind: ZoneKind): Z {
  const zone = zoneOfKind(board, kind);
  if (!zone) throw new PlaytestError(`The board setup has no zone of kind "${kind}".`);
  return zone;
}

function clamp(value: number, min: number, max: number | undefined): number {
  const capped = max === undefined ? value : Math.min(value, max);
  return Math.max(min, capped);
}
