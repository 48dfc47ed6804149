// The SQL of one game's result, read in segments: each segment is one ordered read — a walk of a
// card_pool index (a sort; relevance tier 0 by name; one set of the sort by set) or an FTS read in
// rowid order (relevance tiers 1 and 2) — that resumes from a cursor with a keyset condition
// (never OFFSET) and stops at the page's LIMIT; nothing is sorted after matching. Index entries are
// tested before a card's row is read (CROSS JOIN keeps that order); the row only for the page, the
// residual field tests, or the excluded words of tier 0.

import { fullMatch, type GamePlan, type TextMode } from './search-plan';
import { MEMBER_SQL } from './search-matches';
import type { SetShape } from './search-shape';
import { INDEX_ORDERS, type IndexOrder } from './search-sorts';
import type { SearchSort } from '../../card-schema/search/query';
import { matchExpression } from './search-fts';

/** How a walk meets the text: TextMode, or 'member' (every FTS match held in a bitmap, search-matches.ts). */
export type WalkText = TextMode | 'member';

export type Segment =
  | {
      kind: 'walk';
      tier: number;
      order: IndexOrder;
      set?: SetShape;
      text: WalkText | 'tier0';
      /** Tier 0 only: the entries are limited to the few FTS matches of the field tests (@fieldsMatch). */
      fieldsIn?: boolean;
      /** Tier 0 only: the few FTS matches of the negated indexed field tests are left out (@fieldsOut). */
      fieldsOut?: boolean;
    }
  | { kind: 'fts'; tier: number; match: string; notTierZero: boolean };

/**
 * The segments of a game read in relevance tiers, ascending. `fieldsIn`: the field tests' FTS
 * matches are few, so tier 0 walks only the names among them instead of testing every name
 * that starts with the words (`kw:haste ember` read 8,000 "ember…" cards for 200 with haste).
 */
export function tierSegments(
  plan: GamePlan,
  few: { fieldsIn: boolean; fieldsOut: boolean } = { fieldsIn: false, fieldsOut: false },
): Segment[] {
  const { free, freeInName, fields, exclude } = plan.match;
  const sets = { ...(few.fieldsIn ? { fieldsIn: true } : {}), ...(few.fieldsOut ? { fieldsOut: true } : {}) };
  const tierZero: Segment[] = plan.namePrefix
    ? [{ kind: 'walk', tier: 0, order: INDEX_ORDERS.name, text: 'tier0', ...sets }]
    : [];
  return [
    ...tierZero,
    { kind: 'fts', tier: 1, match: matchExpression([freeInName, fields], [exclude])!, notTierZero: true },
    { kind: 'fts', tier: 2, match: matchExpression([free, fields], [freeInName, exclude])!, notTierZero: false },
  ];
}

/** The segments of one index order (a walk per set for the sort by set), ascending. */
export function orderSegments(sort: Exclude<SearchSort, 'relevance'>, text: WalkText, sets: readonly SetShape[]): Segment[] {
  const order = INDEX_ORDERS[sort];
  if (sort !== 'set') return [{ kind: 'walk', tier: 0, order, text }];
  return sets.map((set) => ({ kind: 'walk', tier: 0, order, set, text }));
}

/** Columns every read returns: the position (seq, name, set, the sort's own key) and, for a page, the card. */
export function selectColumns(order: IndexOrder | null, full: boolean): string {
  const columns = ['p.seq AS seq', 'p.name AS name', 'p.set_id AS set_id'];
  if (order && order.columns.length > 1) columns.push(`${order.columns[0]} AS sort_key`);
  if (full) columns.push('c.id AS id', 'p.system_id AS system_id', 'c.doc AS doc', 'c.updated_at AS updated_at');
  return columns.join(', ');
}

export interface ReadShape {
  descending: boolean;
  /** Resumes after a cursor inside this segment (@after0.., @afterSeq). */
  resume: boolean;
  /** The card's row too (a page), or only the position (counting pages). */
  full: boolean;
}

/**
 * The residual test of a plan: on the top-level fields its tests read (JSON-parsing a keyword
 * list instead of the whole card is most of a field test's cost), or on the whole document.
 */
function residualSql(plan: GamePlan): string {
  if (plan.residualFields === null) return 'cardwright_fields(@key, c.doc)';
  // Tests that read no field at all (a field this game lacks) are decided on no parts.
  const parts = plan.residualFields.map((_, i) => `, @residualName${i}, c.doc -> @residualPath${i}`);
  return `cardwright_field_parts(@key${parts.join('')})`;
}
const cardsJoin = 'CROSS JOIN cards c ON c.seq = p.seq';

export function segmentSql(plan: GamePlan, segment: Segment, read: ReadShape): string {
  return segment.kind === 'walk' ? walkSql(plan, segment, read) : ftsSql(plan, segment, read);
}

function walkSql(plan: GamePlan, segment: Extract<Segment, { kind: 'walk' }>, read: ReadShape): string {
  const where = [...plan.filters];
  if (segment.set) where.push('p.set_id = @segmentSet');
  let needsCard = read.full || plan.residual;
  switch (segment.text) {
    case 'tier0': {
      // Field tests the index answers: by their few FTS matches read first, else on each card in JS.
      const positive = plan.indexed.some((test) => !test.negated);
      const negative = plan.indexed.some((test) => test.negated);
      const inJs = (positive && !segment.fieldsIn) || (negative && !segment.fieldsOut);
      where.push('p.name >= @prefixLo');
      if (plan.namePrefix?.hi !== null) where.push('p.name < @prefixHi');
      if (segment.fieldsIn) where.push(`p.seq IN (${FTS_SPAN.replace('@match', '@fieldsMatch')})`);
      if (segment.fieldsOut) where.push(`p.seq NOT IN (${FTS_SPAN.replace('@match', '@fieldsOut')})`);
      where.push("p.name LIKE @prefixPattern ESCAPE '\\'");
      if (!plan.namePrefix?.likeIsInName) where.push('cardwright_in_name(@key, p.name)');
      if (plan.match.freeExclude !== null) {
        where.push('cardwright_not_excluded(@key, p.name, c.search_text)');
        needsCard = true;
      }
      if (inJs) {
        where.push('cardwright_indexed(@key, c.search_text)');
        needsCard = true;
      }
      break;
    }
    case 'in':
      where.push('p.seq IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH @match AND rowid >= @seqLo AND rowid <= @seqHi)');
      break;
    case 'member':
      where.push(MEMBER_SQL);
      break;
    case 'rows':
      // The free words and indexed field tests on each entry's card (the other field tests are the residual's).
      where.push('cardwright_text(@key, p.name, c.search_text)');
      if (plan.indexed.length > 0) where.push('cardwright_indexed(@key, c.search_text)');
      needsCard = true;
      break;
    case 'notIn':
      where.push('p.seq NOT IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH @exclude)');
      break;
    case 'none':
      break;
  }
  const columns = [...segment.order.columns, 'p.seq'];
  if (read.resume) {
    const values = [...segment.order.columns.map((_, i) => `@after${i}`), '@afterSeq'];
    where.push(`(${columns.join(', ')}) ${read.descending ? '<' : '>'} (${values.join(', ')})`);
  }
  if (plan.residual) where.push(residualSql(plan));
  const direction = read.descending ? ' DESC' : '';
  return `SELECT ${selectColumns(segment.order, read.full)} FROM card_pool p INDEXED BY ${segment.order.index}${needsCard ? ` ${cardsJoin}` : ''}
    WHERE ${where.join(' AND ')} ORDER BY ${columns.map((column) => column + direction).join(', ')} LIMIT @limit`;
}

function ftsSql(plan: GamePlan, segment: Extract<Segment, { kind: 'fts' }>, read: ReadShape): string {
  const where = ['cards_fts MATCH @match', 'cards_fts.rowid >= @seqLo', 'cards_fts.rowid <= @seqHi'];
  if (read.resume) where.push(`cards_fts.rowid ${read.descending ? '<' : '>'} @afterSeq`);
  where.push(...plan.filters);
  if (segment.notTierZero && plan.namePrefix) {
    const inName = plan.namePrefix.likeIsInName ? '' : ' AND cardwright_in_name(@key, p.name)';
    where.push(`NOT (p.name LIKE @prefixPattern ESCAPE '\\'${inName})`);
  }
  if (plan.residual) where.push(residualSql(plan));
  return ftsFrom(plan, read.full, `SELECT ${selectColumns(null, read.full)}`, where, read.descending);
}

function ftsFrom(plan: GamePlan, full: boolean, select: string, where: string[], descending: boolean): string {
  const join = full || plan.residual ? ` ${cardsJoin}` : '';
  return `${select} FROM cards_fts CROSS JOIN card_pool p ON p.seq = cards_fts.rowid${join}
    WHERE ${where.join(' AND ')} ORDER BY cards_fts.rowid${descending ? ' DESC' : ''} LIMIT @limit`;
}

/** FTS matches in the game's rowid span, in rowid order, up to @limit (nothing else read). */
export const FTS_SPAN = 'SELECT rowid FROM cards_fts WHERE cards_fts MATCH @match AND rowid >= @seqLo AND rowid <= @seqHi';

/** Whether the game's FTS matches in its span are its result: nothing to test beyond the match. */
export function ftsIsResult(plan: GamePlan, exclusiveSpan: boolean): boolean {
  return exclusiveSpan && plan.scopeOnly && !plan.residual;
}

/**
 * Every match of the game, up to @limit, for counting: FTS-driven when it has positive text.
 * When the matches in the span are the result, the count reads the FTS index alone (looking
 * each match up in card_pool was a third of counting 1,000).
 */
export function countSql(plan: GamePlan, exclusiveSpan: boolean): string {
  const where = [...plan.filters];
  if (plan.residual) where.push(residualSql(plan));
  if (fullMatch(plan) !== null && ftsIsResult(plan, exclusiveSpan)) {
    return `SELECT count(*) FROM (${FTS_SPAN} LIMIT @limit)`;
  }
  if (fullMatch(plan) !== null) {
    return `SELECT count(*) FROM (${ftsFrom(plan, false, 'SELECT 1', ['cards_fts MATCH @match', 'cards_fts.rowid >= @seqLo', 'cards_fts.rowid <= @seqHi', ...where], false)})`;
  }
  if (plan.match.exclude !== null) where.push('p.seq NOT IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH @exclude)');
  const index = plan.params.types !== undefined ? 'card_pool_by_type' : 'card_pool_by_name';
  return `SELECT count(*) FROM (SELECT 1 FROM card_pool p INDEXED BY ${index}${plan.residual ? ` ${cardsJoin}` : ''}
    WHERE ${where.join(' AND ')} LIMIT @limit)`;
}

/**
 * The count of a plan whose residual tests are all negated ones with FTS supersets
 * (plan.residualOnlyIn), in two parts: the matches outside those supersets pass them without
 * the document being read (`sure`, @sureMatch), and only the others are tested (`checked`,
 * @checkedMatch). `-kw:haste ember` tested each of its first thousand "ember" cards' keywords.
 */
export function countSplitSql(plan: GamePlan, exclusiveSpan: boolean): { sure: string; checked: string } | null {
  if (plan.residualOnlyIn === null || fullMatch(plan) === null) return null;
  const span = ['cards_fts.rowid >= @seqLo', 'cards_fts.rowid <= @seqHi'];
  const sure =
    exclusiveSpan && plan.scopeOnly
      ? `SELECT count(*) FROM (${FTS_SPAN.replace('@match', '@sureMatch')} LIMIT @limit)`
      : `SELECT count(*) FROM (${ftsFrom({ ...plan, residual: false }, false, 'SELECT 1', ['cards_fts MATCH @sureMatch', ...span, ...plan.filters], false)})`;
  const checked = `SELECT count(*) FROM (${ftsFrom(plan, false, 'SELECT 1', ['cards_fts MATCH @checkedMatch', ...span, ...plan.filters, residualSql(plan)], false)})`;
  return { sure, checked };
}

/** The game's first @limit FTS matches in its span (the FTS index alone), comma-separated, counted, and the last: a probe of their density. */
export const PROBE_SQL = `SELECT group_concat(rowid) AS list, count(*) AS count, max(rowid) AS last FROM (${FTS_SPAN} ORDER BY rowid LIMIT @limit)`;

/** Every FTS match of the game in its span, comma-separated (search-game.ts parses it once). */
export const MATCH_LIST_SQL = FTS_SPAN.replace('SELECT rowid', 'SELECT group_concat(rowid)');

/** Every FTS match in the library, comma-separated: a game's span cut from it afterwards (search-matches.ts readUnbounded). */
export const MATCH_ALL_SQL = 'SELECT group_concat(rowid) FROM cards_fts WHERE cards_fts MATCH @match';

const LISTED = 'json_each(@seqs) j CROSS JOIN card_pool p ON p.seq = j.value';

/** Separates the game's set ids in @setOrder (search-game.ts setOrder); no set id may hold it. */
export const SET_ORDER_SEPARATOR = '\u001f';

/**
 * A listed card's set as its place in the set sort: where its id stands in @setOrder, the game's
 * set ids in set-name order between separators (instr counts characters, as setOrder does).
 * Looking each card's set up in `sets` to sort by its name cost a third of listing 2,500 matches.
 */
const SEPARATOR_SQL = `char(${SET_ORDER_SEPARATOR.codePointAt(0)})`;
const SET_RANK = `instr(@setOrder, ${SEPARATOR_SQL} || p.set_id || ${SEPARATOR_SQL})`;

/**
 * The listed matches (@seqs, a JSON array of at most LIST_MAX rowids) that pass the game's
 * filters, in the sort's order from a cursor, up to @limit: SQLite keeps only the page's rows
 * while it reads them (a bounded sort of the few listed, never of every match). The set sort
 * orders by set name (NOCASE), set id, then card name, as its walks of one set at a time do:
 * by @setOrder with `setOrder` (resuming at @after0, the cursor's place in it, and @after1, the
 * card name), else by the set's row (@after0..2: set name, set id, card name).
 */
export function listSql(
  plan: GamePlan,
  sort: Exclude<SearchSort, 'relevance'>,
  read: Omit<ReadShape, 'full'> & { setOrder?: boolean },
): string {
  const order = INDEX_ORDERS[sort];
  const bySetRow = sort === 'set' && !read.setOrder;
  const keys =
    sort !== 'set' ? [...order.columns] : bySetRow ? ['s.name COLLATE NOCASE', 'p.set_id', 'p.name'] : [SET_RANK, 'p.name'];
  const columns = [...keys, 'p.seq'];
  const where = [...plan.filters];
  if (plan.residual) where.push(residualSql(plan));
  if (read.resume) {
    const values = [...keys.map((_, i) => `@after${i}`), '@afterSeq'];
    where.push(`(${columns.join(', ')}) ${read.descending ? '<' : '>'} (${values.join(', ')})`);
  }
  const from = [LISTED, plan.residual ? cardsJoin : '', bySetRow ? 'CROSS JOIN sets s ON s.id = p.set_id' : ''];
  const direction = read.descending ? ' DESC' : '';
  return `SELECT ${selectColumns(order, false)} FROM ${from.filter(Boolean).join(' ')}
    WHERE ${where.join(' AND ')} ORDER BY ${columns.map((column) => column + direction).join(', ')} LIMIT @limit`;
}

/** The listed matches (@seqs) that pass the game's filters, counted up to @limit. */
export function listCountSql(plan: GamePlan): string {
  const where = [...plan.filters];
  if (plan.residual) where.push(residualSql(plan));
  return `SELECT count(*) FROM (SELECT 1 FROM ${LISTED}${plan.residual ? ` ${cardsJoin}` : ''} WHERE ${where.join(' AND ')} LIMIT @limit)`;
}
