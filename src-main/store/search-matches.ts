// How a sort other than relevance meets a text search's FTS matches (search-game.ts): list them
// and sort the few in JS, walk the sort's index testing each entry against every match held in a
// bitmap ('member'), or test the words on each entry's card ('rows', when matches are so dense
// that reading them all costs more than the few cards the page needs). Picked by a cost model
// measured at 100,000 cards (bench/library-search.ts, the sorted rows).

import type { SqliteDatabase } from './database';

/**
 * Costs in µs, measured on the 100,000-card benchmark library: reading one FTS match's rowid
 * into JS; looking one listed match's sort key up in card_pool; one index entry of a walk tested
 * against the bitmap; one index entry of a walk that reads and tokenizes its card. Measured again
 * with the 6-letter prefix indexes (migration 14): about 0.5 per listed match and 0.16 per walked
 * entry, the same balance of list against walk, so the constants stayed.
 */
export const MATCH_COSTS = { pull: 0.1, list: 0.8, member: 0.25, rows: 5 } as const;

/** The rows a first page needs (the UI asks for 200). */
export const PAGE_ESTIMATE = 200;

/**
 * A walk's estimate assumes matches spread evenly over the sort's order; they cluster ("ember"
 * names sit together by name), so a walk's estimate counts double against a list's, whose cost
 * does not depend on the order.
 */
const CLUSTERING = 2;

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

/** With every match counted (`count` of a game spanning `span` rowids): list them, or walk with the bitmap. */
export function listIsCheaper(count: number, span: number): boolean {
  if (count === 0) return true;
  const walk = ((PAGE_ESTIMATE * span) / count) * MATCH_COSTS.member * CLUSTERING;
  return count * MATCH_COSTS.list <= walk;
}

/** The most matches listIsCheaper lists in a span: a probe need read no more to know. */
export function listLimit(span: number): number {
  return Math.floor(Math.sqrt((PAGE_ESTIMATE * span * MATCH_COSTS.member * CLUSTERING) / MATCH_COSTS.list));
}

/** With only a probe's density (matches per rowid of the span): test cards ('rows') or read every match ('member'). */
export function denseWalk(density: number, span: number): 'rows' | 'member' {
  const entries = PAGE_ESTIMATE / Math.max(density, 1 / span);
  const rows = entries * MATCH_COSTS.rows;
  const member = density * span * MATCH_COSTS.pull + entries * MATCH_COSTS.member;
  return rows < member ? 'rows' : 'member';
}

// ---- the bitmaps of a search's games, by the key its row tests are registered under ----------

const members = new Map<number, { lo: number; bits: Uint8Array }>();

/** Holds a game's matches (rowids in lo..hi) for cardwright_member until dropMembers. */
export function setMembers(key: number, seqs: readonly number[], lo: number, hi: number): void {
  const bits = new Uint8Array(Math.max(0, hi - lo + 1));
  for (const seq of seqs) if (seq >= lo && seq <= hi) bits[seq - lo] = 1;
  members.set(key, { lo, bits });
}

export function dropMembers(key: number): void {
  members.delete(key);
}

/** cardwright_member(key, seq): the card is one of the game's FTS matches (once per connection). */
export function registerMemberFunction(db: SqliteDatabase): void {
  db.function('cardwright_member', { deterministic: true }, (key: unknown, seq: unknown) => {
    const set = typeof key === 'number' || typeof key === 'bigint' ? members.get(Number(key)) : undefined;
    if (!set) throw new Error(`No search's matches are held under key ${String(key)}`);
    const index = Number(seq) - set.lo;
    return set.bits[index] ?? 0;
  });
}
