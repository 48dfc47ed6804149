// The trash for the API: deleting a card, set, deck or game moves it here (store/trash-repo.ts);
// it can be restored for TRASH_KEEP_DAYS, then it is deleted for good. A restore puts back the
// same ids, so decks that named the cards find them again; it is refused, with the reason, when
// those ids are taken again or what the item belongs to is gone.

import { randomUUID } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import type { RestoreResult, TrashEntry, TrashList, TrashReceipt } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { TrashEntryRow, TrashInput } from '../store/trash-repo';
import type { Library } from './library';
import { GameSystemLoadError, loadGameSystem } from './game-systems';
import { availableSetCode, availableSetName } from './set-metadata';
import { freeSetCode } from '../../card-schema/sets/set-meta';
import { buildSearchText } from './search-text';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { folderPlaces, moveFolder, trashedFolder, writeMoveJournal, type GameFolders } from './system-folder-journal';

export const TRASH_KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function toEntry(row: TrashEntryRow): TrashEntry {
  const { folder: _folder, ...entry } = row;
  return { ...entry, expiresAt: new Date(Date.parse(row.deletedAt) + TRASH_KEEP_DAYS * DAY_MS).toISOString() };
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** Moves an item into the trash; a game's folder goes with it (see removeGameToTrash). */
export function moveToTrash(lib: Library, input: TrashInput): TrashReceipt {
  return { trashId: lib.store.trash.moveIn(input) };
}

/**
 * Moves an installed game to the trash: its rows in one transaction, then its folder, under a
 * journal that start-up settles if the app stops half way (system-folder-journal.ts).
 */
export function removeGameToTrash(lib: Library, dirs: GameFolders, input: TrashInput & { folder: string }): TrashEntryRow {
  const move = { trashId: randomUUID(), systemId: input.systemId, folder: input.folder };
  const journal = writeMoveJournal(dirs, move);
  try {
    lib.store.trash.moveIn({ ...input, id: move.trashId });
  } catch (error) {
    rmSync(journal, { force: true }); // nothing was changed
    throw error;
  }
  lib.systems.uninstall(input.systemId);
  const { installed, trashed } = folderPlaces(dirs, move);
  moveFolder(installed, trashed);
  rmSync(journal, { force: true });
  const entry = lib.store.trash.get(move.trashId);
  if (!entry) throw new Error(`Trash entry ${move.trashId} vanished right after it was written`);
  return entry;
}

/** Deletes the entries older than the keep time, for good; returns how many. */
export function purgeExpiredTrash(lib: Library, dirs: GameFolders, now = new Date()): number {
  const before = new Date(now.getTime() - TRASH_KEEP_DAYS * DAY_MS).toISOString();
  const expired = lib.store.trash.idsOlderThan(before);
  for (const id of expired) deleteEntry(lib, dirs, id);
  return expired.length;
}

export function listTrash(lib: Library, dirs: GameFolders): TrashList {
  purgeExpiredTrash(lib, dirs);
  const { entries, total } = lib.store.trash.list();
  return { entries: entries.map(toEntry), total, keepDays: TRASH_KEEP_DAYS };
}

function requireEntry(lib: Library, id: string): TrashEntryRow {
  const entry = lib.store.trash.get(id);
  if (!entry) throw new ApiError('That item is no longer in the trash (it was restored, or deleted for good)', 'NOT_FOUND');
  return entry;
}

/** The game's folder first: a kill before the row goes leaves an entry whose restore brings the rows only. */
function deleteEntry(lib: Library, dirs: GameFolders, id: string): void {
  rmSync(trashedFolder(dirs, id), { recursive: true, force: true });
  lib.store.trash.delete(id);
}

export function deleteFromTrash(lib: Library, dirs: GameFolders, id: string): void {
  requireEntry(lib, id);
  deleteEntry(lib, dirs, id);
}

export function emptyTrash(lib: Library, dirs: GameFolders): { deleted: number } {
  const ids = lib.store.trash.allIds();
  for (const id of ids) deleteEntry(lib, dirs, id);
  return { deleted: ids.length };
}

/** Throws a CONFLICT naming why the entry cannot come back now; nothing when it can. */
function refuseIfBlocked(lib: Library, entry: TrashEntryRow): void {
  const what = `“${entry.name}” cannot be restored`;
  const blockers = lib.store.trash.blockers(entry.id);
  const taken = [
    ...blockers.sets.map((id) => `a set with its id ("${id}")`),
    ...blockers.decks.map((id) => `a deck with its id ("${id}")`),
    ...blockers.cards.map((id) => `a card with the id "${id}"`),
  ];
  if (taken.length > 0) {
    throw new ApiError(
      `${what}: ${taken[0]}${taken.length > 1 ? ` and ${plural(taken.length - 1, 'more item')}` : ''} ` +
        'exists again (imported or created since it was deleted). Delete that first, or keep the one you have.',
      'CONFLICT',
    );
  }
  const missingSet = blockers.missingSets[0];
  if (missingSet !== undefined) {
    const trashedName = lib.store.trash.trashedSetName(missingSet);
    throw new ApiError(
      trashedName !== undefined
        ? `${what}: its set “${trashedName}” is in the trash too; restore the set first`
        : `${what}: its set ("${missingSet}") no longer exists`,
      'CONFLICT',
    );
  }
  const needsGame = entry.kind === 'set' || entry.kind === 'deck';
  if (needsGame && !lib.systems.has(entry.systemId)) {
    throw new ApiError(
      `${what}: it belongs to the game "${entry.systemId}", which is not installed; restore or import the game first`,
      'CONFLICT',
    );
  }
  if (entry.kind === 'game' && entry.folder !== null && lib.systems.has(entry.systemId)) {
    throw new ApiError(
      `${what}: a game with the id "${entry.systemId}" is installed now; remove that one first to bring this one back`,
      'CONFLICT',
    );
  }
}

/**
 * Set names and codes are unique within a game: a set that comes back under a name or code another
 * set took since it was deleted takes the next free "Name (2)" or "CODE-2". Returns a sentence per
 * changed set.
 */
function freeRestoredSetNames(lib: Library, trashId: string): string[] {
  const sets = lib.store.trash.setsOf(trashId);
  // The entry's own codes count as taken too: a game's sets come back together.
  const entryCodes = new Map(sets.map((set) => [set.id, set.code]));
  return sets.flatMap((set) => {
    const notes: string[] = [];
    const name = availableSetName(lib, set.systemId, set.name);
    if (name !== set.name) {
      lib.store.trash.renameSet(trashId, set.id, name);
      notes.push(`“${set.name}” came back as “${name}”, as another set has its name now`);
    }
    const others = [...entryCodes].flatMap(([id, code]) => (id === set.id ? [] : [code]));
    const code = freeSetCode(availableSetCode(lib, set.systemId, set.code), others);
    if (code !== set.code) {
      lib.store.trash.recodeSet(trashId, set.id, code);
      entryCodes.set(set.id, code);
      notes.push(`“${name}” came back with the code “${code}”, as another set has “${set.code}” now`);
    }
    return notes;
  });
}

/**
 * The search text a restored card gets: built for its game as installed now (or as `loaded`, a
 * game coming back with it); kept as stored when its game is not installed.
 */
function restoredSearchText(lib: Library, loaded?: GameSystem): (systemId: string, doc: CardDocument) => string | undefined {
  return (systemId, doc) => {
    const system = loaded?.id === systemId ? loaded : lib.systems.find(systemId);
    return system ? buildSearchText(doc, system) : undefined;
  };
}

export function restoreFromTrash(lib: Library, dirs: GameFolders, id: string): RestoreResult {
  const entry = requireEntry(lib, id);
  refuseIfBlocked(lib, entry);
  const result = { kind: entry.kind, itemId: entry.itemId, systemId: entry.systemId };
  if (entry.kind === 'game' && entry.folder !== null) {
    return { ...result, message: restoreGame(lib, dirs, entry, entry.folder) };
  }
  const renamed = lib.store.transaction(() => {
    const notes = freeRestoredSetNames(lib, entry.id);
    lib.store.trash.moveBack(entry.id, restoredSearchText(lib));
    const card = entry.kind === 'card' ? lib.store.cards.get(entry.itemId) : undefined;
    if (card) lib.store.sets.touch(card.setId);
    return notes;
  });
  const messages = {
    card: `“${entry.name}” is back ${entry.detail}`.trim(),
    set: `“${entry.name}” is back with ${plural(entry.cards, 'card')}`,
    deck: `The deck “${entry.name}” is back`,
    game: `The card sets and decks of "${entry.systemId}" are back; import the game to use them`,
  };
  return { ...result, message: [messages[entry.kind], ...renamed].join('. ') };
}

/** The folder back into the systems folder (journaled, see removeGameToTrash), loaded, then the rows. */
function restoreGame(lib: Library, dirs: GameFolders, entry: TrashEntryRow, folder: string): string {
  const move = { trashId: entry.id, systemId: entry.systemId, folder };
  const { trashed, installed } = folderPlaces(dirs, move);
  const contents = `${plural(entry.sets, 'card set')} (${plural(entry.cards, 'card')}) and ${plural(entry.decks, 'deck')}`;
  if (!existsSync(trashed)) {
    lib.store.transaction(() => {
      freeRestoredSetNames(lib, entry.id);
      lib.store.trash.moveBack(entry.id, restoredSearchText(lib));
    });
    return `The game's files were missing from the trash, so only its ${contents} are back: import the game to use them`;
  }
  if (existsSync(installed)) {
    throw new ApiError(`“${entry.name}” cannot be restored: a folder named "${folder}" is in the games folder again`, 'CONFLICT');
  }
  const journal = writeMoveJournal(dirs, move);
  renameSync(trashed, installed);
  try {
    const system = loadGameSystem(installed);
    lib.store.transaction(() => {
      freeRestoredSetNames(lib, entry.id);
      lib.store.trash.moveBack(entry.id, restoredSearchText(lib, system));
    });
    lib.systems.install({ system, dir: installed, builtIn: false });
  } catch (error) {
    renameSync(installed, trashed);
    rmSync(journal, { force: true });
    if (error instanceof GameSystemLoadError) {
      throw new ApiError(
        `“${entry.name}” cannot be restored: this Cardwright no longer loads it (${error.message})`,
        'INVALID_FILE',
      );
    }
    throw error;
  }
  rmSync(journal, { force: true });
  return `${entry.name} is installed again with its ${contents}`;
}
