// A job's own view of the data: its own SQLite connection (WAL lets it read and write beside
// the main thread's), its own registry of the installed game systems (copied with the request),
// and the image library.

import { openStore } from '../store/store';
import type { Library } from '../services/library';
import { SystemRegistry } from '../services/system-registry';
import { CachedSchemaCompiler, schemaCacheDir } from '../services/compiled-schemas';
import { createCardValidator } from '../services/card-validator';
import { ImageLibrary } from '../images/image-library';
import type { JobRequest } from './run-job';
import { trackPoolGames } from '../services/deck-pool';
import { trackSearchIndex } from '../services/search-reindex';

export function openJobLibrary({ paths, systems }: JobRequest): Library {
  const store = openStore(paths.dataDir);
  // The validators the app compiled are in the data folder's cache: the worker loads, not compiles, them.
  const schemas = new CachedSchemaCompiler(schemaCacheDir(paths.dataDir));
  const registry = new SystemRegistry(systems, (system) => createCardValidator(system, schemas));
  // A game this job installs gets its pool fields before its sets' cards are written.
  trackPoolGames(store.db, registry);
  // A game this job installs again has its cards' search text rebuilt here, off the app's thread.
  trackSearchIndex(store.db, registry);
  const lib: Library = { store, systems: registry, images: new ImageLibrary(store, paths.dataDir) };
  if (paths.checkWorker) lib.cardChecks = { workerFile: paths.checkWorker, schemaCacheDir: schemaCacheDir(paths.dataDir) };
  return lib;
}
