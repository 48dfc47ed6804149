// Where a deck's playtest session is kept between visits: this app's localStorage, one entry per
// deck. The session belongs to this machine's window of the app, like the theme; nothing in the
// library changes when a game is played.

import {
  NewerPlaytestError,
  readSavedPlaytest,
  savedByNewer,
  writeSavedPlaytest,
  type SavedPlaytest,
} from '../../../card-schema/playtest/saved';
import type { PlaytestState } from '../../../card-schema/playtest/playtest-state';

const PREFIX = 'cardwright.playtest-session.';

/**
 * The deck's saved session, or undefined. One this version cannot read is dropped, except one a
 * newer Cardwright saved: that stays for it to resume, and `onNewer` hears why it is not offered.
 */
export function loadSession(
  storage: Storage,
  deckId: string,
  onNewer: (error: NewerPlaytestError) => void = () => {},
): SavedPlaytest | undefined {
  const text = storage.getItem(PREFIX + deckId);
  if (text === null) return undefined;
  try {
    return readSavedPlaytest(text);
  } catch (error) {
    if (error instanceof NewerPlaytestError) {
      onNewer(new NewerPlaytestError(`${error.message} It stays saved: games played here are not saved over it.`));
    } else storage.removeItem(PREFIX + deckId);
    return undefined;
  }
}

/**
 * Keeps the session; a full storage only costs the resume offer, never the game in progress. A
 * session a newer Cardwright saved is not written over (the game here goes unsaved instead).
 */
export function saveSession(storage: Storage, deckId: string, state: PlaytestState, at: Date): void {
  const stored = storage.getItem(PREFIX + deckId);
  if (stored !== null && savedByNewer(stored)) return;
  try {
    storage.setItem(PREFIX + deckId, writeSavedPlaytest(state, at));
  } catch {
    storage.removeItem(PREFIX + deckId);
  }
}

/** "12:03" for today, else "27 Nov, 12:03": when the session was saved, as the resume offer says it. */
export function sessionTime(savedAt: string, now: Date): string {
  const saved = new Date(savedAt);
  const time = saved.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (saved.toDateString() === now.toDateString()) return time;
  return `${saved.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time}`;
}
