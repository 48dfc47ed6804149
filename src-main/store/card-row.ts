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

export function toRecord(row: CardRow): CardRecord {
  return {
    id: row.id,
    setId: row.set_id,
    systemId: row.system_id,
    doc: JSON.parse(row.doc) as CardDocument,
    updatedAt: row.updated_at,
  };
}
