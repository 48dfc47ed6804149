// The SQLite store: migrations, pragmas, refusing a newer database, full-text search that no
// user input can break, and writes that are all-or-nothing.

import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CardDocument } from '../../card-schema/system/format';
import { databaseFile, openDatabase, openDatabaseFile } from '../../src-main/store/database';
import type { SqliteDatabase } from '../../src-main/store/sqlite';
import { DatabaseTooNewError, LATEST_SCHEMA_VERSION, migrations, type Migration } from '../../src-main/store/migrations';
import { ftsPhrase } from '../../src-main/store/search-fts';
import { Store } from '../../src-main/store/store';
import { buildSearchText } from '../../src-main/services/search-text';
import { textSearch } from './search-helpers';

const tmpDirs: string[] = [];
const openDbs: SqliteDatabase[] = [];

function tmpDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-store-'));
  tmpDirs.push(dir);
  return dir;
}

function track<T extends SqliteDatabase>(db: T): T {
  openDbs.push(db);
  return db;
}

afterEach(() => {
  for (const db of openDbs.splice(0)) if (db.open) db.close();
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function memoryStore(): Store {
  return new Store(track(openDatabaseFile(':memory:')));
}

const creature = (name: string, extra: Partial<CardDocument> = {}): CardDocument => ({
  type: 'creature',
  name,
  colors: ['red'],
  cost: 2,
  atk: 2,
  hp: 3,
  spd: 4,
  ap: 2,
  ...extra,
});

/** A store with one set of a handful of cards whose search text comes from the real builder. */
function seededStore(): Store {
  const store = memoryStore();
  store.sets.save({ id: 'core', systemId: 'osmcg', name: 'Core', description: '' });
  store.sets.save({ id: 'other', systemId: 'othergame', name: 'Other', description: '' });
  const cards: { id: string; setId: string; doc: CardDocument }[] = [
    {
      id: 'c1',
      setId: 'core',
      doc: creature('Fire Drake', { keywords: [{ kw: 'Flying' }, { kw: 'Ranged', dmg: 2, range: 6 }] }),
    },
    { id: 'c2', setId: 'core', doc: creature('goblin Raider', { keywords: [{ kw: 'Haste' }] }) },
    {
      id: 'c3',
      setId: 'core',
      doc: {
        type: 'spell',
        name: 'Fireball',
        colors: ['red'],
        cost: 3,
        speed: 'Standard',
        text: 'Deal 3 damage to a unit within 6".',
      },
    },
    { id: 'c4', setId: 'core', doc: creature('Haste Runner', { colors: ['green'] }) },
    { id: 'c5', setId: 'core', doc: creature('Élémental of Ice', { colors: ['blue'], flavor: 'Cold as the northern wind.' }) },
    { id: 'c6', setId: 'other', doc: { type: 'creature', name: 'Fire Ant' } },
  ];
  store.cards.saveMany(cards.map((card) => ({ ...card, searchText: buildSearchText(card.doc) })));
  return store;
}

const ids = (page: { cards: { id: string }[] }) => page.cards.map((card) => card.id);

describe('database and migrations', () => {
  it('creates the folder and file and migrates a new database from version 0 to the latest', () => {
    const dataDir = join(tmpDataDir(), 'nested', 'data');
    const db = track(openDatabase(dataDir));
    expect(existsSync(databaseFile(dataDir))).toBe(true);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(LATEST_SCHEMA_VERSION).toBe(migrations.length);
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type IN ('table') ORDER BY name")
      .all()
      .map((row) => row.name);
    expect(tables).toEqual(expect.arrayContaining(['cards', 'cards_fts', 'decks', 'meta', 'sets']));
  });

  it('runs in WAL mode with synchronous=FULL, foreign keys and a busy timeout', () => {
    const db = track(openDatabase(tmpDataDir()));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
  });

  it('reopens an up-to-date database without migrating again, keeping its data', () => {
    const dataDir = tmpDataDir();
    const first = new Store(openDatabase(dataDir));
    first.sets.save({ id: 's', systemId: 'osmcg', name: 'Kept', description: '' });
    first.close();
    const second = new Store(track(openDatabase(dataDir)));
    expect(second.sets.get('s')?.name).toBe('Kept');
    expect(second.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
  });

  it('applies each migration in its own transaction: a failing one leaves the previous version intact', () => {
    const broken: Migration = {
      version: migrations.length + 1,
      description: 'fails half-way',
      up: (db) => {
        db.exec('CREATE TABLE half_done (x)');
        throw new Error('boom');
      },
    };
    const dataDir = tmpDataDir();
    expect(() => openDatabase(dataDir, [...migrations, broken])).toThrow('boom');
    const raw = track(new Database(databaseFile(dataDir)));
    expect(raw.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(raw.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'half_done'").get()).toEqual({ n: 0 });
  });

  it('refuses a database written by a newer Cardwright and leaves the file untouched', () => {
    const dataDir = tmpDataDir();
    const file = databaseFile(dataDir);
    const newer = new Database(file);
    newer.exec('CREATE TABLE future (x); INSERT INTO future VALUES (1);');
    newer.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 5}`);
    newer.close();
    const before = readFileSync(file);

    let thrown: unknown;
    try {
      openDatabase(dataDir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DatabaseTooNewError);
    expect((thrown as Error).message).toMatch(/newer Cardwright/);
    expect((thrown as Error).message).toContain(`version ${LATEST_SCHEMA_VERSION + 5}`);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});

describe('ftsPhrase', () => {
  it('quotes the tokens as one phrase, a quote doubled, a prefix starred; control characters become spaces', () => {
    expect(ftsPhrase({ tokens: ['fire', 'drake'], prefix: true })).toBe('"fire drake"*');
    expect(ftsPhrase({ tokens: ['say', '"hi"'], prefix: false })).toBe('"say ""hi"""');
    expect(ftsPhrase({ tokens: ['a\u0000b'], prefix: true })).toBe('"a b"*');
  });
});

describe('card search', () => {
  it('finds cards by name prefix, case and diacritics ignored', () => {
    const store = seededStore();
    expect(ids(textSearch(store, { query: 'fir', limit: 50 }))).toEqual(expect.arrayContaining(['c1', 'c3', 'c6']));
    expect(ids(textSearch(store, { query: 'GOB', limit: 50 }))).toEqual(['c2']);
    expect(ids(textSearch(store, { query: 'elemental', limit: 50 }))).toEqual(['c5']);
    expect(ids(textSearch(store, { query: 'élém', limit: 50 }))).toEqual(['c5']);
  });

  it('finds cards by rules text, flavor and keywords', () => {
    const store = seededStore();
    expect(ids(textSearch(store, { query: 'damage', limit: 50 }))).toEqual(['c3']);
    expect(ids(textSearch(store, { query: 'northern', limit: 50 }))).toEqual(['c5']);
    expect(ids(textSearch(store, { query: 'ranged', limit: 50 }))).toEqual(['c1']);
    expect(ids(textSearch(store, { query: 'flying ranged', limit: 50 }))).toEqual(['c1']);
  });

  it('ranks a name match before a keyword match', () => {
    const store = seededStore();
    expect(ids(textSearch(store, { query: 'haste', limit: 50 }))).toEqual(['c4', 'c2']);
  });

  it('filters by set, system and types, pages with a cursor and reports the total', () => {
    const store = seededStore();
    expect(ids(textSearch(store, { query: 'fire', setId: 'other', limit: 50 }))).toEqual(['c6']);
    expect(ids(textSearch(store, { query: 'fire', systemId: 'osmcg', types: ['spell'], limit: 50 }))).toEqual(['c3']);
    const first = textSearch(store, { systemId: 'osmcg', limit: 2 });
    const page = textSearch(store, { systemId: 'osmcg', limit: 2, after: first.next! });
    expect(page.total).toBe(5);
    expect(page.totalExact).toBe(true);
    expect(page.cards).toHaveLength(2);
    expect(textSearch(store, { types: [], systemId: 'osmcg', limit: 50 }).total).toBe(5);
    expect(textSearch(store, { types: ['hero'], limit: 50 })).toEqual({ total: 0, totalExact: true, cards: [], next: null });
  });

  it('browses without a query by name, case-insensitively (NOCASE folds ASCII only)', () => {
    const store = seededStore();
    const names = textSearch(store, { query: '  ', setId: 'core', limit: 50 }).cards.map((card) => card.doc.name);
    expect(names).toEqual(['Fire Drake', 'Fireball', 'goblin Raider', 'Haste Runner', 'Élémental of Ice']);
    const record = textSearch(store, { setId: 'other', limit: 1 }).cards[0];
    expect(record).toMatchObject({ id: 'c6', setId: 'other', systemId: 'othergame', doc: { name: 'Fire Ant' } });
  });

  it('keeps the index in step with updates and deletes', () => {
    const store = seededStore();
    const drake = store.cards.get('c1');
    store.cards.save({ id: 'c1', setId: 'core', doc: { ...drake!.doc, name: 'Frost Drake' }, searchText: 'cold' });
    expect(ids(textSearch(store, { query: 'fire drake', limit: 50 }))).toEqual([]);
    expect(ids(textSearch(store, { query: 'frost', limit: 50 }))).toEqual(['c1']);
    expect(ids(textSearch(store, { query: 'ranged', limit: 50 }))).toEqual([]);
    store.trash.moveIn({ kind: 'card', itemId: 'c1', systemId: 'osmcg', name: 'Frost Drake' });
    expect(ids(textSearch(store, { query: 'frost', limit: 50 }))).toEqual([]);
    store.trash.moveIn({ kind: 'set', itemId: 'other', systemId: 'othergame', name: 'Other' });
    expect(ids(textSearch(store, { query: 'ant', limit: 50 }))).toEqual([]);
    expect(() => store.db.exec("INSERT INTO cards_fts (cards_fts) VALUES ('integrity-check')")).not.toThrow();
  });

  const nasty = [
    '"',
    '""',
    '"""',
    "'",
    'AND',
    'OR',
    'NOT',
    'NEAR',
    'a OR b',
    'NOT fire',
    'fire AND',
    '-',
    '-fire',
    '+',
    '^',
    '^fire',
    '*',
    '**',
    'fi*re',
    '(',
    ')',
    '(fire',
    'fire)',
    '()',
    ':',
    'name:fire',
    'search_text:haste',
    '{name}: fire',
    'NEAR(fire drake, 2)',
    "'; drop table cards; --",
    '"; DROP TABLE cards; --',
    '\\',
    '%',
    '_',
    '%fire%',
    '\u0000',
    'fire\u0000drake',
    '\u0007\u001b[31m',
    '🔥',
    'Élé',
    'ﬁre',
    '日本語',
    'ܐܒܓ',
    '\ud800',
    '\udfff\ud800',
    '\u200b',
    '\u00a0fire\u00a0',
    'fire\u2028drake',
    'x'.repeat(500),
    '"*'.repeat(250),
    '(-)'.repeat(166),
    'a '.repeat(250),
  ];

  it.each(nasty.map((text) => [JSON.stringify(text).slice(0, 40), text]))('never throws on %s', (_label, text) => {
    const store = seededStore();
    expect(() => textSearch(store, { query: text, limit: 20 })).not.toThrow();
    expect(() => textSearch(store, { query: text, systemId: 'osmcg', types: ['creature'], limit: 20 })).not.toThrow();
  });

  it('never throws for any string (property)', () => {
    const store = seededStore();
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 500 }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
      fc
        .array(
          fc.constantFrom(
            '"',
            "'",
            '*',
            '-',
            '+',
            '^',
            '(',
            ')',
            ':',
            'AND',
            'OR',
            'NOT',
            'NEAR',
            ' ',
            '\u0000',
            'fire',
            '{',
            '}',
          ),
          { maxLength: 60 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const page = textSearch(store, { query: text, limit: 10 });
        expect(page.total).toBeGreaterThanOrEqual(0);
        expect(page.cards.length).toBeLessThanOrEqual(10);
      }),
      { numRuns: 400 },
    );
  });

  it('finds a card by any prefix of a word of its name (property)', () => {
    const store = memoryStore();
    store.sets.save({ id: 's', systemId: 'osmcg', name: 'S', description: '' });
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), fc.integer({ min: 1, max: 12 }), (word, cut) => {
        const prefix = word.slice(0, Math.min(cut, word.length));
        store.cards.save({ id: 'probe', setId: 's', doc: { type: 'creature', name: `The ${word} Card` }, searchText: '' });
        expect(ids(textSearch(store, { query: prefix, limit: 5 }))).toContain('probe');
      }),
      { numRuns: 200 },
    );
  });
});

describe('repositories', () => {
  it('returns requested cards in the order asked, leaving unknown ids out', () => {
    const store = seededStore();
    expect(ids({ cards: store.cards.getMany(['c3', 'nope', 'c1', 'c3']) })).toEqual(['c3', 'c1', 'c3']);
    expect(store.cards.getMany([])).toEqual([]);
  });

  it('lists sets with card counts and generates ids when absent', () => {
    const store = seededStore();
    const created = store.sets.save({ systemId: 'osmcg', name: 'Fresh', description: 'new' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const counts = Object.fromEntries(store.sets.list().map((set) => [set.id, set.cardCount]));
    expect(counts).toEqual({ core: 5, other: 1, [created.id]: 0 });
  });

  it('stores decks whole and lists them by system', () => {
    const store = memoryStore();
    const saved = store.decks.save({
      systemId: 'osmcg',
      name: 'Red',
      notes: 'wip',
      sections: { hero: [{ cardId: 'h', count: 1 }], main: [] },
    });
    store.decks.save({ systemId: 'other', name: 'Else', sections: {} });
    expect(store.decks.get(saved.id)).toMatchObject({
      name: 'Red',
      notes: 'wip',
      sections: { hero: [{ cardId: 'h', count: 1 }] },
    });
    expect(store.decks.list('osmcg').map((deck) => deck.name)).toEqual(['Red']);
    expect(store.decks.list()).toHaveLength(2);
    store.trash.moveIn({ kind: 'deck', itemId: saved.id, systemId: 'osmcg', name: 'Red' });
    expect(store.decks.get(saved.id)).toBeUndefined();
  });

  it('writes a batch in one transaction: a failure half-way loses nothing and writes nothing', () => {
    const store = seededStore();
    const before = textSearch(store, { limit: 100 });
    const batch = [
      { id: 'n1', setId: 'core', doc: creature('New One'), searchText: '' },
      { id: 'c2', setId: 'core', doc: creature('Overwritten Raider'), searchText: '' },
      { id: 'n3', setId: 'no-such-set', doc: creature('Orphan'), searchText: '' },
    ];
    expect(() => store.cards.saveMany(batch)).toThrow(/FOREIGN KEY/);
    expect(textSearch(store, { limit: 100 })).toEqual(before);
    expect(store.cards.get('n1')).toBeUndefined();
    expect(ids(textSearch(store, { query: 'overwritten', limit: 5 }))).toEqual([]);
    expect(ids(textSearch(store, { query: 'goblin', limit: 5 }))).toEqual(['c2']);
  });

  it('refuses a document that is not JSON at the database level', () => {
    const store = seededStore();
    // The generated columns fail on it first ("malformed JSON"), the CHECK would otherwise.
    expect(() => store.db.prepare("UPDATE cards SET doc = '{oops' WHERE id = 'c1'").run()).toThrow(
      /CHECK constraint|malformed JSON/,
    );
    expect(() =>
      store.db.prepare("INSERT INTO cards (id, set_id, doc, created_at, updated_at) VALUES ('x', 'core', 'nope', '', '')").run(),
    ).toThrow(/CHECK constraint|malformed JSON/);
    expect(store.cards.get('c1')?.doc.name).toBe('Fire Drake');
  });

  it('keeps meta values', () => {
    const store = memoryStore();
    expect(store.getMeta('samples_seeded')).toBeUndefined();
    store.setMeta('samples_seeded', 'yes');
    store.setMeta('samples_seeded', 'again');
    expect(store.getMeta('samples_seeded')).toBe('again');
  });
});
