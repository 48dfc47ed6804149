// Card sets: a named collection of cards of one game system, with its metadata. The repository
// stores what it is given; services/set-metadata.ts keeps names unique within a game.

import { randomUUID } from 'node:crypto';
import type { CardSetInfo } from '../../card-schema/system/format';
import { nowIso, type SqliteDatabase } from './sqlite';

export interface SetInput {
  id?: string;
  systemId: string;
  name: string;
  description: string;
  code?: string;
  version?: string;
  author?: string;
  license?: string;
}

/** The metadata an edit may change; absent fields stay as they are. */
export type SetPatch = Partial<Pick<CardSetInfo, 'name' | 'description' | 'code' | 'version' | 'author' | 'license'>>;

interface SetRow {
  id: string;
  system_id: string;
  name: string;
  description: string;
  code: string;
  version: string;
  author: string;
  license: string;
  updated_at: string;
  card_count: number;
}

const selectWithCount = `
  SELECT s.id, s.system_id, s.name, s.description, s.code, s.version, s.author, s.license, s.updated_at,
         (SELECT count(*) FROM cards c WHERE c.set_id = s.id) AS card_count
  FROM sets s`;

function toInfo(row: SetRow): CardSetInfo {
  return {
    id: row.id,
    systemId: row.system_id,
    name: row.name,
    description: row.description,
    code: row.code,
    version: row.version,
    author: row.author,
    license: row.license,
    cardCount: row.card_count,
    updatedAt: row.updated_at,
  };
}

const META_COLUMNS = ['name', 'description', 'code', 'version', 'author', 'license'] as const;

export class SetsRepo {
  private readonly listAll;
  private readonly listNamesOnly;
  private readonly namesOfSystem;
  private readonly codesOfSystem;
  private readonly byId;
  private readonly upsert;
  private readonly patchOne;
  private readonly touchOne;

  constructor(db: SqliteDatabase) {
    this.listAll = db.prepare<[], SetRow>(`${selectWithCount} ORDER BY s.name COLLATE NOCASE, s.id`);
    this.listNamesOnly = db.prepare<[], { id: string; systemId: string; name: string }>(
      'SELECT id, system_id AS systemId, name FROM sets ORDER BY name COLLATE NOCASE, id',
    );
    this.namesOfSystem = db.prepare<[string], { id: string; name: string }>('SELECT id, name FROM sets WHERE system_id = ?');
    this.codesOfSystem = db.prepare<[string], { id: string; name: string; code: string }>(
      "SELECT id, name, code FROM sets WHERE system_id = ? AND code <> ''",
    );
    this.byId = db.prepare<[string], SetRow>(`${selectWithCount} WHERE s.id = ?`);
    // An existing set keeps its system: callers refuse a different one before saving.
    this.upsert = db.prepare<Required<Omit<SetInput, 'id'>> & { id: string; now: string }>(`
      INSERT INTO sets (id, system_id, name, description, code, version, author, license, created_at, updated_at)
      VALUES (@id, @systemId, @name, @description, @code, @version, @author, @license, @now, @now)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, code = excluded.code,
        version = excluded.version, author = excluded.author, license = excluded.license, updated_at = excluded.updated_at`);
    // Each column keeps its value when the patch leaves it out (NULL).
    this.patchOne = db.prepare<Record<(typeof META_COLUMNS)[number] | 'id' | 'now', string | null>>(
      `UPDATE sets SET ${META_COLUMNS.map((column) => `${column} = ifnull(@${column}, ${column})`).join(', ')},
        updated_at = @now WHERE id = @id`,
    );
    this.touchOne = db.prepare<[string, string]>('UPDATE sets SET updated_at = ? WHERE id = ?');
  }

  list(): CardSetInfo[] {
    return this.listAll.all().map(toInfo);
  }

  /** Every set's id, game and name, without counting cards (what a search resolves `set:` by). */
  listNames(): { id: string; systemId: string; name: string }[] {
    return this.listNamesOnly.all();
  }

  /** The id and name of each set of one game. */
  namesOf(systemId: string): { id: string; name: string }[] {
    return this.namesOfSystem.all(systemId);
  }

  /** The game's sets that have a code (unique within the game since migration 13). */
  codesOf(systemId: string): { id: string; name: string; code: string }[] {
    return this.codesOfSystem.all(systemId);
  }

  get(id: string): CardSetInfo | undefined {
    const row = this.byId.get(id);
    return row && toInfo(row);
  }

  /** Creates the set, or overwrites the metadata of the set with that id (fields left out become ''). */
  save(input: SetInput): CardSetInfo {
    const id = input.id ?? randomUUID();
    this.upsert.run({
      id,
      systemId: input.systemId,
      name: input.name,
      description: input.description,
      code: input.code ?? '',
      version: input.version ?? '',
      author: input.author ?? '',
      license: input.license ?? '',
      now: nowIso(),
    });
    return this.require(id);
  }

  /** Changes the fields the patch holds; false when there is no such set. */
  update(id: string, patch: SetPatch): boolean {
    const values = Object.fromEntries(META_COLUMNS.map((column) => [column, patch[column] ?? null]));
    return (
      this.patchOne.run({ ...values, id, now: nowIso() } as Record<(typeof META_COLUMNS)[number] | 'id' | 'now', string | null>)
        .changes > 0
    );
  }

  /** Marks the set as changed, e.g. after one of its cards was edited. */
  touch(id: string): void {
    this.touchOne.run(nowIso(), id);
  }

  private require(id: string): CardSetInfo {
    const saved = this.get(id);
    if (!saved) throw new Error(`Set "${id}" vanished right after it was saved`);
    return saved;
  }
}
