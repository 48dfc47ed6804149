// Migration 11's data step: set names become unique within their game (any case, trimmed). The
// oldest set keeps a name; each later one with the same name takes the first free "Name (2)",
// "Name (3)", … so no set, card or deck is lost and the sets can be told apart.

import type Database from 'better-sqlite3';
import { freeSetName, setNameKey } from '../../card-schema/sets/set-meta';
import { makeUniquePerGame } from './unique-per-game';

export function makeSetNamesUnique(db: Database.Database): number {
  return makeUniquePerGame(
    db,
    'name',
    (name, taken) => freeSetName(name.trim() === '' ? 'Untitled set' : name, taken),
    setNameKey,
  );
}
