// Cards: JSON documents in a set, found by the library search (card-search.ts).
// The repository stores what it is given; callers validate documents and derive search text.

import { randomUUID } from 'node:crypto';
import type { CardRecord } from '../../card-schema/system/format';
import { nowIso, type SqliteDatabase } from './sqlite';
import type { CardSearchPage } from '../../card-schema/search/search-page';
import { CardSearcher, type CardSearch } from './card-search';
import { toRecord, type CardRow } from './card-row';
import { BulkCardWriter, type BulkPrepare, type BulkProgress } from './bulk-card-writes';
import type { CardWrite } from './card-write';

const cardColumns = 'c.id, c.set_id, s.system_id, c.doc, c.updated_at';

export class CardsRepo {
  private readonly byId;
  private readonly byIds;
  private readonly bySet;
  private readonly firstByType;
  private readonly upsertOne;
  private readonly upsertBatch;
  private readonly setIdsOfIds;
  private readonly moveMany;
  private readonly countExcept;
  private readonly searcher;
  private readonly bulk;

  constructor(db: SqliteDatabase) {
    const from = 'FROM cards c JOIN sets s ON s.id = c.set_id';
    this.byId = db.prepare<[string], CardRow>(`SELECT ${cardColumns} ${from} WHERE c.id = ?`);
    this.byIds = db.prepare<[string], CardRow>(
      `SELECT ${cardColumns} FROM json_each(?) j JOIN cards c ON c.id = j.value JOIN sets s ON s.id = c.set_id ORDER BY j.key`,
    );
    this.bySet = db.prepare<[string], CardRow>(`SELECT ${cardColumns} ${from} WHERE c.set_id = ? ORDER BY c.seq`);
    // cards_by_type (type, then rowid = seq) gives the first added card of a type without sorting.
    this.firstByType = db.prepare<[string, string], CardRow & { set_name: string }>(
      `SELECT ${cardColumns}, s.name AS set_name ${from} WHERE c.type = ? AND s.system_id = ? ORDER BY c.seq LIMIT 1`,
    );
    this.upsertOne = db.prepare<{ id: string; setId: string; doc: string; searchText: string; now: string }>(`
      INSERT INTO cards (id, set_id, doc, search_text, created_at, updated_at)
      VALUES (@id, @setId, @doc, @searchText, @now, @now)
      ON CONFLICT (id) DO UPDATE SET set_id = excluded.set_id, doc = excluded.doc,
        search_text = excluded.search_text, updated_at = excluded.updated_at`);
    this.setIdsOfIds = db
      .prepare<[string], string>('SELECT DISTINCT c.set_id FROM json_each(?) j JOIN cards c ON c.id = j.value')
      .pluck();
    // card_pool's update trigger (card-index-triggers.ts) moves each card's pool row with it; the
    // search text holds no set, so the FTS entries stay as they are.
    this.moveMany = db.prepare<{ ids: string; setId: string; now: string }>(
      'UPDATE cards SET set_id = @setId, updated_at = @now WHERE id IN (SELECT value FROM json_each(@ids)) AND set_id <> @setId',
    );
    this.countExcept = db
      .prepare<[string, string], number>(
        'SELECT count(*) FROM cards WHERE set_id = ? AND id NOT IN (SELECT value FROM json_each(?))',
      )
      .pluck();
    this.upsertBatch = db.transaction((writes: readonly CardWrite[]) => writes.map((write) => this.write(write)));
    this.searcher = new CardSearcher(db);
    this.bulk = new BulkCardWriter(db);
  }

  get(id: string): CardRecord | undefined {
    const row = this.byId.get(id);
    return row && toRecord(row);
  }

  /** The cards with these ids in the order asked for; unknown ids are left out. */
  getMany(ids: readonly string[]): CardRecord[] {
    return this.getRows(ids).map(toRecord);
  }

  /** getMany's cards as rows (documents unparsed), for a reader thread to send. */
  getRows(ids: readonly string[]): CardRow[] {
    return ids.length === 0 ? [] : this.byIds.all(JSON.stringify(ids));
  }

  /** The distinct sets these cards belong to (unknown ids are left out); reads no documents. */
  setIdsOf(ids: readonly string[]): string[] {
    return ids.length === 0 ? [] : this.setIdsOfIds.all(JSON.stringify(ids));
  }

  /** All cards of a set in the order they were added. */
  listBySet(setId: string): CardRecord[] {
    return this.bySet.all(setId).map(toRecord);
  }

  /** The first card of this type added to the game's sets, with its set's name. */
  firstOfType(systemId: string, typeId: string): { card: CardRecord; setName: string } | undefined {
    const row = this.firstByType.get(typeId, systemId);
    return row && { card: toRecord(row), setName: row.set_name };
  }

  /** Inserts or replaces the card with that id (a new id when absent); returns the stored card. */
  save(write: CardWrite): CardRecord {
    const id = this.write(write);
    const saved = this.get(id);
    if (!saved) throw new Error(`Card "${id}" vanished right after it was saved`);
    return saved;
  }

  /** How many cards of the set have none of these ids. */
  countInSetExcept(setId: string, ids: readonly string[]): number {
    return this.countExcept.get(setId, JSON.stringify(ids)) ?? 0;
  }

  /** Puts these cards into `setId` (callers check they may go there); returns how many changed set. */
  moveToSet(ids: readonly string[], setId: string): number {
    return this.moveMany.run({ ids: JSON.stringify(ids), setId, now: nowIso() }).changes;
  }

  /** Writes many cards in ONE transaction: all of them, or (on any error) none. Returns their ids. */
  saveMany(writes: readonly CardWrite[]): string[] {
    return this.upsertBatch(writes);
  }

  /**
   * Like saveMany, for many cards at once (an import): the search index and deck pool are filled
   * once at the end instead of per card (bulk-card-writes.ts). `progress` runs between chunks;
   * `afterRows` once the rows are written, before the index and pool are filled (it may throw to roll back);
   * `prepare` before each chunk of rows is written (an import builds their search text then).
   */
  saveInBulk(writes: readonly CardWrite[], progress?: BulkProgress, afterRows?: () => void, prepare?: BulkPrepare): string[] {
    return this.bulk.write(writes, progress, afterRows, prepare);
  }

  /** A page of a resolved search (see card-search.ts) on this connection; the UI's searches run on the readers. */
  search(search: CardSearch): CardSearchPage {
    return this.searcher.search(search);
  }

  private write(write: CardWrite): string {
    const id = write.id ?? randomUUID();
    this.upsertOne.run({ id, setId: write.setId, doc: JSON.stringify(write.doc), searchText: write.searchText, now: nowIso() });
    return id;
  }
}
