// Backups for the API: list, back up now, restore; the start-up backup when the newest one is
// more than a day old; the backup before a game is removed. Files and rotation live in
// src-main/store/snapshots.ts.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { BackupInfo } from '../api/contract';
import { ApiError } from '../api/api-error';
import { databaseFile } from '../store/database';
import type { SqliteDatabase } from '../store/sqlite';
import { LATEST_SCHEMA_VERSION, migrate } from '../store/migrations';
import { parseBackupFileName } from '../store/backup-rotation';
import { backupsDir, listBackupFiles, writeSnapshot, type BackupFile } from '../store/snapshots';
import type { Library } from './library';
import { invalidFile } from './file-format';

const DAY_MS = 24 * 60 * 60 * 1000;

function toInfo(file: BackupFile): BackupInfo {
  return { id: file.id, createdAt: file.createdAt.toISOString(), reason: file.reason, bytes: file.bytes };
}

export function listBackups(dataDir: string): BackupInfo[] {
  return listBackupFiles(backupsDir(dataDir)).map(toInfo);
}

export function backupNow(lib: Library, dataDir: string): BackupInfo {
  return toInfo(writeSnapshot(lib.store.db, backupsDir(dataDir), 'manual'));
}

/** Snapshot before removing a game: its sets, cards and decks go with it. */
export function backupBeforeRemoval(lib: Library, dataDir: string): void {
  writeSnapshot(lib.store.db, backupsDir(dataDir), 'pre-removal');
}

/** The daily backup, taken when the newest backup (of any kind) is more than a day old. */
export function backupIfStale(db: SqliteDatabase, dataDir: string, now = new Date()): BackupInfo | undefined {
  const newest = listBackupFiles(backupsDir(dataDir))[0];
  if (newest && now.getTime() - newest.createdAt.getTime() < DAY_MS) return undefined;
  return toInfo(writeSnapshot(db, backupsDir(dataDir), 'daily', now));
}

/**
 * Starts the daily backup `delayMs` after start-up, so the window and the library show first;
 * `start` runs it on a reader thread (VACUUM INTO works on a read-only connection), because a big
 * library's snapshot takes seconds that the main thread must not spend, and a worker of its own
 * would leave tens of megabytes behind in the process once it ends. Returns the cancel.
 */
export function scheduleStartupBackup(start: () => void, delayMs: number): () => void {
  const timer = setTimeout(start, delayMs);
  timer.unref?.();
  return () => clearTimeout(timer);
}

/** Throws INVALID_FILE unless `file` is an intact Cardwright database this app can open. */
function assertRestorable(id: string, file: string): void {
  let snapshot: Database.Database | undefined;
  try {
    snapshot = new Database(file, { readonly: true, fileMustExist: true });
    const check = snapshot.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw invalidFile(id, `the backup is damaged (${String(check)}); choose another backup`);
    const version = snapshot.pragma('user_version', { simple: true }) as number;
    if (version > LATEST_SCHEMA_VERSION)
      throw invalidFile(id, `the backup was made by a newer Cardwright (schema ${version}); update Cardwright to restore it`);
    if (version < 1) throw invalidFile(id, 'the file holds no Cardwright library');
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw invalidFile(id, `the backup cannot be read as a Cardwright library (${reason}); choose another backup`);
  } finally {
    snapshot?.close();
  }
}

/**
 * Replaces the live library with a backup: validates it, backs up the current library first,
 * then copies the snapshot into the live file with SQLite's online backup API, which writes
 * through the database's own locks and WAL, so the open connection simply sees the restored
 * content (prepared statements re-prepare on the schema change) and no restart is needed.
 * An older snapshot is then migrated like any older database.
 */
export async function restoreBackup(lib: Library, dataDir: string, id: string): Promise<void> {
  if (!parseBackupFileName(id)) throw new ApiError(`There is no backup "${id}"`, 'NOT_FOUND');
  const file = join(backupsDir(dataDir), id);
  if (!listBackupFiles(backupsDir(dataDir)).some((backup) => backup.id === id))
    throw new ApiError(`There is no backup "${id}"; it may have been rotated away`, 'NOT_FOUND');
  assertRestorable(id, file);
  // Not pruned now: the rotation could drop the very backup being restored. The next one prunes.
  writeSnapshot(lib.store.db, backupsDir(dataDir), 'pre-restore', new Date(), false);
  const snapshot = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // After the first step, copy the rest in one: the app's own calls never see a half-done restore.
    await snapshot.backup(databaseFile(dataDir), { progress: () => 0x7fffffff });
  } finally {
    snapshot.close();
  }
  migrate(lib.store.db);
}
