// CSV/TSV import and export (docs/csv.md): encodings, delimiters and headers detected, cells read
// through the mapping, a dry run that lists every bad row and writes nothing, an import that writes
// the valid rows in one transaction (a failure mid-write leaves nothing), the mapping kept per
// game, and a search exported as CSV that imports back to the same cards.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { openCardwright } from '../../src-main/api/service';
import { decodeTextBytes, misdecodedTextProblem } from '../../card-schema/files/decode-text';
import { readCsvBytes, MAX_CSV_BYTES } from '../../src-main/services/csv-read';
import { cellToValue, valueToCell } from '../../card-schema/csv/csv-cells';
import { csvFieldsOf } from '../../card-schema/csv/csv-fields';
import { parseJsonText } from '../../src-main/services/file-format';
import type { CsvMapping } from '../../card-schema/csv/csv-mapping';
import { apiCaller, failure } from './api-call';
import type { Library } from '../../src-main/services/library';
import { loadInstalledSystems } from '../../src-main/services/game-systems';
import { SystemRegistry } from '../../src-main/services/system-registry';
import { ImageLibrary } from '../../src-main/images/image-library';
import { openDatabaseFile } from '../../src-main/store/database';
import { Store } from '../../src-main/store/store';
import { csvPreview, importCsv } from '../../src-main/services/csv-import';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The services' Library on an in-memory database, for calls the API cannot make fail on purpose. */
function memoryLibrary(): Library {
  const systemsDir = join(ROOT, 'card-schema/systems');
  const store = new Store(openDatabaseFile(':memory:'));
  cleanups.push(() => store.close());
  const { installed } = loadInstalledSystems(systemsDir, join(systemsDir, 'no-user-systems'));
  return { store, systems: new SystemRegistry(installed), images: new ImageLibrary(store, '/nonexistent') };
}

async function setDocs(call: ReturnType<typeof openApp>['call'], setId: string) {
  return (await call('searchCards', { setId, limit: 5_000, sort: 'name' })).cards.map((card) => card.doc);
}
async function cardCount(call: ReturnType<typeof openApp>['call']) {
  return (await call('listSets', {})).reduce((sum, set) => sum + set.cardCount, 0);
}

function openApp() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-csv-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = openSampleCardwright(dataDir);
  cleanups.push(() => app.close());
  return { app, call: apiCaller(app) };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
function utf16(text: string, endian: 'le' | 'be', bom = true): Uint8Array {
  const bytes = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = bom ? `\uFEFF${text}` : text;
  for (let i = 0; i < units.length; i++) {
    const code = units.charCodeAt(i);
    bytes[i * 2 + (endian === 'le' ? 0 : 1)] = code & 0xff;
    bytes[i * 2 + (endian === 'le' ? 1 : 0)] = code >> 8;
  }
  return bytes;
}
function latin1(text: string): Uint8Array {
  return Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
}

const HEADER = 'Name,Card Type,Colors,Cost,ATK,HP,SPD,AP,Text';
const GOOD_ROWS = [
  'Ember Whelp,Creature,Red,2,2,2,4,2,A small flame.',
  'Tide Scout,creature,Blue;Green,1,1,1,5,2,"Sees far, moves fast."',
];
const BAD_ROWS = [
  'Broken Cost,Creature,Red,two,1,1,1,1,',
  'No Colour,Creature,Purple,1,1,1,1,1,',
  ',Creature,Red,1,1,1,1,1,Nameless',
];
const CSV_TEXT = [HEADER, GOOD_ROWS[0], BAD_ROWS[0], GOOD_ROWS[1], BAD_ROWS[1], BAD_ROWS[2]].join('\r\n');

describe('file bytes as text', () => {
  it('detects UTF-8 with and without a byte-order mark, UTF-16 LE/BE and Latin-1', () => {
    const text = 'Name,Text\nÆther Wisp,Déjà vu — “quoted” 火\n';
    expect(decodeTextBytes(utf8(text))).toMatchObject({ text, encoding: 'utf-8', bom: false });
    expect(decodeTextBytes(utf8(`\uFEFF${text}`))).toMatchObject({ text, encoding: 'utf-8', bom: true });
    expect(decodeTextBytes(utf16(text, 'le'))).toMatchObject({ text, encoding: 'utf-16le', bom: true });
    expect(decodeTextBytes(utf16(text, 'be'))).toMatchObject({ text, encoding: 'utf-16be', bom: true });
    expect(decodeTextBytes(utf16(text, 'le', false))).toMatchObject({ text, encoding: 'utf-16le', bom: false });
    const western = 'Name,Text\nCafé Golem,Très fort\n';
    const read = decodeTextBytes(latin1(western));
    expect(read).toMatchObject({ text: western, encoding: 'windows-1252' });
    expect(read.note).toMatch(/read as Latin-1/);
    // Latin-1 with a UTF-8 byte-order mark in front (some editors write one anyway) is still not UTF-8.
    expect(decodeTextBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...latin1('Café')])).text).toBe('Caf\uFFFD');
  });

  it('JSON imports name the encoding problem of text decoded wrongly', () => {
    const set = JSON.stringify({ format: 'cardwright-set', formatVersion: 1, set: { systemId: 'osmcg', name: 'x' }, cards: [] });
    const asUtf8 = new TextDecoder().decode(utf16(set, 'le'));
    expect(() => parseJsonText('set.json', asUtf8)).toThrow(/UTF-16/);
    const latin = new TextDecoder().decode(latin1(set.replace('"x"', '"Café"')));
    expect(misdecodedTextProblem(latin)).toMatch(/not UTF-8/);
    // The renderer sends bytes through decodeTextBytes: every encoding reads as the same JSON.
    for (const bytes of [utf8(set), utf8(`\uFEFF${set}`), utf16(set, 'le'), utf16(set, 'be'), latin1(set)]) {
      expect(parseJsonText('set.json', decodeTextBytes(bytes).text)).toEqual(JSON.parse(set));
    }
  });
});

describe('reading a CSV file', () => {
  it('detects the delimiter and the header row', () => {
    expect(readCsvBytes('a.csv', utf8('Name;Cost\nA;1\nB;2\n'))).toMatchObject({
      delimiter: ';',
      hasHeader: true,
      columns: ['Name', 'Cost'],
    });
    expect(readCsvBytes('a.txt', utf8('Name\tCost\nA\t1\n'))).toMatchObject({ delimiter: '\t' });
    const plain = readCsvBytes('a.csv', utf8('Ember,1,2\nTide,3,4\n'));
    expect(plain).toMatchObject({ hasHeader: false, columns: ['Column 1', 'Column 2', 'Column 3'], rowNumbers: [1, 2] });
  });

  it('names the line of an unclosed quote and refuses too large files', () => {
    const broken = utf8('Name,Text\nA,fine\nB,"never closed\nC,more\n');
    expect(() => readCsvBytes('broken.csv', broken)).toThrow(/broken\.csv: a quoted cell opened on line 3 is never closed/);
    expect(() => readCsvBytes('huge.csv', new Uint8Array(MAX_CSV_BYTES + 1))).toThrow(/at most 64 MB/);
    expect(() => readCsvBytes('empty.csv', utf8(' \n'))).toThrow(/empty/);
  });

  it('reads cells by the field schema: lists by labels, numbers, JSON', () => {
    const osmcg = memoryLibrary().systems.require('osmcg');
    const fields = new Map(csvFieldsOf(osmcg).map((field) => [field.key, field]));
    const colors = fields.get('colors')!.byType.get('creature')!;
    expect(cellToValue('Red; blue', colors)).toEqual({ ok: true, value: ['red', 'blue'] });
    expect(cellToValue('Red|Blue', colors, '|')).toEqual({ ok: true, value: ['red', 'blue'] });
    expect(cellToValue('Red;Pink', colors)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/“Pink” is not one of Red, Blue/),
    });
    const cost = fields.get('cost')!.byType.get('creature')!;
    expect(cellToValue(' 3 ', cost)).toEqual({ ok: true, value: 3 });
    expect(cellToValue('0x10', cost)).toMatchObject({ ok: false });
    const keywords = fields.get('keywords')!.byType.get('creature')!;
    expect(keywords.kind).toBe('json');
    expect(valueToCell([{ kw: 'Ethereal' }])).toBe('[{"kw":"Ethereal"}]');
    expect(valueToCell(['red', 'blue'])).toBe('red;blue');
    expect(valueToCell(['a;b'])).toBe('["a;b"]');
  });
});

describe('CSV import through the API', () => {
  const bytes = utf8(CSV_TEXT);

  async function mapped(call: ReturnType<typeof openApp>['call']) {
    const preview = await call('previewCsv', { systemId: 'osmcg', fileName: 'cards.csv', bytes });
    return preview;
  }

  it('previews the columns and suggests a mapping from the headers; a saved mapping comes back', async () => {
    const { call } = openApp();
    const preview = await mapped(call);
    expect(preview).toMatchObject({ delimiter: ',', hasHeader: true, encoding: 'UTF-8', savedMapping: false, rowsSeen: 5 });
    expect(preview.columns[0]).toEqual({ name: 'Name', samples: ['Ember Whelp', 'Broken Cost', 'Tide Scout'] });
    expect(preview.mapping.typeColumn).toBe('Card Type');
    expect(preview.mapping.columns).toEqual(
      expect.arrayContaining([
        { column: 'Name', field: 'name' },
        { column: 'Colors', field: 'colors' },
        { column: 'ATK', field: 'atk' },
        { column: 'Text', field: 'text' },
      ]),
    );
    const mapping: CsvMapping = {
      ...preview.mapping,
      columns: preview.mapping.columns.filter((c) => c.field !== 'text'),
      listSeparator: '|',
    };
    await call('saveCsvMapping', { systemId: 'osmcg', mapping });
    const again = await mapped(call);
    expect(again.savedMapping).toBe(true);
    expect(again.mapping.listSeparator).toBe('|');
    // A file past the limit is refused by its size at the preview, before it is sent whole.
    const huge = await failure(call('previewCsv', { systemId: 'osmcg', fileName: 'huge.csv', bytes, fileBytes: 100_000_000 }));
    expect(huge.message).toBe('huge.csv: the file is 95 MB; a CSV import takes at most 64 MB (split it into several files)');
  });

  it('a dry run lists every bad row and field and writes nothing; the import writes the valid rows', async () => {
    const { call } = openApp();
    const { mapping } = await mapped(call);
    const before = await cardCount(call);
    const check = await call('importCsv', { systemId: 'osmcg', fileName: 'cards.csv', bytes, mapping, dryRun: true });
    expect(check).toMatchObject({ dryRun: true, rows: 5, validRows: 2, badRows: 3, imported: 0 });
    expect(check.problems).toEqual([
      { row: 3, column: 'Cost', value: 'two', message: '“two” is not a number' },
      { row: 5, column: 'Colors', value: 'Purple', message: expect.stringContaining('“Purple” is not one of Red, Blue') },
      { row: 6, column: 'Name', value: '', message: expect.stringMatching(/name/i) },
    ]);
    expect(await cardCount(call)).toBe(before);
    expect((await call('listSets', {})).some((set) => set.name === 'From CSV')).toBe(false);

    const done = await call('importCsv', { systemId: 'osmcg', fileName: 'cards.csv', bytes, mapping, newSetName: 'From CSV' });
    expect(done).toMatchObject({ dryRun: false, imported: 2, badRows: 3, set: { name: 'From CSV', cardCount: 2 } });
    const cards = await setDocs(call, done.set!.id);
    expect(cards).toEqual(
      expect.arrayContaining([
        { type: 'creature', name: 'Ember Whelp', colors: ['red'], cost: 2, atk: 2, hp: 2, spd: 4, ap: 2, text: 'A small flame.' },
        {
          type: 'creature',
          name: 'Tide Scout',
          colors: ['blue', 'green'],
          cost: 1,
          atk: 1,
          hp: 1,
          spd: 5,
          ap: 2,
          text: 'Sees far, moves fast.',
        },
      ]),
    );
    // The rejected rows, as CSV with a reason column, read back in any spreadsheet.
    const rejected = parse(done.rejectedCsv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rejected.map((row) => row.Name)).toEqual(['Broken Cost', 'No Colour', '']);
    expect(rejected[0].reason).toBe('Cost: “two” is not a number');
  });

  it('a failure in the middle of the write leaves nothing: no card, no new set', async () => {
    const lib = memoryLibrary();
    const { mapping } = csvPreview(lib, { systemId: 'osmcg', fileName: 'cards.csv', bytes });
    const saveInBulk = lib.store.cards.saveInBulk.bind(lib.store.cards);
    // Every row is written, then the disk fills up before the search index is built.
    vi.spyOn(lib.store.cards, 'saveInBulk').mockImplementation((writes, progress, afterRows) => {
      saveInBulk(writes, progress, afterRows);
      throw new Error('disk full');
    });
    const input = { systemId: 'osmcg', fileName: 'cards.csv', bytes, mapping, newSetName: 'Half' };
    expect(() => importCsv(lib, input)).toThrow('disk full');
    expect(lib.store.db.prepare('SELECT count(*) FROM cards').pluck().get()).toBe(0);
    expect(lib.store.sets.list()).toEqual([]);
    vi.restoreAllMocks();
    expect(importCsv(lib, input)).toMatchObject({ imported: 2, set: { name: 'Half', cardCount: 2 } });
  });

  it('reads UTF-16 and Latin-1 files and says how; a mapping that misses the name is refused', async () => {
    const { call } = openApp();
    const { mapping } = await mapped(call);
    const text = `${HEADER}\r\nCafé Golem,Creature,Red,2,2,2,4,2,Très fort\r\n`;
    for (const [file, encoding] of [
      [utf16(text, 'le'), 'UTF-16 LE with byte-order mark'],
      [utf16(text, 'be'), 'UTF-16 BE with byte-order mark'],
      [latin1(text), 'Latin-1 (Windows-1252)'],
      [utf8(`\uFEFF${text}`), 'UTF-8 with byte-order mark'],
    ] as const) {
      const check = await call('importCsv', { systemId: 'osmcg', fileName: 'cafe.csv', bytes: file, mapping, dryRun: true });
      expect(check).toMatchObject({ encoding, validRows: 1, badRows: 0 });
      if (encoding.startsWith('Latin')) expect(check.encodingNote).toMatch(/read as Latin-1/);
    }
    const noName = { ...mapping, columns: mapping.columns.filter((c) => c.field !== 'name') };
    const refused = await failure(
      call('importCsv', { systemId: 'osmcg', fileName: 'cafe.csv', bytes: utf8(text), mapping: noName, dryRun: true }),
    );
    expect(refused.message).toMatch(/cafe\.csv: No column fills the card name/);
  });
});

describe('CSV export of a search', () => {
  it("exports every game's cards with the fields of all of them; an empty result is refused", async () => {
    const { call } = openApp();
    const total = (await call('listSets', {})).reduce((sum, set) => sum + set.cardCount, 0);
    const exported = await call('exportCsv', { query: '' });
    const rows = parse(new TextDecoder().decode(exported.bytes).replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(total);
    expect(exported.cards).toBe(total);
    const systems = await call('listSystems', {});
    expect(new Set(rows.map((row) => row.type)).size).toBeGreaterThanOrEqual(systems.length);
    expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(['colors', 'cost', 'atk']));
    const none = await failure(call('exportCsv', { query: 'zzzz-no-such-card' }));
    expect(none.message).toBe('No card matches “zzzz-no-such-card”');
  });

  it('exports a set as CSV that imports back to the same cards with the suggested mapping', async () => {
    const { call } = openApp();
    const set = (await call('listSets', {})).find((s) => s.systemId === 'osmcg')!;
    const exported = await call('exportCsv', { query: '', setId: set.id });
    expect(exported.fileName).toMatch(/\.csv$/);
    expect(exported.cards).toBe(set.cardCount);
    const rows = parse(new TextDecoder().decode(exported.bytes).replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[];
    expect(Object.keys(rows[0]).slice(0, 4)).toEqual(['id', 'set', 'type', 'name']);
    expect(rows).toHaveLength(set.cardCount);

    const preview = await call('previewCsv', { systemId: 'osmcg', fileName: exported.fileName, bytes: exported.bytes });
    expect(preview.mapping.idColumn).toBe('id');
    const job = { systemId: 'osmcg', fileName: exported.fileName, bytes: exported.bytes, newSetName: 'Round trip' };
    // Into a new set of the same library, the ids belong to the exported set: each row says so.
    const taken = await call('importCsv', { ...job, mapping: preview.mapping, dryRun: true });
    expect(taken).toMatchObject({ badRows: set.cardCount, validRows: 0 });
    const [first] = rows;
    expect(taken.problems[0]).toEqual({
      row: 2,
      column: 'id',
      value: first.id,
      message: `is the id of “${first.name}” in set “${set.name}”: a new set cannot take another set's card. Import into “${set.name}” to update it, or map the id column to “skip” to import copies with new ids`,
    });
    // With the id column skipped every row is a new card: a copy of the set.
    const report = await call('importCsv', { ...job, mapping: { ...preview.mapping, idColumn: null } });
    expect(report).toMatchObject({ badRows: 0, imported: set.cardCount });
    expect(report.changes).toEqual({ added: set.cardCount, updated: 0, unchanged: 0 });
    expect(await setDocs(call, report.set!.id)).toEqual(await setDocs(call, set.id));
    const copyIds = (await call('searchCards', { setId: report.set!.id, limit: 5_000 })).cards.map((card) => card.id);
    expect(copyIds.filter((id) => rows.some((row) => row.id === id))).toEqual([]);
  });

  it('imports an exported set into a new set of another library with its card ids', async () => {
    const { call } = openApp();
    const set = (await call('listSets', {})).find((s) => s.id === 'osmcg-core')!;
    const exported = await call('exportCsv', { query: '', setId: set.id });
    const ids = (await call('searchCards', { setId: set.id, limit: 5_000 })).cards.map((card) => card.id).sort();

    const emptySamples = mkdtempSync(join(tmpdir(), 'cw-no-samples-'));
    cleanups.push(() => rmSync(emptySamples, { recursive: true, force: true }));
    const otherDir = mkdtempSync(join(tmpdir(), 'cw-csv-other-'));
    cleanups.push(() => rmSync(otherDir, { recursive: true, force: true }));
    const other = openCardwright({
      dataDir: otherDir,
      systemsDir: join(ROOT, 'card-schema/systems'),
      samplesDir: emptySamples,
      fontsDir: join(ROOT, 'resources/fonts'),
    });
    cleanups.push(() => other.close());
    const callOther = apiCaller(other);
    const preview = await callOther('previewCsv', { systemId: 'osmcg', fileName: exported.fileName, bytes: exported.bytes });
    // The pictures stay behind (a CSV holds no image): the art column is skipped.
    const columns = preview.mapping.columns.filter((entry) => entry.field !== 'art');
    const report = await callOther('importCsv', {
      systemId: 'osmcg',
      fileName: exported.fileName,
      bytes: exported.bytes,
      mapping: { ...preview.mapping, columns },
      newSetName: 'Moved here',
    });
    expect(report).toMatchObject({ badRows: 0, imported: set.cardCount });
    expect(report.changes).toEqual({ added: set.cardCount, updated: 0, unchanged: 0 });
    const moved = (await callOther('searchCards', { setId: report.set!.id, limit: 5_000 })).cards;
    expect(moved.map((card) => card.id).sort()).toEqual(ids);
    const withoutArt = ({ art: _art, ...doc }: Record<string, unknown>) => doc;
    expect(await setDocs(callOther, report.set!.id)).toEqual((await setDocs(call, set.id)).map(withoutArt));
  });
});

describe('CSV re-import by card id', () => {
  /** The OSMCG starter set as CSV rows (header first), edited by `edit`, as file bytes. */
  async function editedExport(
    call: ReturnType<typeof openApp>['call'],
    edit: (rows: Record<string, string>[]) => Record<string, string>[],
  ) {
    const exported = await call('exportCsv', { query: '', setId: 'osmcg-core' });
    const rows = parse(new TextDecoder().decode(exported.bytes).replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[];
    const edited = edit(rows);
    return new TextEncoder().encode(
      stringify(edited, { header: true, columns: Object.keys(rows[0]).filter((c) => c in edited[0]) }),
    );
  }

  it('updates the cards an id column names: the dry run says new, updated and unchanged; updates keep a revision', async () => {
    const { call } = openApp();
    const core = (await call('listSets', {})).find((s) => s.id === 'osmcg-core')!;
    const fireBolt = (await call('searchCards', { query: 'name:"Fire Bolt"', setId: 'osmcg-core' })).cards[0];
    const bytes = await editedExport(call, (rows) => {
      const edited = rows.map((row) => {
        // The flavor column is dropped: cards keep their flavor text.
        const { flavor: _flavor, ...rest } = row;
        return row.id === fireBolt.id ? { ...rest, cost: '2', text: 'Deal 4 damage to a unit.' } : rest;
      });
      const added = { ...edited[0], id: '', name: 'Spark of Dawn', cost: '1' };
      const foreign = { ...edited[0], id: 'osmcg-mission-001', name: 'Not a mission' };
      return [...edited, added, foreign];
    });
    const fileName = 'core-edited.csv';
    const preview = await call('previewCsv', { systemId: 'osmcg', fileName, bytes });
    expect(preview.mapping.idColumn).toBe('id');
    const job = { systemId: 'osmcg', fileName, bytes, mapping: preview.mapping, setId: 'osmcg-core' };

    const dry = await call('importCsv', { ...job, dryRun: true });
    expect(dry.changes).toEqual({ added: 1, updated: 1, unchanged: core.cardCount - 1 });
    expect(dry.badRows).toBe(1);
    expect(dry.problems).toEqual([
      {
        row: core.cardCount + 3,
        column: 'id',
        value: 'osmcg-mission-001',
        message:
          'is the id of “First Blood” in set “OSMCG Mission & Objective Decks”, not of a card in “OSMCG Starter Set”: import into that set to update it, or clear the id to add a new card',
      },
    ]);
    expect((await call('getCards', { ids: [fireBolt.id] }))[0].doc).toEqual(fireBolt.doc);

    const run = await call('importCsv', job);
    expect(run.changes).toEqual({ added: 1, updated: 1, unchanged: core.cardCount - 1 });
    const after = (await call('listSets', {})).find((s) => s.id === 'osmcg-core')!;
    expect(after.cardCount).toBe(core.cardCount + 1);
    const [updated] = await call('getCards', { ids: [fireBolt.id] });
    expect(updated.doc).toEqual({ ...fireBolt.doc, cost: 2, text: 'Deal 4 damage to a unit.' });
    expect(updated.doc.flavor).toBe(fireBolt.doc.flavor);
    const revisions = await call('listCardRevisions', { cardId: fireBolt.id });
    expect(revisions).toHaveLength(1);
    expect((await call('getCardRevision', { id: revisions[0].id })).doc).toEqual(fireBolt.doc);
    // The card of the other set is untouched.
    expect((await call('getCards', { ids: ['osmcg-mission-001'] }))[0].doc.name).toBe('First Blood');
  });

  it('refuses an id two rows name, and a mapping using one column for the id and a field', async () => {
    const { call } = openApp();
    const bytes = await editedExport(call, (rows) => [...rows, { ...rows[5], name: 'Twin' }]);
    const preview = await call('previewCsv', { systemId: 'osmcg', fileName: 'twice.csv', bytes });
    const dry = await call('importCsv', {
      systemId: 'osmcg',
      fileName: 'twice.csv',
      bytes,
      mapping: preview.mapping,
      setId: 'osmcg-core',
      dryRun: true,
    });
    expect(dry.problems).toEqual([
      expect.objectContaining({ column: 'id', message: 'row 7 has this id too: a card is updated by one row' }),
    ]);
    const clash = await failure(
      call('importCsv', {
        systemId: 'osmcg',
        fileName: 'twice.csv',
        bytes,
        mapping: { ...preview.mapping, idColumn: 'name' },
        setId: 'osmcg-core',
        dryRun: true,
      }),
    );
    expect(clash.message).toContain('The column “name” cannot hold both the card id and a field');
  });
});

describe('a 50 MB CSV', () => {
  it('imports its valid rows in one transaction and lists its bad one', { timeout: 120_000 }, () => {
    const lib = memoryLibrary();
    const text = 'Rules text that is long enough to make a large file. '.repeat(7);
    const lines = [HEADER];
    let size = 0;
    for (let i = 0; size < 50 * 1000 * 1000; i++) {
      const line = `Bulk card ${i},Creature,Red;Blue,${i % 10},1,1,1,1,"${text}${i}"`;
      lines.push(line);
      size += line.length + 2;
    }
    lines.push('Last card,Creature,Red,not a number,1,1,1,1,');
    const bytes = utf8(lines.join('\r\n'));
    expect(bytes.byteLength).toBeGreaterThan(50_000_000);
    const { mapping } = csvPreview(lib, { systemId: 'osmcg', fileName: 'big.csv', bytes });
    const report = importCsv(lib, { systemId: 'osmcg', fileName: 'big.csv', bytes, mapping, newSetName: 'Big' });
    expect(report).toMatchObject({ rows: lines.length - 1, validRows: lines.length - 2, badRows: 1, imported: lines.length - 2 });
    expect(report.problems).toEqual([
      { row: lines.length, column: 'Cost', value: 'not a number', message: '“not a number” is not a number' },
    ]);
  });
});
