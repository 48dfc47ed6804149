// Writing many cards at once (a set import): the full-text index and the deck pool are filled once
// for all of them instead of by a trigger per row. Row by row, FTS5 flushes its pending terms to
// disk at the end of every trigger's statement, which made a 100,000-card import ~5× a plain insert.
//
// Inside one transaction (a savepoint when the caller already holds one), so a failure anywhere —
// a bad row, a cancelled import — rolls back the rows, the index entries and the dropped triggers
// alike, and other connections never see the library without its triggers:
// 1. the index entries of the cards about to be replaced are deleted (with their stored values);
// 2. the insert and update triggers are dropped;
// 3. the rows are upserted;
// 4. the new cards (every seq above the old maximum: SQLite numbers new rows from there) and the
//    replaced ones get their index entries and pool rows in one statement each;
// 5. the triggers are created again from the statements the migrations use.

import type { SqliteDatabase } from './database';
import { BULK_REPLACED_TRIGGERS } from './card-index-triggers';
import { poolRowsInsert } from './pool-rows';

/** Called before each chunk of rows is written, and once at the end; may throw to cancel. */
export type BulkProgress = (written: number, total: number) => void;

/** Rows written between two progress calls. */
export const BULK_CHUNK = 500;

const NEW_ROWS = 'seq > @maxSeq';
const CHANGED_ROWS = 'seq IN (SELECT value FROM json_each(@changed))';

export class BulkCardWriter {
  private readonly maxSeq;
  private readonly seqsOfIds;
  private readonly unindexChanged;
  private readonly indexNew;
  private readonly indexChanged;
  private readonly poolNew;
  private readonly poolChanged;

  constructor(private readonly db: SqliteDatabase) {
    this.maxSeq = db.prepare<[], number>('SELECT ifnull(max(seq), 0) FROM cards').pluck();
    this.seqsOfIds = db
      .prepare<[string], number>('SELECT c.seq FROM json_each(?) j JOIN cards c ON c.id = j.value')
      .pluck();
    this.unindexChanged = db.prepare<{ changed: string }>(
      `INSERT INTO cards_fts (cards_fts, rowid, name, search_text) SELECT 'delete', seq, name, search_text FROM cards WHERE ${CHANGED_ROWS}`,
    );
    const index = (where: string) =>
      `INSERT INTO cards_fts (rowid, name, search_text) SELECT seq, name, search_text FROM cards WHERE ${where} ORDER BY seq`;
    this.indexNew = db.prepare<{ maxSeq: number }>(index(NEW_ROWS));
    this.indexChanged = db.prepare<{ changed: string }>(index(CHANGED_ROWS));
    this.poolNew = db.prepare<{ maxSeq: number }>(poolRowsInsert(`c.${NEW_ROWS}`));
    this.poolChanged = db.prepare<{ changed: string }>(poolRowsInsert(`c.${CHANGED_ROWS}`));
  }

  /**
   * Writes `rows` with `writeRow` (an upsert by id that returns the id), indexing them once at the
   * end; `existingIds` are the ids among them that may already be stored. Returns the ids written.
   */
  write<T>(
    rows: readonly T[],
    existingIds: readonly string[],
    writeRow: (row: T) => string,
    progress: BulkProgress = () => {},
  ): string[] {
    return this.db.transaction(() => {
      const maxSeq = this.maxSeq.get() ?? 0;
      const changed = JSON.stringify(existingIds.length > 0 ? this.seqsOfIds.all(JSON.stringify(existingIds)) : []);
      this.unindexChanged.run({ changed });
      for (const trigger of BULK_REPLACED_TRIGGERS) this.db.exec(`DROP TRIGGER ${trigger.name}`);
      const ids: string[] = [];
      for (let start = 0; start < rows.length; start += BULK_CHUNK) {
        progress(start, rows.length);
        const end = Math.min(start + BULK_CHUNK, rows.length);
        for (let i = start; i < end; i++) ids.push(writeRow(rows[i]));
      }
      progress(rows.length, rows.length);
      this.indexNew.run({ maxSeq });
      this.indexChanged.run({ changed });
      this.poolNew.run({ maxSeq });
      this.poolChanged.run({ changed });
      for (const trigger of BULK_REPLACED_TRIGGERS) this.db.exec(trigger.sql);
      return ids;
    })();
  }
}
