// The result orders of the library search as card_pool (migration 5) holds them: each sort walks
// its own covering index from the page's cursor, and the same order is written here in JS (with
// SQLite's collations), so the searches of several games merge into one list and a cursor from any
// game resumes every other.
//
// A position in a result is (tier, key, seq): `tier` is relevance's tier (0 in other sorts), `key`
// the sort's columns before seq — name: [name]; cost: [cost, name]; type: [type, name];
// identity: [identity key, name]; set: [set name, set id, name]; relevance tier 0: [name];
// relevance tiers 1–2: [] (library order, the FTS rowid).

import type { SearchSort } from '../../card-schema/search/query';
import type { SearchCursor } from '../../card-schema/search/search-page';
import type { SetShape } from './search-shape';

export type Collation = 'nocase' | 'binary' | 'number';

/** An ordered walk over card_pool: the index, the key columns (before p.seq) and their collations. */
export interface IndexOrder {
  index: string;
  columns: readonly string[];
  collations: readonly Collation[];
}

/** The walk of each sort that is one index order (set sorts walk card_pool_by_set one set at a time). */
export const INDEX_ORDERS: Record<Exclude<SearchSort, 'relevance'>, IndexOrder> = {
  name: { index: 'card_pool_by_name', columns: ['p.name'], collations: ['nocase'] },
  cost: { index: 'card_pool_by_cost', columns: ['p.cost_key', 'p.name'], collations: ['number', 'nocase'] },
  type: { index: 'card_pool_by_type', columns: ['p.type', 'p.name'], collations: ['binary', 'nocase'] },
  identity: { index: 'card_pool_by_identity', columns: ['p.identity_key', 'p.name'], collations: ['number', 'nocase'] },
  set: { index: 'card_pool_by_set', columns: ['p.name'], collations: ['nocase'] },
};

/** The collations of a whole position key, per sort (and relevance tier). */
export function keyCollations(sort: SearchSort, tier: number): readonly Collation[] {
  if (sort === 'relevance') return tier === 0 ? ['nocase'] : [];
  if (sort === 'set') return ['nocase', 'binary', 'nocase'];
  return INDEX_ORDERS[sort].collations;
}

/**
 * SQLite's text order: UTF-8 bytes, i.e. code points (UTF-16 units would put U+E000–U+FFFF after
 * astral characters); NOCASE folds ASCII letters only.
 */
export function compareText(a: string, b: string, fold: boolean): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (fold) {
      if (x >= 65 && x <= 90) x += 32;
      if (y >= 65 && y <= 90) y += 32;
      if (x === y) continue;
    }
    const xAstral = x >= 0xd800 && x <= 0xdfff;
    const yAstral = y >= 0xd800 && y <= 0xdfff;
    if (xAstral !== yAstral) return xAstral ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

function compareValue(a: string | number, b: string | number, collation: Collation): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // SQLite puts numbers before text; the keys of one sort never mix them.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return compareText(a, b, collation === 'nocase');
}

/** Ascending order of two positions of the same sort. */
export function comparePositions(sort: SearchSort, a: SearchCursor, b: SearchCursor): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  const collations = keyCollations(sort, a.tier);
  for (let i = 0; i < collations.length; i++) {
    const order = compareValue(a.key[i] ?? '', b.key[i] ?? '', collations[i]);
    if (order !== 0) return order;
  }
  return a.seq - b.seq;
}

/** Compares key prefixes only (a set's [name, id] against a cursor's), ascending. */
export function compareKeyPrefix(
  sort: SearchSort,
  tier: number,
  a: readonly (string | number)[],
  b: readonly (string | number)[],
): number {
  const collations = keyCollations(sort, tier);
  for (let i = 0; i < a.length; i++) {
    const order = compareValue(a[i], b[i] ?? '', collations[i]);
    if (order !== 0) return order;
  }
  return 0;
}

/** The set sort's order of sets: name (NOCASE), then id. */
export const compareSets = (a: SetShape, b: SetShape) => compareText(a.name, b.name, true) || compareText(a.id, b.id, false);
