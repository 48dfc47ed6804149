// Writing, listing and pruning the backups in `<dataDir>/backups/`.
//
// Snapshots use `VACUUM INTO`: it runs inside one read transaction, so the copy is consistent
// while the app keeps working (WAL readers never block), it is synchronous, so it can run right
// before a migration or a removal with nothing in between, and it writes a compact
// self-contained file (no -wal) that can be opened or copied on its own.

import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SqliteDatabase } from './sqlite';
import type { BackupReason } from '../api/contract';
import { backupFileName, backupsToKeep, parseBackupFileName, type BackupName } from './backup-rotation';

export const BACKUPS_FOLDER = 'backups';

export interface BackupFile extends BackupName {
  bytes: number;
}

export function backupsDir(dataDir: string): string {
  return join(dataDir, BACKUPS_FOLDER);
}

/** The backups in `dir`, newest first; other files are ignored. */
export function listBackupFiles(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  const found: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    const parsed = parseBackupFileName(name);
    if (parsed) found.push({ ...parsed, bytes: statSync(join(dir, name)).size });
  }
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

/**
 * Writes a snapshot of `db` into `dir`, then (unless `prune` is false) prunes the folder;
 * returns the new backup.
 */
export function writeSnapshot(db: SqliteDatabase, dir: string, reason: BackupReason, now = new Date(), prune = true): BackupFile {
  mkdirSync(dir, { recursive: true });
  let attempt = 0;
  while (existsSync(join(dir, backupFileName(now, reason, attempt)))) attempt += 1;
  const id = backupFileName(now, reason, attempt);
  db.prepare('VACUUM INTO ?').run(join(dir, id));
  if (prune) pruneBackups(dir, now);
  return { id, createdAt: new Date(Math.floor(now.getTime() / 1000) * 1000), reason, bytes: statSync(join(dir, id)).size };
}

/** Deletes the backups the rotation no longer keeps. */
export function pruneBackups(dir: string, now = new Date()): void {
  const list = listBackupFiles(dir);
  const keep = backupsToKeep(list, now);
  for (const backup of list) if (!keep.has(backup.id)) rmSync(join(dir, backup.id), { force: true });
}
