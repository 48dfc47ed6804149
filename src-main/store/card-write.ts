// What a card write carries: the card, its set and the search text derived from it. Shared by
// cards-repo.ts (one card at a time) and bulk-card-writes.ts (an import's many).

import type { CardDocument } from '../../card-schema/system/format';

export interface CardWrite {
  id?: string;
  setId: string;
  doc: CardDocument;
  /** Everything besides the name a player may search for (see services/search-text.ts). */
  searchText: string;
  /** The document as JSON, when the caller made it already (an import that sent it to its checking thread). */
  docJson?: string;
}
