// Installing and removing a game changes two things that share no transaction: its folder in
// `<data>/systems` and its sets and decks in SQLite. So a removal is written down first (a
// journal file), then done, then the journal is deleted; at start-up, before any game loads,
// an unfinished removal is finished and the leftovers of interrupted installs are swept away.
// A kill at any instant thus ends with the folders and the database agreeing.

import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../store/store';

const REMOVAL_PREFIX = '.remove-';
/** Temporary folders of installs and removals (see system-bundles.ts). */
const LEFTOVER = /^\.(staging|removing|replaced)-/;

interface RemovalJournal {
  systemId: string;
  /** The game's folder name inside the user's systems folder. */
  folder: string;
}

export function removalJournalPath(userSystemsDir: string, systemId: string): string {
  return join(userSystemsDir, `${REMOVAL_PREFIX}${systemId}.json`);
}

export function writeRemovalJournal(userSystemsDir: string, entry: RemovalJournal): string {
  const path = removalJournalPath(userSystemsDir, entry.systemId);
  writeFileSync(path, JSON.stringify(entry), { flush: true });
  return path;
}

/** Deletes a game's sets (with their cards) and decks in one transaction. */
export function deleteGameData(store: Store, systemId: string): { sets: number; cards: number; decks: number } {
  return store.transaction(() => {
    const sets = store.sets.list().filter((set) => set.systemId === systemId);
    const decks = store.decks.list(systemId);
    for (const deck of decks) store.decks.delete(deck.id);
    for (const set of sets) store.sets.delete(set.id);
    return { sets: sets.length, cards: sets.reduce((sum, set) => sum + set.cardCount, 0), decks: decks.length };
  });
}

/** Finishes interrupted removals and sweeps temporary folders; returns what it did, in sentences. */
export function recoverSystemFolders(userSystemsDir: string, store: Store): string[] {
  let entries: string[];
  try {
    entries = readdirSync(userSystemsDir);
  } catch {
    return []; // no user systems folder yet
  }
  const done: string[] = [];
  for (const entry of entries.filter((name) => name.startsWith(REMOVAL_PREFIX) && name.endsWith('.json'))) {
    const path = join(userSystemsDir, entry);
    let journal: RemovalJournal | undefined;
    try {
      journal = JSON.parse(readFileSync(path, 'utf8')) as RemovalJournal;
    } catch {
      journal = undefined; // written partly when the app stopped: the removal had not begun
    }
    if (journal && typeof journal.systemId === 'string' && typeof journal.folder === 'string' && !journal.folder.includes('/')) {
      deleteGameData(store, journal.systemId);
      rmSync(join(userSystemsDir, journal.folder), { recursive: true, force: true });
      done.push(`finished removing the game "${journal.systemId}"`);
    }
    rmSync(path, { force: true });
  }
  for (const entry of entries.filter((name) => LEFTOVER.test(name))) {
    rmSync(join(userSystemsDir, entry), { recursive: true, force: true });
    done.push(`removed the leftover folder ${entry}`);
  }
  return done;
}
