// Backup file names and rotation, pure: a backup's name carries its UTC time and its reason, so
// the folder itself is the catalogue and the rotation needs nothing but the list of names.

import type { BackupReason } from '../api/contract';

const BACKUP_REASONS: readonly BackupReason[] = ['daily', 'manual', 'pre-migration', 'pre-removal', 'pre-restore'];

export interface BackupName {
  /** The file name, also the backup's id in the API. */
  id: string;
  createdAt: Date;
  reason: BackupReason;
}

const DAILY_KEPT = 7;
const WEEKLY_KEPT = 4;
/** Per reason other than 'daily': the newest few before a risky step (or asked for). */
const EVENT_KEPT = 5;

const NAME = /^cardwright-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z-([a-z-]+?)(?:-(\d+))?\.sqlite$/;

/** `cardwright-2026-11-23T12-00-00Z-daily.sqlite`; `attempt` > 0 adds "-2", "-3"… on a clash. */
export function backupFileName(createdAt: Date, reason: BackupReason, attempt = 0): string {
  const stamp = createdAt.toISOString().slice(0, 19).replace(/:/g, '-');
  return `cardwright-${stamp}Z-${reason}${attempt > 0 ? `-${attempt + 1}` : ''}.sqlite`;
}

/** The time and reason in a backup's file name; undefined for any other file. */
export function parseBackupFileName(id: string): BackupName | undefined {
  const match = NAME.exec(id);
  if (!match) return undefined;
  const [, day, hours, minutes, seconds, reason] = match;
  if (!(BACKUP_REASONS as readonly string[]).includes(reason)) return undefined;
  const createdAt = new Date(`${day}T${hours}:${minutes}:${seconds}Z`);
  if (Number.isNaN(createdAt.getTime())) return undefined;
  return { id, createdAt, reason: reason as BackupReason };
}

/** "2026-W48": the ISO-8601 week (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): string {
  // The week belongs to the year of its Thursday, and counts from that year's first Thursday.
  const thursday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() - ((thursday.getUTCDay() + 6) % 7) + 3);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The newest backup of each of the `count` newest periods (as `periodOf` names them). */
function newestPerPeriod(newestFirst: readonly BackupName[], periodOf: (date: Date) => string, count: number): BackupName[] {
  const seen = new Set<string>();
  const kept: BackupName[] = [];
  for (const backup of newestFirst) {
    const period = periodOf(backup.createdAt);
    if (seen.has(period)) continue;
    if (seen.size === count) break;
    seen.add(period);
    kept.push(backup);
  }
  return kept;
}

/**
 * Which backups to keep: the newest of each of the last 7 days and of the last 4 ISO weeks that
 * have backups (any reason counts: each is a whole library), the newest 5 of every other reason,
 * and anything dated after `now` (the clock went back; we cannot place it, so we keep it).
 * Counting days that have backups, not calendar days, keeps a month-old library's backups when
 * the app was not opened for a month.
 */
export function backupsToKeep(list: readonly BackupName[], now: Date): Set<string> {
  const newestFirst = [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const keep = new Set<string>();
  for (const backup of newestFirst) if (backup.createdAt.getTime() > now.getTime()) keep.add(backup.id);
  const past = newestFirst.filter((backup) => !keep.has(backup.id));
  for (const backup of newestPerPeriod(past, (date) => date.toISOString().slice(0, 10), DAILY_KEPT)) keep.add(backup.id);
  for (const backup of newestPerPeriod(past, isoWeek, WEEKLY_KEPT)) keep.add(backup.id);
  for (const reason of BACKUP_REASONS) {
    if (reason === 'daily') continue;
    for (const backup of past.filter((candidate) => candidate.reason === reason).slice(0, EVENT_KEPT)) keep.add(backup.id);
  }
  return keep;
}
