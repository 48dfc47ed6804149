// The sentence a user reads when something failed that no service anticipated (an ApiError is
// already worded): what Cardwright was doing, and what went wrong in the app's words — never
// SQLite's or Node's ("SQLITE_BUSY: database is locked", "EACCES: permission denied, open …").
// The caller logs the error itself for the developer.

import type { ApiMethod, JobKind } from './contract';

/** What each call does, as "Cardwright could not <action>" completes it. */
const METHOD_ACTIONS: Record<ApiMethod, string> = {
  appInfo: 'read its own version',
  listSystems: 'list the installed games',
  getSystem: 'open the game',
  listSystemProblems: 'check the installed games',
  syncGameFolders: "reload the games' changed files",
  sampleCards: 'find a card of each type',
  layoutSampleCards: 'find cards to preview the layout on',
  listStarters: 'list the starters for a new game',
  createGame: 'create the game',
  getGameFiles: "read the game's files",
  checkGameEdit: 'check the edited game',
  saveGameEdit: 'save the game',
  stageGameFont: 'add the font file',
  getGameFont: "load the game's font",
  removeSystem: 'remove the game',
  listSets: 'list the card sets',
  createSet: 'create the set',
  updateSet: 'save the set',
  readSetFolder: 'read the set folder',
  deleteSet: 'delete the set',
  setStats: "count the set's cards",
  openPacks: 'open the packs',
  searchCards: 'search the cards',
  searchCardPages: 'search the cards',
  getCards: 'load the cards',
  listSavedSearches: 'list the saved searches',
  saveSearch: 'save the search',
  deleteSavedSearch: 'delete the saved search',
  searchDeckPool: "search the deck's card pool",
  previewPrint: 'preview the print sheet',
  printProblems: "check the cards' print problems",
  validateCard: 'check the card',
  saveCard: 'save the card',
  deleteCard: 'delete the card',
  listCardRevisions: "list the card's history",
  getCardRevision: 'open the earlier version of the card',
  restoreCardRevision: 'restore the earlier version of the card',
  setChanges: "list the set's changes",
  exportSetChanges: "export the set's changes",
  moveCards: 'move the cards',
  listDecks: 'list the decks',
  getDeck: 'open the deck',
  saveDeck: 'save the deck',
  deleteDeck: 'delete the deck',
  duplicateDeck: 'duplicate the deck',
  listDeckSnapshots: "list the deck's versions",
  getDeckSnapshot: 'open the earlier version of the deck',
  keepDeckSnapshot: 'keep the version of the deck',
  restoreDeckSnapshot: 'restore the earlier version of the deck',
  deleteDeckSnapshot: 'delete the version of the deck',
  checkDeck: 'check the deck',
  exportDeck: 'export the deck',
  importDeck: 'import the deck',
  parseDeckList: 'read the deck list',
  exportDeckList: 'export the deck list',
  convertDeckList: 'convert the deck list',
  addImage: 'add the image',
  getImage: 'load the image',
  listImageInfo: 'read the images',
  listTrash: 'open the Trash',
  restoreFromTrash: 'restore it from the Trash',
  deleteFromTrash: 'delete it from the Trash',
  emptyTrash: 'empty the Trash',
  listBackups: 'list the backups',
  backupNow: 'make a backup',
  restoreBackup: 'restore the backup',
  startJob: 'start the task',
  jobStatus: "read the task's progress",
  listJobs: 'list the running tasks',
  cancelJob: 'cancel the task',
  jobOutput: "read the task's result",
  jobDownloadUrl: 'download the file',
  previewCsv: 'read the spreadsheet',
  saveCsvMapping: 'save the column mapping',
  openJobOutput: 'open the file',
};

const JOB_ACTIONS: Record<JobKind, string> = {
  exportPdf: 'export the PDF',
  importCsv: 'import the spreadsheet',
  exportCsv: 'export the spreadsheet',
  exportSet: 'export the set',
  exportSystem: 'export the game',
  importSet: 'import the set',
  importSystem: 'import the game',
  generateDeck: 'generate the deck',
  cleanUpImages: 'clean up the images',
  exportTts: 'export the deck for Tabletop Simulator',
  exportCockatrice: 'export the set for Cockatrice',
  exportImages: 'export the card images',
};

/** What went wrong, judged by the error's code or its engine's words; undefined when unknown. */
function knownCause(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const text = `${code} ${error instanceof Error ? error.message : String(error)}`;
  if (/SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(text))
    return 'its database is busy with another Cardwright window or command. Try again in a moment';
  if (/SQLITE_FULL|ENOSPC|disk is full|no space left/i.test(text)) return 'the disk is full. Free some space and try again';
  if (/SQLITE_CORRUPT|SQLITE_NOTADB|malformed|not a database/i.test(text))
    return 'its database file is damaged. Restore a backup (Help ▸ Restore from backup…) to go on';
  if (/SQLITE_READONLY|readonly database|EACCES|EPERM|EROFS|permission denied|read-only file system/i.test(text))
    return 'it may not write to its data folder. Check that the folder and its files are writable';
  if (/SQLITE_CANTOPEN|unable to open database/i.test(text)) return 'it cannot open its database file';
  if (/SQLITE_IOERR|EIO\b/i.test(text)) return 'the disk could not be read or written. Check the drive and try again';
  if (/EMFILE|ENFILE|too many open files/i.test(text)) return 'too many files are open. Close some programs and try again';
  if (/ENOENT|no such file/i.test(text)) return 'a file it needs is missing';
  if (/ENOMEM|out of memory|allocation failed/i.test(text)) return 'the computer ran out of memory';
  if (error instanceof SyntaxError || /is not valid JSON|Unexpected (token|end of JSON)/.test(text))
    return 'a file it keeps is not valid JSON';
  return undefined;
}

function sentence(action: string, error: unknown): string {
  const cause = knownCause(error) ?? 'something unexpected went wrong (the details are in the log)';
  return `Cardwright could not ${action}: ${cause}.`;
}

/** "Cardwright could not save the card: the disk is full. Free some space and try again." */
export function internalErrorMessage(method: ApiMethod, error: unknown): string {
  return sentence(METHOD_ACTIONS[method], error);
}

export function internalJobErrorMessage(kind: JobKind, error: unknown): string {
  return sentence(JOB_ACTIONS[kind], error);
}

/** A task whose worker died (crashed, killed, out of memory) without an answer; `crash` is what killed it, when known. */
export function stoppedJobMessage(kind: JobKind, crash?: unknown): string {
  if (crash !== undefined && knownCause(crash)) return sentence(JOB_ACTIONS[kind], crash);
  return `Cardwright could not ${JOB_ACTIONS[kind]}: the task stopped unexpectedly (the details are in the log). Try again.`;
}
