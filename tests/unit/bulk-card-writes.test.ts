// A bulk write (an import) leaves the search index, the deck pool and the triggers exactly as the
// per-row triggers would, and on any failure leaves the database as it was.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { join, resolve } from 'node:path';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { openDatabaseFile } from '../../src-main/store/database';
import type { SqliteDatabase } from '../../src-main/store/sqlite';
import { writePoolGame } from '../../src-main/store/deck-pool';
import { Store } from '../../src-main/store/store';
import type { CardWrite } from '../../src-main/store/card-write';
import {
  ftsDeleteTrigger,
  ftsInsertTrigger,
  ftsUpdateTrigger,
  poolDeleteTrigger,
  poolInsertTrigger,
  poolUpdateTrigger,
} from '../../src-main/store/card-index-triggers';
import { APPENDED_INDEXES, BULK_CHUNK, INDEX_REBUILD_FROM } from '../../src-main/store/bulk-card-writes';
import { poolGameOf } from '../../src-main/services/deck-pool';
import { loadGameSystem } from '../../src-main/services/game-systems';

const ROOT = resolve(import.meta.dirname, '../..');
const osmcg: GameSystem = loadGameSystem(join(ROOT, 'card-schema/systems/osmcg'));
const COLORS = ['red', 'blue', 'green', 'white', 'black', 'neutral'];
const WORDS = ['ember', 'tide', 'grove', 'Dawn', 'dusk', 'Ösel', '火焰'];

const dbs: SqliteDatabase[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
});

function emptyStore(): Store {
  const db = openDatabaseFile(':memory:');
  dbs.push(db);
  const store = new Store(db);
  writePoolGame(db, poolGameOf(osmcg));
  store.sets.save({ id: 'core', systemId: 'osmcg', name: 'Core', description: '' });
  store.sets.save({ id: 'extra', systemId: 'osmcg', name: 'Extra', description: '' });
  return store;
}

function card(i: number, variant = ''): CardWrite {
  const doc: CardDocument = {
    type: ['creature', 'spell', 'skill'][i % 3],
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i >> 2) % WORDS.length]}${variant} ${i}`,
    colors: [COLORS[i % 6], ...(i % 4 === 0 ? [COLORS[(i + 1) % 6]] : [])],
  };
  if (i % 5 !== 0) doc.cost = i % 7;
  return { id: `c${i}`, setId: i % 3 ? 'core' : 'extra', doc, searchText: `${WORDS[(i + 3) % WORDS.length]} text${variant}` };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

/** What the index and pool hold, seen through the queries search runs and the rows themselves. */
function indexState(store: Store) {
  const db = store.db;
  const match = db.prepare<[string], number>('SELECT rowid FROM cards_fts WHERE cards_fts MATCH ? ORDER BY rowid').pluck();
  const queries = ['ember', 'e*', 'tide grove', 'name:dawn', 'search_text:text*', 'osel', '火焰', 'textB', 'ember NOT tide'];
  db.exec("INSERT INTO cards_fts (cards_fts) VALUES ('integrity-check')");
  return {
    matches: Object.fromEntries(queries.map((q) => [q, match.all(q)])),
    pool: db.prepare('SELECT * FROM card_pool ORDER BY seq').all(),
    cards: db.prepare('SELECT seq, id, set_id, doc, search_text FROM cards ORDER BY seq').all(),
    triggers: db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all(),
    indexes: db
      .prepare<[], { name: string; tbl_name: string; sql: string | null }>(
        "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name",
      )
      .all(),
  };
}

describe('bulk card writes', () => {
  it('fill the search index and deck pool exactly as the per-row triggers do', () => {
    const writes = range(0, 2 * BULK_CHUNK + 37).map((i) => card(i));
    const byTriggers = emptyStore();
    byTriggers.cards.saveMany(writes);
    const inBulk = emptyStore();
    const calls: [string, number, number][] = [];
    inBulk.cards.saveInBulk(writes, (stage, done, total) => calls.push([stage, done, total]));
    const expected = indexState(byTriggers);
    expect(expected.pool).toHaveLength(writes.length);
    expect(expected.matches.ember.length).toBeGreaterThan(0);
    expect(indexState(inBulk)).toEqual(expected);
    expect(calls).toEqual([
      ['rows', 0, writes.length],
      ['rows', BULK_CHUNK, writes.length],
      ['rows', 2 * BULK_CHUNK, writes.length],
      ['rows', writes.length, writes.length],
      ...[0, 1, 2, 3, 4].map((done) => ['index', done, 4]),
    ]);
  });

  it('let the caller complete each chunk of writes just before its rows are written (an import builds their search text then)', () => {
    const complete = range(0, 2 * BULK_CHUNK + 37).map((i) => card(i));
    const byTriggers = emptyStore();
    byTriggers.cards.saveMany(complete);
    const inBulk = emptyStore();
    const writes = complete.map((write) => ({ ...write, searchText: '' }));
    const prepared: [number, number, number][] = [];
    const rowsNow = inBulk.db.prepare<[], number>('SELECT count(*) FROM cards').pluck();
    inBulk.cards.saveInBulk(writes, undefined, undefined, (start, end) => {
      // The rows before this chunk are written already, none of it.
      prepared.push([start, end, rowsNow.get()!]);
      for (let i = start; i < end; i++) writes[i].searchText = complete[i].searchText;
    });
    expect(prepared).toEqual([
      [0, BULK_CHUNK, 0],
      [BULK_CHUNK, 2 * BULK_CHUNK, BULK_CHUNK],
      [2 * BULK_CHUNK, writes.length, 2 * BULK_CHUNK],
    ]);
    expect(indexState(inBulk)).toEqual(indexState(byTriggers));
  });

  it('update existing cards (new name, text, colors and set) and add new ones like the triggers do', () => {
    const first = range(0, 300).map((i) => card(i));
    // Every other stored card changes (some move to the other set), plus 100 new cards.
    const second = [...range(0, 300).filter((i) => i % 2 === 0), ...range(300, 400)].map((i) => {
      const write = card(i * 7, 'B');
      return { ...write, id: `c${i}`, setId: i % 4 === 0 ? 'core' : 'extra' };
    });
    // An id twice in one write (a new one and a stored one): the later document wins, as with upserts.
    second.push({ ...card(5, 'C'), id: 'c350' }, { ...card(6, 'C'), id: 'c10' });
    const byTriggers = emptyStore();
    byTriggers.cards.saveMany(first);
    byTriggers.cards.saveMany(second);
    const inBulk = emptyStore();
    inBulk.cards.saveInBulk(first);
    inBulk.cards.saveInBulk(second);
    const state = indexState(inBulk);
    expect(state).toEqual(indexState(byTriggers));
    // The replaced names are gone from the index, the new ones found.
    const changed = inBulk.cards.get('c2')!;
    expect(changed.doc.name).toBe(card(14, 'B').doc.name);
    expect(state.matches.textB.length).toBe(second.length - 4); // c350 and c10 end with text "textC"
    expect(inBulk.cards.get('c350')!.doc.name).toBe(card(5, 'C').doc.name);
  });

  it('build the indexes of cards and pool again after a large write into a smaller library, as they were', () => {
    const writes = range(0, INDEX_REBUILD_FROM + 100).map((i) => card(i));
    const byTriggers = emptyStore();
    byTriggers.cards.saveMany(writes.slice(0, 100));
    byTriggers.cards.saveMany(writes.slice(100));
    const inBulk = emptyStore();
    inBulk.cards.saveInBulk(writes.slice(0, 100));
    const before = indexState(inBulk);
    // Cancelled after the pool's fill (the indexes dropped and built again): all is as it was.
    const afterPoolFill = (stage: string, done: number) => {
      if (stage === 'index' && done === 3) throw new Error('cancelled');
    };
    expect(() => inBulk.cards.saveInBulk(writes.slice(100), afterPoolFill)).toThrow('cancelled');
    expect(indexState(inBulk)).toEqual(before);
    const exec = vi.spyOn(inBulk.db, 'exec');
    inBulk.cards.saveInBulk(writes.slice(100));
    const dropped = exec.mock.calls.flatMap(([sql]) => (sql.startsWith('DROP INDEX') ? [sql] : []));
    expect(dropped).toEqual(expect.arrayContaining(['DROP INDEX "cards_by_set_name"', 'DROP INDEX "card_pool_by_name"']));
    // The indexes new rows append to are kept, and the schema has each of them (a renamed one would be built again silently).
    expect(before.indexes.map((index) => index.name)).toEqual(expect.arrayContaining([...APPENDED_INDEXES]));
    for (const name of APPENDED_INDEXES) expect(dropped).not.toContain(`DROP INDEX "${name}"`);
    expect(dropped.length).toBe(
      before.indexes.filter(
        (index) => index.sql !== null && !APPENDED_INDEXES.has(index.name) && ['cards', 'card_pool'].includes(index.tbl_name),
      ).length,
    );
    // A small write keeps them.
    exec.mockClear();
    inBulk.cards.saveInBulk(range(0, 200).map((i) => card(i, 'B')));
    expect(exec.mock.calls.filter(([sql]) => sql.startsWith('DROP INDEX'))).toEqual([]);
    inBulk.cards.saveInBulk(writes.slice(0, 200));
    const state = indexState(inBulk);
    expect(state).toEqual(indexState(byTriggers));
    expect(state.indexes.filter((index) => index.tbl_name === 'card_pool').length).toBeGreaterThanOrEqual(6);
    // The search's queries still walk them.
    const plan = inBulk.db
      .prepare("EXPLAIN QUERY PLAN SELECT seq FROM card_pool WHERE system_id = 'osmcg' ORDER BY name, seq LIMIT 5")
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toContain('card_pool_by_name');
  });

  it('keep the triggers the migrations created, so later single saves are indexed', () => {
    const store = emptyStore();
    store.cards.saveInBulk(range(0, 10).map((i) => card(i)));
    const triggers = [
      ftsInsertTrigger,
      ftsDeleteTrigger,
      ftsUpdateTrigger,
      poolInsertTrigger,
      poolUpdateTrigger,
      poolDeleteTrigger,
    ];
    expect(indexState(store).triggers).toEqual(
      triggers.map(({ name, sql }) => ({ name, sql })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    store.cards.save({ ...card(99), id: 'single' });
    const seq = store.db.prepare<[], number>("SELECT seq FROM cards WHERE id = 'single'").pluck().get();
    expect(store.db.prepare('SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?').pluck().all('"99"')).toEqual([seq]);
    expect(store.db.prepare('SELECT count(*) FROM card_pool WHERE seq = ?').pluck().get(seq)).toBe(1);
  });

  it('leave the database as it was when a card fails to write', () => {
    const store = emptyStore();
    store.cards.saveMany(range(0, 50).map((i) => card(i)));
    const before = indexState(store);
    const writes = range(40, 700).map((i) => card(i, 'B'));
    writes[650] = { ...writes[650], setId: 'no-such-set' };
    expect(() => store.cards.saveInBulk(writes)).toThrow(/FOREIGN KEY/);
    expect(store.db.inTransaction).toBe(false);
    expect(indexState(store)).toEqual(before);
  });

  it('leave the database as it was when cancelled between chunks, also inside the caller’s transaction', () => {
    const store = emptyStore();
    store.cards.saveMany(range(0, 50).map((i) => card(i)));
    const before = indexState(store);
    const cancel = (_stage: string, done: number) => {
      if (done > 0) throw new Error('cancelled');
    };
    const writes = range(0, 1200).map((i) => card(i, 'B'));
    expect(() => store.cards.saveInBulk(writes, cancel)).toThrow('cancelled');
    expect(indexState(store)).toEqual(before);
    // Cancelled while the index is being filled, after every row was written.
    const whileIndexing = (stage: string, done: number) => {
      if (stage === 'index' && done === 3) throw new Error('cancelled');
    };
    expect(() => store.cards.saveInBulk(writes, whileIndexing)).toThrow('cancelled');
    expect(indexState(store)).toEqual(before);
    expect(() =>
      store.transaction(() => {
        store.sets.save({ id: 'third', systemId: 'osmcg', name: 'Third', description: '' });
        store.cards.saveInBulk(writes, cancel);
      }),
    ).toThrow('cancelled');
    expect(store.sets.get('third')).toBeUndefined();
    expect(indexState(store)).toEqual(before);
  });
});
