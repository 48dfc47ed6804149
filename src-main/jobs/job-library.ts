// A job's own view of the data: its own SQLite connection (WAL lets it read and write beside
// the main thread's), its own registry of the installed game systems (copied with the request),
// and the image library.

import { openStore } from '../store/store';
import type { Library } from '../services/card-library';
import { SystemRegistry } from '../services/system-registry';
import { ImageLibrary } from '../images/image-library';
import type { JobRequest } from './run-job';
import { trackPoolGames } from '../services/deck-pool';

export function openJobLibrary({ paths, systems }: JobRequest): Library {
  const store = openStore(paths.dataDir);
  const registry = new SystemRegistry(systems);
  // A game this job installs gets its pool fields before its sets' cards are written.
  trackPoolGames(store.db, registry);
  return { store, systems: registry, images: new ImageLibrary(store, paths.dataDir) };
}
