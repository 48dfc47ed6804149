// Games edited outside the app (services/game-folder-sync.ts, the syncGameFolders call): a
// changed file reloads its game, a broken one keeps the last good version and says why until it is
// fixed, a deleted folder uninstalls its game, a folder that did not load at start-up installs
// once fixed, and what the app installs itself is not reported as a change.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { isAppWording } from '../../src-renderer/src/lib/user-message';
import { apiCaller, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const POKER = { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 };
const NOTHING = { reloaded: [], failed: [], removed: [] };

describe('game folders edited outside the app', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-folder-sync-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });

  afterEach(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const systemFile = (id: string) => join(dataDir, 'systems', id, 'system.json');
  const editSystem = (id: string, change: (system: Record<string, unknown>) => void) => {
    const system = JSON.parse(readFileSync(systemFile(id), 'utf8')) as Record<string, unknown>;
    change(system);
    writeFileSync(systemFile(id), JSON.stringify(system, null, 2));
  };

  it('reloads an edited game once, keeps the last good version of a broken one until it is fixed, and uninstalls a deleted one', async () => {
    await call('createGame', { from: { starter: 'starter-blank' }, id: 'mine', name: 'Mine', card: POKER });
    expect(await call('syncGameFolders', {})).toEqual(NOTHING); // the app's own install is no change

    editSystem('mine', (system) => (system.name = 'Mine, renamed'));
    expect(await call('syncGameFolders', {})).toEqual({ ...NOTHING, reloaded: ['Mine, renamed'] });
    expect((await call('getSystem', { systemId: 'mine' })).name).toBe('Mine, renamed');
    expect(await call('syncGameFolders', {})).toEqual(NOTHING);

    const good = readFileSync(systemFile('mine'), 'utf8');
    writeFileSync(systemFile('mine'), good.replace('"name"', '"name" "oops"'));
    const broken = await call('syncGameFolders', {});
    expect(broken.reloaded).toEqual([]);
    expect(broken.failed).toHaveLength(1);
    expect(broken.failed[0]).toMatch(/^mine\/system\.json: .*; Mine, renamed stays as it last loaded$/);
    // In the app's words (the renderer would hide a parser's text behind a generic sentence).
    expect(isAppWording(broken.failed[0]), broken.failed[0]).toBe(true);
    expect((await call('getSystem', { systemId: 'mine' })).name).toBe('Mine, renamed');
    expect((await call('listSystemProblems', {})).map((problem) => problem.file)).toContain('mine/system.json');
    expect(await call('syncGameFolders', {})).toEqual(NOTHING); // said once

    writeFileSync(systemFile('mine'), good.replace('Mine, renamed', 'Mine again'));
    expect(await call('syncGameFolders', {})).toEqual({ ...NOTHING, reloaded: ['Mine again'] });
    expect((await call('listSystemProblems', {})).map((problem) => problem.file)).not.toContain('mine/system.json');

    rmSync(join(dataDir, 'systems', 'mine'), { recursive: true });
    expect(await call('syncGameFolders', {})).toEqual({ ...NOTHING, removed: ['Mine again'] });
    expect((await call('listSystems', {})).map((game) => game.id)).not.toContain('mine');
  });

  it('installs a folder that did not load at start-up once its files are fixed', async () => {
    await app.close();
    cpSync(join(ROOT, 'docs/tutorial/lantern-watch'), join(dataDir, 'systems', 'lantern-watch'), { recursive: true });
    editSystem('lantern-watch', (system) => (system.cardTypes = 'none'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
    const problems = await call('listSystemProblems', {});
    expect(problems.filter((problem) => problem.file.startsWith('lantern-watch/'))).toHaveLength(1);
    expect(await call('syncGameFolders', {})).toEqual(NOTHING); // nothing changed since start-up

    cpSync(join(ROOT, 'docs/tutorial/lantern-watch/system.json'), systemFile('lantern-watch'));
    expect(await call('syncGameFolders', {})).toEqual({ ...NOTHING, reloaded: ['Lantern Watch'] });
    expect((await call('listSystems', {})).map((game) => game.id)).toContain('lantern-watch');
    expect((await call('listSystemProblems', {})).filter((problem) => problem.file.startsWith('lantern-watch/'))).toEqual([]);
  });

  it('a trashed game and a restored one are the app’s own changes, not edits', async () => {
    await call('createGame', { from: { starter: 'starter-suits' }, id: 'suits', name: 'Suits', card: POKER });
    const removed = await call('removeSystem', { systemId: 'suits' });
    expect(await call('syncGameFolders', {})).toEqual(NOTHING);
    await call('restoreFromTrash', { id: removed.trashId });
    expect(await call('syncGameFolders', {})).toEqual(NOTHING);
    expect((await call('listSystems', {})).map((game) => game.id)).toContain('suits');
  });
});
