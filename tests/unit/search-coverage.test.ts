// Which fields free-text search covers (card-schema/search/searched-fields.ts), through the API as
// the library calls it: image, URL and id fields are not found by their text while a field marked
// `"x-search": true` is; field filters on left-out fields still read the card; the engine agrees
// with the reference matcher; a changed game and an old database are indexed again once.

import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiCaller, type Call } from './api-call';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { databaseFile } from '../../src-main/store/database';
import { buildSearchText } from '../../src-main/services/search-text';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';
import { parseQuery } from '../../card-schema/search/parse';
import { resolveQuery } from '../../card-schema/search/resolve';
import { cardMatchesSearch } from '../../card-schema/search/reference';
import { fieldSectionOf, freeTextOf, WHOLE_MARK, WORD_MARK } from '../../card-schema/search/field-index';
import { searchTokens } from '../../card-schema/search/tokens';
import type { CardDocument, CardRecord, GameSystem } from '../../card-schema/system/format';
import type { SystemBundleJson } from '../../src-main/services/system-bundles';

const root = resolve(import.meta.dirname, '../..');
const SYSTEMS = join(root, 'card-schema', 'systems');
const samplesDir = join(root, 'resources', 'samples');
const fontsDir = join(root, 'resources', 'fonts');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tmpDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

type Field = Record<string, unknown>;
type Json = Record<string, unknown> & { properties: Record<string, Field> };

/** The built-in games, with OSMCG's creatures given an art URL, an art file, a print id and a catalog id. */
function systemsWithGalleryFields(catalogSearched: boolean): string {
  const dir = tmpDir('cw-coverage-systems-');
  cpSync(SYSTEMS, dir, { recursive: true });
  const file = join(dir, 'osmcg', 'schemas', 'creature.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Json;
  schema.properties.artUrl = { type: 'string', format: 'uri', title: 'Art URL' };
  schema.properties.artFile = { type: 'string', title: 'Art file', 'x-search': false };
  schema.properties.printId = { type: 'string', title: 'Print id' };
  schema.properties.catalogId = { type: 'string', title: 'Catalog id', 'x-search': catalogSearched };
  writeFileSync(file, JSON.stringify(schema));
  return dir;
}

function open(dataDir: string, systemsDir = SYSTEMS): { app: Cardwright; call: Call } {
  const app = openCardwright({ dataDir, systemsDir, samplesDir, fontsDir });
  cleanups.push(() => app.close());
  return { app, call: apiCaller(app) };
}

const WYRM: CardDocument = {
  type: 'creature',
  name: 'Gallery Wyrm',
  colors: ['red'],
  cost: 3,
  atk: 3,
  hp: 4,
  spd: 4,
  ap: 2,
  text: 'When it enters, look at the top card of your deck.',
  artUrl: 'https://example.org/art/wyrm.png',
  artFile: 'wyrm-final.png',
  printId: 'GW-PNG-7',
  catalogId: 'tidecat 42',
};

async function searchNames(call: Call, query: string, systemId?: string): Promise<string[]> {
  const found = await call('searchCards', { query, sort: 'name', limit: 500, ...(systemId ? { systemId } : {}) });
  return found.cards.map((card) => card.doc.name);
}

describe('the fields free-text search covers', () => {
  it('finds no sample card by "png", nor by an id', async () => {
    const { call } = open(tmpDir('cw-coverage-'));
    expect(await searchNames(call, 'png')).toEqual([]);
    expect(await searchNames(call, 'osmcg')).toEqual([]);
    expect((await searchNames(call, 'pyra')).length).toBeGreaterThan(0);
  });

  it('leaves URL, x-search: false and id fields out of the text, keeps a field marked x-search: true', async () => {
    const systemsDir = systemsWithGalleryFields(true);
    const system = loadGameSystem(join(systemsDir, 'osmcg'));
    const stored = buildSearchText(WYRM, system);
    const text = freeTextOf(stored);
    expect(text).not.toMatch(/png|example|GW/i);
    expect(text.split('\n')).toContain('tidecat 42');
    // The field index covers them (field tests on them need no document), in qualified tokens only.
    expect(fieldSectionOf(stored)).toMatch(/png/);
    expect(
      searchTokens(fieldSectionOf(stored)).every((token) => token.startsWith(WORD_MARK) || token.startsWith(WHOLE_MARK)),
    ).toBe(true);

    const { call } = open(tmpDir('cw-coverage-'), systemsDir);
    const setId = (await call('listSets', {})).find((set) => set.systemId === 'osmcg')!.id;
    await call('saveCard', { setId, doc: WYRM });
    expect(await searchNames(call, 'png')).toEqual([]);
    expect(await searchNames(call, 'example')).toEqual([]);
    expect(await searchNames(call, 'gw')).toEqual([]);
    expect(await searchNames(call, 'tidecat')).toEqual(['Gallery Wyrm']);
    // A field filter reads the card itself, indexed or not.
    expect(await searchNames(call, 'artfile:png', 'osmcg')).toEqual(['Gallery Wyrm']);
    expect(await searchNames(call, 'printid:gw', 'osmcg')).toEqual(['Gallery Wyrm']);
    expect(await searchNames(call, 'arturl:example', 'osmcg')).toEqual(['Gallery Wyrm']);
    expect(await searchNames(call, 'catalogid="tidecat 42"', 'osmcg')).toEqual(['Gallery Wyrm']);
  });

  it('agrees with the reference matcher on fields left out of search', async () => {
    const systemsDir = systemsWithGalleryFields(true);
    const { call } = open(tmpDir('cw-coverage-'), systemsDir);
    const setId = (await call('listSets', {})).find((set) => set.systemId === 'osmcg')!.id;
    await call('saveCard', { setId, doc: WYRM });
    await call('saveCard', { setId, doc: { ...WYRM, name: 'Plain Wyrm', artFile: 'plain.jpg', catalogId: 'png shelf' } });
    const systems: GameSystem[] = [await call('getSystem', { systemId: 'osmcg' })];
    const sets = await call('listSets', {});
    const cards: CardRecord[] = (await call('searchCards', { query: '', systemId: 'osmcg', sort: 'name', limit: 500 })).cards;
    const queries = [
      'png',
      '-png',
      'wyrm',
      'wyrm -png',
      'artfile:png',
      'artfile:final',
      '-artfile:png',
      'artfile="wyrm-final.png"',
      'arturl:example',
      'printid:gw',
      'printid:"gw png"',
      'catalogid:png',
      'catalogid:tidecat',
      'png catalogid:png',
    ];
    for (const query of queries) {
      const game = resolveQuery(parseQuery(query), { systems, sets }).games[0];
      const expected = cards
        .filter((card) =>
          cardMatchesSearch({ doc: card.doc, setId: card.setId, searchText: buildSearchText(card.doc, systems[0]) }, game),
        )
        .map((card) => card.doc.name)
        .sort();
      expect([query, (await searchNames(call, query, 'osmcg')).sort()]).toEqual([query, expected]);
    }
    expect(await searchNames(call, 'png', 'osmcg')).toEqual(['Plain Wyrm']);
  });

  it('indexes a game’s cards again when the game changes which fields it searches', async () => {
    const dataDir = tmpDir('cw-coverage-');
    const searched = systemsWithGalleryFields(true);
    const first = open(dataDir, searched);
    const setId = (await first.call('listSets', {})).find((set) => set.systemId === 'osmcg')!.id;
    await first.call('saveCard', { setId, doc: WYRM });
    expect(await searchNames(first.call, 'tidecat')).toEqual(['Gallery Wyrm']);
    await first.app.close();

    const second = open(dataDir, systemsWithGalleryFields(false));
    expect(await searchNames(second.call, 'tidecat')).toEqual([]);
    expect(await searchNames(second.call, 'catalogid:tidecat', 'osmcg')).toEqual(['Gallery Wyrm']);
  });

  it('indexes an installed game’s cards again when its bundle is imported again with other search fields', async () => {
    const { call } = open(tmpDir('cw-coverage-'));
    const bundle = JSON.parse(
      new TextDecoder().decode((await call('exportSystem', { systemId: 'osmcg' })).bytes),
    ) as SystemBundleJson;
    const variant = JSON.parse(JSON.stringify(bundle).replaceAll('"osmcg', '"gallery')) as SystemBundleJson;
    (variant.system.files['system.json'] as Json).name = 'Gallery';
    variant.sets = [];
    const creature = variant.system.files['schemas/creature.schema.json'] as Json;
    creature.properties.catalogId = { type: 'string', title: 'Catalog id', 'x-search': true };
    const importBundle = () =>
      call('importSystem', { fileName: 'gallery.cardwright-system.json', text: JSON.stringify(variant) });
    await importBundle();
    const set = await call('createSet', { systemId: 'gallery', name: 'Gallery Prints' });
    const { artUrl: _url, artFile: _file, printId: _print, ...doc } = WYRM;
    expect(await call('saveCard', { setId: set.id, doc })).toMatchObject({ ok: true });
    expect(await searchNames(call, 'tidecat')).toEqual(['Gallery Wyrm']);

    creature.properties.catalogId['x-search'] = false;
    expect((await importBundle()).replaced).toBe(true);
    expect(await searchNames(call, 'tidecat')).toEqual([]);
    expect(await searchNames(call, 'catalogid:tidecat', 'gallery')).toEqual(['Gallery Wyrm']);
  });

  it('rebuilds the search text of a database from before migration 12 once', async () => {
    const dataDir = tmpDir('cw-coverage-');
    copyFileSync(join(root, 'tests', 'fixtures', 'db', 'v11.sqlite'), databaseFile(dataDir));
    const { app, call } = open(dataDir);
    const osmcg = await call('getSystem', { systemId: 'osmcg' });
    // The fixture's search text was written by hand ("fixture lark creature green").
    expect(await searchNames(call, 'lark')).toEqual(['Fixture Lark']);
    await app.close();
    const db = new Database(databaseFile(dataDir), { readonly: true });
    cleanups.push(() => db.close());
    const row = db
      .prepare<[], { doc: string; search_text: string }>("SELECT doc, search_text FROM cards WHERE id = 'fx11-lark'")
      .get()!;
    expect(row.search_text).toBe(buildSearchText(JSON.parse(row.doc) as CardDocument, osmcg));
    expect(freeTextOf(row.search_text)).toBe('Creature\ngreen\nGreen');
    expect(fieldSectionOf(row.search_text)).not.toBe('');
    const games = db.prepare<[], string>('SELECT system_id FROM search_index_games ORDER BY system_id').pluck().all();
    expect(games).toEqual(['miscrits', 'muhq', 'odd-frontier', 'omms', 'osmcg']);
  });

  it('keeps the field index of a card saved and saved again (the triggers)', async () => {
    const { call } = open(tmpDir('cw-coverage-'));
    const set = await call('createSet', { systemId: 'osmcg', name: 'Field Index' });
    const { artUrl: _url, artFile: _file, printId: _print, catalogId: _catalog, ...doc } = WYRM;
    const saved = await call('saveCard', { setId: set.id, doc: { ...doc, keywords: [{ kw: 'Haste' }] } });
    expect(saved).toMatchObject({ ok: true });
    const id = (saved as { card: { id: string } }).card.id;
    expect(await searchNames(call, 'wyrm kw:haste', 'osmcg')).toEqual(['Gallery Wyrm']);
    expect(await searchNames(call, 'wyrm text:"top card"', 'osmcg')).toEqual(['Gallery Wyrm']);
    await call('saveCard', { id, setId: set.id, doc: { ...doc, text: 'Draw a card.', keywords: [] } });
    expect(await searchNames(call, 'wyrm kw:haste', 'osmcg')).toEqual([]);
    expect(await searchNames(call, 'wyrm -kw:haste', 'osmcg')).toEqual(['Gallery Wyrm']);
    expect(await searchNames(call, 'wyrm text:"top card"', 'osmcg')).toEqual([]);
    expect(await searchNames(call, 'wyrm text:"draw a"', 'osmcg')).toEqual(['Gallery Wyrm']);
  });

  it('gives the cards of a v13 database (before the field index) their field index at start-up', async () => {
    const dataDir = tmpDir('cw-coverage-');
    copyFileSync(join(root, 'tests', 'fixtures', 'db', 'v13.sqlite'), databaseFile(dataDir));
    const before = new Database(databaseFile(dataDir), { readonly: true });
    const old = before.prepare<[], string>("SELECT search_text FROM cards WHERE id = 'fx11-lark'").pluck().get()!;
    before.close();
    expect(fieldSectionOf(old)).toBe('');
    const { app, call } = open(dataDir);
    const osmcg = await call('getSystem', { systemId: 'osmcg' });
    // Answered by the field index alone: a prefix, a phrase, an enum, and negations.
    const fixtureNames = async (query: string) =>
      (await searchNames(call, query, 'osmcg')).filter((name) => /fixture/i.test(name));
    expect(await fixtureNames('name:lar')).toEqual(['Fixture Lark']);
    expect(await fixtureNames('name:"fixture lark"')).toEqual(['Fixture Lark']);
    expect(await fixtureNames('name:"lark fixture"')).toEqual([]);
    expect(await fixtureNames('fixture color:green')).toEqual(['Fixture Lark']);
    expect(await fixtureNames('fixture -color:green')).toEqual([]);
    expect(await fixtureNames('fixture -name:lark')).toEqual([]);
    await app.close();
    const db = new Database(databaseFile(dataDir));
    // The FTS entries were replaced in one statement each (the update trigger dropped): still in step with the rows.
    expect(() => db.exec("INSERT INTO cards_fts (cards_fts) VALUES ('integrity-check')")).not.toThrow();
    expect(
      db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'cards_fts_after_update'").pluck().get(),
    ).toBe(1);
    cleanups.push(() => db.close());
    const rows = db
      .prepare<[], { doc: string; search_text: string }>("SELECT doc, search_text FROM cards WHERE id = 'fx11-lark'")
      .all();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.search_text).toBe(buildSearchText(JSON.parse(row.doc) as CardDocument, osmcg));
      expect(fieldSectionOf(row.search_text)).not.toBe('');
    }
  });

  it('refuses an x-search that is not true or false, naming the place', () => {
    const dir = tmpDir('cw-coverage-systems-');
    cpSync(join(SYSTEMS, 'osmcg'), join(dir, 'osmcg'), { recursive: true });
    const file = join(dir, 'osmcg', 'schemas', 'creature.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Json;
    schema.properties.flavor = { ...schema.properties.flavor, 'x-search': 'no' };
    writeFileSync(file, JSON.stringify(schema));
    let error: unknown;
    try {
      loadGameSystem(join(dir, 'osmcg'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GameSystemLoadError);
    const { file: where, jsonPath, reason } = error as GameSystemLoadError;
    expect([where, jsonPath, reason]).toEqual([
      'osmcg/schemas/creature.schema.json',
      '/properties/flavor/x-search',
      'x-search must be true or false',
    ]);
  });
});
