// Writing many cards at once (a set import): the full-text index and the deck pool are filled once
// for all of them instead of by a trigger per row. Row by row, FTS5 flushes its pending terms to
// disk at the end of every trigger's statement, which made a 100,000-card import ~5× a plain insert.
//
// Inside one transaction (a savepoint when the caller already holds one), so a failure anywhere —
// a bad row, a cancelled import — rolls back the rows, the index entries and the dropped triggers
// alike, and other connections never see the library without its triggers:
// 1. the index entries of the cards about to be replaced are deleted (with their stored values);
// 2. the insert and update triggers are dropped;
// 3. the rows are written: a plain INSERT for new ids, an UPDATE for stored ones (an upsert
//    statement costs ~2.5× a plain insert even when nothing conflicts);
// 4. the new cards (every seq above the old maximum: SQLite numbers new rows from there) and the
//    replaced ones get their index entries and pool rows in one statement each;
// 5. the triggers are created again from the statements the migrations use.
// The replaced cards' versions are kept as revisions (card-revisions-repo.ts): copied by one
// INSERT … SELECT before 3., and those the import left unchanged deleted by one statement after
// it. An import of new cards only keeps none and runs neither.
// When the new cards are many and outnumber those stored, the indexes of cards (in 3.) and of the
// pool (in 4.) are dropped first and built again after, except those new rows append to.

import { randomUUID } from 'node:crypto';
import { nowIso, type SqliteDatabase } from './sqlite';
import type { CardWrite } from './card-write';
import { BULK_REPLACED_TRIGGERS } from './card-index-triggers';
import { poolRowsInsert } from './pool-rows';
import { CardRevisionsRepo } from './card-revisions-repo';

/**
 * Called before each chunk of rows is written ('rows': rows written of all) and before each of
 * the four fills of the index and pool ('index': fills done of 4); may throw to cancel.
 */
export type BulkProgress = (stage: 'rows' | 'index', done: number, total: number) => void;

/** The statements that fill the index and pool once the rows are written. */
const INDEX_FILLS = 4;

/** Rows written between two progress calls. */
export const BULK_CHUNK = 500;

/**
 * SQLite's page cache while a bulk write runs (KiB; the default is 2 MiB). The rows go into
 * several indexes in an order unlike theirs (names, types, costs), and with a small cache the
 * pages they touch are spilled to the WAL and read back again and again: a 100,000-card import
 * saved its cards in 7.1 s with 2 MiB, 4.9 s with 16 MiB and 4.7 s with 64 MiB. The import's
 * thread keeps what it allocated resident after it ends, so the smaller of the fast sizes.
 */
export const BULK_CACHE_KIB = 16 * 1024;

/**
 * From this many new cards, when they are at least as many as the table's rows already, a table's
 * indexes are built again after the rows go in instead of kept up to date row by row: built from
 * sorted rows they cost much less (a 100,000-card import filled the pool in 2.2 s with its six
 * indexes, in 1.0 s + 0.7 s to build them after). Below it, or into a larger table, rebuilding
 * every existing entry costs more than it saves.
 */
export const INDEX_REBUILD_FROM = 10_000;

/**
 * Indexes kept up to date row by row even when the others are built again: new cards get ever
 * larger seqs, and these order by seq (within one type, one set), so each new entry goes at the
 * end of a run instead of anywhere. Kept, they cost a 100,000-card import ~0.1 s; dropped and
 * built again, ~0.25 s (building re-reads every document for the type and sorts what is sorted).
 */
export const APPENDED_INDEXES: ReadonlySet<string> = new Set(['cards_filters_by_seq', 'cards_by_type', 'card_pool_by_set_seq']);

/** Called before `writes[start]` to `writes[end - 1]` are written: the caller may complete them (their search text). */
export type BulkPrepare = (start: number, end: number) => void;

const NEW_ROWS = 'seq > @maxSeq';
const CHANGED_ROWS = 'seq IN (SELECT value FROM json_each(@changed))';

export class BulkCardWriter {
  private readonly maxSeq;
  private readonly storedSeqs;
  private readonly insert;
  private readonly update;
  private readonly unindexChanged;
  private readonly indexNew;
  private readonly indexChanged;
  private readonly poolNew;
  private readonly poolChanged;
  private readonly cardCount;
  private readonly indexesOf;
  private readonly revisions;

  constructor(private readonly db: SqliteDatabase) {
    this.revisions = new CardRevisionsRepo(db);
    this.maxSeq = db.prepare<[], number>('SELECT ifnull(max(seq), 0) FROM cards').pluck();
    this.storedSeqs = db.prepare<[string], { id: string; seq: number }>(
      'SELECT c.id, c.seq FROM json_each(?) j JOIN cards c ON c.id = j.value',
    );
    this.insert = db.prepare<[string, string, string, string, string, string]>(
      'INSERT INTO cards (id, set_id, doc, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.update = db.prepare<[string, string, string, string, string]>(
      'UPDATE cards SET set_id = ?, doc = ?, search_text = ?, updated_at = ? WHERE id = ?',
    );
    this.unindexChanged = db.prepare<{ changed: string }>(
      `INSERT INTO cards_fts (cards_fts, rowid, name, search_text) SELECT 'delete', seq, name, search_text FROM cards WHERE ${CHANGED_ROWS}`,
    );
    const index = (where: string) =>
      `INSERT INTO cards_fts (rowid, name, search_text) SELECT seq, name, search_text FROM cards WHERE ${where} ORDER BY seq`;
    this.indexNew = db.prepare<{ maxSeq: number }>(index(NEW_ROWS));
    this.indexChanged = db.prepare<{ changed: string }>(index(CHANGED_ROWS));
    this.poolNew = db.prepare<{ maxSeq: number }>(poolRowsInsert(`c.${NEW_ROWS}`));
    this.poolChanged = db.prepare<{ changed: string }>(poolRowsInsert(`c.${CHANGED_ROWS}`));
    this.cardCount = db.prepare<[], number>('SELECT count(*) FROM cards').pluck();
    // Indexes the schema created (not those of UNIQUE and PRIMARY KEY constraints, whose sql is null).
    this.indexesOf = db.prepare<[string], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
    );
  }

  /**
   * Inserts or replaces each card by id (a new id when absent); returns their ids in order.
   * `afterRows` runs once the rows are written, before the index and pool are filled; it may
   * throw to roll everything back (an import whose cards another thread found invalid meanwhile).
   * `prepare` runs before each chunk of rows is written.
   */
  write(
    writes: readonly CardWrite[],
    progress: BulkProgress = () => {},
    afterRows: () => void = () => {},
    prepare: BulkPrepare = () => {},
  ): string[] {
    const cacheSize = this.db.pragma('cache_size', { simple: true }) as number;
    this.db.pragma(`cache_size = ${-BULK_CACHE_KIB}`);
    try {
      return this.db.transaction(() => this.writeIndexedOnce(writes, progress, afterRows, prepare))();
    } finally {
      // Back to the connection's own size, which frees the pages the import used.
      this.db.pragma(`cache_size = ${cacheSize}`);
    }
  }

  private writeIndexedOnce(
    writes: readonly CardWrite[],
    progress: BulkProgress,
    afterRows: () => void,
    prepare: BulkPrepare,
  ): string[] {
    const maxSeq = this.maxSeq.get() ?? 0;
    const givenIds = writes.flatMap((write) => (write.id === undefined ? [] : [write.id]));
    const stored = givenIds.length > 0 ? this.storedSeqs.all(JSON.stringify(givenIds)) : [];
    const changed = JSON.stringify(stored.map((row) => row.seq));
    // The pool holds a row per card: one count says whether both tables' indexes are worth rebuilding.
    const newCards = writes.length - stored.length;
    const rebuild = newCards >= INDEX_REBUILD_FROM && newCards >= (this.cardCount.get() ?? 0);
    this.unindexChanged.run({ changed });
    for (const trigger of BULK_REPLACED_TRIGGERS) this.db.exec(`DROP TRIGGER ${trigger.name}`);
    const revisionMark = stored.length > 0 ? this.revisions.keepBeforeImport(changed) : undefined;
    const ids = this.withIndexesRebuilt('cards', rebuild, () => this.writeRows(writes, stored, progress, prepare));
    if (revisionMark !== undefined) this.revisions.dropUnchanged(revisionMark);
    afterRows();
    const fills = [
      () => this.indexNew.run({ maxSeq }),
      () => this.indexChanged.run({ changed }),
      () => this.withIndexesRebuilt('card_pool', rebuild, () => this.poolNew.run({ maxSeq })),
      () => this.poolChanged.run({ changed }),
    ];
    fills.forEach((fill, done) => {
      progress('index', done, INDEX_FILLS);
      fill();
    });
    progress('index', INDEX_FILLS, INDEX_FILLS);
    for (const trigger of BULK_REPLACED_TRIGGERS) this.db.exec(trigger.sql);
    return ids;
  }

  /**
   * Runs `insertRows`, which only inserts new cards (a restore from the trash copies them back by
   * one INSERT … SELECT), with the insert triggers dropped, then gives those cards their index
   * entries and pool rows in one statement each: like write(), without a flush per row.
   */
  insertIndexedOnce(insertRows: () => void): void {
    this.db.transaction(() => {
      const maxSeq = this.maxSeq.get() ?? 0;
      for (const trigger of BULK_REPLACED_TRIGGERS) this.db.exec(`DROP TRIGGER ${trigger.name}`);
      insertRows();
      this.indexNew.run({ maxSeq });
      this.poolNew.run({ maxSeq });
      for (const trigger of BULK_REPLACED_TRIGGERS) this.db.exec(trigger.sql);
    })();
  }

  /** Inserts the new cards and updates the `stored` ones, in chunks; returns every write's id. */
  private writeRows(
    writes: readonly CardWrite[],
    stored: readonly { id: string }[],
    progress: BulkProgress,
    prepare: BulkPrepare,
  ): string[] {
    // Ids stored now: the ones that were, and each new one once written (a repeated id updates).
    const present = new Set(stored.map((row) => row.id));
    const now = nowIso();
    const ids: string[] = [];
    for (let start = 0; start < writes.length; start += BULK_CHUNK) {
      progress('rows', start, writes.length);
      const end = Math.min(start + BULK_CHUNK, writes.length);
      prepare(start, end);
      for (let i = start; i < end; i++) {
        const write = writes[i];
        const id = write.id ?? randomUUID();
        const doc = write.docJson ?? JSON.stringify(write.doc);
        if (present.has(id)) this.update.run(write.setId, doc, write.searchText, now, id);
        else {
          this.insert.run(id, write.setId, doc, write.searchText, now, now);
          present.add(id);
        }
        ids.push(id);
      }
    }
    progress('rows', writes.length, writes.length);
    return ids;
  }

  /** Runs `work` with `table`'s indexes (but the appended ones) dropped and built again after it when `rebuild`. */
  private withIndexesRebuilt<T>(table: string, rebuild: boolean, work: () => T): T {
    const indexes = rebuild ? this.indexesOf.all(table).filter((index) => !APPENDED_INDEXES.has(index.name)) : [];
    for (const index of indexes) this.db.exec(`DROP INDEX "${index.name}"`);
    const result = work();
    for (const index of indexes) this.db.exec(index.sql);
    return result;
  }
}
