// Set metadata, set imports that never replace silently, and moving cards between sets, through
// the API (dispatch) on a real library: names unique within a game (any case, trimmed) on create,
// rename, import and restore; migration 11 renaming duplicates; 'ask' / 'replace' / 'copy' imports
// with their counts and the trash; moveCards keeping the FTS index, card_pool and decks right.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CardDocument } from '../../card-schema/system/format';
import { freeSetCode, freeSetName, setMetaProblems } from '../../card-schema/sets/set-meta';
import type { JobResults, JobStatus } from '../../src-main/api/contract';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { databaseFile, openDatabaseFile } from '../../src-main/store/database';
import { migrate, migrations } from '../../src-main/store/migrations';
import { PARALLEL_CHECKS_FROM } from '../../src-main/services/card-checks';
import { apiCaller, failure, type Call } from './api-call';

const ROOT = resolve(import.meta.dirname, '../..');

let dataDir: string;
let app: Cardwright;
let call: Call;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-sets-'));
  app = openCardwright({
    dataDir,
    systemsDir: join(ROOT, 'card-schema/systems'),
    samplesDir: join(ROOT, 'tests/unit/no-samples'),
    fontsDir: join(ROOT, 'resources/fonts'),
  });
  call = apiCaller(app);
});

afterEach(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const creature = (name: string, extra: Record<string, unknown> = {}): CardDocument => ({
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

function setText(set: Record<string, unknown>, cards: unknown[]): string {
  return JSON.stringify({
    format: 'cardwright-set',
    formatVersion: 2,
    set: { systemId: 'osmcg', description: '', ...set },
    cards,
  });
}

/** importSet as the UI runs it: the job's result, which may be the question. */
async function importSet(text: string, onExisting?: 'ask' | 'replace' | 'copy'): Promise<JobResults['importSet']> {
  const started = (await call('startJob', {
    job: { kind: 'importSet', fileName: 'lantern.set.json', text, onExisting },
  })) as JobStatus;
  const status = await app.jobs.wait(started.id);
  if (status.state !== 'done') throw new Error(`import ${status.state}: ${status.error?.message}`);
  return status.result as JobResults['importSet'];
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

describe('set names and metadata', () => {
  it('refuses a name another set of the game has, whatever its case and spaces, naming that set', async () => {
    await call('createSet', { systemId: 'osmcg', name: 'Ember Court' });
    const clash = await failure(call('createSet', { systemId: 'osmcg', name: '  ember COURT ' }));
    expect(clash.code).toBe('CONFLICT');
    expect(clash.message).toBe(
      'A set named “ember COURT” already exists in OSMCG (as “Ember Court”); set names must differ within a game. Choose another name.',
    );
    // Another game may use it.
    const other = await call('createSet', { systemId: 'muhq', name: 'Ember Court' });
    expect(other.name).toBe('Ember Court');
    expect(query('SELECT name FROM sets WHERE system_id = ?', 'osmcg')).toEqual([{ name: 'Ember Court' }]);
  });

  it('edits a set: rename (its own name in another case too) and the metadata, kept in SQLite', async () => {
    const set = await call('createSet', { systemId: 'osmcg', name: 'Ember Court', code: 'EMB' });
    await call('createSet', { systemId: 'osmcg', name: 'Tide Hall' });
    const edited = await call('updateSet', {
      id: set.id,
      name: ' EMBER court ',
      version: '1.2',
      author: 'R. Inkwell',
      license: 'CC BY 4.0',
    });
    expect(edited).toMatchObject({
      name: 'EMBER court',
      code: 'EMB',
      version: '1.2',
      author: 'R. Inkwell',
      license: 'CC BY 4.0',
    });
    expect(query('SELECT name, code, version, author, license FROM sets WHERE id = ?', set.id)).toEqual([
      { name: 'EMBER court', code: 'EMB', version: '1.2', author: 'R. Inkwell', license: 'CC BY 4.0' },
    ]);
    const clash = await failure(call('updateSet', { id: set.id, name: 'tide hall' }));
    expect(clash).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('(as “Tide Hall”)') });
    const badCode = await failure(call('updateSet', { id: set.id, code: 'two words' }));
    expect(badCode).toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/^updateSet: code: a set code may hold/) });
    const missing = await failure(call('updateSet', { id: 'nope', name: 'X' }));
    expect(missing.code).toBe('NOT_FOUND');
    expect((await call('listSets', {})).find((s) => s.id === set.id)?.name).toBe('EMBER court');
  });

  it('names free names "Name (2)", "Name (3)" and checks each field for the form', () => {
    expect(freeSetName('Core', ['core', 'Core (2)'])).toBe('Core (3)');
    expect(freeSetName('Core (2)', ['Core', 'core (2)'])).toBe('Core (3)');
    expect(freeSetName(' Fresh ', ['Core'])).toBe('Fresh');
    expect(setMetaProblems({ name: ' ', code: '-x', version: 'a\nb' })).toEqual({
      name: 'give the set a name',
      code: 'may hold letters, digits, ".", "-" and "_", starting with a letter or digit',
      version: 'must be one line',
    });
  });

  it('migrates a library whose sets share names: later ones become "Name (2)", no card is lost', async () => {
    await app.close();
    const file = join(mkdtempSync(join(tmpdir(), 'cw-old-')), 'old.sqlite');
    const old = openDatabaseFile(file, migrations.slice(0, 8));
    const insertSet = old.prepare(
      "INSERT INTO sets (id, system_id, name, description, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?)",
    );
    insertSet.run('a', 'osmcg', 'Core', '2026-01-01', '2026-01-01');
    insertSet.run('b', 'osmcg', ' core ', '2026-01-02', '2026-01-02');
    insertSet.run('c', 'osmcg', 'CORE', '2026-01-03', '2026-01-03');
    insertSet.run('d', 'muhq', 'Core', '2026-01-04', '2026-01-04');
    insertSet.run('e', 'osmcg', 'Core (2)', '2026-01-05', '2026-01-05');
    old
      .prepare("INSERT INTO cards (id, set_id, doc, created_at, updated_at) VALUES (?, ?, ?, '', '')")
      .run('card-b', 'b', JSON.stringify(creature('Kept')));
    expect(old.pragma('user_version', { simple: true })).toBe(8);
    migrate(old);
    const rows = old.prepare('SELECT id, name, code FROM sets ORDER BY id').all();
    expect(rows).toEqual([
      { id: 'a', name: 'Core', code: '' },
      { id: 'b', name: 'core (2)', code: '' },
      { id: 'c', name: 'CORE (3)', code: '' },
      { id: 'd', name: 'Core', code: '' },
      { id: 'e', name: 'Core (4)', code: '' },
    ]);
    expect(old.prepare('SELECT id, set_id FROM cards').all()).toEqual([{ id: 'card-b', set_id: 'b' }]);
    old.close();
    // The fixture reopens the app's own folder for afterEach.
    app = openCardwright({
      dataDir,
      systemsDir: join(ROOT, 'card-schema/systems'),
      samplesDir: join(ROOT, 'tests/unit/no-samples'),
      fontsDir: join(ROOT, 'resources/fonts'),
    });
  });

  it('a set restored from the trash whose name was taken since comes back as "Name (2)"', async () => {
    const set = await call('createSet', { systemId: 'osmcg', name: 'Ember Court', code: 'EMB', author: 'R. Inkwell' });
    const receipt = await call('deleteSet', { id: set.id });
    await call('createSet', { systemId: 'osmcg', name: 'ember court' });
    const restored = await call('restoreFromTrash', { id: receipt.trashId });
    expect(restored.message).toContain('came back as “Ember Court (2)”');
    expect(query('SELECT name, code, author FROM sets WHERE id = ?', set.id)).toEqual([
      { name: 'Ember Court (2)', code: 'EMB', author: 'R. Inkwell' },
    ]);
  });
});

describe('set files carry the metadata', () => {
  it('exports and imports code, version, author and license; older files without them still import', async () => {
    const set = await call('createSet', {
      systemId: 'osmcg',
      name: 'Ember Court',
      code: 'EMB',
      version: '2.0',
      author: 'R. Inkwell',
      license: 'CC0',
    });
    await call('saveCard', { setId: set.id, doc: creature('Ash Warden') });
    const blob = await call('exportSet', { setId: set.id });
    const json = JSON.parse(new TextDecoder().decode(blob.bytes)) as { set: Record<string, string> };
    expect(json.set).toMatchObject({ name: 'Ember Court', code: 'EMB', version: '2.0', author: 'R. Inkwell', license: 'CC0' });

    const old = await importSet(setText({ id: 'old-file', name: 'Old File' }, [{ id: 'o-1', doc: creature('Old One') }]));
    expect(old).toMatchObject({ outcome: 'created', set: { name: 'Old File', code: '', version: '' }, imported: 1 });
  });

  it('an imported set whose name another set of the game has takes "Name (2)" and says so', async () => {
    await call('createSet', { systemId: 'osmcg', name: 'Ember Court' });
    const result = await importSet(setText({ id: 'ember-2', name: 'EMBER COURT', code: 'EC' }, [{ doc: creature('Spark') }]));
    expect(result).toMatchObject({
      outcome: 'created',
      renamedFrom: 'EMBER COURT',
      set: { name: 'EMBER COURT (2)', code: 'EC' },
    });
  });

  it('refuses a bad code in a file, naming it', async () => {
    const error = await failure(
      call('importSet', { fileName: 'bad.set.json', text: setText({ id: 'x', name: 'X', code: 'a b' }, []) }),
    );
    expect(error).toMatchObject({ code: 'INVALID_FILE', message: expect.stringContaining('set.code: a set code may hold') });
  });
});

describe('importing a set the library has', () => {
  const original = () =>
    setText({ id: 'lantern', name: 'Lantern Set' }, [
      { id: 'l-1', doc: creature('Lamp Keeper') },
      { id: 'l-2', doc: creature('Wick Runner') },
      { id: 'l-3', doc: creature('Moth Caller') },
    ]);
  // l-1 as it was, l-2 changed, l-3 gone, one new card (and one without an id).
  const revised = () =>
    setText({ id: 'lantern', name: 'Lantern Set', version: '2' }, [
      { id: 'l-1', doc: creature('Lamp Keeper') },
      { id: 'l-2', doc: creature('Wick Runner', { cost: 5 }) },
      { id: 'l-4', doc: creature('Glass Warden', { text: 'Guards l-2.', flavor: 'l-2' }) },
      { doc: creature('Nameless Flame') },
    ]);

  beforeEach(async () => {
    expect(await importSet(original())).toMatchObject({ outcome: 'created', changes: { added: 3 } });
  });

  it("'ask' writes nothing and answers with the set and what a replace would change", async () => {
    const before = query('SELECT id, doc, updated_at FROM cards ORDER BY id');
    const question = await importSet(revised());
    expect(question).toEqual({
      outcome: 'exists',
      fileName: 'lantern.set.json',
      existing: expect.objectContaining({ id: 'lantern', name: 'Lantern Set', cardCount: 3 }),
      fileSetName: 'Lantern Set',
      fileCards: 4,
      changes: { added: 2, updated: 1, removed: 1, unchanged: 1 },
    });
    // The default (existing callers) asks too; nothing was written either time.
    expect((await call('importSet', { fileName: 'x.json', text: revised() })) as unknown).toMatchObject({ outcome: 'exists' });
    expect(query('SELECT id, doc, updated_at FROM cards ORDER BY id')).toEqual(before);
  });

  it("'replace' makes the set equal to the file; the removed card is in the trash and comes back", async () => {
    const result = await importSet(revised(), 'replace');
    expect(result).toMatchObject({
      outcome: 'replaced',
      set: { id: 'lantern', cardCount: 4, version: '2' },
      changes: { added: 2, updated: 1, removed: 1, unchanged: 1 },
      rejected: [],
    });
    if (result.outcome !== 'replaced') throw new Error('expected a replace');
    expect(
      query("SELECT id, json_extract(doc, '$.cost') AS cost FROM cards WHERE set_id = 'lantern' AND id LIKE 'l-%' ORDER BY id"),
    ).toEqual([
      { id: 'l-1', cost: 2 },
      { id: 'l-2', cost: 5 },
      { id: 'l-4', cost: 2 },
    ]);
    expect(query('SELECT t.kind, t.name, t.detail, c.id FROM trash t JOIN trash_cards c ON c.trash_id = t.id')).toEqual([
      { kind: 'card', name: '1 card not in lantern.set.json', detail: 'in “Lantern Set”', id: 'l-3' },
    ]);
    // Its pool row and FTS entry went with it.
    expect(query("SELECT count(*) AS n FROM card_pool WHERE set_id = 'lantern'")).toEqual([{ n: 4 }]);
    expect((await call('searchCards', { query: 'Moth Caller', systemId: 'osmcg' })).cards).toEqual([]);
    await call('restoreFromTrash', { id: result.trashId! });
    expect((await call('listSets', {})).find((set) => set.id === 'lantern')?.cardCount).toBe(5);
  });

  it("'copy' adds a new set with new ids for it and its cards; references between them follow", async () => {
    const result = await importSet(revised(), 'copy');
    expect(result).toMatchObject({
      outcome: 'copied',
      renamedFrom: 'Lantern Set',
      set: { name: 'Lantern Set (2)', cardCount: 4 },
      changes: { added: 4, updated: 0, removed: 0, unchanged: 0 },
    });
    if (result.outcome !== 'copied') throw new Error('expected a copy');
    expect(result.set.id).not.toBe('lantern');
    const copies = query<{ id: string; doc: string }>('SELECT id, doc FROM cards WHERE set_id = ?', result.set.id);
    expect(copies.map((card) => card.id).filter((id) => id.startsWith('l-'))).toEqual([]);
    const byName = new Map(copies.map((card) => [JSON.parse(card.doc).name as string, card]));
    const warden = JSON.parse(byName.get('Glass Warden')!.doc) as Record<string, unknown>;
    expect(warden.flavor).toBe(byName.get('Wick Runner')!.id);
    expect(warden.text).toBe('Guards l-2.');
    // The original is untouched.
    expect(query("SELECT id FROM cards WHERE set_id = 'lantern' ORDER BY id")).toEqual([
      { id: 'l-1' },
      { id: 'l-2' },
      { id: 'l-3' },
    ]);
    expect((await call('searchCards', { query: 'Glass Warden', setId: result.set.id })).cards).toHaveLength(1);
  });
});

describe('moving cards between sets', () => {
  it('moves cards in one call: their ids stay, search and the deck pool find them in the new set, decks keep them', async () => {
    const from = await call('createSet', { systemId: 'osmcg', name: 'From' });
    const to = await call('createSet', { systemId: 'osmcg', name: 'To' });
    const saved = await Promise.all(
      ['Ash Warden', 'Coal Sprite', 'Stays Home'].map((name) => call('saveCard', { setId: from.id, doc: creature(name) })),
    );
    const [a, b, c] = saved.map((result) => (result.ok ? result.card : undefined)!);
    const deck = await call('saveDeck', {
      deck: { systemId: 'osmcg', name: 'Movers', sections: { main: [{ cardId: a.id, count: 2 }] } },
    });

    const result = await call('moveCards', { cardIds: [a.id, b.id, a.id], setId: to.id });
    expect(result).toMatchObject({ moved: 2, set: { id: to.id, cardCount: 2 } });
    expect(query('SELECT id, set_id FROM cards ORDER BY id')).toEqual(
      [
        { id: a.id, set_id: to.id },
        { id: b.id, set_id: to.id },
        { id: c.id, set_id: from.id },
      ].sort((x, y) => (x.id < y.id ? -1 : 1)),
    );
    // card_pool follows the cards (its rows, and the per-set index the set sort walks).
    expect(query('SELECT c.id, p.set_id FROM card_pool p JOIN cards c ON c.seq = p.seq ORDER BY c.id')).toEqual(
      query('SELECT id, set_id FROM cards ORDER BY id'),
    );
    expect(query("SELECT count(*) AS n FROM cards_fts WHERE cards_fts MATCH 'warden'")).toEqual([{ n: 1 }]);
    expect((await call('searchCards', { query: 'warden', setId: to.id })).cards.map((card) => card.id)).toEqual([a.id]);
    expect((await call('searchCards', { query: 'warden', setId: from.id })).cards).toEqual([]);
    expect((await call('searchCards', { query: '', setId: to.id, sort: 'set' })).cards).toHaveLength(2);
    const pool = await call('searchDeckPool', { systemId: 'osmcg', sectionId: 'main', setId: to.id });
    expect(pool.cards.map((row) => row.card.id).sort()).toEqual([a.id, b.id].sort());
    expect((await call('getDeck', { id: deck.id })).sections.main).toEqual([expect.objectContaining({ cardId: a.id, count: 2 })]);

    // Into a set they are in already: nothing to move.
    expect(await call('moveCards', { cardIds: [a.id], setId: to.id })).toMatchObject({ moved: 0 });
  });

  it('refuses, moving nothing, an unknown card or a set of another game', async () => {
    const from = await call('createSet', { systemId: 'osmcg', name: 'From' });
    const elsewhere = await call('createSet', { systemId: 'muhq', name: 'Elsewhere' });
    const saved = await call('saveCard', { setId: from.id, doc: creature('Loyal') });
    const card = saved.ok ? saved.card : undefined;
    const unknown = await failure(call('moveCards', { cardIds: [card!.id, 'ghost'], setId: from.id }));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: 'No card with id "ghost"; nothing was moved' });
    const foreign = await failure(call('moveCards', { cardIds: [card!.id], setId: elsewhere.id }));
    expect(foreign).toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('cannot move into “Elsewhere”') });
    expect(query('SELECT set_id FROM cards')).toEqual([{ set_id: from.id }]);
  });
});

describe('a large replace', () => {
  const CHECK_WORKER = join(ROOT, 'out/main/check-worker.js');
  const SIZE = PARALLEL_CHECKS_FROM + 500;
  const doc = (i: number, cost = 2): Record<string, unknown> => ({ ...creature(`Bulk ${i}`), cost });
  const file = (cards: { id: string; doc: Record<string, unknown> }[]) => setText({ id: 'bulk', name: 'Bulk' }, cards);

  it.runIf(existsSync(CHECK_WORKER))(
    'goes through the bulk path with the checking thread: counts, rejections, trash, index and pool agree',
    async () => {
      await app.close();
      app = openCardwright({
        dataDir,
        systemsDir: join(ROOT, 'card-schema/systems'),
        samplesDir: join(ROOT, 'tests/unit/no-samples'),
        fontsDir: join(ROOT, 'resources/fonts'),
        checkWorker: CHECK_WORKER,
      });
      call = apiCaller(app);
      const cards = Array.from({ length: SIZE }, (_, i) => ({ id: `bulk-${i}`, doc: doc(i) }));
      expect(await importSet(file(cards))).toMatchObject({ outcome: 'created', imported: SIZE });

      // The last 100 cards gone, card 0 changed, cards 1 and 2 changed into something the schema refuses.
      const revised = cards.slice(0, SIZE - 100).map((card, i) => {
        if (i === 0) return { ...card, doc: doc(0, 7) };
        if (i === 1 || i === 2) return { ...card, doc: doc(i, -1) };
        return card;
      });
      const result = await importSet(file(revised), 'replace');
      expect(result).toMatchObject({
        outcome: 'replaced',
        imported: SIZE - 102,
        changes: { added: 0, updated: 1, removed: 100, unchanged: SIZE - 103 },
      });
      if (result.outcome !== 'replaced') throw new Error('expected a replace');
      expect(result.rejected.map((card) => card.index)).toEqual([1, 2]);
      // The refused cards stay as they were; the removed ones are in the trash.
      expect(query("SELECT json_extract(doc, '$.cost') AS cost FROM cards WHERE id IN ('bulk-0', 'bulk-1') ORDER BY id")).toEqual(
        [{ cost: 7 }, { cost: 2 }],
      );
      const n = (sql: string) => query<{ n: number }>(sql)[0].n;
      expect(n("SELECT count(*) AS n FROM cards WHERE set_id = 'bulk'")).toBe(SIZE - 100);
      expect(n("SELECT count(*) AS n FROM card_pool WHERE set_id = 'bulk'")).toBe(SIZE - 100);
      expect(n("SELECT count(*) AS n FROM cards_fts WHERE cards_fts MATCH 'bulk'")).toBe(SIZE - 100);
      expect(n('SELECT count(*) AS n FROM trash_cards')).toBe(100);
    },
  );
});

describe('set codes are unique within a game', () => {
  it('refuses a code another set of the game has on create and edit, in any case; other games and empty codes are free', async () => {
    const core = await call('createSet', { systemId: 'osmcg', name: 'Core', code: 'CORE' });
    const taken = await failure(call('createSet', { systemId: 'osmcg', name: 'Second', code: ' core ' }));
    expect(taken).toMatchObject({
      code: 'CONFLICT',
      message:
        'The code “core” belongs to the set “Core” (as “CORE”) in OSMCG; set codes must differ within a game. Choose another code.',
    });
    await call('createSet', { systemId: 'muhq', name: 'Core', code: 'CORE' });
    const second = await call('createSet', { systemId: 'osmcg', name: 'Second', code: ' EXP ' });
    expect(second.code).toBe('EXP');
    await call('createSet', { systemId: 'osmcg', name: 'Third' });
    await call('createSet', { systemId: 'osmcg', name: 'Fourth', code: '' });
    const edit = await failure(call('updateSet', { id: second.id, code: 'Core' }));
    expect(edit).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^The code “Core” belongs to the set “Core”/),
    });
    // Its own code, in another case, is fine.
    expect((await call('updateSet', { id: core.id, code: 'core' })).code).toBe('core');
  });

  it('an import whose code another set has is refused; imported as a copy it takes CODE-2 and says so', async () => {
    await call('createSet', { systemId: 'osmcg', name: 'Ember Court', code: 'EC' });
    const file = setText({ id: 'ember-file', name: 'Ember Tales', code: 'ec' }, [{ doc: creature('Spark') }]);
    const started = (await call('startJob', { job: { kind: 'importSet', fileName: 'tales.set.json', text: file } })) as JobStatus;
    const refused = await app.jobs.wait(started.id);
    expect(refused.state).toBe('failed');
    expect(refused.error?.message).toBe(
      'tales.set.json: The code “ec” belongs to the set “Ember Court” (as “EC”) in OSMCG; set codes must differ within a game. Change the code in the file, or import it as a copy (which takes a free code).',
    );
    expect(query('SELECT count(*) AS n FROM sets WHERE id = ?', 'ember-file')).toEqual([{ n: 0 }]);

    const copy = await importSet(file, 'copy');
    expect(copy).toMatchObject({ outcome: 'copied', recodedFrom: 'ec', set: { name: 'Ember Tales', code: 'ec-2' } });
    const again = await importSet(file, 'copy');
    expect(again).toMatchObject({ recodedFrom: 'ec', set: { code: 'ec-3' } });
  });

  it('a set restored from the trash whose code was taken since comes back with CODE-2', async () => {
    const set = await call('createSet', { systemId: 'osmcg', name: 'Ember Court', code: 'EMB' });
    const receipt = await call('deleteSet', { id: set.id });
    await call('createSet', { systemId: 'osmcg', name: 'Other', code: 'EMB' });
    const restored = await call('restoreFromTrash', { id: receipt.trashId });
    expect(restored.message).toContain('“Ember Court” came back with the code “EMB-2”, as another set has “EMB” now');
    expect(query('SELECT code FROM sets WHERE id = ?', set.id)).toEqual([{ code: 'EMB-2' }]);
  });

  it('migration 13 gives later sets with a taken code CODE-2, CODE-3 (oldest first; a taken CODE-2 gets CODE-2-2) and keeps every set and card', async () => {
    await app.close();
    const file = join(mkdtempSync(join(tmpdir(), 'cw-old-')), 'old.sqlite');
    const old = openDatabaseFile(file, migrations.slice(0, 12));
    const insertSet = old.prepare(
      "INSERT INTO sets (id, system_id, name, description, code, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?, ?)",
    );
    insertSet.run('b', 'osmcg', 'B', 'core', '2026-01-02', '2026-01-02');
    insertSet.run('a', 'osmcg', 'A', 'CORE', '2026-01-01', '2026-01-01');
    insertSet.run('c', 'osmcg', 'C', ' CORE ', '2026-01-02', '2026-01-02');
    insertSet.run('d', 'muhq', 'D', 'CORE', '2026-01-01', '2026-01-01');
    insertSet.run('e', 'osmcg', 'E', 'CORE-2', '2026-01-05', '2026-01-05');
    insertSet.run('f', 'osmcg', 'F', '  ', '2026-01-06', '2026-01-06');
    insertSet.run('g', 'osmcg', 'G', '', '2026-01-07', '2026-01-07');
    old
      .prepare("INSERT INTO cards (id, set_id, doc, search_text, created_at, updated_at) VALUES (?, ?, ?, '', '', '')")
      .run('card-c', 'c', JSON.stringify(creature('Kept')));
    expect(old.pragma('user_version', { simple: true })).toBe(12);
    migrate(old);
    expect(old.prepare('SELECT id, code FROM sets ORDER BY id').all()).toEqual([
      { id: 'a', code: 'CORE' },
      { id: 'b', code: 'core-2' },
      { id: 'c', code: 'CORE-3' },
      { id: 'd', code: 'CORE' },
      { id: 'e', code: 'CORE-2-2' },
      { id: 'f', code: '' },
      { id: 'g', code: '' },
    ]);
    expect(old.prepare('SELECT id, set_id FROM cards').all()).toEqual([{ id: 'card-c', set_id: 'c' }]);
    // The index holds from now on, whatever writes the row.
    expect(() => old.prepare("UPDATE sets SET code = 'Core' WHERE id = 'g'").run()).toThrow(/UNIQUE/);
    old.close();
    app = openCardwright({
      dataDir,
      systemsDir: join(ROOT, 'card-schema/systems'),
      samplesDir: join(ROOT, 'tests/unit/no-samples'),
      fontsDir: join(ROOT, 'resources/fonts'),
    });
  });

  it('frees codes as CODE-2, CODE-3, within the 16 characters a code may have', () => {
    expect(freeSetCode('CORE', ['core', 'CORE-2'])).toBe('CORE-3');
    expect(freeSetCode(' Fresh ', ['CORE'])).toBe('Fresh');
    expect(freeSetCode('', [''])).toBe('');
    expect(freeSetCode('ABCDEFGHIJKLMNOP', ['abcdefghijklmnop'])).toBe('ABCDEFGHIJKLMN-2');
  });
});
