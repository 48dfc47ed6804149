// How a sort other than relevance meets a text search's FTS matches (search-game.ts): when they
// are the search's whole result, mark them in the sort's ranking (search-ranks.ts); otherwise list
// them and sort the few in SQL, or walk the sort's index testing each entry against every match
// held in a bitmap ('member'). Either way, test the words on each walked entry's card instead
// ('rows') when matches are so dense that reading them all costs more than the few cards the
// page needs. Picked by a cost model measured at 100,000 cards (bench/library-search.ts, the
// sorted rows).

import type { SearchSort } from '../../card-schema/search/query';

/**
 * Costs in µs, measured on the 100,000-card benchmark library: reading one FTS match's rowid
 * into JS; looking one listed match's sort key up in card_pool; one index entry of a walk tested
 * against the bitmap; one index entry of a walk that reads and tokenizes its card; SQL checking a
 * bounded FTS read's match against the bounds again (readUnbounded). Measured again since SQL
 * tests the bitmap itself (substr of a blob, MEMBER_SQL): "ember tide" (2,512 matches) by cost
 * walked ~8,000 entries in 1.0 ms where listing took 2.3 ms.
 */
export const MATCH_COSTS = { pull: 0.07, list: 0.9, member: 0.12, rows: 5, bound: 0.02 } as const;

/** The rows a first page needs (the UI asks for 200). */
export const PAGE_ESTIMATE = 200;

/**
 * A walk's estimate assumes matches spread evenly over the sort's order. They cluster most by
 * name, where the words searched for are often in the names ("ember tide" by name walked 3.2×
 * the even estimate, by set 1.7×, by cost 1×); a list's cost does not depend on the order.
 */
function clustering(sort: WalkedSort): number {
  return sort === 'name' ? 3 : 1.5;
}

/** The sorts whose index a walk reads (relevance reads in tiers). */
export type WalkedSort = Exclude<SearchSort, 'relevance'>;

/** The longest prefix cards_fts keeps an index of (migration 14: `prefix = '1 2 3 4 5 6'`). */
export const FTS_PREFIX_MAX = 6;

/**
 * FTS5 reads a phrase lazily, match by match, when each of its tokens is one index entry: a whole
 * token, or a prefix of up to FTS_PREFIX_MAX characters. A longer prefix merges the doclists of
 * every token it starts before the first match comes out, so a probe of its first matches costs
 * about what reading all of them does.
 */
export function lazyMatch(expression: string): boolean {
  for (const phrase of expression.matchAll(/"((?:[^"]|"")*)"(\*?)/g)) {
    if (phrase[2] !== '*') continue;
    const tokens = phrase[1].replaceAll('""', '"').split(' ');
    if ([...tokens[tokens.length - 1]].length > FTS_PREFIX_MAX) return false;
  }
  return true;
}

/**
 * Whether an expression has several phrases: FTS5 then decodes each one's doclist before the first
 * match, so a probe of 5,000 matches costs little more than one of 2,000 ("ember tide": 0.96 and
 * 0.75 ms), and reading the matches after a probe's costs about a whole read (0.9 ms for its
 * last 511 of 2,512). With one phrase a probe costs about its share of a whole read.
 */
export function severalPhrases(expression: string): boolean {
  return [...expression.matchAll(/"(?:[^"]|"")*"/g)].length > 1;
}

/**
 * How many matches a probe reads: no more than a list may hold, nor than the cost model would
 * list; when they are ranked, enough for their density, or for several phrases as many as a list
 * may hold (probing more costs less than reading twice). A probe's row costs about twice a whole
 * read's (0.14 and 0.075 µs), and the rest is read after the probe's.
 */
export function probeLimit(expression: string, span: number, sort: WalkedSort, ranked: boolean, listMax: number): number {
  if (!ranked) return Math.min(listMax, listLimit(span, sort));
  return severalPhrases(expression) ? listMax : Math.min(listMax, RANKED_PROBE);
}

/** The matches a ranked probe of one phrase reads to know their density (see denseWalk). */
export const RANKED_PROBE = 500;

/** With every match counted (`count` of a game spanning `span` rowids): list them, or walk with the bitmap. */
export function listIsCheaper(count: number, span: number, sort: WalkedSort): boolean {
  if (count === 0) return true;
  const walk = ((PAGE_ESTIMATE * span) / count) * MATCH_COSTS.member * clustering(sort);
  return count * MATCH_COSTS.list <= walk;
}

/** The most matches listIsCheaper lists in a span: a probe need read no more to know. */
export function listLimit(span: number, sort: WalkedSort): number {
  return Math.floor(Math.sqrt((PAGE_ESTIMATE * span * MATCH_COSTS.member * clustering(sort)) / MATCH_COSTS.list));
}

/** With only a probe's density (matches per rowid of the span): test cards ('rows') or read every match ('member'). */
export function denseWalk(density: number, span: number): 'rows' | 'member' {
  const entries = PAGE_ESTIMATE / Math.max(density, 1 / span);
  const rows = entries * MATCH_COSTS.rows;
  const member = density * span * MATCH_COSTS.pull + entries * MATCH_COSTS.member;
  return rows < member ? 'rows' : 'member';
}

// ---- every match of a game, read whole ---------------------------------------------------------

/**
 * Whether to read a game's every match without the bounds of its span, dropping those outside it
 * afterwards: FTS5 bounds its read by rowid but leaves SQL to check each match's rowid again
 * (MATCH_COSTS.bound: 0.4 ms of "em"'s 19,788 matches), which costs more than pulling the few
 * matches of the `outside` rowids other games' cards span.
 */
export function readUnbounded(span: number, outside: number): boolean {
  return outside * MATCH_COSTS.pull <= span * MATCH_COSTS.bound;
}

/**
 * The walk's test against every match (@members, from memberBits): the card's byte in the
 * bitmap, read by SQL itself (a JS function called per index entry cost twice as much).
 */
export const MEMBER_SQL = "substr(@members, p.seq - @seqLo + 1, 1) = x'01'";

/** The bitmap of MEMBER_SQL: a byte per rowid of lo..hi, 1 for each of these rowids. */
export function memberBits(seqs: readonly number[], lo: number, hi: number): Buffer {
  const bits = Buffer.alloc(Math.max(0, hi - lo + 1));
  for (const seq of seqs) if (seq >= lo && seq <= hi) bits[seq - lo] = 1;
  return bits;
}
