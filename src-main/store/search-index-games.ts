// The search text of a game's cards built again (migration 12): what the text holds depends on
// the game (its `x-search` fields, type and identity labels), so each game's fingerprint is kept
// and a game whose fingerprint changed (a new Cardwright, a re-imported bundle) has its cards'
// search text rewritten. Their FTS entries are replaced in one statement each, with the FTS update
// trigger (card-index-triggers.ts) dropped meanwhile: row by row, FTS5 flushes at every trigger,
// and a new Cardwright that changes every card's search text (SEARCH_TEXT_VERSION) would make the
// first start of a 100,000-card library wait for 100,000 flushes.

import type { CardDocument } from '../../card-schema/system/format';
import type { SqliteDatabase } from './sqlite';
import { ftsUpdateTrigger } from './card-index-triggers';

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
    changed = updates.length;
    if (changed > 0) {
      const seqs = JSON.stringify(updates.map(([, seq]) => seq));
      const inChanged = 'seq IN (SELECT value FROM json_each(?))';
      db.prepare(
        `INSERT INTO cards_fts (cards_fts, rowid, name, search_text) SELECT 'delete', seq, name, search_text FROM cards WHERE ${inChanged}`,
      ).run(seqs);
      db.exec(`DROP TRIGGER ${ftsUpdateTrigger.name}`);
      for (const [text, seq] of updates) update.run(text, seq);
      db.prepare(
        `INSERT INTO cards_fts (rowid, name, search_text) SELECT seq, name, search_text FROM cards WHERE ${inChanged} ORDER BY seq`,
      ).run(seqs);
      db.exec(ftsUpdateTrigger.sql);
    }
    db.prepare('INSERT OR REPLACE INTO search_index_games (system_id, fingerprint) VALUES (?, ?)').run(systemId, fingerprint);
  })();
  return changed;
}
