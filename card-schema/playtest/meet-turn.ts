// A turn as the player meets it: the automated phases (those with steps: upkeep, draw) applied
// and logged by the engine, up to the first phase where the player acts. The opening simulator
// and the draw odds read a turn's cards and resources there, so neither walks phases itself.

import { applyAction, PlaytestError } from './engine';
import type { PlaytestState } from './playtest-state';
import { phaseId } from './phase-list';

/**
 * The game at the first phase of turn `turn` where the player acts. A game on an earlier turn
 * takes the engine's Next turn (every remaining phase's steps apply) until `turn` begins; then
 * its automated phases are walked with Next phase. Right after the keep, turn 1 stands in its
 * first phase with that phase's steps applied, and the walk goes on from there. On a board of
 * plain phase names a new turn draws and regenerates at once: there is nothing to walk. A turn
 * whose phases all have steps stops in its last phase rather than start the next turn.
 */
export function meetTurn(state: PlaytestState, turn: number): PlaytestState {
  if (!Number.isInteger(turn) || turn < state.turn) {
    throw new PlaytestError(`Turn ${turn} cannot be met: the game is on turn ${state.turn}.`);
  }
  let next = state;
  while (next.turn < turn) next = applyAction(next, { type: 'nextTurn' });
  const phases = next.board.phases;
  for (let guard = 0; guard < phases.length; guard++) {
    const phase = phases.find((candidate) => phaseId(candidate) === next.phase);
    if (phase === undefined || typeof phase === 'string' || !phase.steps?.length) break;
    const after = applyAction(next, { type: 'nextPhase' });
    if (after.turn !== next.turn) break;
    next = after;
  }
  return next;
}
