// A job's own view of the data: its own SQLite connection (WAL lets it read and write beside
// the main thread's) and its own copy of the installed game systems.

import { openStore } from '../store/store';
import type { Library } from '../services/card-library';
import { loadInstalledSystems } from '../services/game-systems';
import { SystemRegistry } from '../services/system-registry';
import type { JobPaths } from './run-job';

export function openJobLibrary(paths: JobPaths): Library {
  const { installed } = loadInstalledSystems(paths.systemsDir, paths.userSystemsDir);
  return { store: openStore(paths.dataDir), systems: new SystemRegistry(installed) };
}
