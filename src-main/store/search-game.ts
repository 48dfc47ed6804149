// One game's part of one library search (card-search.ts): the segments its result is read in
// (relevance tiers, one index order, a set's walk each, or its few FTS matches sorted in JS),
// read from a cursor, walked whole for searchCardPages, and counted. How a sort meets the FTS
// matches of its text is search-matches.ts's cost model.

import type Database from 'better-sqlite3';
import type { SearchSort } from '../../card-schema/search/query';
import type { CardRow } from './card-row';
import { fullMatch, readsInTiers, type GamePlan, type Params } from './search-plan';
import type { SearchShape, SeqRange, SetShape } from './search-shape';
import {
  countSplitSql,
  countSql,
  FTS_SPAN,
  ftsIsResult,
  listCountSql,
  listSql,
  MATCH_ALL_SQL,
  MATCH_LIST_SQL,
  orderSegments,
  PROBE_SQL,
  segmentSql,
  selectColumns,
  SET_ORDER_SEPARATOR,
  tierSegments,
  type Segment,
  type WalkText,
} from './search-segments';
import { denseWalk, lazyMatch, listIsCheaper, memberBits, probeLimit, readUnbounded, type WalkedSort } from './search-matches';
import { rankMarks, type Ranking } from './search-ranks';
import type { SearchCursor } from '../../card-schema/search/search-page';
import { compareKeyPrefix, comparePositions, compareSets, INDEX_ORDERS } from './search-sorts';

/** What a game's reads need from the searcher of their connection. */
export interface SearchConnection {
  statement<R>(sql: string): Database.Statement<[Params], R>;
  readonly libraryShape: SearchShape;
  /** Up to this many FTS matches may be sorted in JS (LIST_MAX). */
  readonly listMax: number;
  readonly matchWalk: 'auto' | 'rows' | 'in' | 'member';
  /** SEARCH_COUNT_CAP. */
  readonly countCap: number;
  /** Tier 0 reads the field tests' FTS matches first up to this many (FIELDS_IN_MAX). */
  readonly fieldsInMax: number;
  /** The game's cards in the sort's order, kept while the library is unchanged (search-ranks.ts). */
  ranking(systemId: string, sort: WalkedSort): Ranking;
}

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

/**
 * The game's few FTS matches, read in the sort's order by SQL (search-segments.ts listSql); for
 * the sort by set, with the game's sets in that order when their ids allow (SetOrder).
 */
type ListSegment = { kind: 'list'; sort: WalkedSort; seqs: string; sets?: SetOrder };
/** The game's FTS matches as places in the sort's ranking: read from there in order. */
type RankedSegment = { kind: 'ranked'; sort: WalkedSort; ranking: Ranking; marks: Uint8Array };
type AnySegment = Segment | ListSegment | RankedSegment;

/** Rowids as SQL's group_concat joins them: one string and JSON.parse cost less than an array of rows (20,000 matches: 1.9 and 2.2 ms). */
function parseList(list: string): number[] {
  return JSON.parse(`[${list}]`) as number[];
}

/** A probe of the first matches (PROBE_SQL): comma-separated, how many, the last one's rowid. */
interface Probe {
  list: string | null;
  count: number;
  last: number;
}

/** One game's part of one search: its segments in reading order, read from a cursor. */
export class GameRead {
  private readonly segments: AnySegment[];
  private readonly sort: SearchSort;
  private readonly range: SeqRange;
  /** Known when the matches were read (and so counted). */
  knownCount: number | undefined;
  /** Every FTS match of the game, when they were read (listed, ranked, or a walk's bitmap). */
  private matches: number[] | undefined;
  /** The matches as SQL's @seqs (json_each), written once for a list segment and the count. */
  private matchesText: string | undefined;
  /** The bitmap of a 'member' walk (search-matches.ts memberBits). */
  private members: Buffer | undefined;

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
      // Negated ones are decided only for a walk without cards (each): a page reads tier 0's
      // cards anyway, and testing their stored index in JS costs less than counting and
      // reading the excluded matches first (`type:creature cost<=3 -kw:haste ember`: ~0.7 ms).
      segments = tierSegments(plan, { fieldsIn: this.fewMatches(plan.match.fields), fieldsOut: false });
    } else {
      const order = this.sort as WalkedSort;
      const met = fullMatch(plan) !== null ? this.meetMatches(order) : plan.match.exclude !== null ? 'notIn' : 'none';
      const listed = (): ListSegment => {
        const segment: ListSegment = { kind: 'list', sort: order, seqs: this.matchesJson() };
        // Every set of the game: a listed card is in one of them, filtered or not.
        const inOrder = order === 'set' ? setOrder(shape.gameSets(plan.systemId, compareSets)) : null;
        return inOrder ? { ...segment, sets: inOrder } : segment;
      };
      if (met === 'ranked') {
        const ranking = searcher.ranking(plan.systemId, order);
        segments = [{ kind: 'ranked', sort: order, ranking, marks: rankMarks(this.matches!, ranking) }];
      } else if (met === 'list') {
        segments = [listed()];
      } else {
        // By set, a walk per set in the search's scope.
        const sets =
          order === 'set'
            ? shape.gameSets(plan.systemId, compareSets).filter((set) => !plan.setIds || plan.setIds.includes(set.id))
            : [];
        segments = orderSegments(order, met, sets);
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

  /** Up to `want` matches after `after`, in order; `full` reads the cards too. */
  read(after: SearchCursor | undefined, want: number, full: boolean): Found[] {
    const found: Found[] = [];
    for (const segment of this.segments) {
      if (found.length >= want) break;
      const relation = after ? this.relation(segment, after) : 1;
      if (relation < 0) continue;
      const resume = relation === 0 ? after : undefined;
      if (segment.kind === 'list') {
        const rows = this.listed(segment, resume, want - found.length);
        found.push(...(full ? this.rowsOf(segment.sort, seqsOf(rows), true) : rows));
        continue;
      }
      if (segment.kind === 'ranked') {
        found.push(...this.ranked(segment, resume, want - found.length, full));
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
    const tierZero = this.segments.find((segment) => segment.kind === 'walk' && segment.text === 'tier0');
    if (tierZero?.kind === 'walk' && this.fewMatches(this.plan.match.fieldsExclude)) tierZero.fieldsOut = true;
    for (const segment of this.segments) {
      if (segment.kind === 'list' || segment.kind === 'ranked') {
        const rows = segment.kind === 'list' ? this.listed(segment, undefined, -1) : this.ranked(segment, undefined, -1, false);
        for (const { position } of rows) visit(position);
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
    if (this.matches) {
      const statement = this.searcher.statement<number>(listCountSql(this.plan)).pluck();
      return statement.get({ ...this.plan.params, seqs: this.matchesJson(), limit: cap }) ?? 0;
    }
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

  /**
   * How this sort meets the game's FTS matches: 'ranked' (they are the result: marked in the
   * sort's ranking), 'list' (few: sorted by SQL), or how its index walk tests them. A match
   * expression FTS5 reads lazily is probed first (its first matches up to probeLimit: all of
   * them, or their density); another costs about the same to read whole as to probe, so it is
   * read whole at once: the count, and a walk's bitmap.
   */
  private meetMatches(sort: WalkedSort): 'list' | 'ranked' | WalkText {
    const forced = this.searcher.matchWalk;
    const listMax = this.searcher.listMax;
    const span = Math.max(1, this.range.hi - this.range.lo + 1);
    const params = this.textParams();
    const isResult = ftsIsResult(this.plan, this.range.exclusive);
    // Marking a match in the ranking costs next to nothing: every match is read, unless too dense.
    const ranked = forced === 'auto' && isResult;
    const match = fullMatch(this.plan)!;
    let matches: number[] | undefined;
    if (forced === 'rows' || forced === 'in' || lazyMatch(match)) {
      const most = forced === 'auto' ? probeLimit(match, span, sort, ranked, listMax) : listMax;
      const probe = this.searcher.statement<Probe>(PROBE_SQL).get({ ...params, limit: most + 1 })!;
      if (probe.count <= most) {
        matches = parseList(probe.list ?? '');
      } else {
        const density = probe.count / Math.max(1, probe.last - this.range.lo + 1);
        const walk = forced === 'auto' ? denseWalk(density, span) : forced;
        if (walk !== 'member') {
          // Too many to list, but when they are the result and more than the cap, that is the count.
          if (isResult && probe.count > this.searcher.countCap) this.knownCount = probe.count;
          return walk;
        }
        matches = this.readMatches(params, probe);
      }
    }
    matches ??= this.readMatches(params);
    const count = matches.length;
    this.matches = matches;
    if (isResult) this.knownCount = count;
    if (ranked) return 'ranked';
    if (count <= listMax && (forced !== 'auto' || listIsCheaper(count, span, sort))) return 'list';
    this.members = memberBits(matches, this.range.lo, this.range.hi);
    return 'member';
  }

  /**
   * The game's FTS matches in its span, in rowid order, with those of a probe that read the first
   * ones: read without the span's bounds when few other cards lie outside it (readUnbounded).
   */
  private readMatches(params: Params, probe?: Probe): number[] {
    const { lo, hi, outside } = this.range;
    const read = (sql: string, from: Params) => this.searcher.statement<string | null>(sql).pluck().get(from) ?? '';
    if (readUnbounded(hi - lo + 1, outside)) {
      return parseList(read(MATCH_ALL_SQL, params)).filter((seq) => seq >= lo && seq <= hi);
    }
    if (!probe) return parseList(read(MATCH_LIST_SQL, params));
    // The rest after the probe's (FTS5 seeks a lazily read expression to a rowid).
    const rest = read(MATCH_LIST_SQL, { ...params, seqLo: probe.last + 1 });
    return parseList(rest === '' ? probe.list! : `${probe.list},${rest}`);
  }

  private matchesJson(): string {
    return (this.matchesText ??= JSON.stringify(this.matches));
  }

  /** Up to `limit` listed matches after `resume` (-1: all), in order. */
  private listed(segment: ListSegment, resume: SearchCursor | undefined, limit: number): Found[] {
    const params: Params = { ...this.plan.params, seqs: segment.seqs, limit };
    const sets = segment.sets;
    if (sets) params.setOrder = sets.text;
    if (resume) {
      params.afterSeq = resume.seq;
      // By set order: the cursor's set as a place in it, then the card name.
      const key = sets ? [setOrderPlace(sets, resume.key), resume.key[2] ?? ''] : resume.key;
      key.forEach((value, i) => (params[`after${i}`] = value));
    }
    const sql = listSql(this.plan, segment.sort, { descending: this.descending, resume: !!resume, setOrder: !!sets });
    const shapes = this.searcher.libraryShape.sets;
    const rows = this.searcher.statement<PoolRow>(sql).all(params);
    return rows.map((row) => ({ row, position: listedPosition(segment.sort, row, shapes) }));
  }

  /** Up to `limit` ranked matches after `resume` (-1: all), in order: marked places, then their rows. */
  private ranked(segment: RankedSegment, resume: SearchCursor | undefined, limit: number, full: boolean): Found[] {
    const { seqs } = segment.ranking;
    const step = this.descending ? -1 : 1;
    const picked: number[] = [];
    let place = resume ? this.placeAfter(segment, resume) : this.descending ? seqs.length - 1 : 0;
    for (; place >= 0 && place < seqs.length && picked.length !== limit; place += step) {
      if (segment.marks[place] === 1) picked.push(seqs[place]);
    }
    return this.rowsOf(segment.sort, picked, full);
  }

  /**
   * The first place of the ranking a read resumes at after the cursor (maybe another game's, or
   * of a page read before a change): a binary search by the position of each place's card.
   */
  private placeAfter(segment: RankedSegment, after: SearchCursor): number {
    const { seqs } = segment.ranking;
    const sql = `SELECT ${selectColumns(INDEX_ORDERS[segment.sort], false)} FROM card_pool p WHERE p.seq = @seq`;
    const statement = this.searcher.statement<PoolRow>(sql);
    const shapes = this.searcher.libraryShape.sets;
    // Ascending: the first place past the cursor; descending: the one before the first at or past it.
    let lo = 0;
    let hi = seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const position = listedPosition(segment.sort, statement.get({ seq: seqs[mid] })!, shapes);
      const order = comparePositions(segment.sort, position, after);
      if (order > 0 || (order === 0 && this.descending)) hi = mid;
      else lo = mid + 1;
    }
    return this.descending ? lo - 1 : lo;
  }

  /** The rows of these cards (one query), in this order, with their positions in the sort. */
  private rowsOf(sort: WalkedSort, seqs: readonly number[], full: boolean): Found[] {
    if (seqs.length === 0) return [];
    const sql = `SELECT ${selectColumns(INDEX_ORDERS[sort], full)} FROM json_each(@seqs) j CROSS JOIN card_pool p ON p.seq = j.value${full ? ' CROSS JOIN cards c ON c.seq = p.seq' : ''}`;
    const rows = this.searcher.statement<PoolRow>(sql).all({ seqs: JSON.stringify(seqs) });
    const bySeq = new Map(rows.map((row) => [row.seq, row]));
    const shapes = this.searcher.libraryShape.sets;
    return seqs.flatMap((seq) => {
      const row = bySeq.get(seq);
      return row ? [{ row, position: listedPosition(sort, row, shapes) }] : [];
    });
  }

  /** Ascending: < 0 the segment lies wholly before the cursor, 0 it holds it, > 0 it lies after. */
  private relation(segment: AnySegment, after: SearchCursor): number {
    if (segment.kind === 'list' || segment.kind === 'ranked') return 0;
    const tier = segment.tier - after.tier;
    let order = tier !== 0 ? tier : 0;
    if (order === 0 && segment.kind === 'walk' && segment.set) {
      order = compareKeyPrefix('set', 0, [segment.set.name, segment.set.id], after.key.slice(0, 2));
    }
    return this.descending ? -order : order;
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
      if (segment.text === 'member') params.members = this.members!;
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

const seqsOf = (rows: readonly Found[]) => rows.map(({ row }) => row.seq);

function listedPosition(sort: WalkedSort, row: PoolRow, sets: ReadonlyMap<string, SetShape>): SearchCursor {
  if (sort === 'set') return { tier: 0, key: [sets.get(row.set_id)?.name ?? '', row.set_id, row.name], seq: row.seq };
  const key = INDEX_ORDERS[sort].columns.length > 1 ? [row.sort_key ?? '', row.name] : [row.name];
  return { tier: 0, key, seq: row.seq };
}

/** The game's sets in the set sort's order as listSql's @setOrder: their ids between separators, and where each stands. */
interface SetOrder {
  text: string;
  sets: readonly SetShape[];
  /** instr()'s answer for each set: the 1-based character where its separator-wrapped id starts. */
  places: readonly number[];
}

/** Null when a set id holds the separator (then listSql joins `sets` instead). */
function setOrder(sets: readonly SetShape[]): SetOrder | null {
  if (sets.some((set) => set.id.includes(SET_ORDER_SEPARATOR))) return null;
  const places: number[] = [];
  let place = 1;
  for (const set of sets) {
    places.push(place);
    // SQLite counts characters (code points), not UTF-16 units.
    place += [...set.id].length + 1;
  }
  return {
    text: `${SET_ORDER_SEPARATOR}${sets.map((set) => set.id).join(SET_ORDER_SEPARATOR)}${SET_ORDER_SEPARATOR}`,
    sets,
    places,
  };
}

/**
 * A cursor's set ([set name, set id, …], maybe another game's) as a place in the order: its own,
 * or half a place before the first set after it, so the keyset comparison puts every set
 * where compareSets does.
 */
function setOrderPlace(order: SetOrder, key: readonly (string | number)[]): number {
  const cursorSet = { name: String(key[0] ?? ''), id: String(key[1] ?? '') } as SetShape;
  const at = order.sets.findIndex((set) => compareSets(set, cursorSet) >= 0);
  if (at < 0) return [...order.text].length + 1;
  return compareSets(order.sets[at], cursorSet) === 0 ? order.places[at] : order.places[at] - 0.5;
}
