// Deck snapshots (migration 6): earlier versions of a deck, automatic ('auto': the version a
// save replaced) or kept by the user under a name ('named'). The service decides when to take
// one and how many automatic ones to keep; this moves rows.

import { randomUUID } from 'node:crypto';
import type { DeckVersion } from '../../card-schema/deck/deck-diff';
import { nowIso, type SqliteDatabase } from './sqlite';

export type SnapshotKind = 'auto' | 'named';

export interface DeckSnapshotRow {
  id: string;
  deckId: string;
  kind: SnapshotKind;
  name: string;
  createdAt: string;
  version: DeckVersion;
}

interface Row {
  id: string;
  deck_id: string;
  kind: SnapshotKind;
  name: string;
  doc: string;
  created_at: string;
  seq: number;
}

const toSnapshot = (row: Row): DeckSnapshotRow => ({
  id: row.id,
  deckId: row.deck_id,
  kind: row.kind,
  name: row.name,
  createdAt: row.created_at,
  version: JSON.parse(row.doc) as DeckVersion,
});

export class DeckSnapshotsRepo {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    const columns = 'id, deck_id, kind, name, doc, created_at, rowid AS seq';
    this.statements = {
      insert: db.prepare<{ id: string; deckId: string; kind: SnapshotKind; name: string; doc: string; now: string }>(
        `INSERT INTO deck_snapshots (id, deck_id, kind, name, doc, created_at) VALUES (@id, @deckId, @kind, @name, @doc, @now)`,
      ),
      // Newest first; rowid breaks ties between snapshots taken within one millisecond.
      list: db.prepare<[string], Row>(
        `SELECT ${columns} FROM deck_snapshots WHERE deck_id = ? ORDER BY created_at DESC, rowid DESC`,
      ),
      get: db.prepare<[string], Row>(`SELECT ${columns} FROM deck_snapshots WHERE id = ?`),
      remove: db.prepare<[string]>('DELETE FROM deck_snapshots WHERE id = ?'),
      rename: db.prepare<[string, string]>("UPDATE deck_snapshots SET kind = 'named', name = ? WHERE id = ?"),
      pruneAuto: db.prepare<[string, string, number]>(
        `DELETE FROM deck_snapshots WHERE deck_id = ? AND kind = 'auto' AND id NOT IN (
           SELECT id FROM deck_snapshots WHERE deck_id = ? AND kind = 'auto' ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
      ),
    };
  }

  add(deckId: string, kind: SnapshotKind, name: string, version: DeckVersion): DeckSnapshotRow {
    const id = randomUUID();
    this.statements.insert.run({ id, deckId, kind, name, doc: JSON.stringify(version), now: nowIso() });
    return this.get(id)!;
  }

  list(deckId: string): DeckSnapshotRow[] {
    return this.statements.list.all(deckId).map(toSnapshot);
  }

  get(id: string): DeckSnapshotRow | undefined {
    const row = this.statements.get.get(id);
    return row && toSnapshot(row);
  }

  /** Keeps the snapshot for good under `name` (an automatic one is no longer pruned). */
  rename(id: string, name: string): void {
    this.statements.rename.run(name, id);
  }

  delete(id: string): boolean {
    return this.statements.remove.run(id).changes > 0;
  }

  /** Drops the deck's oldest automatic snapshots beyond the newest `keep`. */
  pruneAuto(deckId: string, keep: number): void {
    this.statements.pruneAuto.run(deckId, deckId, keep);
  }
}
