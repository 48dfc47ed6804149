// Cards: JSON documents in a set, found by full-text search or browsed by name.
// The repository stores what it is given; callers validate documents and derive search text.

import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { CardDocument, CardRecord } from '../../card-schema/system/format';
import { nowIso, type SqliteDatabase } from './database';
import { toFtsQuery } from './fts-query';

export interface CardWrite {
  id?: string;
  setId: string;
  doc: CardDocument;
  /** Everything besides the name a player may search for (see services/search-text.ts). */
  searchText: string;
}

export interface CardSearch {
  /** What the user typed; blank browses by name. */
  query?: string;
  setId?: string;
  systemId?: string;
  /** Card type ids; absent or empty means every type. */
  types?: readonly string[];
  limit: number;
  offset: number;
}

export interface CardSearchPage {
  total: number;
  cards: CardRecord[];
}

interface CardRow {
  id: string;
  set_id: string;
  system_id: string;
  doc: string;
  updated_at: string;
}

const cardColumns = 'c.id, c.set_id, s.system_id, c.doc, c.updated_at';

/** Weights of the FTS columns (name, search_text) for bm25: a hit in the name counts most. */
const BM25_WEIGHTS = '10.0, 1.0';

function toRecord(row: CardRow): CardRecord {
  return {
    id: row.id,
    setId: row.set_id,
    systemId: row.system_id,
    doc: JSON.parse(row.doc) as CardDocument,
    updatedAt: row.updated_at,
  };
}

/** LIKE pattern for "name starts with what was typed", wildcards in the text taken literally. */
function namePrefixPattern(text: string): string {
  return `${text.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type SearchParams = Record<string, string | number>;

interface SearchStatements {
  page: Database.Statement<[SearchParams], CardRow>;
  count: Database.Statement<[SearchParams], { total: number }>;
}

export class CardsRepo {
  private readonly byId;
  private readonly byIds;
  private readonly bySet;
  private readonly upsertOne;
  private readonly upsertBatch;
  private readonly setIdsOfIds;
  /** One pair of prepared statements per combination of filters, so each can use its index. */
  private readonly searchStatements = new Map<string, SearchStatements>();

  constructor(private readonly db: SqliteDatabase) {
    const from = 'FROM cards c JOIN sets s ON s.id = c.set_id';
    this.byId = db.prepare<[string], CardRow>(`SELECT ${cardColumns} ${from} WHERE c.id = ?`);
    this.byIds = db.prepare<[string], CardRow>(
      `SELECT ${cardColumns} FROM json_each(?) j JOIN cards c ON c.id = j.value JOIN sets s ON s.id = c.set_id ORDER BY j.key`,
    );
    this.bySet = db.prepare<[string], CardRow>(`SELECT ${cardColumns} ${from} WHERE c.set_id = ? ORDER BY c.seq`);
    this.upsertOne = db.prepare<{ id: string; setId: string; doc: string; searchText: string; now: string }>(`
      INSERT INTO cards (id, set_id, doc, search_text, created_at, updated_at)
      VALUES (@id, @setId, @doc, @searchText, @now, @now)
      ON CONFLICT (id) DO UPDATE SET set_id = excluded.set_id, doc = excluded.doc,
        search_text = excluded.search_text, updated_at = excluded.updated_at`);
    this.setIdsOfIds = db
      .prepare<[string], string>('SELECT DISTINCT c.set_id FROM json_each(?) j JOIN cards c ON c.id = j.value')
      .pluck();
    this.upsertBatch = db.transaction((writes: readonly CardWrite[]) => writes.map((write) => this.write(write)));
  }

  get(id: string): CardRecord | undefined {
    const row = this.byId.get(id);
    return row && toRecord(row);
  }

  /** The cards with these ids in the order asked for; unknown ids are left out. */
  getMany(ids: readonly string[]): CardRecord[] {
    if (ids.length === 0) return [];
    return this.byIds.all(JSON.stringify(ids)).map(toRecord);
  }

  /** The distinct sets these cards belong to (unknown ids are left out); reads no documents. */
  setIdsOf(ids: readonly string[]): string[] {
    return ids.length === 0 ? [] : this.setIdsOfIds.all(JSON.stringify(ids));
  }

  /** All cards of a set in the order they were added. */
  listBySet(setId: string): CardRecord[] {
    return this.bySet.all(setId).map(toRecord);
  }

  /** Inserts or replaces the card with that id (a new id when absent); returns the stored card. */
  save(write: CardWrite): CardRecord {
    const id = this.write(write);
    const saved = this.get(id);
    if (!saved) throw new Error(`Card "${id}" vanished right after it was saved`);
    return saved;
  }

  /** Writes many cards in ONE transaction: all of them, or (on any error) none. Returns their ids. */
  saveMany(writes: readonly CardWrite[]): string[] {
    return this.upsertBatch(writes);
  }

  search(search: CardSearch): CardSearchPage {
    const match = toFtsQuery(search.query ?? '');
    const types = search.types?.length ? search.types : undefined;
    const statements = this.searchStatementsFor({
      fullText: match !== null,
      setId: search.setId !== undefined,
      systemId: search.systemId !== undefined,
      types: types !== undefined,
    });
    const params: SearchParams = {};
    if (match !== null) params.match = match;
    if (search.setId !== undefined) params.setId = search.setId;
    if (search.systemId !== undefined) params.systemId = search.systemId;
    if (types !== undefined) params.types = JSON.stringify(types);
    const total = statements.count.get(params)?.total ?? 0;
    if (total === 0) return { total, cards: [] };
    const pageParams: SearchParams = { ...params, limit: search.limit, offset: search.offset };
    if (match !== null) pageParams.namePrefix = namePrefixPattern(search.query ?? '');
    return { total, cards: statements.page.all(pageParams).map(toRecord) };
  }

  private write(write: CardWrite): string {
    const id = write.id ?? randomUUID();
    this.upsertOne.run({ id, setId: write.setId, doc: JSON.stringify(write.doc), searchText: write.searchText, now: nowIso() });
    return id;
  }

  private searchStatementsFor(shape: { fullText: boolean; setId: boolean; systemId: boolean; types: boolean }): SearchStatements {
    const key = JSON.stringify(shape);
    const cached = this.searchStatements.get(key);
    if (cached) return cached;
    const where: string[] = [];
    if (shape.fullText) where.push('cards_fts MATCH @match');
    if (shape.setId) where.push('c.set_id = @setId');
    if (shape.systemId) where.push('s.system_id = @systemId');
    if (shape.types) where.push('c.type IN (SELECT value FROM json_each(@types))');
    const from = shape.fullText
      ? 'FROM cards_fts JOIN cards c ON c.seq = cards_fts.rowid JOIN sets s ON s.id = c.set_id'
      : 'FROM cards c JOIN sets s ON s.id = c.set_id';
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    // With a query: names starting with the typed text first, then bm25 relevance.
    const order = shape.fullText
      ? `ORDER BY (c.name LIKE @namePrefix ESCAPE '\\') DESC, bm25(cards_fts, ${BM25_WEIGHTS}), c.name COLLATE NOCASE, c.seq`
      : 'ORDER BY c.name COLLATE NOCASE, c.seq';
    const statements: SearchStatements = {
      page: this.db.prepare<[SearchParams], CardRow>(
        `SELECT ${cardColumns} ${from} ${whereSql} ${order} LIMIT @limit OFFSET @offset`,
      ),
      count: this.db.prepare<[SearchParams], { total: number }>(`SELECT count(*) AS total ${from} ${whereSql}`),
    };
    this.searchStatements.set(key, statements);
    return statements;
  }
}
