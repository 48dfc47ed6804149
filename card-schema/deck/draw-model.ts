// Cards seen by each turn without a mulligan, as the game's board declares its draws: the opening
// hand, then every draw the engine makes up to the turn as the player meets it (meet-turn.ts) —
// the turn's draw (a fixed count, or up to `drawUpTo`), fixed draw steps and dice-rolled draw
// steps. A roll makes the count a distribution, so the exact odds are their expectation over it.

import { isStepped } from '../playtest/phase-list';
import type { DrawStep, PhaseDef, PlayBoard } from '../playtest/format';

type Draw = DrawStep['draw'];

/** A draw step and the turn the engine makes it on (the turn's draw is skipped on turn 1 when the first player does not draw). */
interface TurnDraw {
  draw: Draw;
  turn: number;
}

/** One count of cards seen and its probability. */
export interface SeenCount {
  seen: number;
  p: number;
}

/** The index of the phase a turn is met in: the first without steps, else the last (meetTurn's walk). */
function metPhase(phases: readonly PhaseDef[]): number {
  const index = phases.findIndex((phase) => typeof phase === 'string' || !phase.steps?.length);
  return index === -1 ? phases.length - 1 : index;
}

function drawsOf(phase: PhaseDef, which: 'steps' | 'atEnd', turn: number): TurnDraw[] {
  if (typeof phase === 'string') return [];
  return (phase[which] ?? []).flatMap((step) => ('draw' in step ? [{ draw: step.draw, turn }] : []));
}

/**
 * The draws from turn `turn - 1` as met to turn `turn` as met (for turn 1: from the kept opening
 * hand), in the engine's order: the rest of the last turn (each phase's steps on entering, its
 * `atEnd` on leaving), then the new turn's automated phases. A board of plain phase names draws
 * the turn's cards when the turn begins, except on turn 1 when the first player skips it.
 */
export function drawsUpToTurn(board: PlayBoard, turn: number): TurnDraw[] {
  const phases = board.phases;
  if (!isStepped(phases)) return turn === 1 && board.firstTurn?.skipDraw ? [] : [{ draw: 'turn', turn }];
  const met = metPhase(phases);
  const walk = [
    ...drawsOf(phases[0], 'steps', turn),
    ...phases.slice(0, met).flatMap((phase, i) => [...drawsOf(phase, 'atEnd', turn), ...drawsOf(phases[i + 1], 'steps', turn)]),
  ];
  if (turn === 1) return walk;
  const rest = phases
    .slice(met)
    .flatMap((phase, i) => [...(i === 0 ? [] : drawsOf(phase, 'steps', turn - 1)), ...drawsOf(phase, 'atEnd', turn - 1)]);
  return [...rest, ...walk];
}

/** P(total = x) for the sum of `dice` fair dice of `sides` sides, by x. */
export function diceTotals(dice: number, sides: number): Map<number, number> {
  let totals = new Map<number, number>([[0, 1]]);
  for (let die = 0; die < dice; die++) {
    const next = new Map<number, number>();
    for (const [total, p] of totals) {
      for (let face = 1; face <= sides; face++) next.set(total + face, (next.get(total + face) ?? 0) + p / sides);
    }
    totals = next;
  }
  return totals;
}

interface DrawState {
  seen: number;
  /** Cards in hand, followed only for "draw up to" (the refill depends on it). */
  hand: number;
  p: number;
}

/**
 * P(cards seen = s) at each of turns 1..`turns` as the player meets them, without mulligans.
 * With `drawUpTo` the hand is played out before each new turn, as the simulations play it; the
 * count stops at `cap` (the draw pile's size: past it every card has been seen).
 */
export function seenByTurn(board: PlayBoard, turns: number, cap = Infinity): SeenCount[][] {
  const upTo = board.drawUpTo;
  const handSize = upTo === undefined ? 0 : board.openingHand;
  let states: DrawState[] = [{ seen: Math.min(cap, board.openingHand), hand: handSize, p: 1 }];
  const byTurn: SeenCount[][] = [];
  for (let turn = 1; turn <= Math.floor(turns); turn++) {
    if (turn > 1 && upTo !== undefined) states = merge(states.map((state) => ({ ...state, hand: 0 })));
    for (const { draw, turn: on } of drawsUpToTurn(board, turn)) {
      const counts = (state: DrawState): Map<number, number> => {
        if (typeof draw === 'number') return new Map([[draw, 1]]);
        if (draw !== 'turn') return diceTotals(draw.dice, draw.sides);
        if (on === 1 && board.firstTurn?.skipDraw) return new Map([[0, 1]]);
        return new Map([[upTo === undefined ? board.drawPerTurn : Math.max(0, upTo - state.hand), 1]]);
      };
      states = merge(
        states.flatMap((state) =>
          [...counts(state)].map(([drawn, p]) => ({
            seen: Math.min(cap, state.seen + drawn),
            hand: upTo === undefined ? 0 : state.hand + drawn,
            p: state.p * p,
          })),
        ),
      );
    }
    byTurn.push(collapse(states));
  }
  return byTurn;
}

function merge(states: DrawState[]): DrawState[] {
  const merged = new Map<string, DrawState>();
  for (const state of states) {
    const key = `${state.seen}/${state.hand}`;
    const had = merged.get(key);
    merged.set(key, had ? { ...had, p: had.p + state.p } : state);
  }
  return [...merged.values()];
}

function collapse(states: DrawState[]): SeenCount[] {
  const bySeen = new Map<number, number>();
  for (const { seen, p } of states) bySeen.set(seen, (bySeen.get(seen) ?? 0) + p);
  return [...bySeen].map(([seen, p]) => ({ seen, p })).sort((a, b) => a.seen - b.seen);
}

/** The expected count of a turn's distribution. */
export function meanSeen(counts: readonly SeenCount[]): number {
  return counts.reduce((sum, { seen, p }) => sum + seen * p, 0);
}

/** "7", or "6–11" when a roll decides it. */
export function seenText(counts: readonly SeenCount[]): string {
  const low = counts[0]?.seen ?? 0;
  const high = counts.at(-1)?.seen ?? 0;
  return low === high ? String(low) : `${low}–${high}`;
}

/**
 * What a later turn draws, in words: "1", "refill to 3", "1d6 (rolled)", "1 + 1d6 (rolled)";
 * "no cards" when nothing is drawn.
 */
export function turnDrawText(board: PlayBoard): string {
  const parts = drawsUpToTurn(board, 2).map(({ draw }) => {
    if (typeof draw === 'number') return String(draw);
    if (draw !== 'turn') return `${draw.dice}d${draw.sides} (rolled)`;
    return board.drawUpTo !== undefined ? `refill to ${board.drawUpTo}` : String(board.drawPerTurn);
  });
  return parts.length === 0 ? 'no cards' : parts.join(' + ');
}
