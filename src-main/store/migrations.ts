// Schema migrations, keyed by `PRAGMA user_version`. Each migration runs in its own IMMEDIATE
// transaction that also bumps user_version, so a crash leaves the database at a whole version
// and two processes starting together cannot both apply the same step. A database written by
// a newer Cardwright is refused before anything touches it.

import type Database from 'better-sqlite3';
import { poolRowsInsert } from './pool-rows';
import {
  ftsDeleteTrigger,
  ftsInsertTrigger,
  ftsUpdateTrigger,
  poolDeleteTrigger,
  poolInsertTrigger,
  poolUpdateTrigger,
} from './card-index-triggers';
import { makeSetNamesUnique } from './set-names-migration';
import { makeSetCodesUnique, SET_CODES_UNIQUE } from './set-codes-migration';

export interface Migration {
  /** The user_version the database has after this migration. */
  version: number;
  description: string;
  up(db: Database.Database): void;
}

const initialSchema = `
CREATE TABLE sets (
  id          TEXT PRIMARY KEY,
  system_id   TEXT NOT NULL,
  name        TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX sets_by_system ON sets (system_id);

-- seq is an explicit INTEGER PRIMARY KEY because the FTS index below points at rowids, and
-- VACUUM may renumber the implicit rowids of a table without one. id is the card's identity.
CREATE TABLE cards (
  seq         INTEGER PRIMARY KEY,
  id          TEXT NOT NULL UNIQUE,
  set_id      TEXT NOT NULL REFERENCES sets (id) ON DELETE CASCADE,
  doc         TEXT NOT NULL CHECK (json_valid(doc)),
  search_text TEXT NOT NULL DEFAULT '',
  name        TEXT GENERATED ALWAYS AS (json_extract(doc, '$.name')) VIRTUAL,
  type        TEXT GENERATED ALWAYS AS (json_extract(doc, '$.type')) VIRTUAL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX cards_by_set_name ON cards (set_id, name COLLATE NOCASE);
CREATE INDEX cards_by_name ON cards (name COLLATE NOCASE);
CREATE INDEX cards_by_type ON cards (type);

-- External-content FTS over the generated name column and the derived search text; the
-- triggers (card-index-triggers.ts) keep it in step with every insert, update and delete of cards.
CREATE VIRTUAL TABLE cards_fts USING fts5 (
  name, search_text,
  content = 'cards', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
${ftsInsertTrigger.sql};
${ftsDeleteTrigger.sql};
${ftsUpdateTrigger.sql};

CREATE TABLE decks (
  id         TEXT PRIMARY KEY,
  system_id  TEXT NOT NULL,
  name       TEXT NOT NULL,
  doc        TEXT NOT NULL CHECK (json_valid(doc)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX decks_by_system_name ON decks (system_id, name COLLATE NOCASE);

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT
);
`;

// The trash: what a delete removed, kept restorable for 30 days. An entry is one deleted card,
// set (with its cards), deck, or game (its sets, cards and decks; its folder moves to
// <data>/trash/<entry id>). The rows are copied as they were, so a restore puts back the same
// ids and documents; deleting an entry deletes its rows by cascade.
const trashSchema = `
CREATE TABLE trash (
  id         TEXT PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('card', 'set', 'deck', 'game')),
  item_id    TEXT NOT NULL,
  system_id  TEXT NOT NULL,
  name       TEXT NOT NULL,
  detail     TEXT NOT NULL DEFAULT '',
  folder     TEXT,
  deleted_at TEXT NOT NULL
);
CREATE INDEX trash_by_deleted_at ON trash (deleted_at);

CREATE TABLE trash_sets (
  trash_id    TEXT NOT NULL REFERENCES trash (id) ON DELETE CASCADE,
  id          TEXT NOT NULL,
  system_id   TEXT NOT NULL,
  name        TEXT NOT NULL,
  description TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (trash_id, id)
) WITHOUT ROWID;

-- seq keeps the cards' order in their set, so a restored set lists them as before.
CREATE TABLE trash_cards (
  trash_id    TEXT NOT NULL REFERENCES trash (id) ON DELETE CASCADE,
  id          TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  set_id      TEXT NOT NULL,
  doc         TEXT NOT NULL,
  search_text TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (trash_id, id)
) WITHOUT ROWID;

CREATE TABLE trash_decks (
  trash_id   TEXT NOT NULL REFERENCES trash (id) ON DELETE CASCADE,
  id         TEXT NOT NULL,
  system_id  TEXT NOT NULL,
  name       TEXT NOT NULL,
  doc        TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (trash_id, id)
) WITHOUT ROWID;
`;

// Search at 100,000 cards (see card-search.ts): the name index also carries each card's type and
// set, so a page filtered by type or game walks it in name order without reading any card's
// JSON; the full-text matches (found by rowid) are filtered the same way through an index of
// rowid, set, type and name, reading a card's row only once it passed; and FTS5 keeps
// one-letter prefixes too, so "g*" reads one doclist instead of merging every term that starts
// with g. Rebuilding the index takes about a second per 100,000 cards.
const searchIndexes = `
DROP INDEX cards_by_name;
CREATE INDEX cards_by_name_type_set ON cards (name COLLATE NOCASE, type, set_id);
CREATE INDEX cards_filters_by_seq ON cards (seq, set_id, type, name);
DROP TABLE cards_fts;
CREATE VIRTUAL TABLE cards_fts USING fts5 (
  name, search_text,
  content = 'cards', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);
INSERT INTO cards_fts (cards_fts) VALUES ('rebuild');
`;

// The image library (src-main/images): one row per stored picture, named by the SHA-256 of its
// bytes (the file is <data>/images/<2 hex>/<id>.<ext>). Cards hold references, never images;
// added_at restarts cleanup's grace period each time the same picture is added again.
const imagesSchema = `
CREATE TABLE images (
  id         TEXT PRIMARY KEY CHECK (length(id) = 64),
  mime       TEXT NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp')),
  width      INTEGER NOT NULL,
  height     INTEGER NOT NULL,
  bytes      INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  added_at   TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX images_by_added_at ON images (added_at);
`;

// The deck builder's card pool (store/deck-pool.ts): one narrow row per card with what the pool
// filters and sorts by — the game, type, name, set, cost and the identity as a bitmask — kept by
// triggers, with one covering index per sort order. What a game's cost and identity fields are
// comes from its system.json: `pool_games` holds them (written at start-up and when a game is
// installed, which refills that game's rows); the migration fills every existing card, with cost
// and identity left empty until its game has been registered.
const deckPoolSchema = `
CREATE TABLE pool_games (
  system_id     TEXT PRIMARY KEY,
  signature     TEXT NOT NULL,
  identity_path TEXT,
  cost_path     TEXT
) WITHOUT ROWID;
CREATE TABLE pool_identity_bits (
  system_id TEXT NOT NULL,
  value     TEXT NOT NULL,
  bit       INTEGER NOT NULL,
  PRIMARY KEY (system_id, value)
) WITHOUT ROWID;
-- WITHOUT ROWID: seq is then an ordinary column the indexes order by (an index column naming a
-- rowid alias is not used for ORDER BY, which would sort each run of equal names).
CREATE TABLE card_pool (
  seq           INTEGER NOT NULL PRIMARY KEY,
  system_id     TEXT NOT NULL,
  set_id        TEXT NOT NULL,
  type          TEXT NOT NULL,
  name          TEXT NOT NULL COLLATE NOCASE,
  cost_key      REAL NOT NULL,
  identity_mask INTEGER NOT NULL,
  identity_key  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX card_pool_by_name ON card_pool (system_id, name, seq, type, set_id, cost_key, identity_mask);
CREATE INDEX card_pool_by_cost ON card_pool (system_id, cost_key, name, seq, type, set_id, identity_mask);
CREATE INDEX card_pool_by_type ON card_pool (system_id, type, name, seq, set_id, cost_key, identity_mask);
CREATE INDEX card_pool_by_identity ON card_pool (system_id, identity_key, name, seq, type, set_id, cost_key, identity_mask);
${poolInsertTrigger.sql};
${poolUpdateTrigger.sql};
${poolDeleteTrigger.sql};
${poolRowsInsert()};
`;

// Deck snapshots: the version a save replaced ('auto', capped per deck by the service) and
// versions the user named ('named'). `doc` is the whole deck as the API shows it (name, notes,
// format, sections, boards). They go with their deck: to the trash and back (trash_deck_snapshots),
// and for good when the deck is deleted for good (the cascade).
const deckSnapshotsSchema = `
CREATE TABLE deck_snapshots (
  id         TEXT PRIMARY KEY,
  deck_id    TEXT NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
  kind       TEXT NOT NULL CHECK (kind IN ('auto', 'named')),
  name       TEXT NOT NULL DEFAULT '',
  doc        TEXT NOT NULL CHECK (json_valid(doc)),
  created_at TEXT NOT NULL
);
CREATE INDEX deck_snapshots_by_deck ON deck_snapshots (deck_id, created_at);

CREATE TABLE trash_deck_snapshots (
  trash_id   TEXT NOT NULL REFERENCES trash (id) ON DELETE CASCADE,
  id         TEXT NOT NULL,
  deck_id    TEXT NOT NULL,
  kind       TEXT NOT NULL,
  name       TEXT NOT NULL,
  doc        TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (trash_id, id)
) WITHOUT ROWID;
`;

// The library search (store/card-search.ts) sorted by set walks one set's cards at a time in name
// order, like the other sorts walk their card_pool index: set, name and seq first, then what the
// filters test, so no card row is read to skip one. The rowids each set's cards span (which bound
// the FTS reads of a game or set) are two seeks in card_pool_by_set_seq instead of a scan.
const searchBySet = `
CREATE INDEX card_pool_by_set ON card_pool (system_id, set_id, name, seq, type, cost_key, identity_mask);
CREATE INDEX card_pool_by_set_seq ON card_pool (set_id, seq);
`;

// Saved searches (store/saved-searches-repo.ts): a query with its sort, named by the user, for one
// game (system_id) or for every game (NULL). A name is unique within its scope, whatever its case:
// saving under a name the scope already has replaces that search. `sort` is not checked here: an
// order a later release drops falls back to relevance when read.
const savedSearchesSchema = `
CREATE TABLE saved_searches (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  query      TEXT NOT NULL,
  system_id  TEXT,
  sort       TEXT NOT NULL,
  descending INTEGER NOT NULL DEFAULT 0 CHECK (descending IN (0, 1)),
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX saved_searches_by_scope_name ON saved_searches (ifnull(system_id, ''), name COLLATE NOCASE);
`;

// Card revisions: each save keeps the version it replaced (`doc`, the set it was in, when it was
// replaced and by what). Keyed by card id without a foreign key, so a card's history stays while
// the card is in the trash (and the set's errata log can name it); deleting the card for good
// deletes them (trash-repo.ts). The set index serves the set's changes since a date.
const cardRevisionsSchema = `
CREATE TABLE card_revisions (
  seq        INTEGER PRIMARY KEY,
  card_id    TEXT NOT NULL,
  set_id     TEXT NOT NULL,
  doc        TEXT NOT NULL,
  cause      TEXT NOT NULL CHECK (cause IN ('save', 'import', 'restore')),
  created_at TEXT NOT NULL
);
CREATE INDEX card_revisions_by_card ON card_revisions (card_id, seq);
CREATE INDEX card_revisions_by_set ON card_revisions (set_id, created_at);
`;

const csvMappingsSchema = `
CREATE TABLE csv_mappings (
  system_id  TEXT PRIMARY KEY,
  mapping    TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;

// Set metadata (card-schema/sets/set-meta.ts): a short code, version, author and license beside
// the name and description, in the trash too so a restored set keeps them. Names become unique
// within a game (set-names-migration.ts renames later duplicates "Name (2)"); the services keep
// them so, comparing in JavaScript (SQLite's NOCASE folds ASCII only).
const setMetadataSchema = ['sets', 'trash_sets']
  .flatMap((table) =>
    ['code', 'version', 'author', 'license'].map(
      (column) => `ALTER TABLE ${table} ADD COLUMN ${column} TEXT NOT NULL DEFAULT '';`,
    ),
  )
  .join('\n');

// Which game each card's search text was last built for (store/search-index-games.ts): the fields
// a game searches are declared in its schemas (`x-search`), so a changed game indexes its cards
// again. Created empty: on the first start after this migration every game's cards are indexed
// again once, leaving out the image, URL and id fields that were indexed before.
const searchIndexGamesSchema = `
CREATE TABLE search_index_games (
  system_id   TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL
);
`;

// Longer FTS5 prefix indexes (search-matches.ts lazyMatch): FTS5 reads a prefix query lazily,
// match by match, only when the prefix's length has its own index; a longer prefix ("ember*")
// merges the doclists of every term it starts before the first match comes out, which was most
// of a sorted or two-word search's time (1.5 ms of "ember", 12.8 ms at 1,000,000 cards). Up to 6
// characters covers most words as they are typed; the index grows by two thirds (55 → 91 MB at
// 100,000 cards) and the rebuild takes about 3.5 s per 100,000 cards. The FTS triggers and the
// bulk writes (card-index-triggers.ts, bulk-card-writes.ts) insert by column, so they carry over.
const longerFtsPrefixes = `
DROP TABLE cards_fts;
CREATE VIRTUAL TABLE cards_fts USING fts5 (
  name, search_text,
  content = 'cards', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3 4 5 6'
);
INSERT INTO cards_fts (cards_fts) VALUES ('rebuild');
`;

/** Ordered by version; append only. Never edit a migration that has shipped. */
export const migrations: readonly Migration[] = [
  { version: 1, description: 'sets, cards with full-text search, decks, meta', up: (db) => db.exec(initialSchema) },
  {
    version: 2,
    description: 'trash: deleted cards, sets, decks and games, restorable for 30 days',
    up: (db) => db.exec(trashSchema),
  },
  {
    version: 3,
    description: 'search: name index with type and set, one-letter FTS prefixes',
    up: (db) => db.exec(searchIndexes),
  },
  { version: 4, description: 'images: the picture library that image fields reference', up: (db) => db.exec(imagesSchema) },
  {
    version: 5,
    description: "deck pool: each card's game, type, cost and identity, indexed per sort order",
    up: (db) => db.exec(deckPoolSchema),
  },
  {
    version: 6,
    description: 'deck snapshots: earlier versions of each deck, and their trash',
    up: (db) => db.exec(deckSnapshotsSchema),
  },
  { version: 7, description: 'search: the card pool indexed by set for the sort by set', up: (db) => db.exec(searchBySet) },
  {
    version: 8,
    description: 'saved searches: named library queries with their sort, per game or for every game',
    up: (db) => db.exec(savedSearchesSchema),
  },
  {
    version: 9,
    description: 'card revisions: the version each save or import replaced, per card',
    up: (db) => db.exec(cardRevisionsSchema),
  },
  {
    version: 10,
    description: 'CSV import: the column mapping last used for each game',
    up: (db) => db.exec(csvMappingsSchema),
  },
  {
    version: 11,
    description: 'set metadata (code, version, author, license); set names unique within a game',
    up: (db) => {
      db.exec(setMetadataSchema);
      makeSetNamesUnique(db);
    },
  },
  {
    version: 12,
    description: 'search: the fields each game searches; every game indexed again once',
    up: (db) => db.exec(searchIndexGamesSchema),
  },
  {
    version: 13,
    description: 'set codes unique within a game (later duplicates take CODE-2, CODE-3, …)',
    up: (db) => {
      makeSetCodesUnique(db);
      db.exec(SET_CODES_UNIQUE);
    },
  },
  {
    version: 14,
    description: 'search: FTS prefix indexes up to 6 characters, so a typed word is read lazily',
    up: (db) => db.exec(longerFtsPrefixes),
  },
];

export const LATEST_SCHEMA_VERSION = migrations[migrations.length - 1].version;

export class DatabaseTooNewError extends Error {
  constructor(
    readonly file: string,
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `The database ${file} has schema version ${found}, but this Cardwright only knows versions up to ${supported}. ` +
        'It was written by a newer Cardwright; update Cardwright or choose another data folder. The file was left untouched.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Throws DatabaseTooNewError when the database is from a newer app; reads only. */
export function assertSchemaNotNewer(db: Database.Database, list: readonly Migration[] = migrations): void {
  const found = schemaVersion(db);
  const supported = list.length ? list[list.length - 1].version : 0;
  if (found > supported) throw new DatabaseTooNewError(db.name, found, supported);
}

/** Brings the database up to the newest migration; returns the versions before and after. */
export function migrate(db: Database.Database, list: readonly Migration[] = migrations): { from: number; to: number } {
  assertOrdered(list);
  assertSchemaNotNewer(db, list);
  const from = schemaVersion(db);
  for (const migration of list) {
    if (schemaVersion(db) >= migration.version) continue;
    const apply = db.transaction(() => {
      // Re-read inside the write lock: another process may have migrated meanwhile.
      if (schemaVersion(db) >= migration.version) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    });
    apply.immediate();
  }
  return { from, to: schemaVersion(db) };
}

function assertOrdered(list: readonly Migration[]): void {
  list.forEach((migration, index) => {
    if (!Number.isInteger(migration.version) || migration.version !== index + 1) {
      throw new Error(
        `Migration #${index} ("${migration.description}") must have version ${index + 1}, has ${migration.version}`,
      );
    }
  });
}
