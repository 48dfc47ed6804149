// Games in the user's games folder follow their files without a restart: a designer edits a
// game's JSON in a text editor, and the next look (the app asks every few seconds while it is in
// front, and when it comes back to the front) reloads that game. A game whose edited files no
// longer load keeps its last good version and says why; a folder that did not load is installed
// once its files are fixed; a folder deleted by hand uninstalls its game (its sets and decks then
// show as those of a game that is not installed). Each folder is fingerprinted by its files'
// paths, sizes and modification times, so a look reads no file that did not change. What the
// app installs itself (New game, import, restore) is taken as seen when it is installed.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { GameFolderChanges, SystemProblem } from '../api/contract';
import { GameSystemLoadError, loadGameSystem } from './game-systems';
import type { Library } from './library';

/** Install leftovers and journals (system-folder-journal.ts) are not games. */
const NOT_A_GAME = /^\./;

function fingerprint(dir: string): string {
  const parts: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { size, mtimeMs } = statSync(path);
    parts.push(`${relative(dir, path).split(sep).join('/')}:${size}:${mtimeMs}`);
  }
  return parts.sort().join('\n');
}

export class GameFolderSync {
  /** Each folder's fingerprint when last looked at. */
  private readonly seen = new Map<string, string>();
  /** Folders whose files do not load now, by folder name. */
  private readonly broken = new Map<string, GameSystemLoadError>();
  private syncing = false;

  /** `startupErrors`: what the loader refused at start-up (a user folder's stands until its files change). */
  constructor(
    private readonly lib: Library,
    private readonly userSystemsDir: string,
    startupErrors: readonly GameSystemLoadError[],
  ) {
    for (const folder of this.folders()) {
      this.seen.set(folder, fingerprint(join(userSystemsDir, folder)));
      const error = startupErrors.find((candidate) => candidate.file.startsWith(`${folder}/`));
      if (error) this.broken.set(folder, error);
    }
    lib.systems.onInstall((system) => {
      const entry = lib.systems.installed(system.id);
      if (this.syncing || !entry || entry.builtIn || relative(userSystemsDir, entry.dir).includes(sep)) return;
      const folder = relative(userSystemsDir, entry.dir);
      this.seen.set(folder, fingerprint(entry.dir));
      this.broken.delete(folder);
    });
  }

  private folders(): string[] {
    if (!existsSync(this.userSystemsDir)) return [];
    return readdirSync(this.userSystemsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_A_GAME.test(entry.name))
      .map((entry) => entry.name);
  }

  /** The user folders that do not load now, as the Games view lists them. */
  problems(): SystemProblem[] {
    return [...this.broken.values()].map(({ file, jsonPath, reason }) => ({ file, jsonPath, reason }));
  }

  /** Whether a start-up error is about a user folder this sync answers for now. */
  owns(error: GameSystemLoadError): boolean {
    return this.seen.has(error.file.split('/')[0]);
  }

  /** Looks at every user folder once; reloads, installs or uninstalls what changed. */
  sync(): GameFolderChanges {
    this.syncing = true;
    try {
      return this.look();
    } finally {
      this.syncing = false;
    }
  }

  private installedAt(dir: string) {
    return this.lib.systems.entries().find((entry) => !entry.builtIn && entry.dir === dir);
  }

  private look(): GameFolderChanges {
    const changes: GameFolderChanges = { reloaded: [], failed: [], removed: [] };
    const folders = this.folders();
    for (const folder of folders) {
      const dir = join(this.userSystemsDir, folder);
      const installed = this.installedAt(dir);
      // Only games and folders that did not load: a folder appearing now is an install the app
      // is making (an import writes its folder before its sets), not an edit.
      if (!installed && !this.broken.has(folder)) continue;
      const print = fingerprint(dir);
      if (this.seen.get(folder) === print) continue;
      this.seen.set(folder, print);
      try {
        const system = loadGameSystem(dir);
        const clash = this.lib.systems.installed(system.id);
        if (clash && clash.dir !== dir) {
          throw new GameSystemLoadError(
            `${folder}/system.json`,
            '/id',
            `"${system.id}" is the id of ${clash.system.name} already`,
          );
        }
        if (installed && installed.system.id !== system.id) this.lib.systems.uninstall(installed.system.id);
        this.lib.systems.install({ system, dir, builtIn: false });
        this.broken.delete(folder);
        changes.reloaded.push(system.name);
      } catch (error) {
        if (!(error instanceof GameSystemLoadError)) throw error;
        this.broken.set(folder, error);
        const kept = installed ? `; ${installed.system.name} stays as it last loaded` : '';
        changes.failed.push(`${error.message}${kept}`);
      }
    }
    for (const folder of [...this.seen.keys()]) {
      if (folders.includes(folder)) continue;
      this.seen.delete(folder);
      this.broken.delete(folder);
      const installed = this.installedAt(join(this.userSystemsDir, folder));
      if (installed) {
        this.lib.systems.uninstall(installed.system.id);
        changes.removed.push(installed.system.name);
      }
    }
    return changes;
  }
}
