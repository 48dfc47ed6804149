// The deck builder's pool (store/deck-pool.ts, services/deck-pool.ts): the identity subset done in
// SQL, every filter, each sort order paged by cursor equal to a full sorted reference, clear
// messages for bad input, the rows kept by triggers, and migration 5 on an existing database.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { identityOf } from '../../card-schema/deck/evaluate';
import { openDatabase, openDatabaseFile } from '../../src-main/store/database';
import type { SqliteDatabase } from '../../src-main/store/sqlite';
import { migrations } from '../../src-main/store/migrations';
import { POOL_SORTS } from '../../card-schema/deck/pool-page';
import { PoolSearcher, writePoolGame, type PoolSearch } from '../../src-main/store/deck-pool';
import { Store } from '../../src-main/store/store';
import { poolGameOf, poolSearchOf, toPoolCard, type PoolInput } from '../../src-main/services/deck-pool';
import { loadGameSystem } from '../../src-main/services/game-systems';
import type { Cardwright } from '../../src-main/api/service';
import { apiCaller } from './api-call';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const osmcg: GameSystem = loadGameSystem(join(ROOT, 'card-schema/systems/osmcg'));

const openDbs: SqliteDatabase[] = [];
const dirs: string[] = [];
const apps: Cardwright[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const db of openDbs.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const COLORS = ['red', 'blue', 'green', 'white', 'black', 'neutral'];
const TYPES = ['creature', 'spell', 'skill'];

/** A deterministic library: names that tie, cards without cost, mono-, multi- and no-color cards. */
function docs(count: number): { id: string; setId: string; doc: CardDocument }[] {
  return Array.from({ length: count }, (_, i) => {
    const colors = [COLORS[i % 6], ...(i % 7 === 0 ? [COLORS[(i + 2) % 5]] : [])].filter((c, k, all) => all.indexOf(c) === k);
    const doc: CardDocument = { type: TYPES[i % 3], name: `${['Ash', 'bolt', 'Cinder', 'dawn'][i % 4]} ${i % 9}`, colors };
    if (i % 5 !== 0) doc.cost = i % 8;
    if (i % 11 === 0) delete doc.colors;
    return { id: `c${i}`, setId: i % 2 ? 'core' : 'extra', doc };
  });
}

function storeWithCards(count = 300): Store {
  const db = openDatabaseFile(':memory:');
  openDbs.push(db);
  const store = new Store(db);
  writePoolGame(db, poolGameOf(osmcg));
  store.sets.save({ id: 'core', systemId: 'osmcg', name: 'Core', description: '' });
  store.sets.save({ id: 'extra', systemId: 'osmcg', name: 'Extra', description: '' });
  store.sets.save({ id: 'other', systemId: 'muhq', name: 'Other', description: '' });
  store.cards.saveMany(docs(count).map((card) => ({ ...card, searchText: card.doc.name })));
  store.cards.saveMany([{ id: 'm1', setId: 'other', doc: { type: 'creature', name: 'Ash 1' }, searchText: '' }]);
  return store;
}

function input(partial: Partial<PoolInput>): PoolInput {
  return { systemId: 'osmcg', sectionId: 'main', query: '', sort: 'name', descending: false, limit: 200, ...partial };
}

function everyPage(searcher: PoolSearcher, search: PoolSearch): string[] {
  const ids: string[] = [];
  let page = searcher.search(search);
  for (let guard = 0; guard < 1000; guard++) {
    ids.push(...page.cards.map((card) => card.id));
    if (!page.next) return ids;
    expect(page.cards.length).toBe(search.limit);
    page = searcher.search({ ...search, after: page.next });
  }
  throw new Error('paging does not end');
}

const costOf = (doc: CardDocument) => (typeof doc.cost === 'number' ? doc.cost : Infinity);
const identityKey = (doc: CardDocument) => {
  const bits = [...new Set(identityOf(doc, osmcg.identity!))].map((value) => COLORS.indexOf(value));
  return bits.length * 2 ** 40 + bits.reduce((mask, bit) => mask + 2 ** bit, 0);
};
const byName = (a: { doc: CardDocument; seq: number }, b: { doc: CardDocument; seq: number }) => {
  const x = a.doc.name.toLowerCase();
  const y = b.doc.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.seq - b.seq;
};
const REFERENCE: Record<string, (a: { doc: CardDocument; seq: number }, b: { doc: CardDocument; seq: number }) => number> = {
  name: byName,
  cost: (a, b) => costOf(a.doc) - costOf(b.doc) || byName(a, b),
  type: (a, b) => (a.doc.type < b.doc.type ? -1 : a.doc.type > b.doc.type ? 1 : byName(a, b)),
  identity: (a, b) => identityKey(a.doc) - identityKey(b.doc) || byName(a, b),
};

describe('deck pool query', () => {
  it('pages every sort order, both directions, exactly like a full sort of the matches', () => {
    const store = storeWithCards();
    const searcher = new PoolSearcher(store.db);
    const all = docs(300).map((card, seq) => ({ ...card, seq: seq + 1 }));
    for (const sort of POOL_SORTS) {
      for (const descending of [false, true]) {
        const search = poolSearchOf(osmcg, input({ sort, descending, limit: 17, withinIdentity: ['red', 'blue'] }));
        const fits = all.filter((card) =>
          identityOf(card.doc, osmcg.identity!).every((value) => ['red', 'blue', 'neutral'].includes(value)),
        );
        const expected = [...fits].sort(REFERENCE[sort]);
        if (descending) expected.reverse();
        expect(everyPage(searcher, search), `${sort} ${descending ? 'desc' : 'asc'}`).toEqual(expected.map((c) => c.id));
      }
    }
  });

  it('filters by type, set, identity values, cost range and search text, in the game only', () => {
    const store = storeWithCards();
    const searcher = new PoolSearcher(store.db);
    const all = docs(300);
    const run = (partial: Partial<PoolInput>) => everyPage(searcher, poolSearchOf(osmcg, input({ ...partial, limit: 50 })));
    const sorted = (cards: typeof all) =>
      [...cards]
        .sort((a, b) => byName({ doc: a.doc, seq: +a.id.slice(1) }, { doc: b.doc, seq: +b.id.slice(1) }))
        .map((c) => c.id);
    expect(run({ types: ['spell'] })).toEqual(sorted(all.filter((c) => c.doc.type === 'spell')));
    expect(run({ setId: 'core' })).toEqual(sorted(all.filter((c) => c.setId === 'core')));
    expect(run({ identityAny: ['green', 'black'] })).toEqual(
      sorted(all.filter((c) => identityOf(c.doc, osmcg.identity!).some((v) => v === 'green' || v === 'black'))),
    );
    expect(run({ costMin: 2, costMax: 4 })).toEqual(sorted(all.filter((c) => costOf(c.doc) >= 2 && costOf(c.doc) <= 4)));
    expect(run({ query: 'cind' })).toEqual(sorted(all.filter((c) => c.doc.name.startsWith('Cinder'))));
    // The other game's "Ash 1" never shows; a section's types bound the pool.
    expect(run({ query: 'ash' })).not.toContain('m1');
    expect(run({ sectionId: 'hero' })).toEqual([]);
  });
  it('takes the library query language: exclusions, field tests and set: re-checked on the document', () => {
    const store = storeWithCards();
    const searcher = new PoolSearcher(store.db);
    const all = docs(300);
    const sorted = (cards: typeof all) =>
      [...cards]
        .sort((a, b) => byName({ doc: a.doc, seq: +a.id.slice(1) }, { doc: b.doc, seq: +b.id.slice(1) }))
        .map((c) => c.id);
    const run = (query: PoolSearch['query'], partial: Partial<PoolInput> = {}) =>
      everyPage(searcher, { ...poolSearchOf(osmcg, input({ ...partial, limit: 23 })), query });
    const words = (include: string[], exclude: string[] = []) => ({
      systemId: 'osmcg',
      text: {
        include: include.map((word) => ({ tokens: [word], prefix: true })),
        exclude: exclude.map((word) => ({ tokens: [word], prefix: true })),
      },
      fields: [],
    });
    expect(run(words(['cinder'], ['3']))).toEqual(
      sorted(all.filter((c) => c.doc.name.startsWith('Cinder') && !c.doc.name.endsWith(' 3'))),
    );
    expect(run(words([], ['ash', 'bolt']))).toEqual(sorted(all.filter((c) => /^(Cinder|dawn)/.test(c.doc.name))));
    const cheapRedInCore = {
      ...words(['dawn']),
      setIds: ['core'],
      fields: [
        { test: { kind: 'compare' as const, paths: [['cost']], op: '<=' as const, value: 3 }, negated: false },
        { test: { kind: 'equals' as const, paths: [['colors']], values: ['RED'] }, negated: true },
      ],
    };
    expect(run(cheapRedInCore, { sort: 'cost' })).toEqual(
      [...all]
        .filter((c) => c.doc.name.startsWith('dawn') && c.setId === 'core' && costOf(c.doc) <= 3)
        .filter((c) => !((c.doc.colors as string[] | undefined) ?? []).includes('red'))
        .map((c) => ({ ...c, seq: +c.id.slice(1) }))
        .sort(REFERENCE.cost)
        .map((c) => c.id),
    );
    // Typed text goes through the same language (the parser's words and -words).
    expect(everyPage(searcher, poolSearchOf(osmcg, input({ query: 'cinder -3', limit: 50 })))).toEqual(
      run(words(['cinder'], ['3'])),
    );
  });

  it('counts up to the cap and says when it stopped', () => {
    const store = storeWithCards(1_300);
    const searcher = new PoolSearcher(store.db);
    const page = searcher.search(poolSearchOf(osmcg, input({ limit: 10 })));
    expect(page).toMatchObject({ total: 1_000, totalExact: false });
    const small = searcher.search(
      poolSearchOf(osmcg, input({ limit: 10, types: ['spell'], setId: 'core', costMin: 1, costMax: 1 })),
    );
    expect(small.totalExact).toBe(true);
    expect(small.total).toBe(docs(1_300).filter((c) => c.doc.type === 'spell' && c.setId === 'core' && c.doc.cost === 1).length);
  });

  it('keeps its rows with the cards: edits, moves and deletes', () => {
    const store = storeWithCards(30);
    const searcher = new PoolSearcher(store.db);
    const find = (partial: Partial<PoolInput>) => everyPage(searcher, poolSearchOf(osmcg, input({ ...partial, limit: 100 })));
    store.cards.saveMany([
      { id: 'c1', setId: 'core', doc: { type: 'spell', name: 'Zephyr', colors: ['black'], cost: 9 }, searchText: 'Zephyr' },
    ]);
    expect(find({ costMin: 9 })).toEqual(['c1']);
    expect(find({ withinIdentity: ['red'], query: 'zephyr' })).toEqual([]);
    store.db.prepare('DELETE FROM cards WHERE id = ?').run('c1');
    expect(find({ costMin: 9 })).toEqual([]);
    // A deleted set takes its cards by cascade, and their pool rows with them.
    store.db.prepare('DELETE FROM sets WHERE id = ?').run('extra');
    const rows = (table: string) => store.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    expect(rows('card_pool')).toBe(rows('cards'));
    expect(find({})).toEqual(find({ setId: 'core' }));
  });

  it("computes a game's rows again when its cost or identity field changes", () => {
    const store = storeWithCards(40);
    const searcher = new PoolSearcher(store.db);
    const cheapest = () => searcher.search({ ...poolSearchOf(osmcg, input({ sort: 'cost', limit: 40 })) }).cards[0].doc;
    expect(cheapest().cost).toBe(0);
    // The same fields again: nothing to do. Another cost field: the rows follow it.
    writePoolGame(store.db, poolGameOf(osmcg));
    writePoolGame(store.db, { ...poolGameOf(osmcg), costField: 'missing' });
    expect(searcher.search(poolSearchOf(osmcg, input({ costMax: 100 }))).total).toBe(0);
    writePoolGame(store.db, poolGameOf(osmcg));
    expect(cheapest().cost).toBe(0);
  });

  it('refuses requests that do not fit the game, naming what is wrong', () => {
    expect(() => poolSearchOf(osmcg, input({ sectionId: 'sideboard' }))).toThrow(
      'no deck section "sideboard" (sections: "hero", "main"',
    );
    expect(() => poolSearchOf(osmcg, input({ types: ['hero'] }))).toThrow('Deck cannot hold "hero" cards');
    expect(() => poolSearchOf(osmcg, input({ withinIdentity: ['purple'] }))).toThrow('"purple" is not a color of');
    expect(() => poolSearchOf(osmcg, input({ costMin: 5, costMax: 2 }))).toThrow('The lowest cost (5) is above the highest (2)');
  });

  it('shows what the pool columns need: type label, cost, identity, stats, picture', () => {
    const card = toPoolCard(osmcg, {
      id: 'x',
      setId: 'core',
      systemId: 'osmcg',
      updatedAt: '',
      doc: { type: 'creature', name: 'X', cost: 3, colors: ['red'], atk: 2, hp: 'lots', art: { id: 'a'.repeat(64) } },
    });
    expect(card).toMatchObject({
      typeLabel: 'Creature',
      cost: 3,
      identity: ['red'],
      stats: [2, null, null, null],
      imageId: 'a'.repeat(64),
    });
  });
});

describe('migration 5 on an existing library', () => {
  it('fills the pool for cards written before it, and the game fields fill cost and identity', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-pool-'));
    dirs.push(dataDir);
    // Written with plain SQL, as the release before wrote it (today's Store expects today's schema).
    const before = openDatabase(dataDir, migrations.slice(0, 4));
    const now = new Date().toISOString();
    before
      .prepare('INSERT INTO sets (id, system_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run('core', 'osmcg', 'Core', '', now, now);
    const insert = before.prepare(
      'INSERT INTO cards (id, set_id, doc, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const card of docs(40)) insert.run(card.id, 'core', JSON.stringify(card.doc), '', now, now);
    before.close();

    const db = openDatabase(dataDir);
    openDbs.push(db);
    expect(db.prepare('SELECT count(*) FROM card_pool').pluck().get()).toBe(40);
    writePoolGame(db, poolGameOf(osmcg));
    const searcher = new PoolSearcher(db);
    const cheap = everyPage(searcher, poolSearchOf(osmcg, input({ costMax: 1, withinIdentity: ['red'] })));
    const expected = docs(40).filter(
      (c) => costOf(c.doc) <= 1 && identityOf(c.doc, osmcg.identity!).every((v) => v === 'red' || v === 'neutral'),
    );
    expect(cheap.sort()).toEqual(expected.map((c) => c.id).sort());
    expect(readFileSync(join(dataDir, 'cardwright.sqlite')).length).toBeGreaterThan(0);
  });
});

describe('searchDeckPool through the API', () => {
  function openApp(): { app: Cardwright; call: ReturnType<typeof apiCaller> } {
    const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-pool-api-'));
    dirs.push(dataDir);
    const app = openSampleCardwright(dataDir);
    apps.push(app);
    return { app, call: apiCaller(app) };
  }

  it("offers the sample cards inside Pyra's identity, with the pool's columns", async () => {
    const { call } = openApp();
    const page = await call('searchDeckPool', { systemId: 'osmcg', sectionId: 'main', withinIdentity: ['red'], sort: 'cost' });
    expect(page.cards.length).toBeGreaterThan(10);
    expect(page.cards.every((row) => row.identity.every((c) => c === 'red' || c === 'neutral'))).toBe(true);
    const costs = page.cards.map((row) => row.cost ?? Infinity);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    const bolt = page.cards.find((row) => row.card.doc.name === 'Fire Bolt');
    expect(bolt).toMatchObject({ typeLabel: 'Spell', identity: ['red'] });
  });

  it('answers bad input with BAD_INPUT and a sentence', async () => {
    const { call } = openApp();
    await expect(
      call('searchDeckPool', { systemId: 'osmcg', sectionId: 'main', withinIdentity: ['mauve'] }),
    ).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('"mauve" is not a color of'),
    });
    await expect(call('searchDeckPool', { systemId: 'osmcg', sectionId: 'main', sort: 'rarity' as never })).rejects.toMatchObject(
      {
        code: 'BAD_INPUT',
      },
    );
    await expect(call('searchDeckPool', { systemId: 'nope', sectionId: 'main' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Search text never breaks the query: FTS operators are searched for as words.
    const odd = await call('searchDeckPool', { systemId: 'osmcg', sectionId: 'main', query: '"AND (* NEAR' });
    expect(odd.cards).toEqual([]);
  });

  it('gives a game installed later its identity at once (the bundle import writes its pool fields first)', async () => {
    const { call } = openApp();
    const text = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8');
    await call('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text });
    const ember = await call('searchDeckPool', {
      systemId: 'lantern-watch',
      sectionId: 'watch',
      withinIdentity: ['ember'],
      limit: 1000,
    });
    const all = await call('searchDeckPool', { systemId: 'lantern-watch', sectionId: 'watch', limit: 1000 });
    expect(ember.cards.length).toBeGreaterThan(0);
    expect(ember.cards.length).toBeLessThan(all.cards.length);
    expect(ember.cards.every((row) => row.identity.every((f) => f === 'ember' || f === 'dusk'))).toBe(true);
  });
});
