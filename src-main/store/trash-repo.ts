// The trash (see migration 2): a delete copies the rows into the trash tables under one entry
// and deletes them, in one transaction; a restore copies them back with the same ids. The
// repository moves rows; services/trash.ts decides what may be restored and says why not.

import { randomUUID } from 'node:crypto';
import type { CardDocument } from '../../card-schema/system/format';
import type { TrashEntry, TrashKind } from '../api/contract';
import { BulkCardWriter } from './bulk-card-writes';
import { nowIso, type SqliteDatabase } from './sqlite';

/** A trash entry as its row holds it: the API's TrashEntry without its expiry, with the game's folder. */
export type TrashEntryRow = Omit<TrashEntry, 'expiresAt'> & {
  /** Game entries of an installed game: its folder name, kept in <data>/trash/<id>. */
  folder: string | null;
};

export interface TrashInput {
  /** The entry's id when the caller needs it beforehand (a journal names it); new otherwise. */
  id?: string;
  kind: TrashKind;
  itemId: string;
  systemId: string;
  name: string;
  detail?: string;
  folder?: string;
}

/** Rows of an entry whose ids are taken again (or whose set is missing) at restore time. */
export interface RestoreBlockers {
  sets: string[];
  cards: string[];
  decks: string[];
  /** Set ids the entry's cards belong to that neither exist nor come back with the entry. */
  missingSets: string[];
}

const entryColumns = `t.id, t.kind, t.item_id AS itemId, t.system_id AS systemId, t.name, t.detail, t.folder,
  t.deleted_at AS deletedAt,
  (SELECT count(*) FROM trash_sets x WHERE x.trash_id = t.id) AS sets,
  (SELECT count(*) FROM trash_cards x WHERE x.trash_id = t.id) AS cards,
  (SELECT count(*) FROM trash_decks x WHERE x.trash_id = t.id) AS decks`;

const cardsOut = (where: string) =>
  `INSERT INTO trash_cards (trash_id, id, seq, set_id, doc, search_text, created_at, updated_at)
   SELECT @trashId, id, seq, set_id, doc, search_text, created_at, updated_at FROM cards WHERE ${where}`;
/** A set's columns as both tables name them (its metadata since migration 11). */
const SET_COLUMNS = 'id, system_id, name, description, code, version, author, license, created_at, updated_at';
const setsOut = (where: string) =>
  `INSERT INTO trash_sets (trash_id, ${SET_COLUMNS}) SELECT @trashId, ${SET_COLUMNS} FROM sets WHERE ${where}`;
const decksOut = (where: string) =>
  `INSERT INTO trash_decks (trash_id, id, system_id, name, doc, created_at, updated_at)
   SELECT @trashId, id, system_id, name, doc, created_at, updated_at FROM decks WHERE ${where}`;

/** A deck's snapshots go with it (the deck's DELETE would cascade them away). */
const snapshotsOut = (deckWhere: string) =>
  `INSERT INTO trash_deck_snapshots (trash_id, id, deck_id, kind, name, doc, created_at)
   SELECT @trashId, id, deck_id, kind, name, doc, created_at FROM deck_snapshots WHERE deck_id IN (SELECT id FROM decks WHERE ${deckWhere})`;

const LIST_LIMIT = 100;

export class TrashRepo {
  private readonly statements;
  private readonly bulk;

  constructor(private readonly db: SqliteDatabase) {
    this.bulk = new BulkCardWriter(db);
    const prepare = (sql: string) => db.prepare<Record<string, string | null>>(sql);
    const ids = (sql: string) => db.prepare<[string], string>(sql).pluck();
    this.statements = {
      insertEntry: prepare(`INSERT INTO trash (id, kind, item_id, system_id, name, detail, folder, deleted_at)
        VALUES (@id, @kind, @itemId, @systemId, @name, @detail, @folder, @now)`),
      out: {
        card: [prepare(cardsOut('id = @itemId')), prepare('DELETE FROM cards WHERE id = @itemId')],
        set: [
          prepare(setsOut('id = @itemId')),
          prepare(cardsOut('set_id = @itemId')),
          prepare('DELETE FROM sets WHERE id = @itemId'), // its cards go by cascade
        ],
        deck: [
          prepare(decksOut('id = @itemId')),
          prepare(snapshotsOut('id = @itemId')),
          prepare('DELETE FROM decks WHERE id = @itemId'),
        ],
        game: [
          prepare(setsOut('system_id = @itemId')),
          prepare(cardsOut('set_id IN (SELECT id FROM sets WHERE system_id = @itemId)')),
          prepare(decksOut('system_id = @itemId')),
          prepare(snapshotsOut('system_id = @itemId')),
          prepare('DELETE FROM sets WHERE system_id = @itemId'),
          prepare('DELETE FROM decks WHERE system_id = @itemId'),
        ],
      },
      back: {
        sets: prepare(`INSERT INTO sets (${SET_COLUMNS}) SELECT ${SET_COLUMNS} FROM trash_sets WHERE trash_id = @trashId`),
        // Their sets are back (or never left): each card's game says what its search text holds.
        cardDocs: db.prepare<[string], { id: string; doc: string; systemId: string; searchText: string }>(
          `SELECT c.id, c.doc, s.system_id AS systemId, c.search_text AS searchText
           FROM trash_cards c JOIN sets s ON s.id = c.set_id WHERE c.trash_id = ?`,
        ),
        searchText: db.prepare<[string, string, string]>('UPDATE trash_cards SET search_text = ? WHERE trash_id = ? AND id = ?'),
        // In their old order: cards of a set are listed by seq.
        cards: prepare(`INSERT INTO cards (id, set_id, doc, search_text, created_at, updated_at)
          SELECT id, set_id, doc, search_text, created_at, updated_at FROM trash_cards WHERE trash_id = @trashId ORDER BY seq`),
        rest: [
          prepare(`INSERT INTO decks (id, system_id, name, doc, created_at, updated_at)
            SELECT id, system_id, name, doc, created_at, updated_at FROM trash_decks WHERE trash_id = @trashId`),
          prepare(`INSERT INTO deck_snapshots (id, deck_id, kind, name, doc, created_at)
            SELECT id, deck_id, kind, name, doc, created_at FROM trash_deck_snapshots WHERE trash_id = @trashId`),
        ],
      },
      cardsNotKept: [
        prepare(cardsOut('set_id = @setId AND id NOT IN (SELECT value FROM json_each(@keep))')),
        prepare('DELETE FROM cards WHERE set_id = @setId AND id NOT IN (SELECT value FROM json_each(@keep))'),
      ],
      remove: db.prepare<[string]>('DELETE FROM trash WHERE id = ?'),
      // A card deleted for good takes its revisions along (unless its id is in use again).
      removeRevisions: db.prepare<[string]>(
        'DELETE FROM card_revisions WHERE card_id IN (SELECT id FROM trash_cards WHERE trash_id = ? AND id NOT IN (SELECT id FROM cards))',
      ),
      get: db.prepare<[string], TrashEntryRow>(`SELECT ${entryColumns} FROM trash t WHERE t.id = ?`),
      list: db.prepare<[number], TrashEntryRow>(`SELECT ${entryColumns} FROM trash t ORDER BY t.deleted_at DESC, t.id LIMIT ?`),
      count: db.prepare<[], number>('SELECT count(*) FROM trash').pluck(),
      olderThan: ids('SELECT id FROM trash WHERE deleted_at < ?'),
      allIds: db.prepare<[], string>('SELECT id FROM trash').pluck(),
      takenSets: ids('SELECT t.id FROM trash_sets t JOIN sets s ON s.id = t.id WHERE t.trash_id = ? LIMIT 20'),
      takenCards: ids('SELECT t.id FROM trash_cards t JOIN cards c ON c.id = t.id WHERE t.trash_id = ? LIMIT 20'),
      takenDecks: ids('SELECT t.id FROM trash_decks t JOIN decks d ON d.id = t.id WHERE t.trash_id = ? LIMIT 20'),
      setsOfEntry: db.prepare<[string], { id: string; systemId: string; name: string; code: string }>(
        'SELECT id, system_id AS systemId, name, code FROM trash_sets WHERE trash_id = ?',
      ),
      renameSet: db.prepare<[string, string, string]>('UPDATE trash_sets SET name = ? WHERE trash_id = ? AND id = ?'),
      recodeSet: db.prepare<[string, string, string]>('UPDATE trash_sets SET code = ? WHERE trash_id = ? AND id = ?'),
      trashedSetName: db.prepare<[string], string>('SELECT name FROM trash_sets WHERE id = ? LIMIT 1').pluck(),
      trashedCardName: db
        .prepare<[string], string>("SELECT json_extract(doc, '$.name') FROM trash_cards WHERE id = ? LIMIT 1")
        .pluck(),
      missingSets: db
        .prepare<[string, string], string>(
          `SELECT DISTINCT c.set_id FROM trash_cards c WHERE c.trash_id = ?
           AND c.set_id NOT IN (SELECT id FROM sets) AND c.set_id NOT IN (SELECT id FROM trash_sets WHERE trash_id = ?)`,
        )
        .pluck(),
    };
  }

  /** Moves the item (and what belongs to it) into a new trash entry; returns the entry's id. */
  moveIn(input: TrashInput): string {
    return this.newEntry(input, (trashId) => {
      for (const statement of this.statements.out[input.kind]) statement.run({ trashId, itemId: input.itemId });
    });
  }

  /**
   * Moves the cards of `setId` whose ids are not in `keep` into a new entry (a set import's
   * replace); returns the entry's id. The restore puts them back like any card entry.
   */
  moveCardsIn(input: TrashInput, setId: string, keep: readonly string[]): string {
    return this.newEntry(input, (trashId) => {
      const params = { trashId, setId, keep: JSON.stringify(keep) };
      for (const statement of this.statements.cardsNotKept) statement.run(params);
    });
  }

  /** A new entry and what `fill` moves into it, in one transaction; returns the entry's id. */
  private newEntry(input: TrashInput, fill: (trashId: string) => void): string {
    const id = input.id ?? randomUUID();
    this.db.transaction(() => {
      this.statements.insertEntry.run({
        id,
        kind: input.kind,
        itemId: input.itemId,
        systemId: input.systemId,
        name: input.name,
        detail: input.detail ?? '',
        folder: input.folder ?? null,
        now: nowIso(),
      });
      fill(id);
    })();
    return id;
  }

  /**
   * Puts the entry's rows back and deletes the entry; call after `blockers` found none. Each card's
   * search text is built again by `searchText` for its game as it is now (the game may have
   * changed what it searches while the card was in the trash; undefined keeps the stored text), and the cards go back in bulk:
   * their index entries and pool rows are filled once, not by a trigger per row.
   */
  moveBack(id: string, searchText: (systemId: string, doc: CardDocument) => string | undefined): void {
    const back = this.statements.back;
    this.db.transaction(() => {
      back.sets.run({ trashId: id });
      for (const card of back.cardDocs.all(id)) {
        const text = searchText(card.systemId, JSON.parse(card.doc) as CardDocument);
        if (text !== undefined && text !== card.searchText) back.searchText.run(text, id, card.id);
      }
      this.bulk.insertIndexedOnce(() => back.cards.run({ trashId: id }));
      for (const statement of back.rest) statement.run({ trashId: id });
      this.statements.remove.run(id);
    })();
  }

  blockers(id: string): RestoreBlockers {
    const s = this.statements;
    return {
      sets: s.takenSets.all(id),
      cards: s.takenCards.all(id),
      decks: s.takenDecks.all(id),
      missingSets: s.missingSets.all(id, id),
    };
  }

  /** The sets an entry holds (a set entry's one, a game entry's all). */
  setsOf(id: string): { id: string; systemId: string; name: string; code: string }[] {
    return this.statements.setsOfEntry.all(id);
  }

  /** Changes a set's code in the trash, so it comes back under a code no other set of its game has. */
  recodeSet(trashId: string, setId: string, code: string): void {
    this.statements.recodeSet.run(code, trashId, setId);
  }

  /** Renames a set in the trash, so it comes back under a name no other set of its game has. */
  renameSet(trashId: string, setId: string, name: string): void {
    this.statements.renameSet.run(name, trashId, setId);
  }

  /** The name of a set with this id that is in the trash, if one is. */
  trashedSetName(setId: string): string | undefined {
    return this.statements.trashedSetName.get(setId);
  }

  /** The name of a card with this id that is in the trash, if one is (decks show it for a deleted card). */
  trashedCardName(cardId: string): string | undefined {
    const name = this.statements.trashedCardName.get(cardId);
    return typeof name === 'string' ? name : undefined;
  }

  get(id: string): TrashEntryRow | undefined {
    return this.statements.get.get(id);
  }

  /** The newest entries first (at most `limit`), and how many there are in all. */
  list(limit = LIST_LIMIT): { entries: TrashEntryRow[]; total: number } {
    return { entries: this.statements.list.all(limit), total: this.statements.count.get() ?? 0 };
  }

  /** Deletes the entry and its rows for good; false when there was none. */
  delete(id: string): boolean {
    return this.db.transaction(() => {
      this.statements.removeRevisions.run(id);
      return this.statements.remove.run(id).changes > 0;
    })();
  }

  /** Ids of the entries deleted before `iso`. */
  idsOlderThan(iso: string): string[] {
    return this.statements.olderThan.all(iso);
  }

  allIds(): string[] {
    return this.statements.allIds.all();
  }
}
