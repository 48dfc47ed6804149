// The store as one object: the connection, its repositories, and small key/value metadata.

import { openDatabase } from './database';
import type { SqliteDatabase } from './sqlite';
import { CardsRepo } from './cards-repo';
import { CardRevisionsRepo } from './card-revisions-repo';
import { DecksRepo } from './decks-repo';
import { DeckSnapshotsRepo } from './deck-snapshots-repo';
import { ImagesRepo } from './images-repo';
import { SavedSearchesRepo } from './saved-searches-repo';
import { SetsRepo } from './sets-repo';
import { TrashRepo } from './trash-repo';

export class Store {
  readonly sets: SetsRepo;
  readonly cards: CardsRepo;
  readonly cardRevisions: CardRevisionsRepo;
  readonly decks: DecksRepo;
  readonly deckSnapshots: DeckSnapshotsRepo;
  readonly trash: TrashRepo;
  readonly images: ImagesRepo;
  readonly savedSearches: SavedSearchesRepo;
  private readonly readMeta;
  private readonly writeMeta;

  constructor(readonly db: SqliteDatabase) {
    this.sets = new SetsRepo(db);
    this.cards = new CardsRepo(db);
    this.cardRevisions = new CardRevisionsRepo(db);
    this.decks = new DecksRepo(db);
    this.deckSnapshots = new DeckSnapshotsRepo(db);
    this.trash = new TrashRepo(db);
    this.images = new ImagesRepo(db);
    this.savedSearches = new SavedSearchesRepo(db);
    this.readMeta = db.prepare<[string], { value: string | null }>('SELECT value FROM meta WHERE key = ?');
    this.writeMeta = db.prepare<[string, string]>(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
  }

  getMeta(key: string): string | undefined {
    return this.readMeta.get(key)?.value ?? undefined;
  }

  setMeta(key: string, value: string): void {
    this.writeMeta.run(key, value);
  }

  deleteMeta(key: string): void {
    this.db.prepare('DELETE FROM meta WHERE key = ?').run(key);
  }

  /** Runs `work` in one transaction (a savepoint when already inside one): all or nothing. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export function openStore(dataDir: string): Store {
  return new Store(openDatabase(dataDir));
}
