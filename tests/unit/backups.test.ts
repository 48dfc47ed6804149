// Backups: the rotation (pure), snapshots through the API, restore round trip, refusing a
// damaged backup, and the start-up backup only when the newest one is more than a day old.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiCaller, failure } from './api-call';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import type { BackupReason } from '../../src-main/api/contract';
import {
  backupFileName,
  backupsToKeep,
  isoWeek,
  parseBackupFileName,
  type BackupName,
} from '../../src-main/store/backup-rotation';
import { backupIfStale } from '../../src-main/services/backups';
import { openStore } from '../../src-main/store/store';

const root = resolve(import.meta.dirname, '../..');
const dirs = {
  systemsDir: join(root, 'card-schema', 'systems'),
  samplesDir: join(root, 'resources', 'samples'),
  fontsDir: join(root, 'resources', 'fonts'),
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-backups-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function open(dataDir: string): Cardwright {
  const app = openCardwright({ dataDir, ...dirs });
  cleanups.push(() => app.close());
  return app;
}

const at = (iso: string, reason: BackupReason = 'daily'): BackupName => {
  const createdAt = new Date(iso);
  return { id: backupFileName(createdAt, reason), createdAt, reason };
};

describe('backup file names', () => {
  it('carry the UTC time and the reason, and read back', () => {
    const name = backupFileName(new Date('2026-11-23T12:00:00.456Z'), 'daily');
    expect(name).toBe('cardwright-2026-11-23T12-00-00Z-daily.sqlite');
    expect(parseBackupFileName(name)).toEqual({ id: name, createdAt: new Date('2026-11-23T12:00:00Z'), reason: 'daily' });
    const clash = backupFileName(new Date('2026-11-23T12:00:00Z'), 'pre-removal', 1);
    expect(clash).toBe('cardwright-2026-11-23T12-00-00Z-pre-removal-2.sqlite');
    expect(parseBackupFileName(clash)?.reason).toBe('pre-removal');
    expect(parseBackupFileName('cardwright.sqlite')).toBeUndefined();
    expect(parseBackupFileName('cardwright-2026-11-23T12-00-00Z-whatever.sqlite')).toBeUndefined();
    expect(parseBackupFileName('../cardwright-2026-11-23T12-00-00Z-daily.sqlite')).toBeUndefined();
  });

  it('knows ISO weeks across year ends', () => {
    expect(isoWeek(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
    expect(isoWeek(new Date('2026-01-04T23:59:59Z'))).toBe('2026-W01');
  });
});

describe('backupsToKeep', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('keeps the newest of each of the last 7 days and of the last 4 ISO weeks', () => {
    // Two a day for 60 days back.
    const list: BackupName[] = [];
    for (let day = 0; day < 60; day++) {
      for (const hour of [8, 20]) {
        list.push(at(new Date(Date.UTC(2026, 10, 23 - day, hour)).toISOString()));
      }
    }
    const kept = [...backupsToKeep(list, now)].map((id) => parseBackupFileName(id)!.createdAt.toISOString()).sort();
    // The 23rd's 20:00 is in the future; the 23rd's 08:00 is today's newest past one.
    expect(kept).toEqual(
      [
        '2026-11-08T20:00:00.000Z', // Sunday, W45
        '2026-11-15T20:00:00.000Z', // Sunday, W46
        '2026-11-17T20:00:00.000Z',
        '2026-11-18T20:00:00.000Z',
        '2026-11-19T20:00:00.000Z',
        '2026-11-20T20:00:00.000Z',
        '2026-11-21T20:00:00.000Z',
        '2026-11-22T20:00:00.000Z', // Sunday, W47
        '2026-11-23T08:00:00.000Z', // W48
        '2026-11-23T20:00:00.000Z',
      ].sort(),
    );
  });

  it('counts days that have backups, so a long break loses nothing recent', () => {
    const list = [at('2026-01-01T10:00:00Z'), at('2026-01-02T10:00:00Z'), at('2026-01-02T09:00:00Z')];
    expect(backupsToKeep(list, now)).toEqual(new Set([list[0].id, list[1].id]));
  });

  it('keeps the newest 5 of each event reason besides', () => {
    const reasons: BackupReason[] = ['manual', 'pre-migration', 'pre-removal', 'pre-restore'];
    const list: BackupName[] = [];
    for (const reason of reasons) {
      for (let minute = 0; minute < 8; minute++) list.push(at(`2026-11-23T10:${String(minute).padStart(2, '0')}:00Z`, reason));
    }
    const kept = backupsToKeep(list, now);
    for (const reason of reasons) {
      const ofReason = list.filter((backup) => backup.reason === reason && kept.has(backup.id));
      expect(ofReason.map((backup) => backup.createdAt.getUTCMinutes()).sort()).toEqual([3, 4, 5, 6, 7]);
    }
  });

  it('keeps nothing of an empty list, and everything of a short one', () => {
    expect(backupsToKeep([], now).size).toBe(0);
    const list = [at('2026-11-20T10:00:00Z'), at('2026-11-21T10:00:00Z', 'manual')];
    expect(backupsToKeep(list, now).size).toBe(2);
  });
});

describe('backups through the API', () => {
  it('backs up, and a restore brings back a card deleted since', async () => {
    const dataDir = tmpDir();
    const call = apiCaller(open(dataDir));
    const set = await call('createSet', { systemId: 'osmcg', name: 'Keepers' });
    const doc = { type: 'creature', name: 'Lost Drake', colors: ['red'], cost: 2, atk: 2, hp: 3, spd: 4, ap: 2 };
    const saved = await call('saveCard', { setId: set.id, doc });
    if (!saved.ok) throw new Error('card not saved');
    const backup = await call('backupNow', {});
    expect(backup).toMatchObject({ reason: 'manual', id: expect.stringMatching(/^cardwright-.*-manual\.sqlite$/) });
    expect(backup.bytes).toBeGreaterThan(0);
    expect(await call('listBackups', {})).toEqual([backup]);

    await call('deleteCard', { id: saved.card.id });
    expect(await call('getCards', { ids: [saved.card.id] })).toEqual([]);

    await call('restoreBackup', { id: backup.id });
    expect((await call('getCards', { ids: [saved.card.id] }))[0]?.doc.name).toBe('Lost Drake');
    expect((await call('searchCards', { query: 'Lost Drake' })).total).toBe(1);
    // The library as it was before the restore was backed up first.
    expect((await call('listBackups', {})).map((item) => item.reason).sort()).toEqual(['manual', 'pre-restore']);
    // And the app keeps working on the restored library.
    expect((await call('saveCard', { setId: set.id, doc: { ...doc, name: 'After Restore' } })).ok).toBe(true);
  });

  it('refuses a damaged file or an unknown id, and changes nothing', async () => {
    const dataDir = tmpDir();
    const call = apiCaller(open(dataDir));
    const sets = await call('listSets', {});
    await call('backupNow', {});
    const bogus = 'cardwright-2026-01-01T00-00-00Z-manual.sqlite';
    writeFileSync(join(dataDir, 'backups', bogus), 'this is not a database, just text '.repeat(200));
    const error = await failure(call('restoreBackup', { id: bogus }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toMatch(/^cardwright-2026-01-01T00-00-00Z-manual\.sqlite: the backup cannot be read/);
    expect((await failure(call('restoreBackup', { id: 'cardwright.sqlite' }))).code).toBe('NOT_FOUND');
    expect((await failure(call('restoreBackup', { id: 'cardwright-2020-01-01T00-00-00Z-daily.sqlite' }))).code).toBe('NOT_FOUND');
    expect(await call('listSets', {})).toEqual(sets);
    expect(readdirSync(join(dataDir, 'backups')).filter((name) => name.includes('pre-restore'))).toEqual([]);
  });

  it('refuses to restore while a job runs', async () => {
    const app = open(tmpDir());
    const call = apiCaller(app);
    const backup = await call('backupNow', {});
    const [set] = await call('listSets', {});
    // Straight to the handlers, in one tick: the inline test executor finishes jobs quickly.
    const job = await app.handlers.startJob({ job: { kind: 'exportSet', setId: set.id }, saveAs: false });
    expect(() => app.handlers.restoreBackup({ id: backup.id })).toThrow(/Wait for the running jobs/);
    await app.jobs.wait(job!.id);
    await call('restoreBackup', { id: backup.id });
  });

  it('takes the start-up backup after start, and only when the newest is more than a day old', async () => {
    const dataDir = tmpDir();
    const app = openCardwright({ dataDir, ...dirs, startupBackupDelayMs: 10 });
    cleanups.push(() => app.close());
    const call = apiCaller(app);
    expect(await call('listBackups', {})).toEqual([]);
    // The daily backup runs on a reader thread (here, inline), not as a job.
    await expect.poll(async () => (await call('listBackups', {})).map((backup) => backup.reason)).toEqual(['daily']);
    expect(app.jobs.list().filter((job) => job.kind !== 'cleanUpImages')).toEqual([]);

    const store = openStore(tmpDir());
    cleanups.push(() => store.close());
    const libDir = join(store.db.name, '..');
    const first = backupIfStale(store.db, libDir, new Date('2026-11-23T08:00:00Z'));
    expect(first?.reason).toBe('daily');
    expect(backupIfStale(store.db, libDir, new Date('2026-11-24T07:59:59Z'))).toBeUndefined();
    expect(backupIfStale(store.db, libDir, new Date('2026-11-24T08:00:00Z'))?.id).toBe(
      'cardwright-2026-11-24T08-00-00Z-daily.sqlite',
    );
  });
});
