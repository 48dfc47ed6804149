// Saved searches (migration 7): a named query with its sort, for one game or for every game
// (systemId null). A name is unique within its scope, whatever its case, so saving under a name
// the scope already has replaces that search (same id). The service checks the input; this moves rows.

import { randomUUID } from 'node:crypto';
import { SEARCH_SORTS, type SearchSort } from '../../card-schema/search/query';
import { nowIso, type SqliteDatabase } from './sqlite';

export interface SavedSearchRow {
  id: string;
  name: string;
  query: string;
  /** The game it searches; null: every game. */
  systemId: string | null;
  sort: SearchSort;
  descending: boolean;
  createdAt: string;
}

export type SavedSearchInput = Omit<SavedSearchRow, 'id' | 'createdAt'>;

interface Row {
  id: string;
  name: string;
  query: string;
  system_id: string | null;
  sort: string;
  descending: number;
  created_at: string;
}

const isSearchSort = (sort: string): sort is SearchSort => (SEARCH_SORTS as readonly string[]).includes(sort);

const toSavedSearch = (row: Row): SavedSearchRow => ({
  id: row.id,
  name: row.name,
  query: row.query,
  systemId: row.system_id,
  // A database written by a release with another order: relevance is every list's default.
  sort: isSearchSort(row.sort) ? row.sort : 'relevance',
  descending: row.descending === 1,
  createdAt: row.created_at,
});

export class SavedSearchesRepo {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    const columns = 'id, name, query, system_id, sort, descending, created_at';
    // The scope's expression matches the unique index, so these lookups use it.
    const inScope = "ifnull(system_id, '') = ifnull(@systemId, '') AND name = @name COLLATE NOCASE";
    this.statements = {
      all: db.prepare<[], Row>(`SELECT ${columns} FROM saved_searches ORDER BY name COLLATE NOCASE, system_id`),
      forGame: db.prepare<[string], Row>(
        `SELECT ${columns} FROM saved_searches WHERE system_id = ? OR system_id IS NULL ORDER BY name COLLATE NOCASE, system_id`,
      ),
      get: db.prepare<[string], Row>(`SELECT ${columns} FROM saved_searches WHERE id = ?`),
      findInScope: db.prepare<{ systemId: string | null; name: string }, { id: string }>(
        `SELECT id FROM saved_searches WHERE ${inScope}`,
      ),
      insert: db.prepare<Omit<Row, 'created_at'> & { now: string }>(
        `INSERT INTO saved_searches (id, name, query, system_id, sort, descending, created_at)
         VALUES (@id, @name, @query, @system_id, @sort, @descending, @now)`,
      ),
      replace: db.prepare<Omit<Row, 'system_id' | 'created_at'> & { now: string }>(
        `UPDATE saved_searches SET name = @name, query = @query, sort = @sort, descending = @descending, created_at = @now
         WHERE id = @id`,
      ),
      count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM saved_searches'),
      remove: db.prepare<[string]>('DELETE FROM saved_searches WHERE id = ?'),
    };
  }

  /** Every saved search, or those of one game plus the every-game ones; by name. */
  list(systemId?: string): SavedSearchRow[] {
    const rows = systemId === undefined ? this.statements.all.all() : this.statements.forGame.all(systemId);
    return rows.map(toSavedSearch);
  }

  get(id: string): SavedSearchRow | undefined {
    const row = this.statements.get.get(id);
    return row && toSavedSearch(row);
  }

  /** The search saved under this name in this scope (any case), if any. */
  findInScope(systemId: string | null, name: string): SavedSearchRow | undefined {
    const found = this.statements.findInScope.get({ systemId, name });
    return found && this.get(found.id);
  }

  count(): number {
    return this.statements.count.get()!.n;
  }

  /** Saves the search, replacing the one of the same name in its scope (which keeps its id, takes the new name's case). */
  save(search: SavedSearchInput): SavedSearchRow {
    return this.db.transaction(() => {
      const fields = {
        name: search.name,
        query: search.query,
        sort: search.sort,
        descending: search.descending ? 1 : 0,
        now: nowIso(),
      };
      const existing = this.statements.findInScope.get({ systemId: search.systemId, name: search.name });
      const id = existing?.id ?? randomUUID();
      if (existing) this.statements.replace.run({ id, ...fields });
      else this.statements.insert.run({ id, system_id: search.systemId, ...fields });
      return this.get(id)!;
    })();
  }

  delete(id: string): boolean {
    return this.statements.remove.run(id).changes > 0;
  }
}
