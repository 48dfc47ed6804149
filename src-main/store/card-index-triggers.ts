// The triggers that keep a card's derived rows in step with `cards`: its full-text entry in
// `cards_fts` (migration 1) and its deck-pool row in `card_pool` (migration 5). The migrations
// create them from these statements, and a bulk import (bulk-card-writes.ts) drops the insert and
// update ones for the length of its transaction and re-creates them from the same statements.

import { poolRowInsertForNew } from './pool-rows';

export interface CardIndexTrigger {
  name: string;
  /** The CREATE TRIGGER statement, without the closing semicolon. */
  sql: string;
}

function trigger(name: string, event: string, body: string): CardIndexTrigger {
  return { name, sql: `CREATE TRIGGER ${name} ${event} ON cards BEGIN\n  ${body};\nEND` };
}

export const ftsInsertTrigger = trigger(
  'cards_fts_after_insert',
  'AFTER INSERT',
  'INSERT INTO cards_fts (rowid, name, search_text) VALUES (new.seq, new.name, new.search_text)',
);

export const ftsDeleteTrigger = trigger(
  'cards_fts_after_delete',
  'AFTER DELETE',
  "INSERT INTO cards_fts (cards_fts, rowid, name, search_text) VALUES ('delete', old.seq, old.name, old.search_text)",
);

export const ftsUpdateTrigger = trigger(
  'cards_fts_after_update',
  'AFTER UPDATE OF doc, search_text',
  "INSERT INTO cards_fts (cards_fts, rowid, name, search_text) VALUES ('delete', old.seq, old.name, old.search_text);\n" +
    '  INSERT INTO cards_fts (rowid, name, search_text) VALUES (new.seq, new.name, new.search_text)',
);

export const poolInsertTrigger = trigger('card_pool_after_insert', 'AFTER INSERT', poolRowInsertForNew());

export const poolUpdateTrigger = trigger(
  'card_pool_after_update',
  'AFTER UPDATE OF doc, set_id',
  `DELETE FROM card_pool WHERE seq = old.seq;\n  ${poolRowInsertForNew()}`,
);

export const poolDeleteTrigger = trigger('card_pool_after_delete', 'AFTER DELETE', 'DELETE FROM card_pool WHERE seq = old.seq');

/** The triggers a bulk write replaces by one fill of the new and changed cards' rows. */
export const BULK_REPLACED_TRIGGERS: readonly CardIndexTrigger[] = [
  ftsInsertTrigger,
  ftsUpdateTrigger,
  poolInsertTrigger,
  poolUpdateTrigger,
];
