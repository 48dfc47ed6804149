// A reader's search sees one snapshot, and what it keeps between searches (the library's shape,
// the sorts' rankings) follows another connection's commits: a file library in WAL mode, a
// writer and a read-only reader as the app's reader threads have.

import { afterEach, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openReadConnection } from '../../src-main/readers/reader';
import { CardSearcher } from '../../src-main/store/card-search';
import { databaseFile, openDatabase } from '../../src-main/store/database';
import { writePoolGame } from '../../src-main/store/deck-pool';
import { SearchShape } from '../../src-main/store/search-shape';
import { Store } from '../../src-main/store/store';
import { buildSearchText } from '../../src-main/services/search-text';
import { wordGames } from './search-helpers';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function libraryFile() {
  const dir = mkdtempSync(join(tmpdir(), 'cw-snapshot-'));
  const writer = openDatabase(dir);
  const reader = openReadConnection(databaseFile(dir));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => writer.close(),
    () => reader.close(),
  );
  const store = new Store(writer);
  store.sets.save({ id: 'core', systemId: 'osmcg', name: 'Core', description: '' });
  writePoolGame(writer, { systemId: 'osmcg', identity: { field: 'colors', values: ['red'] }, costField: 'cost' });
  /** Saves cards by id (the name, unless `renamed` gives another). */
  const add = (ids: string[], renamed: Record<string, string> = {}) =>
    store.cards.saveMany(
      ids.map((id) => {
        const doc = { type: 'creature', name: renamed[id] ?? id, cost: 1, colors: ['red'] };
        return { id, setId: 'core', doc, searchText: buildSearchText(doc) };
      }),
    );
  return { writer, reader, add };
}

it("names the snapshot a transaction holds: another connection's commit inside it does not move it", () => {
  const { reader, add } = libraryFile();
  const shape = new SearchShape(reader);
  const before = shape.currentVersion();
  const inside = reader.transaction(() => {
    const first = shape.currentVersion();
    add(['Ember Wolf']);
    const cards = reader.prepare('SELECT count(*) FROM cards').pluck().get();
    return { first, again: shape.currentVersion(), cards };
  })();
  expect(inside.again).toBe(inside.first);
  expect(inside.cards).toBe(0);
  expect(shape.currentVersion()).not.toBe(inside.first);
  expect(inside.first).toBe(before);
});

it('reads a sort’s ranking again after a commit: new and renamed cards sort where they belong', () => {
  const { reader, add } = libraryFile();
  const searcher = new CardSearcher(reader);
  const byName = (query: string) =>
    searcher
      .search({ games: wordGames(query, ['osmcg']), sort: 'name', descending: false, limit: 10 })
      .cards.map((card) => card.doc.name);
  add(['Ember Wolf', 'Ember Bear']);
  expect(byName('ember')).toEqual(['Ember Bear', 'Ember Wolf']);
  add(['Ember Ant']);
  expect(byName('ember')).toEqual(['Ember Ant', 'Ember Bear', 'Ember Wolf']);
  add(['Ember Wolf'], { 'Ember Wolf': 'Ember Aardwolf' });
  expect(byName('em')).toEqual(['Ember Aardwolf', 'Ember Ant', 'Ember Bear']);
});
