// The deck builder's card pool as the API pages it: the orders it can be sorted in and where a
// page ended. src-main/store/deck-pool.ts walks the pool in these orders.

export const POOL_SORTS = ['name', 'cost', 'type', 'identity'] as const;
export type PoolSort = (typeof POOL_SORTS)[number];

/** Where a page ended: its last card's sort key, name and seq. */
export interface PoolCursor {
  /** The sort's own key (cost, type, identity key); the name again when sorted by name. */
  key: string | number;
  name: string;
  seq: number;
}
