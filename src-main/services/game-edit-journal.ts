// Saving an edited game changes two things that share no transaction: its folder (the edited
// files) and its cards in SQLite (renamed fields). The rule that ties them: the database's
// transaction is the commit point. Before it, a journal file names the staged folder; the
// transaction writes the cards and a `game-edit:<id>` mark; then the staged folder replaces the
// game's, and the mark and journal go. At start-up, before any game loads, a journal left behind
// is settled by the mark: committed → the staged folder goes into place; not → it is dropped.
// A stop at any instant thus ends with the folder and the cards of one version, old or new.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../store/store';

export interface GameEditJournal {
  editId: string;
  systemId: string;
  /** The staging folder (in the user's systems folder) whose `<systemId>` folder holds the edited game. */
  staging: string;
  /** The game's folder name in the user's systems folder. */
  folder: string;
}

const JOURNAL = /^\.edit-([0-9a-f-]{36})\.json$/;
const markOf = (editId: string) => `game-edit:${editId}`;

export function journalPath(userSystemsDir: string, editId: string): string {
  return join(userSystemsDir, `.edit-${editId}.json`);
}

export function writeEditJournal(userSystemsDir: string, journal: GameEditJournal): void {
  mkdirSync(userSystemsDir, { recursive: true });
  writeFileSync(journalPath(userSystemsDir, journal.editId), JSON.stringify(journal), { flush: true });
}

/** Inside the transaction that writes the edit's cards: the mark that says it committed. */
export function markEditCommitted(store: Store, editId: string): void {
  store.setMeta(markOf(editId), 'committed');
}

/** Puts the staged folder in place when the edit committed, else drops it; then forgets the edit. */
export function settleEdit(userSystemsDir: string, store: Store, journal: GameEditJournal): void {
  const staging = join(userSystemsDir, journal.staging);
  const staged = join(staging, journal.systemId);
  if (store.getMeta(markOf(journal.editId)) !== undefined) {
    if (existsSync(staged)) {
      const final = join(userSystemsDir, journal.folder);
      const aside = join(userSystemsDir, `.replaced-${journal.editId}`);
      if (existsSync(final)) {
        rmSync(aside, { recursive: true, force: true });
        renameSync(final, aside);
      }
      renameSync(staged, final);
      rmSync(aside, { recursive: true, force: true });
    }
    store.deleteMeta(markOf(journal.editId));
  }
  rmSync(staging, { recursive: true, force: true });
  rmSync(journalPath(userSystemsDir, journal.editId), { force: true });
}

function readJournal(path: string, editId: string): GameEditJournal | undefined {
  try {
    const journal = JSON.parse(readFileSync(path, 'utf8')) as GameEditJournal;
    const safe = (name: unknown) => typeof name === 'string' && /^[A-Za-z0-9._-]+$/.test(name) && !/^\.\.?$/.test(name);
    if (journal.editId === editId && safe(journal.systemId) && safe(journal.staging) && safe(journal.folder)) return journal;
  } catch {
    // A journal cut short by the stop: its edit never reached the database.
  }
  return undefined;
}

/** Settles the game edits a stop interrupted; returns what it did, in sentences. */
export function settleGameEdits(
  userSystemsDir: string,
  store: Store,
  entries: readonly string[] = list(userSystemsDir),
): string[] {
  const done: string[] = [];
  for (const entry of entries) {
    const editId = JOURNAL.exec(entry)?.[1];
    if (!editId) continue;
    const path = join(userSystemsDir, entry);
    const journal = readJournal(path, editId);
    if (journal) {
      const committed = store.getMeta(markOf(editId)) !== undefined;
      settleEdit(userSystemsDir, store, journal);
      done.push(`${committed ? 'finished saving' : 'dropped an unsaved edit of'} the game "${journal.systemId}"`);
    }
    rmSync(path, { force: true });
  }
  return done;
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
