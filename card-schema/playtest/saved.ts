// A playtest session as text, to put away and resume later: the whole state (seed, zones,
// card states, log and undo history) plus when it was saved, under a format version of its own.
// Reading checks the shape, since the text comes back from storage that other versions of the
// app may have written: an older one is upgraded, a newer one refused without being touched.

import { PLAYTEST_STATE_VERSION, PlaytestError } from './engine';
import type { PlaytestState } from './playtest-state';

/** The format of the saved session itself; sessions saved before it had a version are version 1. */
export const SAVED_PLAYTEST_VERSION = 1;

/** A session as read back: upgraded to this app's state version, whatever version it was saved in. */
export interface SavedPlaytest {
  /** ISO time of the save. */
  savedAt: string;
  state: PlaytestState;
}

/** The text's shape: the session with the format version it was written in. */
interface SavedPlaytestFile extends SavedPlaytest {
  version: number;
}

/** A session this app cannot read because a newer Cardwright saved it: kept for that one to resume. */
export class NewerPlaytestError extends PlaytestError {
  constructor(message: string) {
    super(message);
    this.name = 'NewerPlaytestError';
  }
}

export function writeSavedPlaytest(state: PlaytestState, savedAt: Date): string {
  // The version leads the text, so savedByNewer can read it without parsing the whole session.
  const saved: SavedPlaytestFile = { version: SAVED_PLAYTEST_VERSION, savedAt: savedAt.toISOString(), state };
  return JSON.stringify(saved);
}

/**
 * Whether the text is a session a newer Cardwright saved (its format or its game state past this
 * app's), read from the first characters writeSavedPlaytest puts there: a store can check before
 * writing over it without parsing the whole session.
 */
export function savedByNewer(text: string): boolean {
  const head = /^\{"version":(\d+)(?:,"savedAt":"[^"]*","state":\{"version":(\d+))?/.exec(text.slice(0, 120));
  if (!head) return false;
  return Number(head[1]) > SAVED_PLAYTEST_VERSION || (head[2] !== undefined && Number(head[2]) > PLAYTEST_STATE_VERSION);
}

/** The saved session, upgraded to the current state version; throws PlaytestError when it is not one. */
export function readSavedPlaytest(text: string): SavedPlaytest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PlaytestError('The saved playtest is not JSON.');
  }
  if (!isRecord(parsed)) throw new PlaytestError('The saved playtest has no session in it.');
  const format = parsed.version ?? 1;
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 1) {
    throw new PlaytestError(
      `The saved playtest is damaged: its version is ${JSON.stringify(format)}, not a whole number from 1.`,
    );
  }
  if (format > SAVED_PLAYTEST_VERSION) throw newer(`session format ${format}`, `format ${SAVED_PLAYTEST_VERSION}`);
  if (typeof parsed.savedAt !== 'string' || !isRecord(parsed.state)) {
    throw new PlaytestError('The saved playtest has no session in it.');
  }
  const state = parsed.state;
  const version = state.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > PLAYTEST_STATE_VERSION) {
    throw newer(`game state version ${version}`, `versions 1 to ${PLAYTEST_STATE_VERSION}`);
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new PlaytestError(
      `The saved playtest has state version ${JSON.stringify(version)}; this app reads 1 to ${PLAYTEST_STATE_VERSION}.`,
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

function newer(what: string, reads: string): NewerPlaytestError {
  return new NewerPlaytestError(
    `This playtest was saved by a newer Cardwright (${what}; this version reads ${reads}): resume it in that version.`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isZones(value: unknown): value is Record<string, string[]> {
  return isRecord(value) && Object.values(value).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === 'string'));
}
