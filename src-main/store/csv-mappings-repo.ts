// The CSV column mapping last used for each game (migration 10), as JSON. Built on demand from
// the connection (csv-import.ts), so the Store's list of repositories stays as it is.

import { nowIso, type SqliteDatabase } from './sqlite';

export class CsvMappingsRepo {
  constructor(private readonly db: SqliteDatabase) {}

  /** The stored JSON text, or undefined. */
  get(systemId: string): string | undefined {
    return this.db.prepare<[string], { mapping: string }>('SELECT mapping FROM csv_mappings WHERE system_id = ?').get(systemId)
      ?.mapping;
  }

  save(systemId: string, mappingJson: string): void {
    this.db
      .prepare<[string, string, string]>(
        `INSERT INTO csv_mappings (system_id, mapping, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (system_id) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at`,
      )
      .run(systemId, mappingJson, nowIso());
  }
}
