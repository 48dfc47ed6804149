// openCardwright: opens the store, loads the game systems, seeds the samples on first start,
// and implements every method of the API contract. Handlers stay thin; the work lives in
// src-main/services and src-main/store.

import { existsSync } from 'node:fs';
import { reclaimMemorySoon } from '../reclaim-memory';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { openStore } from '../store/store';
import { databaseFile } from '../store/database';
import { toRecord, withRecords } from '../store/card-row';
import { inlineReadPool, threadReadPool } from '../readers/read-pool';
import { cardIssues, deleteCard, deleteSet, saveCard } from '../services/card-library';
import { requireDeck, type Library } from '../services/library';
import { createSet, updateSet } from '../services/set-metadata';
import { moveCards } from '../services/move-cards';
import { exportDeckFile, importDeckFile } from '../services/deck-files';
import { convertDeckList, exportDeckList, parseDeckList } from '../services/deck-lists';
import { exportTts, type TtsExport } from '../tts/tts-export';
import { exportSetFolder, setFolderText } from '../services/set-folder';
import { checkSetText, type SetCheck } from '../services/set-check';
import {
  deleteDeckSnapshot,
  getDeckSnapshot,
  keepDeckSnapshot,
  listDeckSnapshots,
  restoreDeckSnapshot,
} from '../services/deck-snapshots';
import { getCardRevision, listCardRevisions, restoreCardRevision } from '../services/card-revisions';
import { exportSetChanges, setChanges } from '../services/set-changes';
import {
  checkDeck,
  deckSummaries,
  deckWithDeletedNames,
  deleteDeck,
  duplicateDeck,
  saveDeck,
  type DeckInput,
} from '../services/deck-library';
import { previewPrintSource } from '../services/print-sources';
import { printProblemList } from '../services/print-problems';
import { setStats } from '../services/set-stats';
import { sampleCards } from '../services/sample-cards';
import { layoutSampleCards } from '../services/layout-samples';
import { createGame, loadStarters, type Starters } from '../services/new-game';
import { checkGameEdit, getGameFiles, saveGameEdit } from '../services/game-edit';
import { stageGameFont } from '../services/game-font-uploads';
import { GameFolderSync } from '../services/game-folder-sync';
import { openSetPacks } from '../services/open-packs';
import { searchLibrary, searchLibraryPages } from '../services/library-search';
import { deleteSavedSearch, listSavedSearches, saveSearch } from '../services/saved-searches';
import { csvPreview, saveCsvMapping } from '../services/csv-import';
import { loadInstalledSystems, type GameSystemLoadError } from '../services/game-systems';
import { removeUserSystem } from '../services/system-bundles';
import { gameFolders, recoverSystemFolders } from '../services/system-folder-journal';
import { deleteFromTrash, emptyTrash, listTrash, purgeExpiredTrash, restoreFromTrash } from '../services/trash';
import { deleteOrphanedGameData, orphanedGameData } from '../services/orphaned-game-data';
import { backupBeforeRemoval, backupNow, listBackups, restoreBackup, scheduleStartupBackup } from '../services/backups';
import { seedSamples } from '../services/samples';
import { trackSearchIndex } from '../services/search-reindex';
import { poolSearchOf, toPoolResult, trackPoolGames } from '../services/deck-pool';
import { SystemRegistry } from '../services/system-registry';
import { CachedSchemaCompiler, schemaCacheDir } from '../services/compiled-schemas';
import { createCardValidator } from '../services/card-validator';
import { ImageLibrary } from '../images/image-library';
import { gameFontBlob } from '../fonts/game-font-files';
import { installFontkitShaper } from '../fonts/fontkit-shaper';
import { inlineExecutor, threadExecutor, type JobExecutor } from '../jobs/executors';
import { CHILD_PROCESS_JOBS, executorByKind, processExecutor } from '../jobs/process-executor';
import { createJobHandlers } from '../jobs/job-handlers';
import type { JobPaths } from '../jobs/run-job';
import type { JobManager } from '../jobs/job-manager';
import type { DownloadTickets } from '../jobs/download-tickets';
import type { DesktopIntegration } from './desktop';
import type { ApiHandlers, JobStatus } from './contract';
import { ApiError } from './api-error';

export interface CardwrightOptions {
  dataDir: string;
  systemsDir: string;
  samplesDir: string;
  fontsDir: string;
  /** The starters a new game can begin from (card-schema/starters); without it, only copies of installed games. */
  startersDir?: string;
  /** Present in the desktop app only. */
  desktop?: DesktopIntegration;
  /** The app's version, shown in Help. */
  version?: string;
  /**
   * The bundled job worker (out/main/job-worker.js): long jobs run in worker threads. Without
   * it (unit tests) they run inline on this thread.
   */
  jobWorker?: string;
  /**
   * The bundled job-process.js (out/main): imports run in a child process, which gives all its
   * memory back when it exits (process-executor.ts). Needs a runtime that can fork plain Node
   * (the web host and the CLI; not the packaged Electron app).
   */
  jobProcess?: string;
  /**
   * The bundled reader worker (out/main/read-worker.js): searches and card lists run in reader
   * threads, each with a read-only connection. Without it (unit tests) a read-only connection
   * on this thread serves them.
   */
  readWorker?: string;
  /** The bundled check-worker.js (out/main): large imports check their cards there while writing them. */
  checkWorker?: string;
  /** How long after start-up the daily backup check runs; default 10 s, so it never slows start. */
  startupBackupDelayMs?: number;
  /** How long after start-up unused images are deleted; default 30 s. */
  startupImageCleanupDelayMs?: number;
}

export interface Cardwright {
  handlers: ApiHandlers;
  systems: GameSystem[];
  systemErrors: GameSystemLoadError[];
  jobs: JobManager;
  /** The download tickets jobDownloadUrl mints, for the web host's download route. */
  downloads: DownloadTickets;
  /** Writes a deck for Tabletop Simulator into a folder (the CLI's `deck convert --to tts`; not an API call: it writes files). */
  exportTts(deck: DeckInput, outDir: string): Promise<TtsExport>;
  /** Writes a set as a folder of card files (the CLI's `export set --to folder`; not an API call: it writes files). */
  exportSetFolder(setId: string, outDir: string): { cards: number; images: number };
  /** Checks set file text against its game without writing anything (the CLI's `validate`). */
  checkSet(fileName: string, text: string, cardFiles?: readonly string[]): Promise<SetCheck>;
  /** Cancels running jobs, waits for them to stop, closes the database. */
  close(): Promise<void>;
}

export function openCardwright(options: CardwrightOptions): Cardwright {
  const folders = gameFolders(options.dataDir);
  const { userSystemsDir } = folders;
  const store = openStore(options.dataDir);
  // Before any game loads: finish a removal, restore or install the app was stopped in the middle of.
  for (const line of recoverSystemFolders(folders, store)) console.warn(`[cardwright] at start-up: ${line}`);
  const schemas = new CachedSchemaCompiler(schemaCacheDir(options.dataDir));
  const { installed, errors } = loadInstalledSystems(options.systemsDir, userSystemsDir, schemas);
  const systems = new SystemRegistry(installed, (system) => createCardValidator(system, schemas));
  const lib: Library = { store, systems, images: new ImageLibrary(store, options.dataDir) };
  try {
    trackPoolGames(store.db, lib.systems);
    trackSearchIndex(store.db, lib.systems);
    purgeExpiredTrash(lib, folders);
    const seeded = seedSamples(lib, options.samplesDir);
    for (const problem of seeded.problems) console.warn(`[cardwright] sample not imported: ${problem}`);
  } catch (error) {
    store.close();
    throw error;
  }

  // Without the bundled reader (the shell run from source, as its tests do), reads stay on this thread.
  const readers =
    options.readWorker && existsSync(options.readWorker)
      ? threadReadPool(options.readWorker, databaseFile(options.dataDir))
      : inlineReadPool(databaseFile(options.dataDir));
  // Layout in this process (warnings, exports) measures shaped scripts with the app's font files.
  installFontkitShaper(options.fontsDir);
  const paths: JobPaths = {
    dataDir: options.dataDir,
    systemsDir: options.systemsDir,
    userSystemsDir,
    fontsDir: options.fontsDir,
  };
  if (options.checkWorker) paths.checkWorker = options.checkWorker;
  const jobs = createJobHandlers(lib, paths, jobExecutor(options), options.desktop);
  const folderSync = new GameFolderSync(lib, userSystemsDir, errors);
  // Read on first use: most sessions never make a game.
  let loadedStarters: Starters | undefined;
  const starters = () => (loadedStarters ??= loadStarters(options.startersDir));

  const handlers: ApiHandlers = {
    appInfo: () => ({ desktop: options.desktop !== undefined, version: options.version ?? '0.0.0', dataDir: options.dataDir }),
    listSystems: () => lib.systems.summaries(),
    getSystem: ({ systemId }) => lib.systems.require(systemId),
    getGameFont: ({ systemId, fontId, face }) => gameFontBlob(lib.systems, systemId, fontId, face),
    sampleCards: ({ systemId }) => sampleCards(lib, systemId),
    layoutSampleCards: (input) => layoutSampleCards(lib, input),
    listStarters: () => starters().list,
    createGame: (input) => createGame(lib, userSystemsDir, starters(), input),
    getGameFiles: ({ systemId }) => getGameFiles(lib, systemId),
    checkGameEdit: (input) => checkGameEdit(lib, userSystemsDir, input),
    saveGameEdit: (input) => saveGameEdit(lib, userSystemsDir, input),
    stageGameFont: (input) => stageGameFont(lib, userSystemsDir, input),
    listSystemProblems: () => [
      ...errors.filter((error) => !folderSync.owns(error)).map(({ file, jsonPath, reason }) => ({ file, jsonPath, reason })),
      ...folderSync.problems(),
      ...orphanedGameData(lib),
    ],
    syncGameFolders: () => folderSync.sync(),
    removeSystem: ({ systemId }) =>
      lib.systems.has(systemId)
        ? removeUserSystem(lib, folders, systemId, () => backupBeforeRemoval(lib, options.dataDir))
        : deleteOrphanedGameData(lib, systemId),

    listSets: () => readers.read('listSets', {}),
    createSet: (input) => createSet(lib, input),
    updateSet: ({ id, ...patch }) => updateSet(lib, id, patch),
    readSetFolder: ({ files }) => {
      const folder = setFolderText(files.map((file) => ({ path: file.path, bytes: Buffer.from(file.data, 'base64') })));
      return { fileName: folder.fileName, text: folder.text };
    },
    deleteSet: ({ id }) => deleteSet(lib, id),
    setStats: ({ setId }) => setStats(lib, setId),
    openPacks: (input) => openSetPacks(lib, input),

    searchCards: (input) => searchLibrary(lib, readers, input),
    searchCardPages: (input) => searchLibraryPages(lib, readers, input),
    getCards: async ({ ids }) => (await readers.read('getCards', { ids })).map(toRecord),
    listSavedSearches: ({ systemId }) => listSavedSearches(lib, systemId),
    saveSearch: ({ systemId, ...search }) => saveSearch(lib, { ...search, systemId: systemId ?? null }),
    deleteSavedSearch: ({ id }) => deleteSavedSearch(lib, id),
    searchDeckPool: async (input) => {
      const system = lib.systems.require(input.systemId);
      const leader = input.leaderId === undefined ? undefined : lib.store.cards.get(input.leaderId);
      const search = poolSearchOf(system, input, lib.store.sets.listNames(), leader);
      return toPoolResult(system, withRecords(await readers.read('searchDeckPool', search)));
    },
    validateCard: ({ systemId, doc }) => cardIssues(lib, systemId, doc),
    saveCard: (input) => saveCard(lib, { id: input.id, setId: input.setId, doc: input.doc as CardDocument }),
    deleteCard: ({ id }) => deleteCard(lib, id),
    moveCards: ({ cardIds, setId }) => moveCards(lib, cardIds, setId),

    listDecks: ({ systemId }) => deckSummaries(lib, systemId),
    getDeck: ({ id }) => deckWithDeletedNames(lib, requireDeck(lib, id)),
    previewPrint: ({ source, ...request }) => previewPrintSource(lib, source, request),
    printProblems: ({ source, copies, cardCopies, print }) => printProblemList(lib, source, copies, print, cardCopies),
    saveDeck: ({ deck }) => saveDeck(lib, deck),
    deleteDeck: ({ id }) => deleteDeck(lib, id),
    duplicateDeck: ({ id, name }) => duplicateDeck(lib, id, name),
    listCardRevisions: ({ cardId }) => listCardRevisions(lib, cardId),
    getCardRevision: ({ id }) => getCardRevision(lib, id),
    restoreCardRevision: ({ id }) => restoreCardRevision(lib, id),
    setChanges: ({ setId, since }) => setChanges(lib, setId, since),
    exportSetChanges: ({ setId, since }) => exportSetChanges(lib, setId, since),
    listDeckSnapshots: ({ deckId }) => listDeckSnapshots(lib, deckId),
    getDeckSnapshot: ({ id }) => getDeckSnapshot(lib, id),
    keepDeckSnapshot: ({ deckId, name }) => keepDeckSnapshot(lib, deckId, name),
    restoreDeckSnapshot: ({ id }) => restoreDeckSnapshot(lib, id),
    deleteDeckSnapshot: ({ id }) => deleteDeckSnapshot(lib, id),
    checkDeck: ({ deck }) => checkDeck(lib, deck),

    exportDeck: ({ id }) => exportDeckFile(lib, id),
    importDeck: ({ fileName, text }) => importDeckFile(lib, fileName, text),
    parseDeckList: (input) => parseDeckList(lib, input),
    exportDeckList: ({ id, format }) => exportDeckList(lib, id, format),
    convertDeckList: ({ deck, format }) => convertDeckList(lib, deck, format),

    addImage: ({ fileName, bytes }) => lib.images.addImage(bytes, fileName),
    previewCsv: (input) => csvPreview(lib, input),
    saveCsvMapping: ({ systemId, mapping }) => saveCsvMapping(lib, systemId, mapping),
    getImage: ({ id, variant }) => lib.images.getImage(id, variant),
    listImageInfo: ({ ids }) => lib.images.listImageInfo(ids),

    listTrash: () => listTrash(lib, folders),
    restoreFromTrash: ({ id }) => restoreFromTrash(lib, folders, id),
    deleteFromTrash: ({ id }) => deleteFromTrash(lib, folders, id),
    emptyTrash: () => emptyTrash(lib, folders),

    listBackups: () => listBackups(options.dataDir),
    backupNow: () => backupNow(lib, options.dataDir),
    restoreBackup: ({ id }) => {
      // A job would keep writing its part into the library that is being replaced. The daily
      // backup only reads (as it did when it ran on this thread), so it does not hold a restore up.
      const busy = (job: JobStatus) => job.kind !== 'cleanUpImages' && (job.state === 'queued' || job.state === 'running');
      if (jobs.manager.list().some(busy))
        throw new ApiError('Wait for the running jobs to finish (or cancel them), then restore the backup', 'CONFLICT');
      return restoreBackup(lib, options.dataDir, id);
    },

    ...jobs.handlers,
  };
  // Loading the games and seeding the samples leave garbage an idle app would keep for hours.
  reclaimMemorySoon();
  const cancelStartupBackup = scheduleStartupBackup(
    () =>
      void readers
        .read('dailyBackup', { dataDir: options.dataDir })
        .catch((error: unknown) => {
          console.warn(`[cardwright] the daily backup failed: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => reclaimMemorySoon()),
    options.startupBackupDelayMs ?? 10_000,
  );
  const cancelImageCleanup = scheduleStartupBackup(
    () => jobs.manager.start({ kind: 'cleanUpImages' }, 'Tidy the image library'),
    options.startupImageCleanupDelayMs ?? 30_000,
  );

  return {
    handlers,
    systems: lib.systems.list(),
    systemErrors: errors,
    jobs: jobs.manager,
    downloads: jobs.downloads,
    exportTts: (deck, outDir) => exportTts(lib, options.fontsDir, deck, outDir),
    exportSetFolder: (setId, outDir) => exportSetFolder(lib, setId, outDir),
    checkSet: (fileName, text, cardFiles) => checkSetText(lib, fileName, text, cardFiles),
    close: async () => {
      cancelStartupBackup();
      cancelImageCleanup();
      await jobs.close();
      await readers.close();
      store.close();
    },
  };
}

/** Where jobs run: threads (or inline without the bundled worker), imports in child processes when given one. */
function jobExecutor(options: CardwrightOptions): JobExecutor {
  const threads = options.jobWorker ? threadExecutor(options.jobWorker) : inlineExecutor;
  return options.jobProcess ? executorByKind(CHILD_PROCESS_JOBS, processExecutor(options.jobProcess), threads) : threads;
}
