// The search text of a game's cards built again (migration 12): what the text holds depends on
// the game (its `x-search` fields, type and identity labels), so each game's fingerprint is kept
// and a game whose fingerprint changed (a new Cardwright, a re-imported bundle) has its cards'
// search text rewritten; the FTS update trigger (card-index-triggers.ts) follows each row.

import type { CardDocument } from '../../card-schema/system/format';
import type { SqliteDatabase } from './database';

interface Row {
  seq: number;
  doc: string;
  search_text: string;
}

/** Rewrites the search text of the game's cards when `fingerprint` is not the one they were built for; returns how many changed. */
export function reindexGameSearch(
  db: SqliteDatabase,
  systemId: string,
  fingerprint: string,
  searchText: (doc: CardDocument) => string,
): number {
  const stored = db
    .prepare<[string], string>('SELECT fingerprint FROM search_index_games WHERE system_id = ?')
    .pluck()
    .get(systemId);
  if (stored === fingerprint) return 0;
  let changed = 0;
  db.transaction(() => {
    const rows = db
      .prepare<[string], Row>(
        'SELECT c.seq, c.doc, c.search_text FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.system_id = ? ORDER BY c.seq',
      )
      .iterate(systemId);
    const update = db.prepare<[string, number]>('UPDATE cards SET search_text = ? WHERE seq = ?');
    const updates: [string, number][] = [];
    for (const row of rows) {
      const text = searchText(JSON.parse(row.doc) as CardDocument);
      if (text !== row.search_text) updates.push([text, row.seq]);
    }
    for (const [text, seq] of updates) update.run(text, seq);
    changed = updates.length;
    db.prepare('INSERT OR REPLACE INTO search_index_games (system_id, fingerprint) VALUES (?, ?)').run(systemId, fingerprint);
  })();
  return changed;
}
