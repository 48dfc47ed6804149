// Game install/removal survive a stop at any instant: a removal journal left behind is finished
// at the next start, temporary folders are swept, and sets of a game whose folder is gone are
// listed as a problem that can be resolved by deleting them.

import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { deleteGameData, writeRemovalJournal } from '../../src-main/services/system-folder-journal';
import { openStore } from '../../src-main/store/store';
import { apiCaller, failure } from './api-call';

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function open(dataDir: string): Cardwright {
  const app = openCardwright({
    dataDir,
    systemsDir: join(ROOT, 'card-schema/systems'),
    samplesDir: join(ROOT, 'resources/samples'),
    fontsDir: join(ROOT, 'resources/fonts'),
  });
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

describe('a game removal stopped half way', () => {
  it('is finished at the next start when the app stopped before the database changed', async () => {
    const dataDir = await withInstalledGame();
    const userSystems = join(dataDir, 'systems');
    writeRemovalJournal(userSystems, { systemId: 'lantern-watch', folder: 'lantern-watch' });
    const app = open(dataDir);
    expect(await state(app)).toEqual({ installed: false, sets: 0, problems: [] });
    expect(readdirSync(userSystems)).toEqual([]);
  });

  it('is finished at the next start when the app stopped after the database changed', async () => {
    const dataDir = await withInstalledGame();
    const userSystems = join(dataDir, 'systems');
    writeRemovalJournal(userSystems, { systemId: 'lantern-watch', folder: 'lantern-watch' });
    const store = openStore(dataDir);
    deleteGameData(store, 'lantern-watch');
    store.close();
    const app = open(dataDir);
    expect(await state(app)).toEqual({ installed: false, sets: 0, problems: [] });
    expect(existsSync(join(userSystems, 'lantern-watch'))).toBe(false);
  });

  it('leaves nothing behind when it completes', async () => {
    const dataDir = await withInstalledGame();
    const app = open(dataDir);
    expect(await apiCaller(app)('removeSystem', { systemId: 'lantern-watch' })).toMatchObject({ sets: 1 });
    expect(readdirSync(join(dataDir, 'systems'))).toEqual([]);
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
    expect(await call('removeSystem', { systemId: 'lantern-watch' })).toEqual({ sets: 1, cards: 18, decks: 0 });
    expect(await state(app)).toEqual({ installed: false, sets: 0, problems: [] });
    expect((await failure(call('removeSystem', { systemId: 'lantern-watch' }))).code).toBe('NOT_FOUND');
  });
});
