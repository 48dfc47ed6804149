// The SQLite connection: one file per data folder, WAL for readers that never block the writer,
// synchronous=FULL so a committed card survives a power cut, foreign keys enforced, and a busy
// timeout instead of instant SQLITE_BUSY when another Cardwright holds the write lock.

import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { assertSchemaNotNewer, migrate, migrations, schemaVersion, type Migration } from './migrations';
import { backupsDir, writeSnapshot } from './snapshots';
import type { SqliteDatabase } from './sqlite';

export const DATABASE_FILE_NAME = 'cardwright.sqlite';
const BUSY_TIMEOUT_MS = 5_000;

export function databaseFile(dataDir: string): string {
  return join(dataDir, DATABASE_FILE_NAME);
}

/** Opens (creating folder and file as needed) `<dataDir>/cardwright.sqlite`, migrated. */
export function openDatabase(dataDir: string, list: readonly Migration[] = migrations): SqliteDatabase {
  mkdirSync(dataDir, { recursive: true });
  return openDatabaseFile(databaseFile(dataDir), list, { backupsDir: backupsDir(dataDir) });
}

export interface OpenOptions {
  /** Where to snapshot a database from an earlier release before migrating it; none when absent. */
  backupsDir?: string;
}

/** Opens any database file (or ':memory:'), configured and migrated. */
export function openDatabaseFile(
  file: string,
  list: readonly Migration[] = migrations,
  options: OpenOptions = {},
): SqliteDatabase {
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Before anything writes: switching to WAL would already modify a newer app's file.
    assertSchemaNotNewer(db, list);
    // A way back before the migration changes the file (version 0 is a new, empty database).
    const found = schemaVersion(db);
    const latest = list.length ? list[list.length - 1].version : 0;
    if (options.backupsDir && found > 0 && found < latest) writeSnapshot(db, options.backupsDir, 'pre-migration');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db, list);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
