// A playtest session as text, to put away and resume later: the whole state (seed, zones,
// card states, log and undo history) plus when it was saved. Reading checks the shape, since
// the text comes back from storage that other versions of the app may have written.

import { PLAYTEST_STATE_VERSION, PlaytestError, type PlaytestState } from './engine';

export interface SavedPlaytest {
  /** ISO time of the save. */
  savedAt: string;
  state: PlaytestState;
}

export function writeSavedPlaytest(state: PlaytestState, savedAt: Date): string {
  const saved: SavedPlaytest = { savedAt: savedAt.toISOString(), state };
  return JSON.stringify(saved);
}

/** The saved session, upgraded to the current state version; throws PlaytestError when it is not one. */
export function readSavedPlaytest(text: string): SavedPlaytest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PlaytestError('The saved playtest is not JSON.');
  }
  if (!isRecord(parsed) || typeof parsed.savedAt !== 'string' || !isRecord(parsed.state)) {
    throw new PlaytestError('The saved playtest has no session in it.');
  }
  const state = parsed.state;
  const version = state.version;
  if (version !== 1 && version !== PLAYTEST_STATE_VERSION) {
    throw new PlaytestError(
      `The saved playtest has state version ${String(version)}; this app reads 1 to ${PLAYTEST_STATE_VERSION}.`,
    );
  }
  const snapshots = Array.isArray(state.history) ? state.history : undefined;
  if (
    !isRecord(state.board) ||
    !Array.isArray(state.board.zones) ||
    !isRecord(state.cards) ||
    !isZones(state.zones) ||
    !Array.isArray(state.resources) ||
    !Array.isArray(state.log) ||
    !state.log.every((line) => typeof line === 'string') ||
    !snapshots ||
    !snapshots.every((entry) => isRecord(entry) && isZones(entry.zones)) ||
    ![state.seed, state.rng, state.turn, state.mulligans].every((n) => typeof n === 'number') ||
    typeof state.phase !== 'string' ||
    typeof state.awaitingKeep !== 'boolean'
  ) {
    throw new PlaytestError('The saved playtest is damaged: its state is missing parts.');
  }
  const known = new Set(Object.keys(state.cards));
  const unknown = Object.values(state.zones)
    .flat()
    .find((id) => !known.has(id));
  if (unknown !== undefined) throw new PlaytestError(`The saved playtest is damaged: no card "${unknown}" behind its zones.`);
  // Version 1 had no card states (tapped, counters, places): every card starts plain.
  const table = version === 1 ? {} : state.table;
  if (!isRecord(table)) throw new PlaytestError('The saved playtest is damaged: its card states are missing.');
  // Sessions saved before actions were recorded replay only their start (replay.ts notices).
  const actions = state.actions ?? [];
  if (!Array.isArray(actions) || !actions.every((action) => isRecord(action) && typeof action.type === 'string')) {
    throw new PlaytestError('The saved playtest is damaged: its recorded actions are not a list of actions.');
  }
  const history = (snapshots as Record<string, unknown>[]).map((entry) => ({ table: {}, ...entry }));
  // The checks above cover what the engine reads; the rest is the engine's own plain JSON.
  const upgraded = { ...state, version: PLAYTEST_STATE_VERSION, table, history, actions } as unknown as PlaytestState;
  return { savedAt: parsed.savedAt, state: upgraded };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isZones(value: unknown): value is Record<string, string[]> {
  return isRecord(value) && Object.values(value).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === 'string'));
}
