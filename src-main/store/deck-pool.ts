// The deck builder's card pool over the whole library (card_pool, migration 5): the cards of one
// game a deck section may hold, filtered by type, set, cost range, identity (within a leader's, or
// having any of some values) and the library's query language, sorted by name, cost, type or identity.
// Each sort walks its own covering index from the page's cursor (keyset paging: never OFFSET, never
// a sort of every match), testing the filters on the index entry, and the total is counted up to
// SEARCH_COUNT_CAP — so a page costs about the same at 100,000 cards as at 100.

import type Database from 'better-sqlite3';
import type { GameSearch } from '../../card-schema/search/query';
import type { CardRecord } from '../../card-schema/system/format';
import { SEARCH_COUNT_CAP } from './card-search';
import { cardRow, withRecords, type CardRow } from './card-row';
import type { SqliteDatabase } from './sqlite';
import { gameMatch, matchExpression } from './search-fts';
import { registerSearchFunctions, withRowTests } from './search-functions';
import { fieldPath, MAX_IDENTITY_BITS, NO_COST_KEY, poolRowsInsert } from './pool-rows';
import type { PoolIdentityRule } from '../../card-schema/deck/pool-identity';
import type { PoolCursor, PoolSort } from '../../card-schema/deck/pool-page';

export interface PoolSearch {
  systemId: string;
  /** Card type ids the pool may show; empty shows none. */
  types: readonly string[];
  setId?: string;
  /** The typed query resolved against the game (the library's language: words, -words, field:value, set:). */
  query?: GameSearch;
  /** Identity bits a card must not have (outside the leader's identity); 0 = no such filter. */
  outsideMask: number;
  /** Identity bits of which a card needs at least one; 0 = no such filter. */
  anyOfMask: number;
  /** Identity rules the card must pass against the deck's leader ("only legal"), tested on its document. */
  identityRules?: readonly PoolIdentityRule[];
  costMin?: number;
  costMax?: number;
  sort: PoolSort;
  descending: boolean;
  limit: number;
  after?: PoolCursor;
}

/** A page of the pool: records, or rows as a reader thread sends them (card-row.ts cardRow). */
export interface PoolPage<C = CardRecord> {
  cards: C[];
  total: number;
  totalExact: boolean;
  next: PoolCursor | null;
}

/** The sort key column of each sort and the index that holds the sort's order. */
const SORTS: Record<PoolSort, { key: string | null; index: string }> = {
  name: { key: null, index: 'card_pool_by_name' },
  cost: { key: 'p.cost_key', index: 'card_pool_by_cost' },
  type: { key: 'p.type', index: 'card_pool_by_type' },
  identity: { key: 'p.identity_key', index: 'card_pool_by_identity' },
};

interface Row extends CardRow {
  seq: number;
  pool_name: string;
  sort_key: string | number;
}

type Params = Record<string, string | number>;

interface Shape {
  sort: PoolSort;
  descending: boolean;
  setId: boolean;
  /** Cards the FTS expression matches (@match), or none it matches (@exclude). */
  text: boolean;
  exclude: boolean;
  setIds: boolean;
  excludeSetIds: boolean;
  /** Field tests checked on the card's document (cardwright_fields). */
  residual: boolean;
  outside: boolean;
  anyOf: boolean;
  costMin: boolean;
  costMax: boolean;
  after: boolean;
}

function filterSql(shape: Shape): string[] {
  const where = ['p.system_id = @systemId', 'p.type IN (SELECT value FROM json_each(@types))'];
  if (shape.setId) where.push('p.set_id = @setId');
  if (shape.outside) where.push('(p.identity_mask & @outsideMask) = 0');
  if (shape.anyOf) where.push('(p.identity_mask & @anyOfMask) != 0');
  if (shape.costMin) where.push(`p.cost_key >= @costMin AND p.cost_key < ${NO_COST_KEY}`);
  // Cards without a cost carry NO_COST_KEY, so an upper bound also leaves them out.
  if (shape.costMax) where.push('p.cost_key <= @costMax');
  if (shape.text) where.push('p.seq IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH @match)');
  if (shape.exclude) where.push('p.seq NOT IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH @exclude)');
  if (shape.setIds) where.push('p.set_id IN (SELECT value FROM json_each(@setIds))');
  if (shape.excludeSetIds) where.push('p.set_id NOT IN (SELECT value FROM json_each(@excludeSetIds))');
  if (shape.residual) where.push('cardwright_fields(@key, c.doc)');
  return where;
}

function orderColumns(sort: PoolSort): string[] {
  const key = SORTS[sort].key;
  return key ? [key, 'p.name', 'p.seq'] : ['p.name', 'p.seq'];
}

export class PoolSearcher {
  private readonly pages = new Map<string, Database.Statement<[Params], Row>>();
  private readonly counts = new Map<string, Database.Statement<[Params], number>>();
  private readonly inOneSnapshot;

  constructor(private readonly db: SqliteDatabase) {
    registerSearchFunctions(db);
    // The page and its count see the same library.
    this.inOneSnapshot = db.transaction((search: PoolSearch, key: number) => this.searchNow(search, key));
  }

  search(search: PoolSearch): PoolPage {
    return withRecords(this.searchRows(search));
  }

  /** The page with its cards as rows (documents unparsed), for a reader thread to send. */
  searchRows(search: PoolSearch): PoolPage<CardRow> {
    const query = search.query;
    const tests = {
      fields: query?.fields ?? [],
      include: query?.text.include ?? [],
      exclude: query?.text.exclude ?? [],
      ...(search.identityRules?.length ? { identity: search.identityRules } : {}),
    };
    return withRowTests([tests], ([key]) => this.inOneSnapshot(search, key));
  }

  private searchNow(search: PoolSearch, key: number): PoolPage<CardRow> {
    const query = search.query;
    const fts = query ? gameMatch(query) : null;
    const match = fts ? matchExpression([fts.free, fts.fields], [fts.exclude]) : null;
    const exclude = match === null ? (fts?.exclude ?? null) : null;
    const shape: Shape = {
      sort: search.sort,
      descending: search.descending,
      setId: search.setId !== undefined,
      text: match !== null,
      exclude: exclude !== null,
      setIds: query?.setIds !== undefined,
      excludeSetIds: !!query?.excludeSetIds?.length,
      residual: !!query?.fields.length || !!search.identityRules?.length,
      outside: search.outsideMask !== 0,
      anyOf: search.anyOfMask !== 0,
      costMin: search.costMin !== undefined,
      costMax: search.costMax !== undefined,
      after: search.after !== undefined,
    };
    const params: Params = { systemId: search.systemId, types: JSON.stringify(search.types) };
    if (search.setId !== undefined) params.setId = search.setId;
    if (match !== null) params.match = match;
    if (exclude !== null) params.exclude = exclude;
    if (query?.setIds !== undefined) params.setIds = JSON.stringify(query.setIds);
    if (query?.excludeSetIds?.length) params.excludeSetIds = JSON.stringify(query.excludeSetIds);
    if (shape.residual) params.key = key;
    if (shape.outside) params.outsideMask = search.outsideMask;
    if (shape.anyOf) params.anyOfMask = search.anyOfMask;
    if (search.costMin !== undefined) params.costMin = search.costMin;
    if (search.costMax !== undefined) params.costMax = search.costMax;

    const pageParams: Params = { ...params, limit: search.limit + 1 };
    if (search.after) {
      pageParams.afterKey = search.after.key;
      pageParams.afterName = search.after.name;
      pageParams.afterSeq = search.after.seq;
    }
    const rows = this.page(shape).all(pageParams);
    const shown = rows.slice(0, search.limit);
    const last = rows.length > search.limit ? shown[shown.length - 1] : undefined;

    // A first page shorter than asked is its own count.
    const total =
      !search.after && rows.length <= search.limit
        ? rows.length
        : (this.count({ ...shape, sort: 'name', descending: false, after: false }).get({
            ...params,
            cap: SEARCH_COUNT_CAP + 1,
          }) ?? 0);
    return {
      cards: shown.map(cardRow),
      total: Math.min(total, SEARCH_COUNT_CAP),
      totalExact: total <= SEARCH_COUNT_CAP,
      next: last ? { key: last.sort_key, name: last.pool_name, seq: last.seq } : null,
    };
  }

  private page(shape: Shape): Database.Statement<[Params], Row> {
    const cacheKey = JSON.stringify(shape);
    let statement = this.pages.get(cacheKey);
    if (!statement) {
      const where = filterSql(shape);
      const columns = orderColumns(shape.sort);
      const direction = shape.descending ? 'DESC' : 'ASC';
      if (shape.after) {
        const cursor = SORTS[shape.sort].key ? '(@afterKey, @afterName, @afterSeq)' : '(@afterName, @afterSeq)';
        where.push(`(${columns.join(', ')}) ${shape.descending ? '<' : '>'} ${cursor}`);
      }
      const sortKey = SORTS[shape.sort].key ?? 'p.name';
      // CROSS JOIN: walk the sort's index first and read a card's row only for the page.
      statement = this.db.prepare<[Params], Row>(
        `SELECT p.seq, p.name AS pool_name, ${sortKey} AS sort_key, c.id, c.set_id, p.system_id, c.doc, c.updated_at
         FROM card_pool p INDEXED BY ${SORTS[shape.sort].index} CROSS JOIN cards c ON c.seq = p.seq
         WHERE ${where.join(' AND ')}
         ORDER BY ${columns.map((column) => `${column} ${direction}`).join(', ')} LIMIT @limit`,
      );
      this.pages.set(cacheKey, statement);
    }
    return statement;
  }

  private count(shape: Shape): Database.Statement<[Params], number> {
    const cacheKey = JSON.stringify(shape);
    let statement = this.counts.get(cacheKey);
    if (!statement) {
      statement = this.db
        .prepare<[Params], number>(
          `SELECT count(*) FROM (SELECT 1 FROM card_pool p INDEXED BY card_pool_by_name${shape.residual ? ' CROSS JOIN cards c ON c.seq = p.seq' : ''} WHERE ${filterSql(shape).join(' AND ')} LIMIT @cap)`,
        )
        .pluck();
      this.counts.set(cacheKey, statement);
    }
    return statement;
  }
}

/** What the pool reads from a game's system.json. */
export interface PoolGame {
  systemId: string;
  /** The identity field (OSMCG's colors) and its value ids in order (value i is bit i). */
  identity?: { field: string; values: readonly string[] };
  /** deck.builder.costField. */
  costField?: string;
}

/**
 * Records a game's pool fields; when they changed (or the game is new to this library), its
 * cards' rows are computed again. Cheap when nothing changed, so it runs at every start-up.
 */
export function writePoolGame(db: SqliteDatabase, game: PoolGame): void {
  const values = game.identity?.values.slice(0, MAX_IDENTITY_BITS) ?? [];
  const signature = JSON.stringify({ identity: game.identity?.field ?? null, values, cost: game.costField ?? null });
  const stored = db.prepare<[string], string>('SELECT signature FROM pool_games WHERE system_id = ?').pluck().get(game.systemId);
  if (stored === signature) return;
  db.transaction(() => {
    db.prepare(
      'INSERT OR REPLACE INTO pool_games (system_id, signature, identity_path, cost_path) VALUES (@systemId, @signature, @identityPath, @costPath)',
    ).run({
      systemId: game.systemId,
      signature,
      identityPath: game.identity ? fieldPath(game.identity.field) : null,
      costPath: game.costField ? fieldPath(game.costField) : null,
    });
    db.prepare('DELETE FROM pool_identity_bits WHERE system_id = ?').run(game.systemId);
    const addBit = db.prepare('INSERT INTO pool_identity_bits (system_id, value, bit) VALUES (?, ?, ?)');
    values.forEach((value, bit) => addBit.run(game.systemId, value, bit));
    db.prepare(poolRowsInsert('s.system_id = @systemId')).run({ systemId: game.systemId });
  })();
}
