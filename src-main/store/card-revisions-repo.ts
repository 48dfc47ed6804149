// Card revisions (migration 9): the version of a card each save, import or restore replaced.
// The service decides when to keep one; this moves rows. Imports keep theirs in two statements
// for all replaced cards at once (bulk-card-writes.ts), never row by row.

import type { CardDocument } from '../../card-schema/system/format';
import { nowIso, type SqliteDatabase } from './sqlite';

export type RevisionCause = 'save' | 'import' | 'restore';

export interface CardRevisionRow {
  /** Increasing with time: a later revision has a larger seq. */
  seq: number;
  cardId: string;
  setId: string;
  cause: RevisionCause;
  /** When this version was replaced. */
  createdAt: string;
  doc: CardDocument;
}

interface Row {
  seq: number;
  card_id: string;
  set_id: string;
  doc: string;
  cause: RevisionCause;
  created_at: string;
}

const toRevision = (row: Row): CardRevisionRow => ({
  seq: row.seq,
  cardId: row.card_id,
  setId: row.set_id,
  cause: row.cause,
  createdAt: row.created_at,
  doc: JSON.parse(row.doc) as CardDocument,
});

/** At most this many revisions are listed per card (the newest). */
export const REVISIONS_LISTED = 200;

const columns = 'seq, card_id, set_id, doc, cause, created_at';

export class CardRevisionsRepo {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      insert: db.prepare<{ cardId: string; setId: string; doc: string; cause: RevisionCause; now: string }>(
        'INSERT INTO card_revisions (card_id, set_id, doc, cause, created_at) VALUES (@cardId, @setId, @doc, @cause, @now)',
      ),
      list: db.prepare<[string, number], Row>(
        `SELECT ${columns} FROM card_revisions WHERE card_id = ? ORDER BY seq DESC LIMIT ?`,
      ),
      get: db.prepare<[number], Row>(`SELECT ${columns} FROM card_revisions WHERE seq = ?`),
      maxSeq: db.prepare<[], number>('SELECT ifnull(max(seq), 0) FROM card_revisions').pluck(),
      // Per card, its first revision after the date that was in the set: the version it had then.
      firstAfter: db.prepare<[string, string], Row>(
        `SELECT ${columns} FROM card_revisions WHERE seq IN (
           SELECT min(seq) FROM card_revisions WHERE set_id = ? AND created_at > ? GROUP BY card_id)`,
      ),
      addedSince: db.prepare<[string, string], { id: string; doc: string }>(
        'SELECT id, doc FROM cards WHERE set_id = ? AND created_at > ? ORDER BY seq',
      ),
      // Cards of the set in the trash that were deleted after the date, and existed before it.
      removedSince: db.prepare<[string, string, string], { id: string; doc: string }>(
        `SELECT tc.id, tc.doc FROM trash_cards tc JOIN trash t ON t.id = tc.trash_id
         WHERE tc.set_id = ? AND t.deleted_at > ? AND tc.created_at <= ? ORDER BY tc.seq`,
      ),
      keepStored: db.prepare<{ changed: string; now: string }>(
        `INSERT INTO card_revisions (card_id, set_id, doc, cause, created_at)
         SELECT id, set_id, doc, 'import', @now FROM cards WHERE seq IN (SELECT value FROM json_each(@changed))`,
      ),
      dropUnchanged: db.prepare<{ after: number }>(
        'DELETE FROM card_revisions WHERE seq > @after AND doc = (SELECT c.doc FROM cards c WHERE c.id = card_revisions.card_id)',
      ),
    };
  }

  add(cardId: string, setId: string, doc: CardDocument, cause: RevisionCause): void {
    this.statements.insert.run({ cardId, setId, doc: JSON.stringify(doc), cause, now: nowIso() });
  }

  /** The card's revisions, newest first. */
  list(cardId: string, limit = REVISIONS_LISTED): CardRevisionRow[] {
    return this.statements.list.all(cardId, limit).map(toRevision);
  }

  get(seq: number): CardRevisionRow | undefined {
    const row = this.statements.get.get(seq);
    return row && toRevision(row);
  }

  /** For each card that was in the set and changed after `since`: the version it had at `since`. */
  versionsAt(setId: string, since: string): CardRevisionRow[] {
    return this.statements.firstAfter.all(setId, since).map(toRevision);
  }

  /** Cards in the set now that were created after `since`, in the set's order. */
  addedSince(setId: string, since: string): { id: string; doc: CardDocument }[] {
    return this.statements.addedSince.all(setId, since).map((row) => ({ id: row.id, doc: JSON.parse(row.doc) as CardDocument }));
  }

  /** Cards of the set deleted (into the trash) after `since` that existed before it. */
  removedSince(setId: string, since: string): { id: string; doc: CardDocument }[] {
    return this.statements.removedSince
      .all(setId, since, since)
      .map((row) => ({ id: row.id, doc: JSON.parse(row.doc) as CardDocument }));
  }

  /**
   * Before an import replaces the cards with these seqs: keeps each one's current version. Call
   * `dropUnchanged` with the returned mark once the rows are written, so a card the import left
   * as it was keeps no revision.
   */
  keepBeforeImport(changedSeqs: string): number {
    const mark = this.statements.maxSeq.get() ?? 0;
    this.statements.keepStored.run({ changed: changedSeqs, now: nowIso() });
    return mark;
  }

  dropUnchanged(mark: number): void {
    this.statements.dropUnchanged.run({ after: mark });
  }
}
