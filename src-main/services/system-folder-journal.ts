// Removing a game to the trash (and restoring it) changes two things that share no transaction:
// its folder and its rows in SQLite. The rule that ties them: while the game's trash entry
// exists in the database, its folder belongs in `<data>/trash/<entry id>`; otherwise in
// `<data>/systems/<folder>`. A move is written down first (a journal file), then the database
// commits, then the folder moves, then the journal goes; at start-up, before any game loads,
// every journal left behind is settled by that rule and the leftovers of interrupted installs
// are swept away. A kill at any instant thus ends with the folders and the database agreeing.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Store } from '../store/store';
import { settleGameEdits } from './game-edit-journal';

/** Where installed games and trashed games' folders live. */
export interface GameFolders {
  userSystemsDir: string;
  trashDir: string;
}

export function gameFolders(dataDir: string): GameFolders {
  return { userSystemsDir: join(dataDir, 'systems'), trashDir: join(dataDir, 'trash') };
}

const JOURNAL = /^\.move-([0-9a-f-]{36})\.json$/;
/** Temporary folders of installs (see system-bundles.ts) and journals of an earlier release. */
/** `.font-uploads`: fonts added in the studio (game-font-uploads.ts), needed only while the app runs. */
const LEFTOVER = /^\.(staging|removing|replaced)-|^\.remove-.*\.json$|^\.font-uploads$/;

export interface GameFolderMove {
  trashId: string;
  systemId: string;
  /** The game's folder name inside the user's systems folder. */
  folder: string;
}

/** Writes the journal of a move; returns its path, to delete once the move is done. */
export function writeMoveJournal(dirs: GameFolders, move: GameFolderMove): string {
  mkdirSync(dirs.userSystemsDir, { recursive: true });
  const path = join(dirs.userSystemsDir, `.move-${move.trashId}.json`);
  writeFileSync(path, JSON.stringify(move), { flush: true });
  return path;
}

/** Where a trashed game's folder is kept. */
export function trashedFolder(dirs: GameFolders, trashId: string): string {
  return join(dirs.trashDir, trashId);
}

/** The folder of a trashed game, and where it goes when installed. */
export function folderPlaces(dirs: GameFolders, move: GameFolderMove): { trashed: string; installed: string } {
  return { trashed: trashedFolder(dirs, move.trashId), installed: join(dirs.userSystemsDir, move.folder) };
}

/** Moves the folder from one place to the other; nothing when it is already there. */
export function moveFolder(from: string, to: string): void {
  if (!existsSync(from) || existsSync(to)) return;
  mkdirSync(dirname(to), { recursive: true });
  renameSync(from, to);
}

/** Puts the game's folder where the database says it belongs. */
function settle(dirs: GameFolders, store: Store, move: GameFolderMove): void {
  const { trashed, installed } = folderPlaces(dirs, move);
  if (store.trash.get(move.trashId)) moveFolder(installed, trashed);
  else moveFolder(trashed, installed);
}

function readMove(path: string, trashId: string): GameFolderMove | undefined {
  try {
    const move = JSON.parse(readFileSync(path, 'utf8')) as Partial<GameFolderMove>;
    const valid =
      move.trashId === trashId &&
      typeof move.systemId === 'string' &&
      typeof move.folder === 'string' &&
      /^[^/\\.][^/\\]*$/.test(move.folder);
    return valid ? (move as GameFolderMove) : undefined;
  } catch {
    return undefined; // written partly when the app stopped: nothing had moved yet
  }
}

/** Settles interrupted moves and sweeps temporary folders; returns what it did, in sentences. */
export function recoverSystemFolders(dirs: GameFolders, store: Store): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dirs.userSystemsDir);
  } catch {
    return []; // no user systems folder yet
  }
  const done: string[] = [];
  for (const entry of entries) {
    const trashId = JOURNAL.exec(entry)?.[1];
    if (!trashId) continue;
    const path = join(dirs.userSystemsDir, entry);
    const move = readMove(path, trashId);
    if (move) {
      settle(dirs, store, move);
      done.push(
        `finished moving the game "${move.systemId}" ${store.trash.get(trashId) ? 'to the trash' : 'back from the trash'}`,
      );
    }
    rmSync(path, { force: true });
  }
  done.push(...settleGameEdits(dirs.userSystemsDir, store, entries));
  for (const entry of entries.filter((name) => LEFTOVER.test(name) && existsSync(join(dirs.userSystemsDir, name)))) {
    rmSync(join(dirs.userSystemsDir, entry), { recursive: true, force: true });
    done.push(`removed the leftover ${entry}`);
  }
  return done;
}
