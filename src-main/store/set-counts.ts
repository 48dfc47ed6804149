// A set's cards counted by the columns of their `card_pool` rows (type, cost, identity mask),
// grouped in SQL on the set's index, so a set's statistics never read its cards' JSON.

import type { SqliteDatabase } from './sqlite';
import { NO_COST_KEY } from './pool-rows';

export interface SetCounts {
  cards: number;
  types: { type: string; count: number }[];
  /** `cost` is null for cards without a number in the game's cost field. */
  costs: { cost: number | null; count: number }[];
  /** Bit i of `mask` is the game's identity value i (pool-rows.ts). */
  masks: { mask: number; count: number }[];
}

export function setCounts(db: SqliteDatabase, setId: string): SetCounts {
  const types = db
    .prepare<[string], { type: string; count: number }>(
      'SELECT type, count(*) AS count FROM card_pool WHERE set_id = ? GROUP BY type',
    )
    .all(setId);
  const costs = db
    .prepare<[string], { cost: number; count: number }>(
      'SELECT cost_key AS cost, count(*) AS count FROM card_pool WHERE set_id = ? GROUP BY cost_key',
    )
    .all(setId)
    .map(({ cost, count }) => ({ cost: cost >= NO_COST_KEY ? null : cost, count }));
  const masks = db
    .prepare<[string], { mask: number; count: number }>(
      'SELECT identity_mask AS mask, count(*) AS count FROM card_pool WHERE set_id = ? GROUP BY identity_mask',
    )
    .all(setId);
  return { cards: types.reduce((n, t) => n + t.count, 0), types, costs, masks };
}

/**
 * A set's cards by the text value of one top-level card field (the game's rarity field), read
 * from the documents: rarity has no `card_pool` column, and a set is small enough to scan.
 * `value` is null for cards without a text in the field.
 */
export function fieldValueCounts(db: SqliteDatabase, setId: string, field: string): { value: string | null; count: number }[] {
  // A quoted JSON path step, so a field name holding dots or quotes stays one step.
  const path = `$."${field.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return db
    .prepare<[string, string, string], { value: string | null; count: number }>(
      `SELECT CASE WHEN json_type(doc, ?) = 'text' THEN json_extract(doc, ?) END AS value, count(*) AS count
         FROM cards WHERE set_id = ? GROUP BY value`,
    )
    .all(path, path, setId);
}
