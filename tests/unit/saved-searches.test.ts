// Saved searches: the repo (scope, replace by name in any case, order, an unknown sort read back
// as relevance) and the API (a game's list holds the every-game ones, bad input is refused with
// its reason, the cap, delete, and a backup brings them back like any other row).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cardwright } from '../../src-main/api/service';
import { migrate } from '../../src-main/store/migrations';
import { SavedSearchesRepo } from '../../src-main/store/saved-searches-repo';
import { MAX_SAVED_SEARCHES } from '../../src-main/services/saved-searches';
import { MAX_QUERY_TEXT } from '../../src-main/api/contract';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

describe('SavedSearchesRepo', () => {
  let db: Database.Database;
  let repo: SavedSearchesRepo;

  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db);
    repo = new SavedSearchesRepo(db);
  });
  afterEach(() => db.close());

  const search = (name: string, systemId: string | null, query = 'ember') =>
    ({ name, query, systemId, sort: 'relevance', descending: false }) as const;

  it("lists a game's searches with the every-game ones, by name; without a game, all of them", () => {
    repo.save(search('zebra', 'osmcg'));
    repo.save(search('Alpha', null));
    repo.save(search('middle', 'omms'));
    expect(repo.list('osmcg').map((s) => [s.name, s.systemId])).toEqual([
      ['Alpha', null],
      ['zebra', 'osmcg'],
    ]);
    expect(repo.list().map((s) => s.name)).toEqual(['Alpha', 'middle', 'zebra']);
  });

  it('replaces the search of the same name in the same scope, whatever its case, keeping its id', () => {
    const first = repo.save(search('Red cheap', 'osmcg', 'color:red'));
    const again = repo.save({ name: 'red CHEAP', query: 'color:red cost<=2', systemId: 'osmcg', sort: 'cost', descending: true });
    expect(again.id).toBe(first.id);
    expect(repo.list()).toEqual([
      expect.objectContaining({ id: first.id, name: 'red CHEAP', query: 'color:red cost<=2', sort: 'cost', descending: true }),
    ]);
    // Another scope is another search, even under the same name.
    const everyGame = repo.save(search('Red cheap', null));
    const otherGame = repo.save(search('Red cheap', 'omms'));
    expect(new Set([first.id, everyGame.id, otherGame.id]).size).toBe(3);
    expect(repo.count()).toBe(3);
  });

  it('refuses a second row of the same scope and name at the database too', () => {
    repo.save(search('Twice', null));
    expect(() =>
      db
        .prepare(
          "INSERT INTO saved_searches (id, name, query, system_id, sort, descending, created_at) VALUES ('x', 'twice', '', NULL, 'name', 0, '')",
        )
        .run(),
    ).toThrow(/UNIQUE/);
  });

  it('reads an order it does not know as relevance', () => {
    db.prepare(
      "INSERT INTO saved_searches (id, name, query, system_id, sort, descending, created_at) VALUES ('old', 'Old', 'x', NULL, 'rarity', 1, '')",
    ).run();
    expect(repo.get('old')).toMatchObject({ sort: 'relevance', descending: true });
  });

  it('deletes by id', () => {
    const saved = repo.save(search('Gone', null));
    expect(repo.delete(saved.id)).toBe(true);
    expect(repo.delete(saved.id)).toBe(false);
    expect(repo.list()).toEqual([]);
  });
});

describe('saved searches (API)', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-saved-searches-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });
  afterEach(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves a search for a game or for every game, and lists them per game', async () => {
    const cheap = await call('saveSearch', {
      name: '  Cheap red  ',
      query: 'color:red cost<=2',
      systemId: 'osmcg',
      sort: 'cost',
    });
    expect(cheap).toMatchObject({
      name: 'Cheap red',
      query: 'color:red cost<=2',
      systemId: 'osmcg',
      sort: 'cost',
      descending: false,
    });
    expect(Date.parse(cheap.createdAt)).not.toBeNaN();
    const everywhere = await call('saveSearch', { name: 'Dragons', query: 'dragon', sort: 'name', descending: true });
    expect(everywhere.systemId).toBeNull();
    await call('saveSearch', { name: 'Clubs', query: 'type:club', systemId: 'omms' });

    expect((await call('listSavedSearches', { systemId: 'osmcg' })).map((s) => s.name)).toEqual(['Cheap red', 'Dragons']);
    expect((await call('listSavedSearches', { systemId: 'omms' })).map((s) => s.name)).toEqual(['Clubs', 'Dragons']);
    expect((await call('listSavedSearches', {})).map((s) => s.name)).toEqual(['Cheap red', 'Clubs', 'Dragons']);
  });

  it('replaces the search saved under the same name in the same scope', async () => {
    const first = await call('saveSearch', { name: 'Mine', query: 'ember', systemId: 'osmcg' });
    const second = await call('saveSearch', { name: 'mine', query: 'tide', systemId: 'osmcg', sort: 'type' });
    expect(second.id).toBe(first.id);
    expect(await call('listSavedSearches', { systemId: 'osmcg' })).toEqual([second]);
  });

  it('keeps a query of 100,000 characters as typed, and refuses what is wrong with a reason', async () => {
    const long = 'é"-('.repeat(MAX_QUERY_TEXT / 4);
    expect((await call('saveSearch', { name: 'Long', query: long })).query).toBe(long);

    expect((await failure(call('saveSearch', { name: '   ', query: 'x' }))).message).toMatch(/needs a name/);
    expect((await failure(call('saveSearch', { name: 'n'.repeat(201), query: 'x' }))).code).toBe('BAD_INPUT');
    expect((await failure(call('saveSearch', { name: 'Too long', query: 'x'.repeat(MAX_QUERY_TEXT + 1) }))).code).toBe(
      'BAD_INPUT',
    );
    const sort = await failure(call('saveSearch', { name: 'Bad sort', query: 'x', sort: 'rarity' as 'name' }));
    expect(sort.code).toBe('BAD_INPUT');
    expect(sort.message).toMatch(/sort/);
    const game = await failure(call('saveSearch', { name: 'Nowhere', query: 'x', systemId: 'no-such-game' }));
    expect(game.code).toBe('NOT_FOUND');
    expect(game.message).toMatch(/no-such-game/);
    expect((await call('listSavedSearches', {})).map((s) => s.name)).toEqual(['Long']);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} saved searches, yet still replaces one`, async () => {
    const insert = app.handlers.saveSearch;
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      await insert({ name: `search ${i}`, query: `q${i}`, sort: 'relevance', descending: false });
    }
    const refused = await failure(call('saveSearch', { name: 'one more', query: 'x' }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toMatch(/delete some/);
    expect((await call('saveSearch', { name: 'search 7', query: 'replaced' })).query).toBe('replaced');
  });

  it('deletes a saved search, and says so when there is none', async () => {
    const saved = await call('saveSearch', { name: 'Brief', query: 'x' });
    await call('deleteSavedSearch', { id: saved.id });
    expect(await call('listSavedSearches', {})).toEqual([]);
    const missing = await failure(call('deleteSavedSearch', { id: saved.id }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toContain(saved.id);
  });

  it('goes into backups and comes back with a restore', async () => {
    const saved = await call('saveSearch', { name: 'Kept', query: 'type:creature -wolf', systemId: 'osmcg', sort: 'cost' });
    const backup = await call('backupNow', {});
    await call('deleteSavedSearch', { id: saved.id });
    await call('saveSearch', { name: 'After the backup', query: 'x' });
    await call('restoreBackup', { id: backup.id });
    expect(await call('listSavedSearches', {})).toEqual([saved]);
  });
});
