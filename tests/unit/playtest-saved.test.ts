// A saved playtest session carries its own format version: sessions saved before it had one read
// as version 1, a session from a newer Cardwright is refused by name and kept in storage (never
// dropped nor written over), and what this version writes reads back unchanged.

import { describe, expect, it } from 'vitest';
import { applyAction, createPlaytest, PLAYTEST_STATE_VERSION } from '../../card-schema/playtest/engine';
import type { PlaytestState } from '../../card-schema/playtest/playtest-state';
import {
  NewerPlaytestError,
  readSavedPlaytest,
  SAVED_PLAYTEST_VERSION,
  savedByNewer,
  writeSavedPlaytest,
} from '../../card-schema/playtest/saved';
import { loadSession, saveSession } from '../../src-renderer/src/playtest/playtest-session';
import { MemoryStorage } from './memory-storage';
import { loadSamples } from './systems/harness';

const frontier = loadSamples('odd-frontier');

function game(): PlaytestState {
  const deck = frontier.decks.get('deck-legal.json')!;
  const state = createPlaytest(frontier.system, deck, (id) => frontier.docs.get(id), 3);
  return applyAction(applyAction(state, { type: 'keep', bottom: [] }), { type: 'nextPhase' });
}

const AT = new Date('2026-11-27T09:00:00Z');
const KEY = 'cardwright.playtest-session.deck-1';

describe('the saved session format', () => {
  it('writes its version first and reads back the same game', () => {
    const state = game();
    const text = writeSavedPlaytest(state, AT);
    expect(text.startsWith(`{"version":${SAVED_PLAYTEST_VERSION},"savedAt":"2026-11-27T09:00:00.000Z","state":{`)).toBe(true);
    expect(readSavedPlaytest(text)).toEqual({ savedAt: AT.toISOString(), state });
    expect(savedByNewer(text)).toBe(false);
  });

  it('reads a session saved before sessions had a version as version 1', () => {
    const state = game();
    const unversioned = JSON.stringify({ savedAt: AT.toISOString(), state });
    expect(readSavedPlaytest(unversioned)).toEqual({ savedAt: AT.toISOString(), state });
    expect(savedByNewer(unversioned)).toBe(false);
  });

  it('reads a game state of version 2 (before actions could be `together`) as this version’s', () => {
    const state = game();
    const text = writeSavedPlaytest({ ...state, version: 2 }, AT);
    expect(readSavedPlaytest(text)).toEqual({ savedAt: AT.toISOString(), state: { ...state, version: PLAYTEST_STATE_VERSION } });
  });

  it('refuses a session of a newer format, saying a newer Cardwright saved it', () => {
    const text = JSON.stringify({ version: SAVED_PLAYTEST_VERSION + 1, savedAt: AT.toISOString(), tables: [] });
    expect(() => readSavedPlaytest(text)).toThrow(NewerPlaytestError);
    expect(() => readSavedPlaytest(text)).toThrow(
      `This playtest was saved by a newer Cardwright (session format ${SAVED_PLAYTEST_VERSION + 1}; this version reads format ${SAVED_PLAYTEST_VERSION}): resume it in that version.`,
    );
    expect(savedByNewer(text)).toBe(true);
  });

  it('refuses a game state of a newer version the same way', () => {
    const state = { ...game(), version: PLAYTEST_STATE_VERSION + 1 };
    const text = JSON.stringify({ version: SAVED_PLAYTEST_VERSION, savedAt: AT.toISOString(), state });
    expect(() => readSavedPlaytest(text)).toThrow(
      `This playtest was saved by a newer Cardwright (game state version ${PLAYTEST_STATE_VERSION + 1}; this version reads versions 1 to ${PLAYTEST_STATE_VERSION}): resume it in that version.`,
    );
    expect(savedByNewer(text)).toBe(true);
  });

  it('names a version that is not a version', () => {
    const text = JSON.stringify({ version: 'two', savedAt: AT.toISOString(), state: game() });
    expect(() => readSavedPlaytest(text)).toThrow(
      'The saved playtest is damaged: its version is "two", not a whole number from 1.',
    );
    expect(() => readSavedPlaytest('[]')).toThrow('The saved playtest has no session in it.');
  });
});

describe('the session store', () => {
  it('keeps a newer Cardwright’s session: not offered, not dropped, not written over, and says why', () => {
    const storage = new MemoryStorage();
    const newer = JSON.stringify({ version: SAVED_PLAYTEST_VERSION + 1, savedAt: AT.toISOString(), state: {} });
    storage.setItem(KEY, newer);
    const heard: string[] = [];
    expect(loadSession(storage, 'deck-1', (error) => heard.push(error.message))).toBeUndefined();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatch(/^This playtest was saved by a newer Cardwright/);
    saveSession(storage, 'deck-1', game(), AT);
    expect(storage.getItem(KEY)).toBe(newer);
  });

  it('drops a damaged session, and saves and offers back this version’s', () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, '{"broken"');
    expect(loadSession(storage, 'deck-1')).toBeUndefined();
    expect(storage.getItem(KEY)).toBeNull();
    const state = game();
    saveSession(storage, 'deck-1', state, AT);
    expect(loadSession(storage, 'deck-1')?.state).toEqual(state);
    // An unversioned session of the version before is offered, then written over as version 1.
    storage.setItem(KEY, JSON.stringify({ savedAt: AT.toISOString(), state }));
    expect(loadSession(storage, 'deck-1')?.state).toEqual(state);
    saveSession(storage, 'deck-1', state, AT);
    expect(storage.getItem(KEY)?.startsWith(`{"version":${SAVED_PLAYTEST_VERSION},`)).toBe(true);
  });
});
