// One game's part of one library search (card-search.ts): the segments its result is read in
// (relevance tiers, one index order, a set's walk each, or its few FTS candidates sorted in JS),
// read from a cursor, walked whole for searchCardPages, and counted.

import type Database from 'better-sqlite3';
import type { SearchSort } from '../../card-schema/search/query';
import type { CardRow } from './card-row';
import { fullMatch, readsInTiers, type GamePlan, type Params, type TextMode } from './search-plan';
import type { SearchShape, SetShape } from './search-shape';
import {
  candidatesProbeSql,
  candidatesSql,
  countSplitSql,
  countSql,
  FTS_SPAN,
  ftsIsResult,
  orderSegments,
  segmentSql,
  selectColumns,
  tierSegments,
  type Segment,
} from './search-segments';
import { compareKeyPrefix, comparePositions, compareText, INDEX_ORDERS, type SearchCursor } from './search-sorts';

/** What a game's reads need from the searcher of their connection. */
export interface SearchConnection {
  statement<R>(sql: string): Database.Statement<[Params], R>;
  readonly libraryShape: SearchShape;
  /** Up to this many FTS candidates are sorted in JS (LIST_MAX). */
  readonly listMax: number;
  readonly matchWalk: 'auto' | 'rows' | 'in';
  /** SEARCH_COUNT_CAP. */
  readonly countCap: number;
  /** Tier 0 reads the field tests' FTS matches first up to this many (FIELDS_IN_MAX). */
  readonly fieldsInMax: number;
}

/**
 * Cost model of manyMatchesMode: reading and tokenizing a card costs about 20× what reading one
 * FTS match does; × 2 leaves 'in' where the two are close (matches cluster in a sort's order).
 */
const ROWS_OVER_IN = 40;
const PAGE_ESTIMATE = 200;

export interface PoolRow extends Partial<CardRow> {
  seq: number;
  name: string;
  set_id: string;
  sort_key?: string | number;
  ok?: number;
}

export interface Found {
  position: SearchCursor;
  row: PoolRow;
}

type ListSegment = { kind: 'list'; rows: Found[] };
type AnySegment = Segment | ListSegment;

export const compareSets = (a: SetShape, b: SetShape) => compareText(a.name, b.name, true) || compareText(a.id, b.id, false);

/** One game's part of one search: its segments in reading order, read from a cursor. */
export class GameRead {
  private readonly segments: AnySegment[];
  private readonly sort: SearchSort;
  private readonly range: { lo: number; hi: number; exclusive: boolean };
  /** Known when the candidates were listed (and so counted). */
  knownCount: number | undefined;
  /** The share of the game's rowids that are FTS candidates, from the first ones listed. */
  private density = 0;

  constructor(
    private readonly searcher: SearchConnection,
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
      segments = tierSegments(plan, {
        fieldsIn: this.fewMatches(plan.match.fields),
        fieldsOut: this.fewMatches(plan.match.fieldsExclude),
      });
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
   * Whether a field expression's FTS matches in the game's span are at most fieldsInMax, counted
   * on the FTS index: then tier 0 reads them first and keeps (or, negated, leaves out) its names
   * among them, without reading a card; past it tier 0 tests each card's stored index in JS.
   */
  private fewMatches(match: string | null): boolean {
    if (match === null || this.plan.namePrefix === null) return false;
    const count = this.searcher
      .statement<number>(`SELECT count(*) FROM (${FTS_SPAN} LIMIT @limit)`)
      .pluck()
      .get({ match, seqLo: this.range.lo, seqHi: this.range.hi, limit: this.searcher.fieldsInMax + 1 });
    return (count ?? 0) <= this.searcher.fieldsInMax;
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
    const split = countSplitSql(this.plan, this.range.exclusive);
    if (split) {
      const full = fullMatch(this.plan)!;
      const only = this.plan.residualOnlyIn!;
      const params = { ...this.plan.params, ...this.textParams() };
      const sure =
        this.searcher
          .statement<number>(split.sure)
          .pluck()
          .get({ ...params, sureMatch: `(${full}) NOT (${only})`, limit: cap }) ?? 0;
      if (sure >= cap) return sure;
      const checked = this.searcher.statement<number>(split.checked).pluck();
      return sure + (checked.get({ ...params, checkedMatch: `(${full}) AND (${only})`, limit: cap - sure }) ?? 0);
    }
    const statement = this.searcher.statement<number>(countSql(this.plan, this.range.exclusive)).pluck();
    return statement.get({ ...this.plan.params, ...this.textParams(), limit: cap }) ?? 0;
  }

  /** The FTS candidates sorted in JS when there are at most LIST_MAX; null when there are more. */
  private listCandidates(sort: Exclude<SearchSort, 'relevance'>): Found[] | null {
    // Counted on the FTS index first: listing (and testing) LIST_MAX + 1 rows only to find them
    // too many cost more than the walk that then reads the page.
    const probe = this.searcher
      .statement<{ n: number; last: number | null }>(candidatesProbeSql)
      .get({ ...this.textParams(), limit: this.searcher.listMax + 1 }) ?? { n: 0, last: null };
    if (probe.n > this.searcher.listMax) {
      this.density = probe.n / Math.max(1, (probe.last ?? this.range.lo) - this.range.lo + 1);
      // Too many to list, but when they are the result and more than the cap, that is the count.
      if (ftsIsResult(this.plan, this.range.exclusive) && probe.n > this.searcher.countCap) this.knownCount = probe.n;
      return null;
    }
    const rows = this.searcher
      .statement<PoolRow>(candidatesSql(this.plan, INDEX_ORDERS[sort]))
      .all({ ...this.plan.params, ...this.textParams(), limit: this.searcher.listMax + 1 });
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
      if (segment.fieldsIn) params.fieldsMatch = this.plan.match.fields!;
      if (segment.fieldsOut) params.fieldsOut = this.plan.match.fieldsExclude!;
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
