// Game install, removal (to the trash) and restore survive a stop at any instant: a journal left
// behind is settled at the next start by what the database says, temporary folders are swept,
// and sets of a game whose folder is gone are listed as a problem that can be resolved.

import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { gameFolders, writeMoveJournal } from '../../src-main/services/system-folder-journal';
import { openStore } from '../../src-main/store/store';
import { apiCaller, failure } from './api-call';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function open(dataDir: string): Cardwright {
  const app = openSampleCardwright(dataDir);
  cleanups.push(() => app.close());
  return app;
}

/** A data folder with the tutorial game installed (folder + its sample set), app closed. */
async function withInstalledGame(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-journal-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = open(dataDir);
  await apiCaller(app)('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text: BUNDLE });
  await app.close();
  return dataDir;
}

async function state(app: Cardwright) {
  const call = apiCaller(app);
  return {
    installed: (await call('listSystems', {})).some((system) => system.id === 'lantern-watch'),
    sets: (await call('listSets', {})).filter((set) => set.systemId === 'lantern-watch').length,
    problems: await call('listSystemProblems', {}),
  };
}

/** The trash entries of games and the folders kept for them agree. */
function trashFolders(dataDir: string): string[] {
  const dir = join(dataDir, 'trash');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

describe('a game removal stopped half way', () => {
  it('is undone at the next start when the app stopped before the database changed', async () => {
    const dataDir = await withInstalledGame();
    const userSystems = join(dataDir, 'systems');
    writeMoveJournal(gameFolders(dataDir), { trashId: randomUUID(), systemId: 'lantern-watch', folder: 'lantern-watch' });
    const app = open(dataDir);
    expect(await state(app)).toEqual({ installed: true, sets: 1, problems: [] });
    expect(readdirSync(userSystems)).toEqual(['lantern-watch']);
    expect(trashFolders(dataDir)).toEqual([]);
  });

  it('is finished at the next start when the app stopped after the database changed', async () => {
    const dataDir = await withInstalledGame();
    const trashId = randomUUID();
    writeMoveJournal(gameFolders(dataDir), { trashId, systemId: 'lantern-watch', folder: 'lantern-watch' });
    const store = openStore(dataDir);
    store.trash.moveIn({
      id: trashId,
      kind: 'game',
      itemId: 'lantern-watch',
      systemId: 'lantern-watch',
      name: 'Lantern Watch',
      folder: 'lantern-watch',
    });
    store.close();
    const app = open(dataDir);
    expect(await state(app)).toEqual({ installed: false, sets: 0, problems: [] });
    expect(readdirSync(join(dataDir, 'systems'))).toEqual([]);
    expect(trashFolders(dataDir)).toEqual([trashId]);
    // …and it can be restored from there.
    const call = apiCaller(app);
    expect((await call('restoreFromTrash', { id: trashId })).message).toMatch(/installed again with its 1 card set \(18 cards\)/);
    expect(await state(app)).toEqual({ installed: true, sets: 1, problems: [] });
  });

  it('moves the game to the trash when it completes', async () => {
    const dataDir = await withInstalledGame();
    const app = open(dataDir);
    const removed = await apiCaller(app)('removeSystem', { systemId: 'lantern-watch' });
    expect(removed).toMatchObject({ sets: 1, cards: 18, decks: 0 });
    expect(readdirSync(join(dataDir, 'systems'))).toEqual([]);
    expect(trashFolders(dataDir)).toEqual([removed.trashId]);
  });
});

describe('a game restore stopped half way', () => {
  it('puts the folder back in the trash when the database had not changed yet', async () => {
    const dataDir = await withInstalledGame();
    let app = open(dataDir);
    const { trashId } = await apiCaller(app)('removeSystem', { systemId: 'lantern-watch' });
    await app.close();
    // The restore's first steps: journal, folder back into the games folder; then the stop.
    const move = { trashId, systemId: 'lantern-watch', folder: 'lantern-watch' };
    writeMoveJournal(gameFolders(dataDir), move);
    renameSync(join(dataDir, 'trash', trashId), join(dataDir, 'systems', 'lantern-watch'));
    app = open(dataDir);
    expect(await state(app)).toEqual({ installed: false, sets: 0, problems: [] });
    expect(trashFolders(dataDir)).toEqual([trashId]);
    expect((await apiCaller(app)('listTrash', {})).entries.map((entry) => entry.id)).toEqual([trashId]);
  });
});

describe('start-up', () => {
  it('sweeps the temporary folders of interrupted installs and removals', async () => {
    const dataDir = await withInstalledGame();
    const userSystems = join(dataDir, 'systems');
    for (const name of ['.staging-1', '.removing-2', '.replaced-3']) mkdirSync(join(userSystems, name, 'x'), { recursive: true });
    const app = open(dataDir);
    expect(readdirSync(userSystems)).toEqual(['lantern-watch']);
    expect(await state(app)).toMatchObject({ installed: true, sets: 1 });
  });

  it('lists sets of a game whose folder is gone, and deletes them on request', async () => {
    const dataDir = await withInstalledGame();
    rmSync(join(dataDir, 'systems', 'lantern-watch'), { recursive: true });
    const app = open(dataDir);
    const call = apiCaller(app);
    const { problems } = await state(app);
    expect(problems).toEqual([
      expect.objectContaining({
        orphanedSystemId: 'lantern-watch',
        reason: expect.stringMatching(/not installed, but 1 card set \(18 cards\)/),
      }),
    ]);
    expect(await call('removeSystem', { systemId: 'lantern-watch' })).toMatchObject({ sets: 1, cards: 18, decks: 0 });
    expect(await state(app)).toEqual({ installed: false, sets: 0, problems: [] });
    expect((await failure(call('removeSystem', { systemId: 'lantern-watch' }))).code).toBe('NOT_FOUND');
  });
});
