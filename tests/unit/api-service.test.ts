// openCardwright end to end (minus the transports): the real game systems, the real samples,
// a temporary data folder, every call going through dispatch as the IPC and HTTP hosts do.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CardDocument } from '../../card-schema/system/format';
import { apiCaller, failure } from './api-call';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { databaseFile } from '../../src-main/store/database';

const root = resolve(__dirname, '../..');
const systemsDir = join(root, 'card-schema', 'systems');
const samplesDir = join(root, 'resources', 'samples');
const fontsDir = join(root, 'resources', 'fonts');

interface SampleSetFile {
  set: { id: string; systemId: string; name: string };
  cards: { id: string; doc: CardDocument }[];
}
interface SampleDeckFile {
  deck: { id: string; name: string; sections: Record<string, { cardId: string; count: number }[]> };
}

/** The shipped samples of every game, or of one game. */
function readSamples(systemId?: string): { sets: SampleSetFile[]; decks: SampleDeckFile[] } {
  const sets: SampleSetFile[] = [];
  const decks: SampleDeckFile[] = [];
  for (const systemDir of readdirSync(samplesDir).filter((dir) => systemId === undefined || dir === systemId)) {
    for (const name of readdirSync(join(samplesDir, systemDir)).filter((file) => file.endsWith('.json'))) {
      const json = JSON.parse(readFileSync(join(samplesDir, systemDir, name), 'utf8')) as { format: string };
      if (json.format === 'cardwright-set') sets.push(json as unknown as SampleSetFile);
      else decks.push(json as unknown as SampleDeckFile);
    }
  }
  return { sets, decks };
}

const tmpDirs: string[] = [];
const opened: Cardwright[] = [];

function tmpDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
}

function open(dataDir: string, dirs: { systemsDir?: string; samplesDir?: string } = {}): Cardwright {
  const app = openCardwright({
    dataDir,
    systemsDir: dirs.systemsDir ?? systemsDir,
    samplesDir: dirs.samplesDir ?? samplesDir,
    fontsDir,
  });
  opened.push(app);
  return app;
}

const caller = apiCaller;

afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const goodCreature = (name: string): CardDocument => ({
  type: 'creature',
  name,
  colors: ['red'],
  cost: 2,
  atk: 2,
  hp: 3,
  spd: 4,
  ap: 2,
  keywords: [{ kw: 'Haste' }, { kw: 'Ranged', dmg: 2, range: 6 }],
  text: 'Strikes from afar.',
});

function setFile(
  cards: unknown[],
  set: Record<string, unknown> = { id: 'test-set', systemId: 'osmcg', name: 'Test Set', description: 'for tests' },
): string {
  return JSON.stringify({ format: 'cardwright-set', formatVersion: 1, set, cards }, null, 2);
}

describe('openCardwright', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: ReturnType<typeof caller>;

  beforeEach(() => {
    dataDir = tmpDir('cw-api-');
    app = open(dataDir);
    call = caller(app);
  });

  it('loads the game systems without errors', async () => {
    expect(app.systemErrors).toEqual([]);
    const systems = await call('listSystems', {});
    expect(systems.map((system) => system.id)).toContain('osmcg');
    const osmcg = await call('getSystem', { systemId: 'osmcg' });
    expect(osmcg.cardTypes.map((cardType) => cardType.id)).toEqual(
      expect.arrayContaining(['hero', 'creature', 'spell', 'skill', 'equipment']),
    );
    expect((await failure(call('getSystem', { systemId: 'nope' }))).code).toBe('NOT_FOUND');
  });

  it('seeds the samples on first start, once, and never again after the user deleted them', async () => {
    const samples = readSamples();
    expect(samples.sets.length).toBeGreaterThan(0);
    expect(samples.decks.length).toBeGreaterThan(0);
    const sets = await call('listSets', {});
    expect(sets.map((set) => set.id).sort()).toEqual(samples.sets.map((file) => file.set.id).sort());
    for (const file of samples.sets) {
      expect(sets.find((set) => set.id === file.set.id)?.cardCount).toBe(file.cards.length);
    }
    expect((await call('listDecks', {})).map((deck) => deck.id).sort()).toEqual(samples.decks.map((file) => file.deck.id).sort());

    await app.close();
    const again = caller(open(dataDir));
    expect(await again('listSets', {})).toHaveLength(samples.sets.length);
    expect(await again('listDecks', {})).toHaveLength(samples.decks.length);

    for (const set of await again('listSets', {})) await again('deleteSet', { id: set.id });
    for (const deck of await again('listDecks', {})) await again('deleteDeck', { id: deck.id });
    await opened.at(-1)!.close();
    const afterDelete = caller(open(dataDir));
    expect(await afterDelete('listSets', {})).toEqual([]);
    expect(await afterDelete('listDecks', {})).toEqual([]);
  });

  it('lists decks with legality computed by the deck rules', async () => {
    const decks = await call('listDecks', { systemId: 'osmcg' });
    const legal = decks.find((deck) => deck.id === readSampleDeck('deck-legal.json').deck.id);
    const illegal = decks.find((deck) => deck.id === readSampleDeck('deck-illegal.json').deck.id);
    expect(legal?.legal).toBe(true);
    expect(illegal?.legal).toBe(false);
    expect(legal?.counts.main).toBeGreaterThan(0);
    const report = await call('checkDeck', { deck: await call('getDeck', { id: illegal!.id }) });
    expect(report.legal).toBe(false);
    expect(report.violations.length).toBeGreaterThan(0);
  });

  it('finds sample cards by name prefix and by keyword', async () => {
    const { sets } = readSamples('osmcg');
    const withKeyword = sets
      .flatMap((file) => file.cards)
      .find((card) => Array.isArray(card.doc.keywords) && card.doc.keywords.length > 0);
    expect(withKeyword).toBeDefined();
    const keyword = (withKeyword!.doc.keywords as { kw: string }[])[0].kw;
    const byKeyword = await call('searchCards', { query: keyword, systemId: 'osmcg', limit: 500 });
    expect(byKeyword.cards.map((card) => card.id)).toContain(withKeyword!.id);
    const prefix = withKeyword!.doc.name.split(/\s+/)[0].slice(0, 3);
    const byName = await call('searchCards', { query: prefix, limit: 500 });
    expect(byName.cards.map((card) => card.id)).toContain(withKeyword!.id);
    const nasty = await call('searchCards', { query: `"(* AND -${keyword}' OR NEAR(`, limit: 5 });
    expect(nasty.total).toBeGreaterThanOrEqual(0);
  });

  it('refuses an invalid card with its issues and writes nothing', async () => {
    const set = await call('createSet', { systemId: 'osmcg', name: 'Mine' });
    const db = new Database(databaseFile(dataDir), { readonly: true });
    const countCards = () => (db.prepare('SELECT count(*) AS n FROM cards').get() as { n: number }).n;
    const before = countCards();
    const result = await call('saveCard', { setId: set.id, doc: { ...goodCreature('Broken'), hp: 'lots' } });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.length).toBeGreaterThan(0);
      expect(result.issues.some((issue) => issue.path.includes('hp'))).toBe(true);
    }
    expect(countCards()).toBe(before);
    expect(await call('validateCard', { systemId: 'osmcg', doc: { ...goodCreature('Broken'), hp: 'lots' } })).not.toEqual([]);
    expect(await call('validateCard', { systemId: 'osmcg', doc: goodCreature('Fine') })).toEqual([]);
    db.close();
  });

  it('saves a valid card that SQLite then holds, and finds it by its keywords', async () => {
    const set = await call('createSet', { systemId: 'osmcg', name: 'Mine' });
    const result = await call('saveCard', { setId: set.id, doc: goodCreature('Treeline Archer') });
    expect(result.ok).toBe(true);
    const card = result.ok ? result.card : undefined;
    expect(card).toMatchObject({ setId: set.id, systemId: 'osmcg', doc: { name: 'Treeline Archer' } });
    expect(card!.id).toBeTruthy();

    const db = new Database(databaseFile(dataDir), { readonly: true });
    const row = db.prepare('SELECT set_id, name, type, doc FROM cards WHERE id = ?').get(card!.id) as {
      set_id: string;
      name: string;
      type: string;
      doc: string;
    };
    db.close();
    expect(row).toMatchObject({ set_id: set.id, name: 'Treeline Archer', type: 'creature' });
    expect(JSON.parse(row.doc)).toEqual(goodCreature('Treeline Archer'));

    for (const query of ['tree', 'Ranged', 'haste', 'treeline']) {
      const found = await call('searchCards', { query, setId: set.id });
      expect(
        found.cards.map((c) => c.id),
        query,
      ).toEqual([card!.id]);
    }
    expect((await call('listSets', {})).find((s) => s.id === set.id)?.cardCount).toBe(1);

    const renamed = await call('saveCard', { id: card!.id, setId: set.id, doc: goodCreature('Canopy Archer') });
    expect(renamed.ok && renamed.card.doc.name).toBe('Canopy Archer');
    expect((await call('searchCards', { query: 'treeline', setId: set.id })).total).toBe(0);

    await call('deleteCard', { id: card!.id });
    expect(await call('getCards', { ids: [card!.id] })).toEqual([]);
    expect((await failure(call('deleteCard', { id: card!.id }))).code).toBe('NOT_FOUND');
  });

  it('refuses to save into a missing set', async () => {
    const error = await failure(call('saveCard', { setId: 'no-such-set', doc: goodCreature('Lost') }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('no-such-set');
    expect((await failure(call('createSet', { systemId: 'no-such-game', name: 'X' }))).code).toBe('NOT_FOUND');
  });

  it('returns requested cards in the order asked', async () => {
    const { sets } = readSamples('osmcg');
    const cardIds = sets[0].cards
      .slice(0, 4)
      .map((card) => card.id)
      .reverse();
    const cards = await call('getCards', { ids: [...cardIds, 'missing'] });
    expect(cards.map((card) => card.id)).toEqual(cardIds);
  });

  it('imports a set file: valid cards in, the invalid one rejected with its index, nothing lost', async () => {
    const before = await call('listSets', {});
    const text = setFile([
      { id: 't-1', doc: goodCreature('First Good') },
      { id: 't-2', doc: { type: 'creature', name: 'Bad One', colors: ['red'], cost: -3 } },
      { doc: goodCreature('Second Good') },
    ]);
    const result = await call('importSet', { fileName: 'test.set.json', text });
    expect(result.imported).toBe(2);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]).toMatchObject({ index: 1, name: 'Bad One' });
    expect(result.rejected[0].issues.length).toBeGreaterThan(0);
    expect(result.set).toMatchObject({ id: 'test-set', systemId: 'osmcg', name: 'Test Set', cardCount: 2 });
    const after = await call('listSets', {});
    for (const set of before) expect(after.find((s) => s.id === set.id)?.cardCount).toBe(set.cardCount);

    // Importing the same set again replaces it (when asked to) by card id instead of duplicating or failing.
    const again = await call('importSet', {
      fileName: 'test.set.json',
      onExisting: 'replace',
      text: setFile([{ id: 't-1', doc: goodCreature('First Renamed') }], {
        id: 'test-set',
        systemId: 'osmcg',
        name: 'Test Set v2',
      }),
    });
    expect(again).toMatchObject({
      outcome: 'replaced',
      imported: 1,
      rejected: [],
      set: { name: 'Test Set v2', cardCount: 1 },
      changes: { added: 0, updated: 1, removed: 1, unchanged: 0 },
    });
    expect((await call('getCards', { ids: ['t-1'] }))[0].doc.name).toBe('First Renamed');
  });

  it('rejects (does not move) an imported card whose id belongs to another set', async () => {
    const { sets } = readSamples('osmcg');
    const taken = sets[0].cards[0];
    const result = await call('importSet', { fileName: 'x.json', text: setFile([{ id: taken.id, doc: goodCreature('Thief') }]) });
    expect(result.imported).toBe(0);
    expect(result.rejected[0].issues[0].message).toContain('already belongs');
    expect((await call('getCards', { ids: [taken.id] }))[0].setId).toBe(sets[0].set.id);
  });

  it('exports a set and imports it back unchanged', async () => {
    const { sets } = readSamples('osmcg');
    const blob = await call('exportSet', { setId: sets[0].set.id });
    expect(blob.mimeType).toBe('application/json');
    expect(blob.fileName).toMatch(/\.set\.json$/);
    const text = new TextDecoder().decode(blob.bytes);
    expect(text).toContain('\n  "format": "cardwright-set"');
    const parsed = JSON.parse(text) as SampleSetFile;
    expect(parsed.cards.map((card) => card.id)).toEqual(sets[0].cards.map((card) => card.id));
    const result = await call('importSet', { fileName: blob.fileName, text, onExisting: 'replace' });
    expect(result).toMatchObject({
      imported: sets[0].cards.length,
      rejected: [],
      set: { cardCount: sets[0].cards.length },
      changes: { added: 0, updated: 0, removed: 0, unchanged: sets[0].cards.length },
    });
  });

  it.each([
    [
      'broken JSON, naming the position',
      '{\n  "format": "cardwright-set",\n  "set" {}\n}',
      /broken\.json: not valid JSON: .*line 3 column/,
    ],
    [
      'a deck file offered as a set',
      JSON.stringify({ format: 'cardwright-deck', formatVersion: 1, deck: {} }),
      /"format" must be "cardwright-set", found "cardwright-deck"/,
    ],
    [
      'a newer format version',
      JSON.stringify({ format: 'cardwright-set', formatVersion: 99, set: {}, cards: [] }),
      /formatVersion" is 99/,
    ],
    ['a missing set.systemId', setFile([], { id: 's', name: 'S' }), /set\.systemId: is missing/],
    [
      'an unknown system',
      setFile([], { id: 's', systemId: 'chess', name: 'S' }),
      /set\.systemId: game system "chess" is not installed/,
    ],
    [
      'a card doc that is not an object',
      setFile([{ doc: goodCreature('A') }, { doc: 'creature' }]),
      /cards\[1\]\.doc must be an object, found text/,
    ],
    [
      'repeated card ids',
      setFile([
        { id: 'a', doc: goodCreature('A') },
        { id: 'a', doc: goodCreature('B') },
      ]),
      /cards\[1\]\.id "a" repeats cards\[0\]\.id/,
    ],
    ['an empty file', '  ', /broken\.json: the file is empty/],
  ])('refuses %s with INVALID_FILE', async (_what, text, message) => {
    const before = await call('listSets', {});
    const error = await failure(call('importSet', { fileName: 'broken.json', text }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toMatch(message);
    expect(await call('listSets', {})).toEqual(before);
  });

  it('saves illegal decks (work in progress) but not decks with unknown cards', async () => {
    const { sets } = readSamples('osmcg');
    const someCard = sets[0].cards.find((card) => card.doc.type !== 'hero')!;
    const wip = await call('saveDeck', {
      deck: { systemId: 'osmcg', name: 'WIP', sections: { main: [{ cardId: someCard.id, count: 1 }] } },
    });
    expect(wip.id).toBeTruthy();
    expect((await call('listDecks', {})).find((deck) => deck.id === wip.id)?.legal).toBe(false);
    expect(await call('getDeck', { id: wip.id })).toMatchObject({
      name: 'WIP',
      sections: { main: [{ cardId: someCard.id, count: 1 }] },
    });

    const unknown = await failure(
      call('saveDeck', { deck: { systemId: 'osmcg', name: 'Ghost', sections: { main: [{ cardId: 'ghost-card', count: 2 }] } } }),
    );
    expect(unknown.code).toBe('BAD_INPUT');
    expect(unknown.message).toContain('ghost-card');
    const badSection = await failure(call('saveDeck', { deck: { systemId: 'osmcg', name: 'Odd', sections: { sideboard: [] } } }));
    expect(badSection.message).toContain('"sideboard" is not a deck section');
  });

  it('exports a deck file and imports it as a new deck without overwriting the original', async () => {
    const sample = readSampleDeck('deck-legal.json');
    const blob = await call('exportDeck', { id: sample.deck.id });
    expect(blob.fileName).toMatch(/\.deck\.json$/);
    const imported = await call('importDeck', { fileName: blob.fileName, text: new TextDecoder().decode(blob.bytes) });
    expect(imported.id).not.toBe(sample.deck.id);
    expect(imported.name).toBe(sample.deck.name);
    // The import stores each entry's card name with it (shown should the card be deleted later).
    const unnamed = (sections: Record<string, { cardId: string; count: number }[]>) =>
      Object.fromEntries(
        Object.entries(sections).map(([id, entries]) => [id, entries.map(({ cardId, count }) => ({ cardId, count }))]),
      );
    expect(unnamed(imported.sections)).toEqual(sample.deck.sections);
    expect(
      Object.values(imported.sections)
        .flat()
        .every((entry) => typeof entry.name === 'string'),
    ).toBe(true);
    expect(unnamed((await call('getDeck', { id: sample.deck.id })).sections)).toEqual(sample.deck.sections);

    const missing = await failure(
      call('importDeck', {
        fileName: 'ghost.deck.json',
        text: JSON.stringify({
          format: 'cardwright-deck',
          formatVersion: 1,
          deck: { systemId: 'osmcg', name: 'G', sections: { main: [{ cardId: 'zzz', count: 1 }] } },
        }),
      }),
    );
    expect(missing.code).toBe('INVALID_FILE');
    expect(missing.message).toContain('deck.sections.main[0]: no card with id "zzz"');
  });

  it('exports a deck as a PDF named after the deck, leader first', async () => {
    const sample = readSampleDeck('deck-legal.json');
    const pdf = await call('exportPdf', { source: { kind: 'deck', deckId: sample.deck.id }, print: {} });
    expect(pdf.fileName).toBe(`${sample.deck.name}.pdf`);
    expect(pdf.mimeType).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.bytes.subarray(0, 5))).toBe('%PDF-');
    const copies = Object.values(sample.deck.sections)
      .flat()
      .reduce((sum, entry) => sum + entry.count, 0);
    expect(pdf.cards).toBe(copies);
    expect(pdf.pages).toBeGreaterThan(0);

    const { sets } = readSamples('osmcg');
    const two = sets[0].cards.slice(0, 2).map((card) => card.id);
    const cardsPdf = await call('exportPdf', {
      source: { kind: 'cards', cardIds: [...two, two[0]] },
      print: { faces: 'fronts' },
    });
    expect(cardsPdf.cards).toBe(3);
    expect(cardsPdf.fileName).toBe(`${sets[0].set.name}.pdf`);
    expect((await failure(call('exportPdf', { source: { kind: 'cards', cardIds: ['nope'] }, print: {} }))).code).toBe(
      'NOT_FOUND',
    );

    const setPdf = await call('exportPdf', { source: { kind: 'set', setId: sets[0].set.id }, copies: 2, print: {} });
    expect(setPdf.cards).toBe(sets[0].cards.length * 2);
    expect(setPdf.fileName).toBe(`${sets[0].set.name}.pdf`);
    const tooMany = await failure(call('exportPdf', { source: { kind: 'set', setId: sets[0].set.id }, copies: 100, print: {} }));
    expect(tooMany.message).toContain('job.copies');

    // Cards of two games print together in one PDF, in the order asked.
    const [osmcg, muhq] = await Promise.all(['osmcg', 'muhq'].map((systemId) => call('searchCards', { systemId, limit: 1 })));
    const mixed = await call('exportPdf', {
      source: { kind: 'cards', cardIds: [muhq.cards[0].id, osmcg.cards[0].id] },
      print: {},
    });
    expect(mixed.cards).toBe(2);
    expect(mixed.fileName).toBe('Cards.pdf');
  });
});

function readSampleDeck(name: string): SampleDeckFile {
  return JSON.parse(readFileSync(join(samplesDir, 'osmcg', name), 'utf8')) as SampleDeckFile;
}

describe('openCardwright with two game systems', () => {
  it('refuses to move a card into a set of another game', async () => {
    const systems = tmpDir('cw-systems-');
    cpSync(join(systemsDir, 'osmcg'), join(systems, 'osmcg'), { recursive: true });
    cpSync(join(systemsDir, 'osmcg'), join(systems, 'variant'), { recursive: true });
    const systemJson = join(systems, 'variant', 'system.json');
    writeFileSync(
      systemJson,
      JSON.stringify({ ...JSON.parse(readFileSync(systemJson, 'utf8')), id: 'variant', name: 'Variant' }),
    );
    const app = open(tmpDir('cw-api-'), { systemsDir: systems, samplesDir: tmpDir('cw-no-samples-') });
    expect(app.systemErrors).toEqual([]);
    expect(app.systems.map((system) => system.id).sort()).toEqual(['osmcg', 'variant']);
    const call = caller(app);
    const mine = await call('createSet', { systemId: 'osmcg', name: 'Mine' });
    const theirs = await call('createSet', { systemId: 'variant', name: 'Theirs' });
    const saved = await call('saveCard', { setId: mine.id, doc: goodCreature('Loyal') });
    if (!saved.ok) throw new Error('expected a valid card');
    const error = await failure(call('saveCard', { id: saved.card.id, setId: theirs.id, doc: goodCreature('Loyal') }));
    expect(error.code).toBe('BAD_INPUT');
    expect((await call('getCards', { ids: [saved.card.id] }))[0].setId).toBe(mine.id);
    const deck = await failure(
      call('saveDeck', {
        deck: { systemId: 'variant', name: 'Mixed', sections: { main: [{ cardId: saved.card.id, count: 1 }] } },
      }),
    );
    expect(deck.message).toContain('is a card of game system "osmcg"');
  });
});
