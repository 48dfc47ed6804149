// Where the app finds its bundled data, and where the user's data goes.

import { join, resolve } from 'node:path';
import { homedir } from 'node:os';

export interface AppPaths {
  systemsDir: string;
  startersDir: string;
  samplesDir: string;
  fontsDir: string;
  rendererDir: string;
}

/** `root` is the folder holding package.json (the app path in Electron). */
export function appPaths(root: string): AppPaths {
  return {
    systemsDir: join(root, 'card-schema', 'systems'),
    startersDir: join(root, 'card-schema', 'starters'),
    samplesDir: join(root, 'resources', 'samples'),
    fontsDir: join(root, 'resources', 'fonts'),
    rendererDir: join(root, 'out', 'renderer'),
  };
}

/** `--data-dir <dir>` / `--data-dir=<dir>` wins, then CARDWRIGHT_DATA_DIR, then the fallback. */
export function dataDirFrom(argv: readonly string[], env: NodeJS.ProcessEnv, fallback: string): string {
  const flag = argValue(argv, '--data-dir');
  return resolve(flag ?? env.CARDWRIGHT_DATA_DIR ?? fallback);
}

export function argValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === name) return argv[i + 1];
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}

/** Electron's userData for an app named Cardwright, for hosts that run without Electron. */
export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Cardwright');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Cardwright');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Cardwright');
}
