// The pick-and-pass draft of a DraftSetup, for one human (player 0) against seeded bots, as a
// pure state machine: every step returns a new plain-JSON state. Rounds follow muhq's rules:
// while there is a pile for every player and someone still has room, each player takes a
// pile, picks a card, passes the pile to the next player, until the piles are empty.

import { cardMatches } from '../deck/card-match';
import { own, setOwn } from '../own-keys';
import type { DeckEntry, DraftSetup } from '../deck/format';
import { nextRandom, seedState, shuffled } from '../playtest/rng';
import type { CardDocument } from '../system/format';

export class DraftError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DraftError';
  }
}

export interface DraftCard {
  id: string;
  doc: CardDocument;
}

export interface DraftState {
  setup: DraftSetup;
  players: number;
  rng: number;
  /** Every card in the draft by id. */
  cards: Record<string, DraftCard>;
  /** Piles not yet taken, each a list of card ids. */
  piles: string[][];
  /** The pile in front of each player this round (empty when the round is over). */
  inFront: string[][];
  picks: string[][];
  round: number;
  done: boolean;
  log: string[];
}

/**
 * Deals the eligible cards of `pool` into piles and starts round 1. Each library card is one
 * physical card: the same id offered twice is drafted once.
 */
export function startDraft(setup: DraftSetup, pool: readonly DraftCard[], players: number, seed: number): DraftState {
  if (!Number.isInteger(players) || players < setup.players.min || players > setup.players.max) {
    throw new DraftError(`This draft is for ${setup.players.min} to ${setup.players.max} players; got ${players}.`);
  }
  // Card ids are user data and may be named like Object.prototype members ("constructor").
  const cards: Record<string, DraftCard> = {};
  for (const card of pool) if (!own(cards, card.id) && cardMatches(card.doc, setup.eligible)) setOwn(cards, card.id, card);
  const ineligible = pool.length - Object.keys(cards).length;
  const [order, rng] = shuffled(Object.keys(cards), seedState(seed));
  const piles: string[][] = [];
  for (let i = 0; i < order.length; i += setup.pileSize) piles.push(order.slice(i, i + setup.pileSize));
  const log = [
    `Shuffled ${order.length} cards into ${piles.length} ${piles.length === 1 ? 'pile' : 'piles'} of up to ${setup.pileSize}${ineligible > 0 ? ` (${ineligible} cards cannot be drafted)` : ''}.`,
  ];
  const state: DraftState = {
    setup,
    players,
    rng,
    cards,
    piles,
    inFront: [],
    picks: Array.from({ length: players }, () => []),
    round: 0,
    done: false,
    log,
  };
  return advance(startRound(state));
}

/** The human picks `cardId` from the pile in front of them; bots pick, piles pass. */
export function pick(state: DraftState, cardId: string): DraftState {
  if (state.done) throw new DraftError('The draft is over.');
  const pile = state.inFront[0] ?? [];
  if (!pile.includes(cardId)) {
    const name = own(state.cards, cardId)?.doc.name;
    throw new DraftError(`${name ? `"${name}"` : `Card "${cardId}"`} is not in the pile in front of you.`);
  }
  const inFront = state.inFront.map((cards) => [...cards]);
  const picks = state.picks.map((cards) => [...cards]);
  let rng = state.rng;
  takeCard(inFront, picks, 0, cardId);
  for (let player = 1; player < state.players; player++) rng = botPick(state, inFront, picks, player, rng);
  return advance(pass({ ...state, rng, inFront, picks, log: [...state.log, `You picked ${state.cards[cardId].doc.name}.`] }));
}

/** The human's picks as deck entries for the draft's section. */
export function draftedEntries(state: DraftState): DeckEntry[] {
  return state.picks[0].map((cardId) => ({ cardId, count: 1 }));
}

function hasRoom(state: Pick<DraftState, 'picks' | 'setup'>, player: number): boolean {
  return state.picks[player].length < state.setup.maxPicks;
}

function takeCard(inFront: string[][], picks: string[][], player: number, cardId: string): void {
  inFront[player] = inFront[player].filter((id) => id !== cardId);
  picks[player].push(cardId);
}

function botPick(state: DraftState, inFront: string[][], picks: string[][], player: number, rng: number): number {
  const pile = inFront[player];
  if (pile.length === 0 || !hasRoom({ picks, setup: state.setup }, player)) return rng;
  const [value, next] = nextRandom(rng);
  takeCard(inFront, picks, player, pile[Math.floor(value * pile.length)]);
  return next;
}

/** Each pile moves to the next player (player i receives the pile of player i - 1). */
function pass(state: DraftState): DraftState {
  const inFront = state.inFront.map((_, player) => state.inFront[(player - 1 + state.players) % state.players]);
  return { ...state, inFront };
}

function startRound(state: DraftState): DraftState {
  const someoneHasRoom = state.picks.some((_, player) => hasRoom(state, player));
  if (state.piles.length < state.players || !someoneHasRoom) {
    const why = someoneHasRoom ? 'not enough piles are left for every player' : `everyone has ${state.setup.maxPicks} cards`;
    return {
      ...state,
      inFront: [],
      done: true,
      log: [...state.log, `The draft is over: ${why}. You drafted ${state.picks[0].length} cards.`],
    };
  }
  const round = state.round + 1;
  return {
    ...state,
    round,
    inFront: state.piles.slice(0, state.players),
    piles: state.piles.slice(state.players),
    log: [...state.log, `Round ${round}: every player takes a pile.`],
  };
}

/**
 * Moves on until the human has a choice: bots keep picking while the human's pile is empty or
 * the human is full; a round ends when the piles are empty or no one has room.
 */
function advance(initial: DraftState): DraftState {
  let state = initial;
  for (let guard = 0; guard < 100_000 && !state.done; guard++) {
    // Piles keep passing while there are cards in them and anyone can still take one.
    const active = state.inFront.some((pile) => pile.length > 0) && state.picks.some((_, player) => hasRoom(state, player));
    if (!active) {
      state = startRound({ ...state, inFront: [] });
      continue;
    }
    if (state.inFront[0].length > 0 && hasRoom(state, 0)) return state;
    const inFront = state.inFront.map((cards) => [...cards]);
    const picks = state.picks.map((cards) => [...cards]);
    let rng = state.rng;
    for (let player = 1; player < state.players; player++) rng = botPick(state, inFront, picks, player, rng);
    state = pass({ ...state, rng, inFront, picks });
  }
  return state;
}
