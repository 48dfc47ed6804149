// The library search: a resolved query (card-schema/search/query.ts, one GameSearch per game) run in
// SQL, built so each page costs about the same at 1,000,000 cards as at 100: every page is read in
// the order of an index from a cursor (keyset paging, never OFFSET, never a sort of every match),
// and the total is counted only up to SEARCH_COUNT_CAP.
//
// Orders (search-sorts.ts): relevance reads in tiers, each tier's rows before the next's —
//   0. the name starts with the free words, by name (the name index seeks straight to them);
//   1. every free word is in the name (FTS5, name column), in library order;
//   2. the other matches, in library order (the FTS rowid, which FTS5 yields as it matches);
// a search without free words browses by name. The other sorts walk card_pool's index of that
// order. A search of several games runs per game and merges by the sort's key; the cursor is a
// position in that order, so it resumes every game. Field tests the indexes cannot answer are
// re-checked on the card's document by a JS function (search-functions.ts).

import type Database from 'better-sqlite3';
import type { GameSearch, SearchSort } from '../../card-schema/search/query';
import type { CardRecord } from '../../card-schema/system/format';
import { toRecord, type CardRow } from './card-row';
import type { SqliteDatabase } from './database';
import { registerSearchFunctions, withRowTests } from './search-functions';
import { fullMatch, planGame, readsInTiers, type GamePlan, type Params, type SearchScope, type TextMode } from './search-plan';
import { SearchShape, type SetShape } from './search-shape';
import { candidatesSql, countSql, orderSegments, segmentSql, selectColumns, tierSegments, type Segment } from './search-segments';
import { compareKeyPrefix, comparePositions, compareText, INDEX_ORDERS, type SearchCursor } from './search-sorts';

export type { SearchCursor } from './search-sorts';

/** Counting stops here: past it the total is reported as "more than SEARCH_COUNT_CAP". */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * Up to this many FTS candidates a sort other than relevance sorts them in JS (narrow rows: a
 * millisecond or two); past it, it walks the sort's index and tests each entry against the matches.
 */
export const LIST_MAX = 2_000;

/**
 * Cost model of manyMatchesMode: reading and tokenizing a card costs about 20× what reading one
 * FTS match does; × 2 leaves 'in' where the two are close (matches cluster in a sort's order).
 */
const ROWS_OVER_IN = 40;
const PAGE_ESTIMATE = 200;

export interface SearcherOptions {
  /** LIST_MAX (tests set it to 0 to walk the sort index for every text search). */
  listMax?: number;
  /** How such a walk meets the matches: by the cost model, or always one way (tests). */
  matchWalk?: 'auto' | 'rows' | 'in';
}

export interface CardSearch extends SearchScope {
  /** The query resolved per game; cards of other games never match. */
  games: readonly GameSearch[];
  sort: SearchSort;
  descending: boolean;
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

export interface CardPagesSearch extends SearchScope {
  games: readonly GameSearch[];
  sort: SearchSort;
  descending: boolean;
  pageSize: number;
}

export interface CardSearchPages {
  /** Every match, counted exactly. */
  total: number;
  /** Page k starts after starts[k] (null: from the first match). */
  starts: (SearchCursor | null)[];
}

interface PoolRow extends Partial<CardRow> {
  seq: number;
  name: string;
  set_id: string;
  sort_key?: string | number;
  ok?: number;
}

interface Found {
  position: SearchCursor;
  row: PoolRow;
}

type ListSegment = { kind: 'list'; rows: Found[] };
type AnySegment = Segment | ListSegment;

const compareSets = (a: SetShape, b: SetShape) => compareText(a.name, b.name, true) || compareText(a.id, b.id, false);

export class CardSearcher {
  private readonly statements = new Map<string, Database.Statement<[Params], unknown>>();
  private readonly shape: SearchShape;
  private readonly inOneSnapshot;

  readonly listMax: number;
  readonly matchWalk: 'auto' | 'rows' | 'in';

  constructor(
    private readonly db: SqliteDatabase,
    options: SearcherOptions = {},
  ) {
    this.listMax = options.listMax ?? LIST_MAX;
    this.matchWalk = options.matchWalk ?? 'auto';
    registerSearchFunctions(db);
    this.shape = new SearchShape(db);
    // One read transaction: the pages, the counts and the plans' ranges see the same library.
    this.inOneSnapshot = db.transaction((version: string, work: () => unknown) => {
      this.shape.update(version);
      return work();
    });
  }

  search(search: CardSearch): CardSearchPage {
    const read = () => this.withGames(search, (games) => this.page(search, games));
    return this.inOneSnapshot(this.shape.currentVersion(), read) as CardSearchPage;
  }

  pages(search: CardPagesSearch): CardSearchPages {
    const read = () => this.withGames(search, (games) => this.allPages(search, games));
    return this.inOneSnapshot(this.shape.currentVersion(), read) as CardSearchPages;
  }

  private withGames<T>(search: CardSearch | CardPagesSearch, work: (games: GameRead[]) => T): T {
    const planned = search.games.flatMap((game) => {
      const plan = planGame(game, search, this.shape);
      return plan ? [{ game, plan }] : [];
    });
    const tests = planned.map(({ game, plan }) => ({
      fields: plan.fieldTests,
      include: game.text.include,
      exclude: game.text.exclude,
    }));
    return withRowTests(tests, (keys) => {
      const games = planned.map(({ plan }, index) => {
        plan.params.key = keys[index];
        return new GameRead(this, plan, search.sort, search.descending);
      });
      return work(games);
    });
  }

  private page(search: CardSearch, games: GameRead[]): CardSearchPage {
    const want = search.limit + 1;
    const found: Found[] = [];
    let total = 0;
    for (const game of games) {
      const rows = game.read(search.after, want, true);
      found.push(...rows);
      // A game read from its start that gave fewer rows than asked has been counted by the reading.
      const counted = game.knownCount ?? (!search.after && rows.length < want ? rows.length : undefined);
      if (total <= SEARCH_COUNT_CAP) total += counted ?? game.count(SEARCH_COUNT_CAP + 1 - total);
    }
    const direction = search.descending ? -1 : 1;
    if (games.length > 1) found.sort((a, b) => direction * comparePositions(search.sort, a.position, b.position));
    const shown = found.slice(0, search.limit);
    return {
      cards: shown.map(({ row }) => toRecord(row as CardRow)),
      total: Math.min(total, SEARCH_COUNT_CAP),
      totalExact: total <= SEARCH_COUNT_CAP,
      next: found.length > search.limit ? shown[shown.length - 1].position : null,
    };
  }

  private allPages(search: CardPagesSearch, games: GameRead[]): CardSearchPages {
    const starts: (SearchCursor | null)[] = [null];
    let total = 0;
    const visit = (position: SearchCursor) => {
      total++;
      if (total % search.pageSize === 0) starts.push(position);
    };
    if (games.length === 1) {
      games[0].each(visit);
    } else {
      const positions: SearchCursor[] = [];
      for (const game of games) game.each((position) => positions.push(position));
      const direction = search.descending ? -1 : 1;
      positions.sort((a, b) => direction * comparePositions(search.sort, a, b));
      positions.forEach(visit);
    }
    // The start after the last match opens no page.
    if (total > 0 && total % search.pageSize === 0) starts.pop();
    return { total, starts };
  }

  /** @internal The cached statement for this SQL. */
  statement<R>(sql: string): Database.Statement<[Params], R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      // Plans differ by filters and sorts only: a handful of shapes, unless something generates many.
      if (this.statements.size > 1_000) this.statements.clear();
      statement = this.db.prepare<[Params], unknown>(sql);
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<[Params], R>;
  }

  /** @internal */
  get libraryShape(): SearchShape {
    return this.shape;
  }
}

/** One game's part of one search: its segments in reading order, read from a cursor. */
class GameRead {
  private readonly segments: AnySegment[];
  private readonly sort: SearchSort;
  private readonly range: { lo: number; hi: number };
  /** Known when the candidates were listed (and so counted). */
  knownCount: number | undefined;
  /** The share of the game's rowids that are FTS candidates, from the first ones listed. */
  private density = 0;

  constructor(
    private readonly searcher: CardSearcher,
    private readonly plan: GamePlan,
    sort: SearchSort,
    private readonly descending: boolean,
  ) {
    const shape = searcher.libraryShape;
    this.range = shape.seqRange(plan.systemId, plan.setIds);
    const inTiers = readsInTiers(plan, sort);
    // Without free words there is nothing to rank: relevance browses by name (tier 0's order).
    this.sort = inTiers || sort !== 'relevance' ? sort : 'name';
    let segments: AnySegment[];
    if (inTiers) {
      segments = tierSegments(plan);
    } else {
      const order = this.sort as Exclude<SearchSort, 'relevance'>;
      const sets =
        order === 'set'
          ? shape.gameSets(plan.systemId, compareSets).filter((set) => !plan.setIds || plan.setIds.includes(set.id))
          : [];
      const listed = fullMatch(plan) !== null ? this.listCandidates(order) : null;
      if (listed) {
        this.knownCount = listed.length;
        segments = [{ kind: 'list', rows: listed }];
      } else {
        const text: TextMode = fullMatch(plan) !== null ? this.manyMatchesMode() : plan.match.exclude !== null ? 'notIn' : 'none';
        segments = orderSegments(order, text, sets);
      }
    }
    this.segments = descending ? segments.reverse() : segments;
  }

  /**
   * How a sorted walk meets many FTS matches: test the words on each entry's card ('rows': about
   * limit ÷ density cards read and tokenized, a few µs each) or read every match first ('in':
   * density × rowids, a fraction of a µs each). Rows wins when matches are dense: "e" matches 60%.
   */
  private manyMatchesMode(): TextMode {
    if (this.searcher.matchWalk !== 'auto') return this.searcher.matchWalk;
    const span = Math.max(1, this.range.hi - this.range.lo + 1);
    return this.density * this.density * span > ROWS_OVER_IN * PAGE_ESTIMATE ? 'rows' : 'in';
  }

  /** Up to `want` matches after `after`, in order; `full` reads the cards too. */
  read(after: SearchCursor | undefined, want: number, full: boolean): Found[] {
    const found: Found[] = [];
    for (const segment of this.segments) {
      if (found.length >= want) break;
      const relation = after ? this.relation(segment, after) : 1;
      if (relation < 0) continue;
      const resume = relation === 0 ? after : undefined;
      if (segment.kind === 'list') {
        const rows = resume ? segment.rows.filter((row) => this.isAfter(row.position, resume)) : segment.rows;
        found.push(...this.withCards(rows.slice(0, want - found.length), full));
        continue;
      }
      const rows = this.searcher
        .statement<PoolRow>(segmentSql(this.plan, segment, { descending: this.descending, resume: !!resume, full }))
        .all(this.params(segment, resume, want - found.length));
      for (const row of rows) found.push({ position: this.positionOf(segment, row), row });
    }
    return found;
  }

  /** Every match's position, in order, without reading any card it need not. */
  each(visit: (position: SearchCursor) => void): void {
    for (const segment of this.segments) {
      if (segment.kind === 'list') {
        for (const row of segment.rows) visit(row.position);
        continue;
      }
      const statement = this.searcher.statement<PoolRow>(
        segmentSql(this.plan, segment, { descending: this.descending, resume: false, full: false }),
      );
      for (const row of statement.iterate(this.params(segment, undefined, -1))) visit(this.positionOf(segment, row));
    }
  }

  /** The game's matches, counted up to `cap`. */
  count(cap: number): number {
    const statement = this.searcher.statement<number>(countSql(this.plan)).pluck();
    return statement.get({ ...this.plan.params, ...this.textParams(), limit: cap }) ?? 0;
  }

  /** The FTS candidates sorted in JS when there are at most LIST_MAX; null when there are more. */
  private listCandidates(sort: Exclude<SearchSort, 'relevance'>): Found[] | null {
    const rows = this.searcher
      .statement<PoolRow>(candidatesSql(this.plan, INDEX_ORDERS[sort]))
      .all({ ...this.plan.params, ...this.textParams(), limit: this.searcher.listMax + 1 });
    if (rows.length > this.searcher.listMax) {
      this.density = rows.length / Math.max(1, rows[rows.length - 1].seq - this.range.lo + 1);
      // Too many to list, but when more than the cap of them match, that is the count.
      const matching = rows.reduce((sum, row) => sum + (row.ok === 1 ? 1 : 0), 0);
      if (matching > SEARCH_COUNT_CAP) this.knownCount = matching;
      return null;
    }
    const sets = this.searcher.libraryShape.sets;
    const listed = rows.filter((row) => row.ok === 1).map((row) => ({ row, position: listedPosition(sort, row, sets) }));
    const direction = this.descending ? -1 : 1;
    return listed.sort((a, b) => direction * comparePositions(sort, a.position, b.position));
  }

  /** Reads the cards of listed rows (one query for the page). */
  private withCards(rows: Found[], full: boolean): Found[] {
    if (!full || rows.length === 0) return rows;
    const cards = this.searcher
      .statement<PoolRow>(
        `SELECT ${selectColumns(null, true)} FROM json_each(@seqs) j CROSS JOIN card_pool p ON p.seq = j.value CROSS JOIN cards c ON c.seq = p.seq`,
      )
      .all({ seqs: JSON.stringify(rows.map((row) => row.row.seq)) });
    const bySeq = new Map(cards.map((card) => [card.seq, card]));
    return rows.flatMap((row) => {
      const card = bySeq.get(row.row.seq);
      return card ? [{ position: row.position, row: card }] : [];
    });
  }

  /** Ascending: < 0 the segment lies wholly before the cursor, 0 it holds it, > 0 it lies after. */
  private relation(segment: AnySegment, after: SearchCursor): number {
    if (segment.kind === 'list') return 0;
    const tier = segment.tier - after.tier;
    let order = tier !== 0 ? tier : 0;
    if (order === 0 && segment.kind === 'walk' && segment.set) {
      order = compareKeyPrefix('set', 0, [segment.set.name, segment.set.id], after.key.slice(0, 2));
    }
    return this.descending ? -order : order;
  }

  private isAfter(position: SearchCursor, after: SearchCursor): boolean {
    const order = comparePositions(this.sort, position, after);
    return this.descending ? order < 0 : order > 0;
  }

  private textParams(): Params {
    const params: Params = { seqLo: this.range.lo, seqHi: this.range.hi };
    const match = fullMatch(this.plan);
    if (match !== null) params.match = match;
    if (this.plan.match.exclude !== null) params.exclude = this.plan.match.exclude;
    return params;
  }

  private params(segment: Segment, resume: SearchCursor | undefined, limit: number): Params {
    const params: Params = { ...this.plan.params, limit, seqLo: this.range.lo, seqHi: this.range.hi };
    const prefix = this.plan.namePrefix;
    if (prefix) {
      params.prefixLo = prefix.lo;
      params.prefixPattern = prefix.pattern;
      if (prefix.hi !== null) params.prefixHi = prefix.hi;
    }
    if (segment.kind === 'fts') {
      params.match = segment.match;
    } else {
      if (segment.text === 'in') params.match = fullMatch(this.plan)!;
      if (segment.text === 'notIn') params.exclude = this.plan.match.exclude!;
      if (segment.set) params.segmentSet = segment.set.id;
    }
    if (resume) {
      params.afterSeq = resume.seq;
      if (segment.kind === 'walk') {
        // A set's walk resumes at the card name after the set's [name, id].
        const key = segment.set ? resume.key.slice(2) : resume.key;
        segment.order.columns.forEach((_, i) => (params[`after${i}`] = key[i] ?? ''));
      }
    }
    return params;
  }

  private positionOf(segment: Segment, row: PoolRow): SearchCursor {
    if (segment.kind === 'fts') return { tier: segment.tier, key: [], seq: row.seq };
    if (segment.set) return { tier: 0, key: [segment.set.name, segment.set.id, row.name], seq: row.seq };
    const key = segment.order.columns.length > 1 ? [row.sort_key ?? '', row.name] : [row.name];
    return { tier: segment.tier, key, seq: row.seq };
  }
}

function listedPosition(sort: Exclude<SearchSort, 'relevance'>, row: PoolRow, sets: ReadonlyMap<string, SetShape>): SearchCursor {
  if (sort === 'set') return { tier: 0, key: [sets.get(row.set_id)?.name ?? '', row.set_id, row.name], seq: row.seq };
  const key = INDEX_ORDERS[sort].columns.length > 1 ? [row.sort_key ?? '', row.name] : [row.name];
  return { tier: 0, key, seq: row.seq };
}
