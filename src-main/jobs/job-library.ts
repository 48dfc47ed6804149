// A job's own view of the data: its own SQLite connection (WAL lets it read and write beside
// the main thread's), its own copy of the installed game systems, and the image library.

import { openStore } from '../store/store';
import type { Library } from '../services/card-library';
import { loadInstalledSystems } from '../services/game-systems';
import { SystemRegistry } from '../services/system-registry';
import { ImageLibrary } from '../images/image-library';
import type { JobPaths } from './run-job';

export function openJobLibrary(paths: JobPaths): Library {
  const { installed } = loadInstalledSystems(paths.systemsDir, paths.userSystemsDir);
  const store = openStore(paths.dataDir);
  return { store, systems: new SystemRegistry(installed), images: new ImageLibrary(store, paths.dataDir) };
}
