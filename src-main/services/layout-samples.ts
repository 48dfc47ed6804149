// Cards the layout editor previews a layout on: of one card type of a game, the card with the
// longest name, the one with the longest text in a field (the rules text), and one whose
// optional field is empty. SQLite finds each with ORDER BY … LIMIT 1, so a large library is
// never loaded to pick three cards.

import type { LayoutSampleCard } from '../api/contract';
import { toRecord, type CardRow } from '../store/card-row';
import type { Library } from './library';

interface SampleQuery {
  systemId: string;
  typeId: string;
  textField?: string;
  emptyField?: string;
}

const columns = 'c.id, c.set_id, s.system_id, c.doc, c.updated_at';
const from = 'FROM cards c JOIN sets s ON s.id = c.set_id WHERE c.type = @typeId AND s.system_id = @systemId';

/** A JSON path to a top-level field (field names are identifiers: the contract checks them). */
const fieldPath = (field: string): string => `$."${field}"`;

export function layoutSampleCards(lib: Library, query: SampleQuery): LayoutSampleCard[] {
  lib.systems.require(query.systemId);
  const db = lib.store.db;
  const params = { systemId: query.systemId, typeId: query.typeId };
  const one = (sql: string, extra: Record<string, string> = {}): CardRow | undefined =>
    db.prepare<Record<string, string>, CardRow>(`SELECT ${columns} ${from} ${sql} LIMIT 1`).get({ ...params, ...extra });
  const found: LayoutSampleCard[] = [];
  const add = (reason: LayoutSampleCard['reason'], row: CardRow | undefined): void => {
    if (row) found.push({ reason, card: toRecord(row) });
  };
  add('longest-name', one('ORDER BY length(c.name) DESC, c.seq'));
  if (query.textField) {
    add(
      'longest-text',
      one("AND json_type(c.doc, @path) = 'text' ORDER BY length(json_extract(c.doc, @path)) DESC, c.seq", {
        path: fieldPath(query.textField),
      }),
    );
  }
  if (query.emptyField) {
    add(
      'empty-field',
      one("AND coalesce(json_extract(c.doc, @path), '') IN ('', '[]', '{}') ORDER BY c.seq", {
        path: fieldPath(query.emptyField),
      }),
    );
  }
  return found;
}
