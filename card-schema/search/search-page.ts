// A page of search results and where the next one starts (keyset paging): the shape the API
// answers a library search with. src-main/store/card-search.ts and search-sorts.ts fill it.

import type { CardRecord } from '../system/format';

/** Where a page ended (its last card's position); the next page starts after it. Opaque to the UI. */
export interface SearchCursor {
  tier: number;
  key: (string | number)[];
  seq: number;
}

/** A page of cards: records, or rows as a reader thread sends them (src-main/store/card-row.ts). */
export interface CardSearchPage<C = CardRecord> {
  cards: C[];
  /** Matching cards, counted up to the search's count cap (src-main/store/card-search.ts). */
  total: number;
  /** False when counting stopped at the cap: more than `total` cards match. */
  totalExact: boolean;
  /** Pass as `after` for the next page; null when this page holds the last match. */
  next: SearchCursor | null;
}
