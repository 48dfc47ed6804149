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
import type { CardRecord } from '../../card-schema/system/format';
import { toRecord, type CardRow } from './card-row';
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

interface Row extends CardRow {
  name: string | null;
  seq: number;
}

type Params = Record<string, string | number>;

interface Filters {
  setId: boolean;
  systemId: boolean;
  types: boolean;
}

/**
 * Tier 0 (by name) or tiers 1–2 (FTS matches in rowid order). `byType`: the type filter is rare
 * enough to read its cards by the type index and sort them, rather than walk the name index or
 * the FTS matches until enough of them turn up. `bounded`: the set or game filter limits the FTS
 * rowids to the range its cards span (a set's cards are mostly imported at once, so they cluster).
 */
type TierShape =
  { order: 'name'; prefix: boolean; upperBound: boolean; byType: boolean } | { order: 'seq'; byType: boolean; bounded: boolean };

interface Tier {
  shape: TierShape;
  params: Params;
}

/**
 * Walking an index in page order and skipping cards of other types reads about
 * limit ÷ (the types' share) cards; reading the types' cards and sorting them reads share × all.
 * At 200 a page and 100,000 cards the two cost the same near 5 %: below it, read by type.
 */
const BY_TYPE_SHARE = 0.05;

// The game comes from the set by a lookup per row shown: a join would let SQLite start from the
// sets (and sort what they hold) instead of walking the page order's index.
const columns =
  'c.id, c.set_id, (SELECT s.system_id FROM sets s WHERE s.id = c.set_id) AS system_id, c.doc, c.updated_at, c.name, c.seq';

function filterSql(filters: Filters, byType: boolean): string[] {
  const where: string[] = [];
  if (filters.setId) where.push('c.set_id = @setId');
  // "+": tested on the set id the index rows carry, never used to pick an index.
  if (filters.systemId) where.push('+c.set_id IN (SELECT id FROM sets WHERE system_id = @systemId)');
  // "+" keeps SQLite off the type index when walking the page order's index is cheaper (the name
  // index carries each card's type, so the test needs no look at the card's JSON).
  if (filters.types) where.push(`${byType ? '' : '+'}c.type IN (SELECT value FROM json_each(@types))`);
  return where;
}

/** FROM, WHERE and ORDER BY of one tier; `after` adds the keyset condition. */
function tierSql(shape: TierShape, filters: Filters, after: boolean): { from: string; where: string[]; order: string } {
  const where = filterSql(filters, shape.byType);
  if (shape.order === 'name') {
    // @lo is the prefix, or the cursor's name on later pages: one lower bound the index can seek to.
    if (shape.prefix || after) where.push('c.name >= @lo COLLATE NOCASE');
    if (shape.upperBound) where.push('c.name < @hi COLLATE NOCASE');
    if (shape.prefix) where.push("c.name LIKE @pattern ESCAPE '\\'");
    if (after) where.push('(c.name COLLATE NOCASE, c.seq) > (@lo, @afterSeq)');
    return { from: 'FROM cards c', where, order: 'ORDER BY c.name COLLATE NOCASE, c.seq' };
  }
  // Tier 0's cards are left out of the later tiers (IS NOT 1: a NULL name is not in tier 0).
  where.push("(c.name LIKE @pattern ESCAPE '\\') IS NOT 1");
  const bounds = shape.bounded ? ' AND rowid >= @seqLo AND rowid <= @seqHi' : '';
  if (!shape.byType) {
    if (after) where.push('cards_fts.rowid > @afterSeq');
    return {
      // The filters read the index (set, type, name by rowid); a card's row only for the page.
      from: 'FROM cards_fts JOIN cards c INDEXED BY cards_filters_by_seq ON c.seq = cards_fts.rowid',
      where: [`cards_fts MATCH @match${bounds.replaceAll('rowid', 'cards_fts.rowid')}`, ...where],
      order: 'ORDER BY cards_fts.rowid',
    };
  }
  // "+" keeps SQLite from driving the query by rowid: it reads the types' cards by index.
  where.push(`+c.seq IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH @match${bounds})`);
  if (after) where.push('+c.seq > @afterSeq');
  return { from: 'FROM cards c', where, order: 'ORDER BY c.seq' };
}

interface SetRange {
  setId: string;
  systemId: string;
  lo: number;
  hi: number;
}

/**
 * What the plans are picked by: each set's game and the rowids its cards span, and how many
 * cards each type has. Read again whenever the database changed, inside the search's read
 * transaction, so the ranges cover every card the search can see.
 */
class LibraryShape {
  private readonly version;
  private readonly setRanges;
  private readonly typeCounts;
  private key = '';
  private sets: SetRange[] = [];
  private types = new Map<string, number>();
  private all = 0;

  constructor(db: SqliteDatabase) {
    // data_version moves when another connection commits, total_changes() when this one writes.
    this.version = db
      .prepare<[], string>("SELECT (SELECT data_version FROM pragma_data_version) || '.' || total_changes()")
      .pluck();
    this.setRanges = db.prepare<[], SetRange>(
      'SELECT c.set_id AS setId, s.system_id AS systemId, min(c.seq) AS lo, max(c.seq) AS hi FROM cards c JOIN sets s ON s.id = c.set_id GROUP BY c.set_id',
    );
    this.typeCounts = db.prepare<[], { type: string; cards: number }>('SELECT type, count(*) AS cards FROM cards GROUP BY type');
  }

  /**
   * Read before the search's transaction begins: a commit after this read only makes the next
   * search read the shape again, while one before it is in what the transaction sees.
   */
  currentVersion(): string {
    return this.version.get() ?? '';
  }

  /** Inside the search's transaction. */
  update(version: string): void {
    if (version === this.key) return;
    this.sets = this.setRanges.all();
    this.types = new Map(this.typeCounts.all().map((row) => [row.type, row.cards]));
    this.all = [...this.types.values()].reduce((sum, cards) => sum + cards, 0);
    this.key = version;
  }

  /** The rowids the filtered sets' cards span (seqLo > seqHi when they have none). */
  seqRange(setId: string | undefined, systemId: string | undefined): { seqLo: number; seqHi: number } {
    let seqLo = Number.MAX_SAFE_INTEGER;
    let seqHi = 0;
    for (const set of this.sets) {
      if ((setId !== undefined && set.setId !== setId) || (systemId !== undefined && set.systemId !== systemId)) continue;
      seqLo = Math.min(seqLo, set.lo);
      seqHi = Math.max(seqHi, set.hi);
    }
    return { seqLo, seqHi };
  }

  /** The share of all cards that have one of these types, from 0 to 1. */
  typeShare(types: readonly string[]): number {
    if (this.all === 0) return 1;
    let cards = 0;
    for (const type of new Set(types)) cards += this.types.get(type) ?? 0;
    return cards / this.all;
  }
}

export class CardSearcher {
  private readonly pages = new Map<string, Database.Statement<[Params], Row>>();
  private readonly counts = new Map<string, Database.Statement<[Params], number>>();
  private readonly shape: LibraryShape;
  private readonly inOneSnapshot;

  constructor(private readonly db: SqliteDatabase) {
    this.shape = new LibraryShape(db);
    // One read transaction: the pages, the counts and the plan's ranges see the same library.
    this.inOneSnapshot = db.transaction((search: CardSearch, version: string) => {
      this.shape.update(version);
      return this.searchNow(search);
    });
  }

  search(search: CardSearch): CardSearchPage {
    return this.inOneSnapshot(search, this.shape.currentVersion());
  }

  private searchNow(search: CardSearch): CardSearchPage {
    const types = search.types?.length ? search.types : undefined;
    const filters: Filters = { setId: search.setId !== undefined, systemId: search.systemId !== undefined, types: !!types };
    const base: Params = {};
    if (search.setId !== undefined) base.setId = search.setId;
    if (search.systemId !== undefined) base.systemId = search.systemId;
    if (types) base.types = JSON.stringify(types);
    const tiers = this.tiers(search, base);

    // One row more than asked tells whether a next page exists. A tier read from its start that
    // gave fewer rows than asked has been counted by the reading.
    const rows: { tier: number; row: Row }[] = [];
    const counted = new Map<number, number>();
    const first = search.after?.tier ?? 0;
    for (let tier = first; tier < tiers.length && rows.length <= search.limit; tier++) {
      const after = tier === first ? search.after : undefined;
      const asked = search.limit + 1 - rows.length;
      const found = this.page(tiers[tier], filters, after, asked);
      if (!after && found.length < asked) counted.set(tier, found.length);
      for (const row of found) rows.push({ tier, row });
    }
    const last = rows.length > search.limit ? rows[search.limit - 1] : undefined;
    const shown = rows.slice(0, search.limit);

    let total = 0;
    for (const [index, tier] of tiers.entries()) {
      if (total > SEARCH_COUNT_CAP) break;
      total += counted.get(index) ?? this.count(tier, filters, SEARCH_COUNT_CAP + 1 - total);
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
    const byType = !!search.types?.length && this.shape.typeShare(search.types) < BY_TYPE_SHARE;
    if (prefix === null || match === null) {
      return [{ shape: { order: 'name', prefix: false, upperBound: false, byType }, params: base }];
    }
    const hi = namePrefixUpperBound(prefix);
    const pattern = namePrefixPattern(prefix);
    const byName: Tier = {
      shape: { order: 'name', prefix: true, upperBound: hi !== null, byType },
      params: { ...base, lo: prefix, pattern, ...(hi !== null ? { hi } : {}) },
    };
    const bounded = search.setId !== undefined || search.systemId !== undefined;
    const range = bounded ? this.shape.seqRange(search.setId, search.systemId) : {};
    const ftsTier = (ftsMatch: string): Tier => ({
      shape: { order: 'seq', byType, bounded },
      params: { ...base, ...range, match: ftsMatch, pattern },
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
    // Counting needs no order: browsing by type reads the type index, which holds the type that
    // the page's walk has to take out of each card's JSON.
    const browse = tier.shape.order === 'name' && !tier.shape.prefix;
    const shape: TierShape = browse && filters.types ? { ...tier.shape, byType: true } : tier.shape;
    const key = JSON.stringify({ shape, filters });
    let statement = this.counts.get(key);
    if (!statement) {
      const { from, where } = tierSql(shape, filters, false);
      statement = this.db
        .prepare<[Params], number>(`SELECT count(*) FROM (SELECT 1 ${from} WHERE ${where.join(' AND ') || '1'} LIMIT @cap)`)
        .pluck();
      this.counts.set(key, statement);
    }
    return statement.get({ ...tier.params, cap }) ?? 0;
  }
}
