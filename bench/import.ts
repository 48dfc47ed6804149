// Importing a large set, next to the least any import of the same rows costs: a raw insert of the
// same rows (the documents as the app stores them, their search text) into the same tables and
// indexes, with the same FTS5 index filled by one statement, in the same run.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CardDocument, GameSystem } from '../card-schema/system/format';
import { buildSearchText } from '../src-main/services/search-text';
import { databaseFile, nowIso, openDatabaseFile } from '../src-main/store/database';
import { BULK_REPLACED_TRIGGERS } from '../src-main/store/card-index-triggers';
import { BULK_CACHE_KIB } from '../src-main/store/bulk-card-writes';
import { poolRowsInsert } from '../src-main/store/pool-rows';
import { writePoolGame } from '../src-main/store/deck-pool';
import { poolGameOf } from '../src-main/services/deck-pool';
import type { Call } from '../tests/unit/api-call';
import { median, type Measurement } from './measure';

export interface SetFileText {
  text: string;
  setId: string;
  systemId: string;
  cards: { id: string; doc: CardDocument }[];
}

interface RawRow {
  id: string;
  doc: string;
  searchText: string;
}

interface RawTimes {
  rows: number;
  fts: number;
  pool: number;
}

/** One raw insert into a fresh database with the app's schema, minus the triggers the bulk path replaces. */
function rawInsert(system: GameSystem, setId: string, rows: readonly RawRow[]): RawTimes {
  const dir = mkdtempSync(join(tmpdir(), 'cardwright-bench-raw-'));
  const db = openDatabaseFile(databaseFile(dir));
  try {
    for (const trigger of BULK_REPLACED_TRIGGERS) db.exec(`DROP TRIGGER ${trigger.name}`);
    db.pragma(`cache_size = ${-BULK_CACHE_KIB}`);
    writePoolGame(db, poolGameOf(system));
    const now = nowIso();
    db.prepare('INSERT INTO sets (id, system_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
      setId,
      system.id,
      'Raw',
      now,
      now,
    );
    const insert = db.prepare(
      'INSERT INTO cards (id, set_id, doc, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const times: RawTimes = { rows: 0, fts: 0, pool: 0 };
    let at = performance.now();
    db.exec('BEGIN');
    for (const row of rows) insert.run(row.id, setId, row.doc, row.searchText, now, now);
    times.rows = performance.now() - at;
    at = performance.now();
    db.exec('INSERT INTO cards_fts (rowid, name, search_text) SELECT seq, name, search_text FROM cards ORDER BY seq');
    times.fts = performance.now() - at;
    at = performance.now();
    db.exec('COMMIT');
    const commit = performance.now() - at;
    times.rows += commit;
    // The deck pool's rows, which the app's import writes too (not part of the raw baseline).
    at = performance.now();
    db.exec(poolRowsInsert());
    times.pool = performance.now() - at;
    return times;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Imports `file` through the API (the library keeps it) between raw inserts of the same rows;
 * the ratio is the import over the median raw insert.
 */
export async function measureImport(call: Call, file: SetFileText): Promise<Measurement[]> {
  const system = await call('getSystem', { systemId: file.systemId });
  const rows = file.cards.map((card) => ({
    id: card.id,
    doc: JSON.stringify(card.doc),
    searchText: buildSearchText(card.doc, system),
  }));
  const raws = [rawInsert(system, file.setId, rows)];
  const start = performance.now();
  const result = await call('importSet', { fileName: 'bench.json', text: file.text });
  const elapsed = performance.now() - start;
  if (result.imported !== file.cards.length) throw new Error(`imported ${result.imported} of ${file.cards.length}`);
  raws.push(rawInsert(system, file.setId, rows), rawInsert(system, file.setId, rows));

  const raw = median(raws.map((times) => times.rows + times.fts));
  const part = (pick: (times: RawTimes) => number) => seconds(median(raws.map(pick)));
  const count = file.cards.length.toLocaleString('en');
  return [
    {
      name: `import ${count} cards (parse + validate + insert + FTS + deck pool, API call)`,
      value: `${seconds(elapsed)} (${Math.round(file.cards.length / (elapsed / 1000)).toLocaleString('en')} cards/s)`,
      target: '≤ 2× raw insert',
      note: `${(elapsed / raw).toFixed(2)}× the raw insert below (median of ${raws.length}, one before and two after the import)`,
    },
    {
      name: `raw insert of the same ${count} rows + FTS5 filled in one statement (baseline)`,
      value: seconds(raw),
      target: '',
      note:
        `rows ${part((t) => t.rows)} (commit included), FTS ${part((t) => t.fts)}; the same schema, indexes and ` +
        `connection settings (with the import's page cache), documents and search text prepared beforehand; filling the deck pool's rows ` +
        `(which the import also does) takes ${part((t) => t.pool)} more`,
    },
  ];
}
