// Replaying a game from its seed and recorded actions gives back exactly the game played,
// undone actions left out, also after the session went through save and resume.

import { describe, expect, it } from 'vitest';
import { applyAction, createPlaytest, undo } from '../../card-schema/playtest/engine';
import type { PlaytestAction, PlaytestState } from '../../card-schema/playtest/playtest-state';
import { describeAction, replayMatches, replayStates } from '../../card-schema/playtest/replay';
import { readSavedPlaytest, writeSavedPlaytest } from '../../card-schema/playtest/saved';
import { loadSamples, type GameSamples } from './systems/harness';

const games: Record<string, GameSamples> = Object.fromEntries(['osmcg', 'omms'].map((id) => [id, loadSamples(id)]));

function setup(game: string) {
  const { system, decks, docs } = games[game];
  const deck = decks.get('deck-legal.json') ?? [...decks.values()][0];
  return { system, deck, lookup: (id: string) => docs.get(id) };
}

function play(game: string, seed: number, moves: (state: PlaytestState) => PlaytestAction | 'undo'): PlaytestState[] {
  const { system, deck, lookup } = setup(game);
  let state = createPlaytest(system, deck, lookup, seed);
  const seen = [state];
  for (let i = 0; i < 12; i++) {
    const move = moves(state);
    state = move === 'undo' ? undo(state) : applyAction(state, move);
    seen.push(state);
  }
  return seen;
}

const hand = (state: PlaytestState) => state.board.zones.find((zone) => zone.kind === 'hand')!.id;
const boardZone = (state: PlaytestState) => state.board.zones.find((zone) => zone.kind === 'board')!.id;

/** Keep, then: play the first card in hand, walk a phase, undo every fourth move. */
function script(state: PlaytestState, i = { n: 0 }): PlaytestAction | 'undo' {
  i.n += 1;
  if (state.awaitingKeep)
    return state.mulligans === 0 && i.n === 1
      ? { type: 'mulligan' }
      : { type: 'keep', bottom: state.zones[hand(state)].slice(0, state.mulligans) };
  if (i.n % 4 === 0) return 'undo';
  const first = state.zones[hand(state)][0];
  return i.n % 3 === 0 && first ? { type: 'move', instanceId: first, to: boardZone(state) } : { type: 'nextPhase' };
}

describe('replaying a game from its seed and log', () => {
  it.each([
    ['osmcg', 42],
    ['omms', 9],
  ])('%s: the recorded actions replayed from seed %i reproduce the final state exactly', (game, seed) => {
    const counter = { n: 0 };
    const seen = play(game, seed, (state) => script(state, counter));
    const final = seen[seen.length - 1];
    // Undone actions are not in the record: three undos took three actions out of twelve moves.
    expect(final.actions).toHaveLength(12 - 2 * 3);
    expect(final.actions.map((a) => a.type)).toContain('nextPhase');
    const { system, deck, lookup } = setup(game);
    const states = replayStates(system, deck, lookup, final);
    expect(states).toHaveLength(final.actions.length + 1);
    expect(states[states.length - 1]).toEqual(final);
    expect(replayMatches(states[states.length - 1], final)).toBe(true);
    // Each step of the replay is the state the game had after that many recorded actions.
    expect(states[0].actions).toEqual([]);
    expect(states[2].log).toEqual(final.log.slice(0, states[2].log.length));
  });

  it('OMMS: the dice draws replay to the same rolls', () => {
    // "1. The player throws the dice and draws that number of cards from the top of the pile."
    const counter = { n: 0 };
    const final = play('omms', 5, (state) => script(state, counter)).at(-1)!;
    const { system, deck, lookup } = setup('omms');
    const replayed = replayStates(system, deck, lookup, final).at(-1)!;
    const rolls = (state: PlaytestState) => state.log.filter((line) => line.startsWith('Draw: rolled 1d6: '));
    expect(rolls(final).length).toBeGreaterThan(0);
    expect(rolls(replayed)).toEqual(rolls(final));
  });

  it('keeps the record through save and resume, and the resumed game replays to itself', () => {
    const counter = { n: 0 };
    const final = play('osmcg', 7, (state) => script(state, counter)).at(-1)!;
    const resumed = readSavedPlaytest(writeSavedPlaytest(final, new Date('2026-11-27T09:00:00Z'))).state;
    expect(resumed.actions).toEqual(final.actions);
    const { system, deck, lookup } = setup('osmcg');
    expect(replayStates(system, deck, lookup, resumed).at(-1)).toEqual(resumed);
  });

  it('notices a session saved before actions were recorded: it replays to another game', () => {
    const counter = { n: 0 };
    const final = play('osmcg', 7, (state) => script(state, counter)).at(-1)!;
    const { actions: _dropped, ...old } = final;
    const resumed = readSavedPlaytest(JSON.stringify({ savedAt: '2026-11-27T09:00:00Z', state: old })).state;
    expect(resumed.actions).toEqual([]);
    const { system, deck, lookup } = setup('osmcg');
    expect(replayMatches(replayStates(system, deck, lookup, resumed).at(-1)!, resumed)).toBe(false);
  });

  it('refuses a saved record that is not a list of actions, naming it', () => {
    const counter = { n: 0 };
    const final = play('osmcg', 7, (state) => script(state, counter)).at(-1)!;
    const text = JSON.stringify({ savedAt: '2026-11-27T09:00:00Z', state: { ...final, actions: [{ kind: 'draw' }] } });
    expect(() => readSavedPlaytest(text)).toThrow(/recorded actions are not a list of actions/);
  });

  it('names each recorded action for the replay bar', () => {
    const counter = { n: 0 };
    const final = play('osmcg', 42, (state) => script(state, counter)).at(-1)!;
    const names = final.actions.map((action) => describeAction(final, action));
    expect(names[0]).toBe('Mulligan');
    expect(names[1]).toBe('Keep the hand');
    expect(names).toContain('Next phase');
    const played = final.actions.find((action) => action.type === 'move');
    const label = final.board.zones.find((zone) => zone.kind === 'board')!.label;
    expect(played && describeAction(final, played)).toMatch(new RegExp(`^.+ to the ${label}$`));
  });
});
