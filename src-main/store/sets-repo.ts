// Card sets: a named collection of cards of one game system.

import { randomUUID } from 'node:crypto';
import type { CardSetInfo } from '../../card-schema/system/format';
import { nowIso, type SqliteDatabase } from './database';

export interface SetInput {
  id?: string;
  systemId: string;
  name: string;
  description: string;
}

interface SetRow {
  id: string;
  system_id: string;
  name: string;
  description: string;
  updated_at: string;
  card_count: number;
}

const selectWithCount = `
  SELECT s.id, s.system_id, s.name, s.description, s.updated_at,
         (SELECT count(*) FROM cards c WHERE c.set_id = s.id) AS card_count
  FROM sets s`;

function toInfo(row: SetRow): CardSetInfo {
  return {
    id: row.id,
    systemId: row.system_id,
    name: row.name,
    description: row.description,
    cardCount: row.card_count,
    updatedAt: row.updated_at,
  };
}

export class SetsRepo {
  private readonly listAll;
  private readonly listNamesOnly;
  private readonly byId;
  private readonly upsert;
  private readonly touchOne;

  constructor(db: SqliteDatabase) {
    this.listAll = db.prepare<[], SetRow>(`${selectWithCount} ORDER BY s.name COLLATE NOCASE, s.id`);
    this.listNamesOnly = db.prepare<[], { id: string; systemId: string; name: string }>(
      'SELECT id, system_id AS systemId, name FROM sets ORDER BY name COLLATE NOCASE, id',
    );
    this.byId = db.prepare<[string], SetRow>(`${selectWithCount} WHERE s.id = ?`);
    // An existing set keeps its system: callers refuse a different one before saving.
    this.upsert = db.prepare<{ id: string; systemId: string; name: string; description: string; now: string }>(`
      INSERT INTO sets (id, system_id, name, description, created_at, updated_at)
      VALUES (@id, @systemId, @name, @description, @now, @now)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, updated_at = excluded.updated_at`);
    this.touchOne = db.prepare<[string, string]>('UPDATE sets SET updated_at = ? WHERE id = ?');
  }

  list(): CardSetInfo[] {
    return this.listAll.all().map(toInfo);
  }

  /** Every set's id, game and name, without counting cards (what a search resolves `set:` by). */
  listNames(): { id: string; systemId: string; name: string }[] {
    return this.listNamesOnly.all();
  }

  get(id: string): CardSetInfo | undefined {
    const row = this.byId.get(id);
    return row && toInfo(row);
  }

  /** Creates the set, or renames/redescribes the set with that id. */
  save(input: SetInput): CardSetInfo {
    const id = input.id ?? randomUUID();
    this.upsert.run({ id, systemId: input.systemId, name: input.name, description: input.description, now: nowIso() });
    const saved = this.get(id);
    if (!saved) throw new Error(`Set "${id}" vanished right after it was saved`);
    return saved;
  }

  /** Marks the set as changed, e.g. after one of its cards was edited. */
  touch(id: string): void {
    this.touchOne.run(nowIso(), id);
  }
}
