// Replaying a game: the engine is deterministic from its seed, so the start (made again from the
// seed, deck and mode) and the recorded actions give back every state the game passed through.

import { applyAction, createPlaytest, PlaytestError, type CardLookup } from './engine';
import type { PlaytestAction, PlaytestState } from './playtest-state';
import type { Deck } from '../deck/format';
import type { GameSystem } from '../system/format';

/** The game's state before any action, then after each recorded action (index i: i actions applied). */
export function replayStates(
  system: GameSystem,
  deck: Pick<Deck, 'sections' | 'format'>,
  lookup: CardLookup,
  game: Pick<PlaytestState, 'seed' | 'mode' | 'actions'>,
): PlaytestState[] {
  const states = [createPlaytest(system, deck, lookup, game.seed, game.mode)];
  game.actions.forEach((action, i) => {
    try {
      states.push(applyAction(states[i], action));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new PlaytestError(`The replay stops at action ${i + 1} (${action.type}): ${why}`);
    }
  });
  return states;
}

/**
 * Whether a replay ended where the game is: same log, zones and draws to come. A session saved
 * before actions were recorded, or a deck edited since, replays to another game.
 */
export function replayMatches(replayed: PlaytestState, game: PlaytestState): boolean {
  return (
    replayed.rng === game.rng &&
    JSON.stringify(replayed.log) === JSON.stringify(game.log) &&
    JSON.stringify(replayed.zones) === JSON.stringify(game.zones)
  );
}

/** "Move c12 to discard": one recorded action as the replay bar names it. */
export function describeAction(state: PlaytestState, action: PlaytestAction): string {
  const card = (id: string) => state.cards[id]?.name ?? id;
  const zone = (id: string) => state.board.zones.find((z) => z.id === id)?.label ?? id;
  switch (action.type) {
    case 'mulligan':
      return 'Mulligan';
    case 'keep':
      return 'Keep the hand';
    case 'draw':
      return `Draw ${action.count ?? 1}`;
    case 'move':
      return `${card(action.instanceId)} to the ${zone(action.to)}`;
    case 'tap':
    case 'flip':
    case 'reveal':
    case 'buy':
      return `${action.type[0].toUpperCase()}${action.type.slice(1)} ${card(action.instanceId)}`;
    case 'counter':
      return `${action.delta > 0 ? '+' : ''}${action.delta} ${action.counter} on ${card(action.instanceId)}`;
    case 'lookAtTop':
      return `Look at the top ${action.count}`;
    case 'search':
      return `Search for ${card(action.instanceId)}`;
    case 'scry':
      return `${card(action.instanceId)} to the ${action.position}`;
    case 'nextTurn':
      return 'Next turn';
    case 'nextPhase':
      return 'Next phase';
    case 'setPhase':
      return `Phase: ${action.phase}`;
    case 'adjustResource':
      return `${action.resource} ${action.delta > 0 ? '+' : ''}${action.delta}`;
    case 'shuffleDeck':
      return 'Shuffle the deck';
    case 'spatial':
      return 'Move on the battlefield';
    case 'createToken':
      return `Create a ${action.doc.name} token`;
    case 'together':
      return action.actions.map((part) => describeAction(state, part)).join(', then ');
  }
}
