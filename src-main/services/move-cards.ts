// Moving cards between sets of one game: the cards keep their ids and documents (decks still
// find them), only their set changes, all in one transaction. Validation is not repeated: both
// sets follow the same game's schemas.

import type { MoveCardsResult } from '../api/contract';
import { ApiError } from '../api/api-error';
import { requireSet, type Library } from './library';

export function moveCards(lib: Library, cardIds: readonly string[], setId: string): MoveCardsResult {
  const ids = [...new Set(cardIds)];
  return lib.store.transaction(() => {
    const target = requireSet(lib, setId);
    const cards = lib.store.cards.getMany(ids);
    if (cards.length < ids.length) {
      const found = new Set(cards.map((card) => card.id));
      const missing = ids.filter((id) => !found.has(id));
      throw new ApiError(
        `No card with id "${missing[0]}"${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}; nothing was moved`,
        'NOT_FOUND',
      );
    }
    const foreign = cards.find((card) => card.systemId !== target.systemId);
    if (foreign) {
      throw new ApiError(
        `“${foreign.doc.name}” is a card of game system "${foreign.systemId}" and cannot move into “${target.name}” ` +
          `of "${target.systemId}"; nothing was moved`,
        'BAD_INPUT',
      );
    }
    const fromSets = new Set(cards.map((card) => card.setId).filter((id) => id !== target.id));
    const moved = lib.store.cards.moveToSet(ids, target.id);
    for (const id of [...fromSets, target.id]) lib.store.sets.touch(id);
    return { set: requireSet(lib, target.id), moved };
  });
}
