// Card search and browse, built so each page costs about the same at 100,000 cards as at 100:
// every page is read in the order of an index (never sorted after matching everything), pages
// continue from a cursor (the last row's sort key) instead of an OFFSET, and the total is
// counted only up to SEARCH_COUNT_CAP.
//
// Ranking, in tiers (each tier's rows come before the next tier's):
//   0. the name starts with the typed text (case-insensitive for ASCII), by name — the name
//      index seeks straight to them; a blank query browses every card by name in this tier;
//   1. every typed word starts a word of the name (FTS5, name column), in library order;
//   2. every typed word starts a word of the name or the rules text, in library order.
// Library order is the order cards were added (the FTS rowid), which FTS5 yields as it matches;
// bm25 or name order inside tiers 1 and 2 would have to score or sort every match first (60,000
// for a one-letter prefix at 100,000 cards), which is what made a search take 100–170 ms.

import type Database from 'better-sqlite3';
import type { CardDocument, CardRecord } from '../../card-schema/system/format';
import type { SqliteDatabase } from './database';
import { toFtsQuery } from './fts-query';
import { namePrefix, namePrefixPattern, namePrefixUpperBound } from './name-prefix';

/** Counting stops here: past it the total is reported as "more than SEARCH_COUNT_CAP". */
export const SEARCH_COUNT_CAP = 1_000;

/** Where a page ended: its last card's tier and sort key. The next page starts after it. */
export interface SearchCursor {
  tier: number;
  /** The card's name (tier 0 sorts by it); '' in the other tiers. */
  name: string;
  seq: number;
}

export interface CardSearch {
  /** What the user typed; blank browses by name. */
  query?: string;
  setId?: string;
  systemId?: string;
  /** Card type ids; absent or empty means every type. */
  types?: readonly string[];
  limit: number;
  /** The `next` of the previous page; absent for the first page. */
  after?: SearchCursor;
}

export interface CardSearchPage {
  cards: CardRecord[];
  /** Matching cards, counted up to SEARCH_COUNT_CAP. */
  total: number;
  /** False when counting stopped at the cap: more than `total` cards match. */
  totalExact: boolean;
  /** Pass as `after` for the next page; null when this page holds the last match. */
  next: SearchCursor | null;
}

interface Row {
  id: string;
  set_id: string;
  system_id: string;
  doc: string;
  updated_at: string;
  name: string | null;
  seq: number;
}

type Params = Record<string, string | number>;

interface Filters {
  setId: boolean;
  systemId: boolean;
  types: boolean;
}

/** Tier 0 (by name) or tiers 1–2 (FTS matches in rowid order). */
type TierShape =
  { order: 'name'; prefix: boolean; upperBound: boolean } | { order: 'seq'; plan: 'stream' | 'scope'; excludePrefix: boolean };

interface Tier {
  shape: TierShape;
  params: Params;
}

/**
 * Tiers 1–2 stream FTS matches in rowid order and filter them, which reads about
 * limit ÷ (the filter's share of the library) matches. When the set or game filtered on holds
 * less than this share of the cards, the filter's cards are read instead and checked against
 * the matches collected once ("scope" plan), so a small set never walks 60,000 matches.
 */
const SCOPE_PLAN_SHARE = 0.2;

const columns = 'c.id, c.set_id, s.system_id, c.doc, c.updated_at, c.name, c.seq';

function toRecord(row: Row): CardRecord {
  return {
    id: row.id,
    setId: row.set_id,
    systemId: row.system_id,
    doc: JSON.parse(row.doc) as CardDocument,
    updatedAt: row.updated_at,
  };
}

function filterSql(filters: Filters): string[] {
  const where: string[] = [];
  if (filters.setId) where.push('c.set_id = @setId');
  if (filters.systemId) where.push('s.system_id = @systemId');
  if (filters.types) where.push('c.type IN (SELECT value FROM json_each(@types))');
  return where;
}

/** FROM, WHERE and ORDER BY of one tier; `after` adds the keyset condition. */
function tierSql(shape: TierShape, filters: Filters, after: boolean): { from: string; where: string[]; order: string } {
  const where = filterSql(filters);
  if (shape.order === 'name') {
    // @lo is the prefix, or the cursor's name on later pages: one lower bound the index can seek to.
    if (shape.prefix || after) where.push('c.name >= @lo COLLATE NOCASE');
    if (shape.upperBound) where.push('c.name < @hi COLLATE NOCASE');
    if (shape.prefix) where.push("c.name LIKE @pattern ESCAPE '\\'");
    if (after) where.push('(c.name COLLATE NOCASE, c.seq) > (@lo, @afterSeq)');
    return { from: 'FROM cards c JOIN sets s ON s.id = c.set_id', where, order: 'ORDER BY c.name COLLATE NOCASE, c.seq' };
  }
  // Tier 0's cards are left out of the later tiers (IS NOT 1: a NULL name is not in tier 0).
  if (shape.excludePrefix) where.push("(c.name LIKE @pattern ESCAPE '\\') IS NOT 1");
  if (shape.plan === 'stream') {
    if (after) where.push('cards_fts.rowid > @afterSeq');
    return {
      from: 'FROM cards_fts JOIN cards c ON c.seq = cards_fts.rowid JOIN sets s ON s.id = c.set_id',
      where: ['cards_fts MATCH @match', ...where],
      order: 'ORDER BY cards_fts.rowid',
    };
  }
  // "+" keeps SQLite from driving the query by rowid: it reads the filter's cards by index.
  where.push('+c.seq IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH @match)');
  if (after) where.push('+c.seq > @afterSeq');
  return { from: 'FROM cards c JOIN sets s ON s.id = c.set_id', where, order: 'ORDER BY c.seq' };
}

/** Cards per set, kept until the database changes; only picks query plans, so it may lag. */
class ScopeSizes {
  private readonly version;
  private readonly counts;
  private key = '';
  private bySet = new Map<string, { systemId: string; cards: number }>();
  private all = 0;

  constructor(db: SqliteDatabase) {
    // data_version moves when another connection commits, total_changes() when this one writes.
    this.version = db
      .prepare<[], string>("SELECT (SELECT data_version FROM pragma_data_version) || '.' || total_changes()")
      .pluck();
    this.counts = db.prepare<[], { setId: string; systemId: string; cards: number }>(
      'SELECT c.set_id AS setId, s.system_id AS systemId, count(*) AS cards FROM cards c JOIN sets s ON s.id = c.set_id GROUP BY c.set_id',
    );
  }

  /** The share of all cards that the set or game filter leaves, from 0 to 1. */
  share(setId: string | undefined, systemId: string | undefined): number {
    this.refresh();
    if (this.all === 0) return 1;
    let cards = 0;
    for (const [id, set] of this.bySet) {
      if ((setId === undefined || id === setId) && (systemId === undefined || set.systemId === systemId)) cards += set.cards;
    }
    return cards / this.all;
  }

  private refresh(): void {
    const key = this.version.get() ?? '';
    if (key === this.key) return;
    this.key = key;
    this.bySet = new Map(this.counts.all().map((row) => [row.setId, { systemId: row.systemId, cards: row.cards }]));
    this.all = [...this.bySet.values()].reduce((sum, set) => sum + set.cards, 0);
  }
}

export class CardSearcher {
  private readonly pages = new Map<string, Database.Statement<[Params], Row>>();
  private readonly counts = new Map<string, Database.Statement<[Params], number>>();
  private readonly sizes: ScopeSizes;

  constructor(private readonly db: SqliteDatabase) {
    this.sizes = new ScopeSizes(db);
  }

  search(search: CardSearch): CardSearchPage {
    const types = search.types?.length ? search.types : undefined;
    const filters: Filters = { setId: search.setId !== undefined, systemId: search.systemId !== undefined, types: !!types };
    const base: Params = {};
    if (search.setId !== undefined) base.setId = search.setId;
    if (search.systemId !== undefined) base.systemId = search.systemId;
    if (types) base.types = JSON.stringify(types);
    const tiers = this.tiers(search, base);

    // One row more than asked tells whether a next page exists.
    const rows: { tier: number; row: Row }[] = [];
    const first = search.after?.tier ?? 0;
    for (let tier = first; tier < tiers.length && rows.length <= search.limit; tier++) {
      const after = tier === first ? search.after : undefined;
      const found = this.page(tiers[tier], filters, after, search.limit + 1 - rows.length);
      for (const row of found) rows.push({ tier, row });
    }
    const last = rows.length > search.limit ? rows[search.limit - 1] : undefined;
    const shown = rows.slice(0, search.limit);

    let total = 0;
    for (const tier of tiers) {
      if (total > SEARCH_COUNT_CAP) break;
      total += this.count(tier, filters, SEARCH_COUNT_CAP + 1 - total);
    }
    return {
      cards: shown.map(({ row }) => toRecord(row)),
      total: Math.min(total, SEARCH_COUNT_CAP),
      totalExact: total <= SEARCH_COUNT_CAP,
      next: last ? { tier: last.tier, name: last.tier === 0 ? (last.row.name ?? '') : '', seq: last.row.seq } : null,
    };
  }

  private tiers(search: CardSearch, base: Params): Tier[] {
    const prefix = namePrefix(search.query ?? '');
    const match = toFtsQuery(search.query ?? '');
    if (prefix === null || match === null) {
      return [{ shape: { order: 'name', prefix: false, upperBound: false }, params: base }];
    }
    const hi = namePrefixUpperBound(prefix);
    const pattern = namePrefixPattern(prefix);
    const byName: Tier = {
      shape: { order: 'name', prefix: true, upperBound: hi !== null },
      params: { ...base, lo: prefix, pattern, ...(hi !== null ? { hi } : {}) },
    };
    const plan = this.sizes.share(search.setId, search.systemId) < SCOPE_PLAN_SHARE ? 'scope' : 'stream';
    const ftsTier = (ftsMatch: string): Tier => ({
      shape: { order: 'seq', plan, excludePrefix: true },
      params: { ...base, match: ftsMatch, pattern },
    });
    return [byName, ftsTier(`{name} : (${match})`), ftsTier(`(${match}) NOT {name} : (${match})`)];
  }

  private page(tier: Tier, filters: Filters, after: SearchCursor | undefined, limit: number): Row[] {
    const key = JSON.stringify({ shape: tier.shape, filters, after: !!after });
    let statement = this.pages.get(key);
    if (!statement) {
      const { from, where, order } = tierSql(tier.shape, filters, !!after);
      statement = this.db.prepare<[Params], Row>(
        `SELECT ${columns} ${from} WHERE ${where.join(' AND ') || '1'} ${order} LIMIT @limit`,
      );
      this.pages.set(key, statement);
    }
    const params: Params = { ...tier.params, limit };
    if (after) {
      params.afterSeq = after.seq;
      if (tier.shape.order === 'name') params.lo = after.name;
    }
    return statement.all(params);
  }

  /** Matches of one tier, counted up to `cap`. */
  private count(tier: Tier, filters: Filters, cap: number): number {
    const key = JSON.stringify({ shape: tier.shape, filters });
    let statement = this.counts.get(key);
    if (!statement) {
      const { from, where } = tierSql(tier.shape, filters, false);
      statement = this.db
        .prepare<[Params], number>(`SELECT count(*) FROM (SELECT 1 ${from} WHERE ${where.join(' AND ') || '1'} LIMIT @cap)`)
        .pluck();
      this.counts.set(key, statement);
    }
    return statement.get({ ...tier.params, cap }) ?? 0;
  }
}
