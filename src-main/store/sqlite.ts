// What every repository shares: the connection's type and the timestamp text rows store. A
// module of its own so database.ts (which opens the file and backs it up before a migration,
// snapshots.ts) and the repositories need not import one another.

import type Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

/** Timestamps are stored as ISO-8601 UTC text, which sorts chronologically. */
export function nowIso(): string {
  return new Date().toISOString();
}
