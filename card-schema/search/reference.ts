// The meaning of a GameSearch on one card, in plain code: what the SQL engine must return
// (tests compare the two). Free text is matched like FTS5 columns: a term holds within the name's
// tokens or within the search text's free text, never across the two and never in its field
// index (field-index.ts), which field tests are answered by here on the document itself.

import type { CardDocument } from '../system/format';
import { cardTestsHold } from './field-tests';
import type { GameSearch, TextTerm } from './query';
import { termOccurs } from './term-match';
import { searchTokens } from './tokens';
import { freeTextOf } from './field-index';

export interface SearchableCard {
  doc: CardDocument;
  setId: string;
  /** What full-text search indexes beside the name (src-main/services/search-text.ts). */
  searchText: string;
}

/** True when the card (of the search's game) matches every part of the search. */
export function cardMatchesSearch(card: SearchableCard, search: GameSearch): boolean {
  if (search.setIds && !search.setIds.includes(card.setId)) return false;
  if (search.excludeSetIds?.includes(card.setId)) return false;
  const { include, exclude } = search.text;
  if (include.length > 0 || exclude.length > 0) {
    const name = searchTokens(card.doc.name);
    const text = searchTokens(freeTextOf(card.searchText));
    const holds = (term: TextTerm): boolean => termOccurs(name, term) || termOccurs(text, term);
    if (!include.every(holds) || exclude.some(holds)) return false;
  }
  return cardTestsHold(card.doc, search.fields);
}
