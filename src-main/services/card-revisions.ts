// Card revisions for the API: every save keeps the version it replaced (when the document
// changed), an import keeps one per card it changed (bulk-card-writes.ts), and a restore saves
// the old version as the card, keeping the one it replaces, so nothing is ever lost. The list
// says in one line what each later version changed, with the form's field labels.

import { changedFieldsLine, diffCards, labelChanges } from '../../card-schema/system/card-diff';
import type { CardDocument, CardRecord } from '../../card-schema/system/format';
import type { CardRevision, CardRevisionSummary } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { CardRevisionRow } from '../store/card-revisions-repo';
import { cardIssues, keepReplacedCard, toCardWrite } from './card-library';
import { requireCard, requireSet, systemOfSet, type Library } from './library';

function summary(lib: Library, row: CardRevisionRow, next: CardDocument | undefined): CardRevisionSummary {
  const system = lib.systems.find(lib.store.sets.get(row.setId)?.systemId ?? '');
  const changed =
    next === undefined
      ? 'The card was deleted'
      : changedFieldsLine(labelChanges(system, row.doc, next, diffCards(row.doc, next)));
  return { id: row.seq, cardId: row.cardId, cause: row.cause, createdAt: row.createdAt, name: row.doc.name, changed };
}

/** Newest first; each says what the version after it (the next revision, or the card now) changed. */
export function listCardRevisions(lib: Library, cardId: string): CardRevisionSummary[] {
  const rows = lib.store.cardRevisions.list(cardId);
  const current = lib.store.cards.get(cardId)?.doc;
  return rows.map((row, i) => summary(lib, row, i === 0 ? current : rows[i - 1].doc));
}

function requireRevision(lib: Library, id: number): CardRevisionRow {
  const row = lib.store.cardRevisions.get(id);
  if (!row) throw new ApiError(`No card revision with id ${id}`, 'NOT_FOUND');
  return row;
}

export function getCardRevision(lib: Library, id: number): CardRevision {
  const row = requireRevision(lib, id);
  const newer = lib.store.cardRevisions.list(row.cardId).filter((other) => other.seq > row.seq);
  const next = newer.length > 0 ? newer[newer.length - 1].doc : lib.store.cards.get(row.cardId)?.doc;
  return { ...summary(lib, row, next), setId: row.setId, doc: row.doc };
}

/**
 * Saves the revision's version as the card (in the set the card is in now); the version it
 * replaces becomes a revision. Refused, naming the problems, when the old version no longer
 * fits its game's schema (the game changed since).
 */
export function restoreCardRevision(lib: Library, id: number): CardRecord {
  const row = requireRevision(lib, id);
  const card = requireCard(lib, row.cardId);
  const set = requireSet(lib, card.setId);
  const system = systemOfSet(lib, set);
  const issues = cardIssues(lib, system.id, row.doc);
  if (issues.length > 0) {
    const listed = issues.slice(0, 3).map((issue) => `${issue.path || 'the card'}: ${issue.message}`);
    throw new ApiError(
      `This version of “${row.doc.name}” no longer fits the ${system.name} card schema (${listed.join('; ')}${issues.length > 3 ? '; …' : ''}). Open it in the editor to fix it by hand.`,
      'BAD_INPUT',
    );
  }
  return lib.store.transaction(() => {
    keepReplacedCard(lib, card, row.doc, 'restore');
    const saved = lib.store.cards.save(toCardWrite(system, set.id, row.doc, card.id));
    lib.store.sets.touch(set.id);
    return saved;
  });
}
