// Migration 13's data step: set codes become unique within their game (any case, trimmed), before
// the unique index goes on. Sets are taken oldest first (created_at, then id, so the order is the
// same on every run): the first keeps its code, each later one with the same code takes the first
// free "CODE-2", "CODE-3", … (a code that itself is taken as "CORE-2" gets "CORE-2-2": a number
// already in a code is part of it, as in EXP-2), so no set, card or deck is lost.
// Codes are stored trimmed (one of spaces only becomes empty); an empty code is no code and never
// clashes.

import type Database from 'better-sqlite3';
import { freeSetCode, setCodeKey } from '../../card-schema/sets/set-meta';
import { makeUniquePerGame } from './unique-per-game';

/** Returns how many sets took another code. */
export function makeSetCodesUnique(db: Database.Database): number {
  return makeUniquePerGame(db, 'code', freeSetCode, setCodeKey);
}

/**
 * The index that keeps codes unique per game once the data step ran. NOCASE folds ASCII letters
 * only; the services compare codes by setCodeKey (any letter's case) before they write.
 */
export const SET_CODES_UNIQUE = `
CREATE UNIQUE INDEX sets_code_per_game ON sets (system_id, code COLLATE NOCASE) WHERE code <> '';
`;
