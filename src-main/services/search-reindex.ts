// Keeps every installed game's search text built for the game as it is now: at start-up (after
// migration 12, once for every game) and whenever a game is installed again (a re-imported
// bundle, a reloaded folder), cards whose search text would differ are indexed again.

import { searchFingerprint } from '../../card-schema/search/searched-fields';
import { fieldIndexFingerprint } from '../../card-schema/search/field-index';
import type { GameSystem } from '../../card-schema/system/format';
import type { SqliteDatabase } from '../store/sqlite';
import { reindexGameSearch } from '../store/search-index-games';
import { buildSearchText, SEARCH_TEXT_VERSION } from './search-text';
import type { SystemRegistry } from './system-registry';

export function reindexSystemSearch(db: SqliteDatabase, system: GameSystem): number {
  const fingerprint = `${SEARCH_TEXT_VERSION}:${searchFingerprint(system)}:${fieldIndexFingerprint(system)}`;
  return reindexGameSearch(db, system.id, fingerprint, (doc) => buildSearchText(doc, system));
}

/** Indexes the installed games' cards again where needed now, and each game installed later. */
export function trackSearchIndex(db: SqliteDatabase, systems: SystemRegistry): void {
  for (const system of systems.list()) reindexSystemSearch(db, system);
  systems.onInstall((system) => reindexSystemSearch(db, system));
}
