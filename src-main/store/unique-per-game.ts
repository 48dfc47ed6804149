// The data step of the migrations that make a set column unique within its game (names: 11,
// codes: 13). Sets are taken oldest first (created_at, then id, so the order is the same on every
// run): the first keeps its value, each later one takes the free value `free` gives it, so no set,
// card or deck is lost.

import type Database from 'better-sqlite3';

/** Returns how many sets took another value (not counting a change of spaces or case only). */
export function makeUniquePerGame(
  db: Database.Database,
  column: 'name' | 'code',
  free: (value: string, taken: readonly string[]) => string,
  key: (value: string) => string,
): number {
  const rows = db
    .prepare<[], { id: string; system_id: string; value: string }>(
      `SELECT id, system_id, ${column} AS value FROM sets ORDER BY created_at, id`,
    )
    .all();
  const update = db.prepare<[string, string]>(`UPDATE sets SET ${column} = ? WHERE id = ?`);
  const takenByGame = new Map<string, string[]>();
  let changed = 0;
  for (const row of rows) {
    const taken = takenByGame.get(row.system_id) ?? [];
    takenByGame.set(row.system_id, taken);
    const value = free(row.value, taken);
    taken.push(value);
    if (value !== row.value) {
      update.run(value, row.id);
      if (key(value) !== key(row.value)) changed++;
    }
  }
  return changed;
}
