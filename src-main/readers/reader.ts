// What the reader connections serve: the UI's searches and lists, on a read-only connection of
// their own, so they never wait behind the writer connection (WAL lets readers and one writer
// work at the same time) and, in reader threads, never behind each other on the main thread.

import Database from 'better-sqlite3';
import type { BackupInfo } from '../api/contract';
import { backupIfStale } from '../services/backups';
import type { CardSetInfo } from '../../card-schema/system/format';
import type { CardSearchPage } from '../../card-schema/search/search-page';
import { CardSearcher, type CardPagesSearch, type CardSearch, type CardSearchPages } from '../store/card-search';
import type { CardRow } from '../store/card-row';
import { CardsRepo } from '../store/cards-repo';
import { PoolSearcher, type PoolPage, type PoolSearch } from '../store/deck-pool';
import type { SqliteDatabase } from '../store/sqlite';
import { SetsRepo } from '../store/sets-repo';

/**
 * Each read: its input and its answer. Pages of cards come as rows, their documents JSON text
 * (store/card-row.ts cardRow): the caller parses them, for less than a thread clones them parsed.
 */
export interface ReadCalls {
  /** A page of a resolved library search (store/card-search.ts). */
  searchCards: { input: CardSearch; output: CardSearchPage<CardRow> };
  /** Its exact total and the cursor each page starts after. */
  searchCardPages: { input: CardPagesSearch; output: CardSearchPages };
  getCards: { input: { ids: readonly string[] }; output: CardRow[] };
  searchDeckPool: { input: PoolSearch; output: PoolPage<CardRow> };
  listSets: { input: Record<string, never>; output: CardSetInfo[] };
  /** The start-up backup (backups.ts): a snapshot of the library when the newest is a day old. */
  dailyBackup: { input: { dataDir: string }; output: BackupInfo | null };
}

export type ReadMethod = keyof ReadCalls;
export type ReadRequest = { [M in ReadMethod]: { method: M; input: ReadCalls[M]['input'] } }[ReadMethod];

const BUSY_TIMEOUT_MS = 5_000;

/** A read-only connection to the library file; the writer has already made it a WAL database. */
export function openReadConnection(file: string): SqliteDatabase {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

export class Reader {
  private readonly searcher: CardSearcher;
  private readonly pool: PoolSearcher;
  // The repositories also prepare their writes; on a read-only connection those are never run.
  private readonly cards: CardsRepo;
  private readonly sets: SetsRepo;

  constructor(readonly db: SqliteDatabase) {
    this.searcher = new CardSearcher(db);
    this.pool = new PoolSearcher(db);
    this.cards = new CardsRepo(db);
    this.sets = new SetsRepo(db);
  }

  serve(request: ReadRequest): ReadCalls[ReadMethod]['output'] {
    switch (request.method) {
      case 'searchCards':
        return this.searcher.searchRows(request.input);
      case 'searchCardPages':
        return this.searcher.pages(request.input);
      case 'searchDeckPool':
        return this.pool.searchRows(request.input);
      case 'getCards':
        return this.cards.getRows(request.input.ids);
      case 'listSets':
        return this.sets.list();
      case 'dailyBackup':
        return backupIfStale(this.db, request.input.dataDir) ?? null;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
