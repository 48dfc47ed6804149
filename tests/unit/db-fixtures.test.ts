// Databases from earlier releases: each fixture (one per schema version, tests/fixtures/db)
// is opened, as a copy, by the current code and must show every set, card and deck, with a
// pre-migration backup whenever it was older. `MAKE_DB_FIXTURES=1` regenerates the files.

import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiCaller } from './api-call';
import { openCardwright } from '../../src-main/api/service';
import { databaseFile, openDatabase } from '../../src-main/store/database';
import { LATEST_SCHEMA_VERSION, migrations, schemaVersion, type Migration } from '../../src-main/store/migrations';
import { DB_FIXTURES } from '../fixtures/db/make-fixtures';

const root = resolve(import.meta.dirname, '../..');
const fixturesDir = join(root, 'tests', 'fixtures', 'db');
const dirs = {
  systemsDir: join(root, 'card-schema', 'systems'),
  samplesDir: join(root, 'resources', 'samples'),
  fontsDir: join(root, 'resources', 'fonts'),
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A temporary data folder holding a copy of the fixture as its database. */
function dataDirWith(fixtureFile: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-fixture-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(join(fixturesDir, fixtureFile), databaseFile(dir));
  return dir;
}

describe('database fixtures from earlier releases', () => {
  // Only the missing ones: an existing fixture stands for files users have on disk.
  it.runIf(process.env.MAKE_DB_FIXTURES === '1')('writes the missing fixture files', () => {
    for (const fixture of DB_FIXTURES) {
      const file = join(fixturesDir, fixture.file);
      if (!existsSync(file)) fixture.write(file);
    }
  });

  it('has one fixture for every schema version', () => {
    expect(DB_FIXTURES.map((fixture) => fixture.version)).toEqual(migrations.map((migration) => migration.version));
  });

  for (const fixture of DB_FIXTURES) {
    it(`opens ${fixture.file} (schema ${fixture.version}) with nothing lost`, async () => {
      const dataDir = dataDirWith(fixture.file);
      const app = openCardwright({ dataDir, ...dirs });
      cleanups.push(() => app.close());
      const call = apiCaller(app);
      const { content } = fixture;

      const sets = await call('listSets', {});
      expect(sets.map((set) => set.id).sort()).toEqual(content.sets.map((set) => set.id).sort());
      for (const set of content.sets) {
        expect(sets.find((found) => found.id === set.id)).toMatchObject({
          systemId: set.systemId,
          name: set.name,
          cardCount: content.cards.filter((card) => card.setId === set.id).length,
          code: set.code ?? '',
          version: set.version ?? '',
          author: set.author ?? '',
          license: set.license ?? '',
        });
      }
      const cards = await call('getCards', { ids: content.cards.map((card) => card.id) });
      expect(cards.map((card) => ({ id: card.id, setId: card.setId, doc: card.doc }))).toEqual(
        content.cards.map((card) => ({ id: card.id, setId: card.setId, doc: card.doc })),
      );
      // The full-text index came along too.
      for (const card of content.cards) {
        const found = await call('searchCards', { query: card.doc.name });
        expect(found.cards.map((hit) => hit.id)).toContain(card.id);
      }
      for (const deck of content.decks) {
        expect(await call('getDeck', { id: deck.id })).toMatchObject({
          systemId: deck.systemId,
          name: deck.name,
          notes: deck.doc.notes,
          sections: deck.doc.sections,
        });
      }
      for (const snap of content.snapshots ?? []) {
        expect(await call('getDeckSnapshot', { id: snap.id })).toMatchObject({
          deckId: snap.deckId,
          kind: snap.kind,
          name: snap.name,
          version: snap.version,
        });
      }
      expect((await call('listDecks', {})).map((deck) => deck.id).sort()).toEqual(content.decks.map((deck) => deck.id).sort());

      const saved = content.savedSearches ?? [];
      expect(
        (await call('listSavedSearches', {})).map(({ id, name, query, systemId, sort, descending }) => ({
          id,
          name,
          query,
          systemId,
          sort,
          descending,
        })),
      ).toEqual([...saved].sort((a, b) => a.name.localeCompare(b.name)));

      const images = content.images ?? [];
      expect(await call('listImageInfo', { ids: images.map((image) => image.id) })).toEqual(images);

      // What was in the trash is still there, and comes back whole.
      const trash = content.trash ?? [];
      const listed = await call('listTrash', {});
      expect(listed.entries.map((entry) => [entry.id, entry.kind, entry.name]).sort()).toEqual(
        trash.map((entry) => [entry.id, entry.kind, entry.name]).sort(),
      );
      for (const entry of [...trash].reverse()) {
        await call('restoreFromTrash', { id: entry.id });
        const back = await call('getCards', { ids: entry.cards.map((card) => card.id) });
        expect(back.map((card) => ({ id: card.id, setId: card.setId, doc: card.doc }))).toEqual(
          entry.cards.map((card) => ({ id: card.id, setId: card.setId, doc: card.doc })),
        );
      }

      const backups = await call('listBackups', {});
      if (fixture.version < LATEST_SCHEMA_VERSION) {
        expect(backups.map((backup) => backup.reason)).toEqual(['pre-migration']);
      } else {
        expect(backups).toEqual([]);
      }
    });
  }

  it('rebuilds the full-text index of schema 13 with prefix indexes up to 6 characters (schema 14)', async () => {
    const dataDir = dataDirWith('v13.sqlite');
    const app = openCardwright({ dataDir, ...dirs });
    cleanups.push(() => app.close());
    const call = apiCaller(app);
    // Every length of a word's prefix finds the card, up to the whole word and past the indexes.
    for (const typed of ['l', 'la', 'lar', 'lark', 'fixtu', 'fixtur', 'fixture']) {
      expect((await call('searchCards', { query: typed })).cards.map((card) => card.doc.name)).toContain('Fixture Lark');
    }
    // Read-write: FTS5 runs its integrity-check as a write command (it changes nothing).
    const db = new Database(databaseFile(dataDir));
    cleanups.push(() => db.close());
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'cards_fts'").pluck().get()).toContain(
      "prefix = '1 2 3 4 5 6'",
    );
    // The rebuilt index holds exactly the cards' name and search text (FTS5 checks it against them).
    expect(() => db.prepare("INSERT INTO cards_fts (cards_fts, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
  });

  it('backs up a database from an earlier release before migrating it', () => {
    const latest = DB_FIXTURES[DB_FIXTURES.length - 1];
    const dataDir = dataDirWith(latest.file);
    const next: Migration = {
      version: LATEST_SCHEMA_VERSION + 1,
      description: 'a future migration',
      up: (db) => db.exec('ALTER TABLE sets ADD COLUMN future TEXT'),
    };
    const db = openDatabase(dataDir, [...migrations, next]);
    cleanups.push(() => db.close());
    expect(schemaVersion(db)).toBe(next.version);

    const backups = readdirSync(join(dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^cardwright-.*Z-pre-migration\.sqlite$/);
    const snapshot = new Database(join(dataDir, 'backups', backups[0]), { readonly: true });
    cleanups.push(() => snapshot.close());
    expect(schemaVersion(snapshot)).toBe(latest.version);
    expect(snapshot.prepare('SELECT count(*) AS n FROM cards').get()).toEqual({ n: latest.content.cards.length });

    // Opening it again (already migrated) takes no second backup.
    db.close();
    openDatabase(dataDir, [...migrations, next]).close();
    expect(readdirSync(join(dataDir, 'backups'))).toHaveLength(1);
  });
});
