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
// order, or read a text search's matches in its ranking (search-ranks.ts). A search of several
// games runs per game and merges by the sort's key; the cursor is a position in that order, so it
// resumes every game. Field tests the indexes cannot answer are re-checked on the card's document
// by a JS function (search-functions.ts).

import type Database from 'better-sqlite3';
import type { GameSearch, SearchSort } from '../../card-schema/search/query';
import { cardRow, withRecords, type CardRow } from './card-row';
import type { SqliteDatabase } from './sqlite';
import { registerSearchFunctions, withRowTests } from './search-functions';
import { GameRead, type Found, type SearchConnection } from './search-game';
import { planGame, type Params, type SearchScope } from './search-plan';
import type { WalkedSort } from './search-matches';
import { Rankings, type Ranking } from './search-ranks';
import { SearchShape } from './search-shape';
import { comparePositions } from './search-sorts';
import type { CardSearchPage, SearchCursor } from '../../card-schema/search/search-page';

/** Counting stops here: past it the total is reported as "more than SEARCH_COUNT_CAP". */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * Up to this many FTS matches a sort other than relevance may list and sort in JS (when the cost
 * model of search-matches.ts finds that cheaper than walking the sort's index against them).
 */
export const LIST_MAX = 5_000;

/**
 * Up to this many FTS matches of a search's field tests, relevance tier 0 reads them first (about
 * a millisecond) and walks only their names; past it they are dense enough to test card by card.
 */
export const FIELDS_IN_MAX = 5_000;

export interface SearcherOptions {
  /** FIELDS_IN_MAX (tests set it to 0 to test tier 0's cards one by one). */
  fieldsInMax?: number;
  /** LIST_MAX (tests set it to 0 to walk the sort index for every text search). */
  listMax?: number;
  /** How such a walk meets the matches: by the cost model (or a ranking), or always one way, never ranked (tests). */
  matchWalk?: 'auto' | 'rows' | 'in' | 'member';
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

export class CardSearcher implements SearchConnection {
  private readonly statements = new Map<string, Database.Statement<[Params], unknown>>();
  private readonly shape: SearchShape;
  private readonly rankings = new Rankings((sql, params) => this.statement<number>(sql).pluck().all(params));
  private readonly inOneSnapshot;

  readonly listMax: number;
  readonly matchWalk: 'auto' | 'rows' | 'in' | 'member';
  readonly countCap = SEARCH_COUNT_CAP;
  readonly fieldsInMax: number;

  constructor(
    private readonly db: SqliteDatabase,
    options: SearcherOptions = {},
  ) {
    this.listMax = options.listMax ?? LIST_MAX;
    this.matchWalk = options.matchWalk ?? 'auto';
    this.fieldsInMax = options.fieldsInMax ?? FIELDS_IN_MAX;
    registerSearchFunctions(db);
    this.shape = new SearchShape(db);
    // One read transaction: the pages, the counts, the plans' ranges and the rankings see the same
    // library. Its version is its first read, so it names the snapshot the transaction holds.
    this.inOneSnapshot = db.transaction((work: () => unknown) => {
      const version = this.shape.currentVersion();
      this.shape.update(version);
      this.rankings.update(version);
      return work();
    });
  }

  search(search: CardSearch): CardSearchPage {
    return withRecords(this.searchRows(search));
  }

  /** The page with its cards as rows (documents unparsed), for a reader thread to send. */
  searchRows(search: CardSearch): CardSearchPage<CardRow> {
    const read = () => this.withGames(search, (games) => this.page(search, games));
    return this.inOneSnapshot(read) as CardSearchPage<CardRow>;
  }

  pages(search: CardPagesSearch): CardSearchPages {
    const read = () => this.withGames(search, (games) => this.allPages(search, games));
    return this.inOneSnapshot(read) as CardSearchPages;
  }

  private withGames<T>(search: CardSearch | CardPagesSearch, work: (games: GameRead[]) => T): T {
    const planned = search.games.flatMap((game) => {
      const plan = planGame(game, search, this.shape);
      return plan ? [{ game, plan }] : [];
    });
    const tests = planned.map(({ game, plan }) => ({
      fields: plan.fieldTests,
      indexed: plan.indexed,
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

  private page(search: CardSearch, games: GameRead[]): CardSearchPage<CardRow> {
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
      cards: shown.map(({ row }) => cardRow(row as CardRow)),
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

  /** The cached statement for this SQL (for GameRead). */
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

  ranking(systemId: string, sort: WalkedSort): Ranking {
    return this.rankings.of(this.shape, systemId, sort);
  }

  get libraryShape(): SearchShape {
    return this.shape;
  }
}
