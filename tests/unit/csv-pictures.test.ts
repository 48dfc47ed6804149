// Art by file name (docs/csv.md, "Pictures by file name"): a CSV's image column names picture
// files of a folder, found without regard to case; the report lists cells naming no file, files no
// row used and files refused; the cards in SQLite reference the stored pictures. Set folders name
// their pictures after the card and read back to the same pictures (old hash-named folders too).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { appPaths } from '../../src-main/app-paths';
import { MAX_CSV_PICTURES } from '../../src-main/api/contract';
import { databaseFile } from '../../src-main/store/database';
import { sha256Hex } from '../../src-main/images/image-files';
import { addPictureFolder, listPictureFolder } from '../../src-main/images/picture-folder';
import { CsvPictureFolder } from '../../src-main/services/csv-pictures';
import { readSetFolder } from '../../src-main/services/set-folder';
import { ART_GAME_ID, artGameBundle, testImage } from '../fixtures/art-game';
import { apiCaller } from './api-call';

const root = resolve(import.meta.dirname, '../..');
const BIN = join(root, 'bin', 'cardwright.js');
const BUILT = existsSync(join(root, 'out', 'main', 'cli.js'));
const dirs: string[] = [];
let app: Cardwright;
let dataDir: string;
let pictureDir: string;
let fooBytes: Buffer;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

type Job = Parameters<Cardwright['handlers']['startJob']>[0]['job'];
async function runJob(on: Cardwright, job: Job): Promise<unknown> {
  const started = await on.handlers.startJob({ job, saveAs: false });
  const status = await on.jobs.wait(started!.id);
  if (status.state !== 'done') throw new Error(`${job.kind}: ${status.state} ${status.error?.message ?? ''}`);
  return status.result;
}

async function openWithGame(dir: string): Promise<Cardwright> {
  const opened = openCardwright({ dataDir: dir, ...appPaths(root), samplesDir: join(tmpdir(), 'none') });
  await runJob(opened, { kind: 'importSystem', fileName: 'game.json', text: artGameBundle() });
  return opened;
}

/** The stored documents of a set's cards, read from the library's SQLite database. */
function storedDocs(setId: string): Record<string, Record<string, unknown>> {
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    const rows = db.prepare<[string], { doc: string }>('SELECT doc FROM cards WHERE set_id = ?').all(setId);
    return Object.fromEntries(
      rows.map((row) => JSON.parse(row.doc) as Record<string, unknown>).map((doc) => [doc.name as string, doc]),
    );
  } finally {
    db.close();
  }
}

const HEADER = 'Name,Type,Faction,Cost,Light,Rarity,Art';
const row = (name: string, art: string) => `${name},lantern,ember,1,1,common,${art}`;
const CSV = [
  HEADER,
  row('Foo Lamp', 'Foo.PNG'), // row 2: the file is foo.png
  row('Lost Lamp', 'missing.png'), // row 3: no such file
  row('Cracked Lamp', 'broken.png'), // row 4: a damaged picture
  row('Bare Lamp', ''), // row 5: no art
  row('Deep Lamp', 'deep'), // row 6: sub/deep.jpg, by its name without the extension
].join('\n');

beforeAll(async () => {
  dataDir = tempDir('cw-csv-pics-lib-');
  app = await openWithGame(dataDir);
  pictureDir = tempDir('cw-csv-pics-');
  fooBytes = await testImage('png', { width: 40, height: 30, seed: 1 });
  writeFileSync(join(pictureDir, 'foo.png'), fooBytes);
  writeFileSync(join(pictureDir, 'unused.webp'), await testImage('webp', { width: 40, height: 30, seed: 2 }));
  // A PNG signature and then nothing a decoder can read.
  writeFileSync(join(pictureDir, 'broken.png'), Buffer.concat([fooBytes.subarray(0, 40), Buffer.alloc(200, 7)]));
  writeFileSync(join(pictureDir, 'notes.txt'), 'not a picture');
  mkdirSync(join(pictureDir, 'sub'));
  writeFileSync(join(pictureDir, 'sub', 'deep.jpg'), await testImage('jpeg', { width: 40, height: 30, seed: 3 }));
}, 60_000);

afterAll(async () => {
  await app?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('CSV pictures by file name', () => {
  it('imports cards whose image column names files of the folder, any case; reports missing, unused and refused files', async () => {
    const call = apiCaller(app);
    const bytes = new TextEncoder().encode(CSV);
    const preview = await call('previewCsv', { systemId: ART_GAME_ID, fileName: 'lamps.csv', bytes });
    expect(preview.mapping.columns).toContainEqual({ column: 'Art', field: 'art' });
    expect(preview.fields.find((field) => field.key === 'art')?.kind).toBe('image');
    const pictures = await addPictureFolder(pictureDir, MAX_CSV_PICTURES, (input) => app.handlers.addImage(input));
    expect(pictures.skipped).toBe(1); // notes.txt
    expect(pictures.files.map((file) => file.name)).toEqual(['broken.png', 'foo.png', 'sub/deep.jpg', 'unused.webp']);

    const input = { systemId: ART_GAME_ID, fileName: 'lamps.csv', bytes, mapping: preview.mapping, pictures };
    const check = await call('importCsv', { ...input, dryRun: true });
    // A missing picture is no bad row: the card imports without its art, and the report says so.
    expect(check).toMatchObject({ rows: 5, validRows: 5, badRows: 0 });
    expect(check.pictures).toMatchObject({
      files: 4,
      skipped: 1,
      used: 2,
      missingTotal: 2,
      unused: ['unused.webp'],
      unusedTotal: 1,
    });
    expect(check.pictures!.missing).toEqual([
      { row: 3, column: 'Art', name: 'missing.png', message: 'the picture folder has no file of this name' },
      {
        row: 4,
        column: 'Art',
        name: 'broken.png',
        message: expect.stringMatching(/^broken\.png was refused: the PNG image is damaged/),
      },
    ]);
    expect(check.pictures!.rejected).toEqual([
      { name: 'broken.png', message: expect.stringMatching(/^the PNG image is damaged and cannot be read/) },
    ]);

    const done = await call('importCsv', { ...input, newSetName: 'Lamps' });
    expect(done).toMatchObject({ imported: 5, badRows: 0, set: { name: 'Lamps' } });
    expect(done.pictures?.missingTotal).toBe(2);
    const docs = storedDocs(done.set!.id);
    expect(docs['Foo Lamp'].art).toEqual({ id: sha256Hex(fooBytes) });
    expect(docs['Deep Lamp'].art).toEqual({ id: sha256Hex(readFileSync(join(pictureDir, 'sub', 'deep.jpg'))) });
    expect(docs['Lost Lamp'].art).toBeUndefined();
    expect(docs['Cracked Lamp'].art).toBeUndefined();
    expect(docs['Bare Lamp'].art).toBeUndefined();
    // The picture is stored once, in the image library.
    const db = new Database(databaseFile(dataDir), { readonly: true });
    const stored = db.prepare('SELECT id FROM images WHERE id = ?').all(sha256Hex(fooBytes));
    db.close();
    expect(stored).toHaveLength(1);

    // Updating the cards by id with a missing picture keeps the art they have.
    const ids = await call('searchCards', { setId: done.set!.id, limit: 10, sort: 'name' });
    const foo = ids.cards.find((card) => card.doc.name === 'Foo Lamp')!;
    const update = `id,${HEADER}\n${foo.id},${row('Foo Lamp', 'gone.png')}`;
    const again = await call('importCsv', {
      systemId: ART_GAME_ID,
      fileName: 'update.csv',
      bytes: new TextEncoder().encode(update),
      mapping: { ...preview.mapping, idColumn: 'id' },
      pictures,
      setId: done.set!.id,
    });
    expect(again).toMatchObject({ imported: 1, changes: { unchanged: 1 } });
    expect(storedDocs(done.set!.id)['Foo Lamp'].art).toEqual({ id: sha256Hex(fooBytes) });
  });

  it('matches names by path, then by file name, with or without the extension, and names ambiguous ones', () => {
    const folder = new CsvPictureFolder({
      files: [
        { name: 'heroes/Ann.png', imageId: 'a'.repeat(64) },
        { name: 'villains/Ann.jpg', imageId: 'b'.repeat(64) },
        { name: 'Bob.webp', imageId: 'c'.repeat(64) },
        { name: 'bob.png', imageId: 'd'.repeat(64) },
      ],
      skipped: 0,
    });
    expect(folder.find('HEROES\\ann.PNG', 2, 'Art')).toBe('a'.repeat(64));
    expect(folder.find('villains/ann', 2, 'Art')).toBe('b'.repeat(64));
    expect(folder.find('BOB.PNG', 2, 'Art')).toBe('d'.repeat(64));
    expect(folder.find('ann', 3, 'Art')).toBeUndefined();
    expect(folder.find('bob', 4, 'Art')).toBeUndefined();
    const report = folder.report();
    expect(report.missing.map((m) => m.message)).toEqual([
      "2 files fit this name (heroes/Ann.png, villains/Ann.jpg); write the file's full name",
      "2 files fit this name (Bob.webp, bob.png); write the file's full name",
    ]);
    expect(report.unused).toEqual(['Bob.webp']);
    expect(new CsvPictureFolder(undefined).find('x.png', 2, 'Art')).toBeUndefined();
  });

  it('lists a folder without following links out of it', () => {
    const dir = tempDir('cw-csv-pics-links-');
    const outside = tempDir('cw-csv-pics-outside-');
    writeFileSync(join(outside, 'secret.png'), 'x');
    writeFileSync(join(dir, 'a.png'), 'x');
    writeFileSync(join(dir, '.hidden.png'), 'x');
    symlinkSync(join(outside, 'secret.png'), join(dir, 'secret.png'));
    symlinkSync(outside, join(dir, 'elsewhere'));
    symlinkSync(join(dir, 'a.png'), join(dir, 'alias.png'));
    const listing = listPictureFolder(dir, 100);
    expect(listing.files.map((file) => file.name)).toEqual(['a.png', 'alias.png']);
    expect(listing.skipped).toBe(2);
    writeFileSync(join(dir, 'b.png'), 'x');
    expect(listPictureFolder(dir, 1).files).toHaveLength(1);
  });

  it.skipIf(!BUILT)(
    'the CLI takes --images DIR and prints the same report',
    async () => {
      const cliData = tempDir('cw-csv-pics-cli-');
      const cli = await openWithGame(cliData);
      await cli.close();
      const csvFile = join(tempDir('cw-csv-pics-file-'), 'lamps.csv');
      writeFileSync(csvFile, CSV);
      // Exit code 0: no row is bad (missing pictures are reported, not failures).
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [BIN, 'import', csvFile, '--game', ART_GAME_ID, '--images', pictureDir],
        { env: { ...process.env, CARDWRIGHT_DATA_DIR: cliData } },
      );
      const lines = stdout.trim().split('\n');
      expect(lines).toContain('rows: 5, valid 5, bad 0');
      expect(lines).toContain('pictures: 4 files, 2 used, 2 missing, 1 unused, 1 refused, 1 other files skipped');
      expect(lines).toContain(
        'lamps.csv: row 3, column Art: picture “missing.png” missing: the picture folder has no file of this name',
      );
      expect(lines.some((line) => /^refused picture broken\.png: the PNG image is damaged/.test(line))).toBe(true);
      expect(lines).toContain('unused picture: unused.webp');
      const db = new Database(databaseFile(cliData), { readonly: true });
      const docs = db
        .prepare<[], { doc: string }>('SELECT doc FROM cards')
        .all()
        .map((r) => JSON.parse(r.doc) as Record<string, unknown>);
      db.close();
      expect(docs.find((doc) => doc.name === 'Foo Lamp')?.art).toEqual({ id: sha256Hex(fooBytes) });
    },
    120_000,
  );
});

describe('set folder pictures', () => {
  it('names pictures after the card, references them by file name, and reads them back to the same pictures', async () => {
    const call = apiCaller(app);
    const set = await call('createSet', { systemId: ART_GAME_ID, name: 'Folder Art' });
    const art = await app.handlers.addImage({ fileName: 'a.png', bytes: fooBytes });
    const saved = await app.handlers.saveCard({
      setId: set.id,
      doc: {
        type: 'lantern',
        name: 'Ember Drake',
        faction: ['ember'],
        cost: 1,
        light: 1,
        rarity: 'common',
        art: { id: art.id, x: 0.25 },
      },
    });
    if (!saved.ok) throw new Error(JSON.stringify(saved.issues));
    await app.handlers.saveCard({
      setId: set.id,
      doc: { type: 'lantern', name: 'Plain', faction: ['ember'], cost: 1, light: 1, rarity: 'common' },
    });
    const dir = join(tempDir('cw-folder-art-'), 'set');
    app.exportSetFolder(set.id, dir);
    const [cardFile] = readdirSync(join(dir, 'cards')).filter((name) => name.startsWith('ember-drake'));
    const base = cardFile.replace(/\.json$/, '');
    expect(readdirSync(join(dir, 'images'))).toEqual([`${base}.png`]);
    expect(readFileSync(join(dir, 'images', `${base}.png`))).toEqual(fooBytes);
    const card = JSON.parse(readFileSync(join(dir, 'cards', cardFile), 'utf8')) as { doc: { art: unknown } };
    expect(card.doc.art).toEqual({ file: `${base}.png`, x: 0.25 });
    // Exporting again changes nothing.
    app.exportSetFolder(set.id, dir);
    expect(readdirSync(join(dir, 'images'))).toEqual([`${base}.png`]);

    // Into another library: the card comes back with the same picture.
    const other = await openWithGame(tempDir('cw-folder-art-lib-'));
    try {
      const folder = readSetFolder(dir);
      const result = (await runJob(other, {
        kind: 'importSet',
        fileName: folder.fileName,
        text: folder.text,
        onExisting: 'ask',
      })) as {
        set: { id: string };
      };
      const cards = (await apiCaller(other)('searchCards', { setId: result.set.id, limit: 10, sort: 'name' })).cards;
      const drake = cards.find((c) => c.doc.name === 'Ember Drake')!;
      expect(drake.doc.art).toEqual({ id: art.id, x: 0.25 });
      const stored = await other.handlers.getImage({ id: art.id, variant: 'thumb' });
      expect(stored.bytes.byteLength).toBeGreaterThan(0);
    } finally {
      await other.close();
    }

    // A name the folder lacks is refused, naming the card file.
    writeFileSync(
      join(dir, 'cards', cardFile),
      JSON.stringify({ id: saved.card.id, doc: { ...card.doc, art: { file: 'nope.png' } } }),
    );
    expect(() => readSetFolder(dir)).toThrow(`cards/${cardFile}: /doc/art/file: "nope.png" is not a picture in images/`);
  });

  it('still reads an older folder whose pictures are named by their hash', () => {
    const dir = tempDir('cw-folder-old-');
    const id = sha256Hex(fooBytes);
    writeFileSync(
      join(dir, 'set.json'),
      JSON.stringify({ format: 'cardwright-set-folder', formatVersion: 1, set: { systemId: ART_GAME_ID, name: 'Old' } }),
    );
    mkdirSync(join(dir, 'cards'));
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'images', `${id}.png`), fooBytes);
    writeFileSync(join(dir, 'cards', 'a.json'), JSON.stringify({ doc: { type: 'lantern', name: 'A', art: { id } } }));
    const text = JSON.parse(readSetFolder(dir).text) as { cards: { doc: { art: unknown } }[]; images: Record<string, unknown> };
    expect(text.cards[0].doc.art).toEqual({ id });
    expect(Object.keys(text.images)).toEqual([id]);
  });
});
