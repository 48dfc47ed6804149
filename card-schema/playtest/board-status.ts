// What the board shows beside the cards: the tallies a game declares (OMMS: the suits in hand
// against the Creation Total) and the ends of the game reached (Miscrits: five miscrits KO'd).
// Pure queries of a playtest state; nothing here changes it.

import { cardMatches } from '../deck/card-match';
import { own } from '../own-keys';
import type { PlaytestState } from './playtest-state';
import type { GoalDef } from './format';

export interface Tally {
  label: string;
  total: number;
  /** The number the total is compared with, when the game names one. */
  against?: number;
  /** The label of what it is compared with ("Creation Total"). */
  againstLabel?: string;
}

export function tallies(state: PlaytestState): Tally[] {
  return (state.board.tallies ?? []).map((def) => {
    let total = 0;
    for (const id of own(state.zones, def.zone) ?? []) {
      const card = state.cards[id];
      if (def.match && !cardMatches(card.doc, def.match)) continue;
      if (def.sum === undefined) total += 1;
      else {
        const value = own(card.doc, def.sum);
        if (typeof value === 'number' && Number.isFinite(value)) total += value;
      }
    }
    if (def.against === undefined) return { label: def.label, total };
    if (typeof def.against === 'number') return { label: def.label, total, against: def.against };
    const resourceId = def.against.resource;
    const resource = state.resources.find((candidate) => candidate.id === resourceId);
    return resource
      ? { label: def.label, total, against: resource.value, againstLabel: resource.label }
      : { label: def.label, total };
  });
}

/** The goals whose condition holds now. */
export function reachedGoals(state: PlaytestState): GoalDef[] {
  return (state.board.goals ?? []).filter((goal) => {
    const value =
      goal.zone !== undefined
        ? (own(state.zones, goal.zone) ?? []).length
        : state.resources.find((resource) => resource.id === goal.resource)?.value;
    if (value === undefined) return false;
    return (goal.atLeast === undefined || value >= goal.atLeast) && (goal.atMost === undefined || value <= goal.atMost);
  });
}
