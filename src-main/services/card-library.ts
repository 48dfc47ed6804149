// Sets and cards as the API sees them: every document is validated against its game system
// before it is written, and every write carries the search text derived from the document.

import type { CardDocument, CardRecord, GameSystem } from '../../card-schema/system/format';
import type { SaveCardResult, TrashReceipt, ValidationIssue } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { CardWrite } from '../store/card-write';
import { buildSearchText } from './search-text';
import { moveToTrash } from './trash';
import { cardDocumentIssues } from './card-document-issues';
import { requireCard, requireSet, systemOfSet, type Library } from './library';
import type { RevisionCause } from '../store/card-revisions-repo';
import { sameJson } from '../../card-schema/system/resolve-schema';

/** Schema issues of a document, plus the two fields every card must have whatever its game. */
export function cardIssues(lib: Library, systemId: string, doc: unknown): ValidationIssue[] {
  return cardDocumentIssues((card) => lib.systems.validate(systemId, card), doc);
}

export function toCardWrite(system: GameSystem, setId: string, doc: CardDocument, id?: string): CardWrite {
  const write: CardWrite = { setId, doc, searchText: buildSearchText(doc, system) };
  if (id !== undefined) write.id = id;
  return write;
}

/** Moves the set and its cards to the trash. */
export function deleteSet(lib: Library, setId: string): TrashReceipt {
  const set = requireSet(lib, setId);
  return moveToTrash(lib, { kind: 'set', itemId: set.id, systemId: set.systemId, name: set.name });
}

/** Inside a save's transaction: keeps the version `previous` had as a revision, when the save changes its document. */
export function keepReplacedCard(lib: Library, previous: CardRecord | undefined, doc: CardDocument, cause: RevisionCause): void {
  if (!previous || sameJson(previous.doc, doc)) return;
  lib.store.cardRevisions.add(previous.id, previous.setId, previous.doc, cause);
}

/**
 * Validates, then writes. A card keeps its id when it moves between sets of the same game;
 * moving it into a set of another game is refused (its document follows the other rules).
 */
export function saveCard(lib: Library, input: { id?: string; setId: string; doc: CardDocument }): SaveCardResult {
  const set = requireSet(lib, input.setId);
  const system = systemOfSet(lib, set);
  const existing = input.id === undefined ? undefined : lib.store.cards.get(input.id);
  if (existing && existing.systemId !== set.systemId) {
    throw new ApiError(
      `Card "${input.id}" is a "${existing.systemId}" card and cannot be saved into set "${set.name}" of game system "${set.systemId}"`,
      'BAD_INPUT',
    );
  }
  const issues = cardIssues(lib, set.systemId, input.doc);
  if (issues.length > 0) return { ok: false, issues };
  const card = lib.store.transaction(() => {
    keepReplacedCard(lib, existing, input.doc, 'save');
    const saved = lib.store.cards.save(toCardWrite(system, set.id, input.doc, input.id));
    lib.store.sets.touch(set.id);
    if (existing && existing.setId !== set.id) lib.store.sets.touch(existing.setId);
    return saved;
  });
  return { ok: true, card };
}

/** Moves the card to the trash. */
export function deleteCard(lib: Library, cardId: string): TrashReceipt {
  const card = requireCard(lib, cardId);
  const set = requireSet(lib, card.setId);
  return lib.store.transaction(() => {
    const receipt = moveToTrash(lib, {
      kind: 'card',
      itemId: card.id,
      systemId: card.systemId,
      name: card.doc.name,
      detail: `in “${set.name}”`,
    });
    lib.store.sets.touch(card.setId);
    return receipt;
  });
}
