// Migration 11's data step: set names become unique within their game (any case, trimmed). The
// oldest set keeps a name; each later one with the same name takes the first free "Name (2)",
// "Name (3)", … so no set, card or deck is lost and the sets can be told apart.

import type Database from 'better-sqlite3';
import { freeSetName, setNameKey } from '../../card-schema/sets/set-meta';

export function makeSetNamesUnique(db: Database.Database): number {
  const rows = db
    .prepare<[], { id: string; system_id: string; name: string }>('SELECT id, system_id, name FROM sets ORDER BY created_at, id')
    .all();
  const rename = db.prepare<[string, string]>('UPDATE sets SET name = ? WHERE id = ?');
  const takenByGame = new Map<string, string[]>();
  let renamed = 0;
  for (const row of rows) {
    const taken = takenByGame.get(row.system_id) ?? [];
    takenByGame.set(row.system_id, taken);
    // Names the set itself will never collide with but later ones might are checked as keys.
    const name = freeSetName(row.name.trim() === '' ? 'Untitled set' : row.name, taken);
    taken.push(name);
    if (name !== row.name) {
      rename.run(name, row.id);
      if (setNameKey(name) !== setNameKey(row.name)) renamed++;
    }
  }
  return renamed;
}
