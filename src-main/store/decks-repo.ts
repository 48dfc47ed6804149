// Decks: stored whole, legal or not (an illegal deck is normal work in progress).
// Columns hold what lists filter and sort by; the JSON `doc` holds notes and sections.

import { randomUUID } from 'node:crypto';
import type { Deck, DeckBoards, DeckEntry } from '../../card-schema/deck/format';
import { compactBoards } from '../../card-schema/deck/side-boards';
import { nowIso, type SqliteDatabase } from './sqlite';

export interface DeckWrite {
  id?: string;
  systemId: string;
  name: string;
  notes?: string;
  format?: string;
  sections: Record<string, DeckEntry[]>;
  boards?: DeckBoards;
}

interface DeckRow {
  id: string;
  system_id: string;
  name: string;
  doc: string;
  updated_at: string;
}

interface DeckDoc {
  notes?: string;
  format?: string;
  sections: Record<string, DeckEntry[]>;
  boards?: DeckBoards;
}

function toDeck(row: DeckRow): Deck {
  const doc = JSON.parse(row.doc) as DeckDoc;
  const deck: Deck = { id: row.id, systemId: row.system_id, name: row.name, sections: doc.sections, updatedAt: row.updated_at };
  if (doc.notes !== undefined) deck.notes = doc.notes;
  if (doc.format !== undefined) deck.format = doc.format;
  if (doc.boards !== undefined) deck.boards = doc.boards;
  return deck;
}

export class DecksRepo {
  private readonly listAll;
  private readonly listOfSystem;
  private readonly byId;
  private readonly upsert;

  constructor(db: SqliteDatabase) {
    const select = 'SELECT id, system_id, name, doc, updated_at FROM decks';
    this.listAll = db.prepare<[], DeckRow>(`${select} ORDER BY name COLLATE NOCASE, id`);
    this.listOfSystem = db.prepare<[string], DeckRow>(`${select} WHERE system_id = ? ORDER BY name COLLATE NOCASE, id`);
    this.byId = db.prepare<[string], DeckRow>(`${select} WHERE id = ?`);
    this.upsert = db.prepare<{ id: string; systemId: string; name: string; doc: string; now: string }>(`
      INSERT INTO decks (id, system_id, name, doc, created_at, updated_at)
      VALUES (@id, @systemId, @name, @doc, @now, @now)
      ON CONFLICT (id) DO UPDATE SET system_id = excluded.system_id, name = excluded.name,
        doc = excluded.doc, updated_at = excluded.updated_at`);
  }

  list(systemId?: string): Deck[] {
    const rows = systemId === undefined ? this.listAll.all() : this.listOfSystem.all(systemId);
    return rows.map(toDeck);
  }

  get(id: string): Deck | undefined {
    const row = this.byId.get(id);
    return row && toDeck(row);
  }

  /** Inserts or replaces the deck with that id (a new id when absent); returns the stored deck. */
  save(write: DeckWrite): Deck {
    const id = write.id ?? randomUUID();
    const doc: DeckDoc = { sections: write.sections };
    if (write.notes !== undefined) doc.notes = write.notes;
    if (write.format !== undefined) doc.format = write.format;
    const boards = compactBoards(write.boards);
    if (boards !== undefined) doc.boards = boards;
    this.upsert.run({ id, systemId: write.systemId, name: write.name, doc: JSON.stringify(doc), now: nowIso() });
    const saved = this.get(id);
    if (!saved) throw new Error(`Deck "${id}" vanished right after it was saved`);
    return saved;
  }
}
