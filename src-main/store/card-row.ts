// A card row as the queries read it (with its set's game), and the record the API returns.

import type { CardDocument, CardRecord } from '../../card-schema/system/format';

/** A card as the queries read it (with its set's game). */
export interface CardRow {
  id: string;
  set_id: string;
  system_id: string;
  doc: string;
  updated_at: string;
}

/**
 * Only the card's columns of a row that holds more: what a reader thread sends back, its document
 * still JSON text, parsed by toRecord on the thread that asked (read-pool.ts). Cloning a page of
 * 200 parsed documents across threads cost 0.8 ms, their text 0.03 ms.
 */
export function cardRow(row: CardRow): CardRow {
  return { id: row.id, set_id: row.set_id, system_id: row.system_id, doc: row.doc, updated_at: row.updated_at };
}

/** A page read as rows, with its cards as records. */
export function withRecords<P extends { cards: readonly CardRow[] }>(page: P): Omit<P, 'cards'> & { cards: CardRecord[] } {
  return { ...page, cards: page.cards.map(toRecord) };
}

export function toRecord(row: CardRow): CardRecord {
  return {
    id: row.id,
    setId: row.set_id,
    systemId: row.system_id,
    doc: JSON.parse(row.doc) as CardDocument,
    updatedAt: row.updated_at,
  };
}
