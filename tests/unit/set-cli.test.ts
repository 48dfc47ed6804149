// `cardwright import`, `export set … --to` and `validate` end to end: the built command line
// spawned with plain Node against a temporary data folder holding the samples. A set goes out as
// a folder, is edited as a designer would (a card renamed, one added, one broken), validated and
// imported back; what the library then holds is read from its SQLite database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { databaseFile } from '../../src-main/store/database';
import { listZip } from '../support/zip-files';
import { openSampleCardwright } from './sample-app';

const root = resolve(__dirname, '../..');
const BIN = join(root, 'bin', 'cardwright.js');
const BUILT = existsSync(join(root, 'out', 'main', 'cli.js'));

let dataDir: string;
let outDir: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cardwright(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      cwd: outDir,
      env: { ...process.env, CARDWRIGHT_DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const lines = (text: string) => text.trim().split('\n');

/** The stored document of a card, read from the library's database. */
function storedDoc(cardId: string): Record<string, unknown> | undefined {
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    const row = db.prepare<[string], { doc: string }>('SELECT doc FROM cards WHERE id = ?').get(cardId);
    return row ? (JSON.parse(row.doc) as Record<string, unknown>) : undefined;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-set-cli-data-'));
  outDir = mkdtempSync(join(tmpdir(), 'cw-set-cli-out-'));
  const app = openSampleCardwright(dataDir);
  await app.close();
});

afterAll(() => {
  for (const dir of [dataDir, outDir]) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(BUILT)('cardwright import / export set / validate', { timeout: 120_000 }, () => {
  it('exports a set as a folder, validates the edited folder and imports it back', async () => {
    const exported = await cardwright('export', 'set', 'OSMCG Starter Set', '--to', 'folder', '--out', 'core');
    expect(exported.code, exported.stderr).toBe(0);
    expect(lines(exported.stdout)).toEqual([`folder: ${join(outDir, 'core')}`, 'cards: 61', 'images: 61']);
    const folder = join(outDir, 'core');
    const cardFiles = readdirSync(join(folder, 'cards'));
    expect(cardFiles).toHaveLength(61);
    expect(readdirSync(join(folder, 'images'))).toHaveLength(61);

    const clean = await cardwright('validate', 'core');
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
    expect(lines(clean.stdout)).toEqual(['core: OSMCG Starter Set (osmcg): 61 cards, all valid']);

    // A designer's edits: rename a card, add one without an id, break two.
    const whelpFile = cardFiles.find((file) => file.startsWith('cinder-whelp-'))!;
    const whelp = JSON.parse(readFileSync(join(folder, 'cards', whelpFile), 'utf8')) as {
      id: string;
      doc: Record<string, unknown>;
    };
    writeFileSync(
      join(folder, 'cards', whelpFile),
      JSON.stringify({ id: whelp.id, doc: { ...whelp.doc, name: 'Cinder Whelp II' } }),
    );
    writeFileSync(
      join(folder, 'cards', 'ash-sprite.json'),
      JSON.stringify({ doc: { ...whelp.doc, name: 'Ash Sprite', art: undefined } }),
    );
    const boltFile = cardFiles.find((file) => file.startsWith('fire-bolt-'))!;
    const bolt = JSON.parse(readFileSync(join(folder, 'cards', boltFile), 'utf8')) as {
      id: string;
      doc: Record<string, unknown>;
    };
    writeFileSync(join(folder, 'cards', boltFile), JSON.stringify({ id: bolt.id, doc: { ...bolt.doc, cost: 'two' } }));

    const broken = await cardwright('validate', 'core');
    expect(broken.code).toBe(1);
    expect(lines(broken.stdout)).toEqual([`cards/${boltFile}: /doc/cost: "Fire Bolt": Mana Cost must be a whole number`]);
    expect(broken.stderr).toContain('1 problem in core');

    // The library has the set: without --replace or --copy nothing is written.
    const asked = await cardwright('import', 'core');
    expect(asked.code).toBe(1);
    expect(asked.stdout).toBe('');
    expect(asked.stderr).toContain('the library has set "OSMCG Starter Set" (id osmcg-core) already, so nothing was written');
    expect(asked.stderr).toContain('a replace would add 1 card, update 2, move 0 to the Trash');
    expect(asked.stderr.trim().split('\n').at(-1)).toMatch(
      /^cardwright: .*\(run again with --replace, or with --copy to import it as a new set\)\.$/,
    );
    expect(storedDoc(whelp.id)?.name).toBe('Cinder Whelp');

    const imported = await cardwright('import', 'core', '--replace');
    expect(imported.code, imported.stderr).toBe(1);
    expect(lines(imported.stdout)).toEqual([
      'set: OSMCG Starter Set (id osmcg-core): 61 cards imported, 1 refused',
      `cards/${boltFile}: /doc/cost: Mana Cost must be a whole number`,
    ]);
    // Saved in SQLite: the renamed card under its id, the new card, the refused one unchanged.
    expect(storedDoc(whelp.id)?.name).toBe('Cinder Whelp II');
    expect(storedDoc(bolt.id)?.cost).toBe(1);
    const db = new Database(databaseFile(dataDir), { readonly: true });
    const sprite = db.prepare("SELECT set_id FROM cards WHERE json_extract(doc, '$.name') = 'Ash Sprite'").all();
    db.close();
    expect(sprite).toEqual([{ set_id: 'osmcg-core' }]);
  });

  it('exports a set as CSV and imports the spreadsheet back, listing bad rows by row and column', async () => {
    const exported = await cardwright('export', 'set', 'osmcg-core', '--to', 'csv', '--out', 'core.csv');
    expect(exported.code, exported.stderr).toBe(0);
    const count = Number(/^cards: (\d+)$/m.exec(exported.stdout)?.[1]);
    expect(count).toBeGreaterThanOrEqual(61);
    const csv = readFileSync(join(outDir, 'core.csv'), 'utf8').replace(/^\uFEFF/, '');
    const [header, first, ...rest] = csv.trimEnd().split(/\r?\n/);
    expect(header.startsWith('id,set,type,name')).toBe(true);
    // One row broken: its name cell emptied (name is the fourth column).
    const cells = first.split(',');
    cells[3] = '';
    writeFileSync(join(outDir, 'edited.csv'), [header, cells.join(','), ...rest].join('\n'));

    // Without --set the rows go into a new set, which cannot take the ids of the starter set's cards.
    const taken = await cardwright('import', 'edited.csv', '--game', 'osmcg', '--dry-run');
    expect(taken.code).toBe(1);
    expect(taken.stdout).toContain(`rows: ${count}, valid 0, bad ${count}`);
    expect(taken.stdout).toMatch(/row 3, column id: is the id of “.+” in set “OSMCG Starter Set”: a new set cannot take/);
    // --new-ids skips the id column: each row is a new card.
    const dry = await cardwright('import', 'edited.csv', '--game', 'osmcg', '--new-ids', '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain(`rows: ${count}, valid ${count - 1}, bad 1`);
    expect(dry.stdout).toContain('dry run: nothing was written');
    expect(dry.stdout).toContain(`cards: ${count - 1} new, 0 updated, 0 unchanged`);
    expect(dry.stdout).toMatch(/edited\.csv: row 2\b.*\n?/);
    // With --set, the id column updates the set's own cards: the export unchanged but one broken row.
    const back = await cardwright('import', 'edited.csv', '--game', 'osmcg', '--set', 'osmcg-core', '--dry-run');
    expect(back.stdout).toContain(`rows: ${count}, valid ${count - 1}, bad 1`);
    expect(back.stdout).toContain(`cards: 0 new, 0 updated, ${count - 1} unchanged`);
    const before = new Database(databaseFile(dataDir), { readonly: true });
    const setsBefore = before.prepare('SELECT count(*) AS n FROM sets').get();
    before.close();

    const run = await cardwright('import', 'edited.csv', '--game', 'osmcg', '--new-ids', '--new-set', 'From the spreadsheet');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('set: From the spreadsheet');
    expect(run.stdout).toContain(`${count - 1} cards imported`);
    const db = new Database(databaseFile(dataDir), { readonly: true });
    const [{ n }] = db
      .prepare<[], { n: number }>(
        "SELECT count(*) AS n FROM cards JOIN sets ON sets.id = cards.set_id WHERE sets.name = 'From the spreadsheet'",
      )
      .all();
    expect(n).toBe(count - 1);
    expect(db.prepare('SELECT count(*) AS n FROM sets').get()).toEqual({ n: (setsBefore as { n: number }).n + 1 });
    db.close();

    const missingGame = await cardwright('import', 'edited.csv');
    expect(missingGame.code).toBe(2);
    expect(missingGame.stderr).toContain('needs --game ID');
    const typo = await cardwright('import', 'edited.csv', '--game', 'osmc');
    expect(typo.stderr).toContain('--game: no game "osmc" is installed (did you mean osmcg?); the games are ');
    expect(typo.code).toBe(2);
  });

  it('names the file and the place of a structural problem, and of a bad card in a set file', async () => {
    const folder = join(outDir, 'broken');
    const exported = await cardwright('export', 'set', 'osmcg-core', '--to', 'folder', '--out', 'broken');
    expect(exported.code, exported.stderr).toBe(0);
    const file = readdirSync(join(folder, 'cards'))[0];
    writeFileSync(join(folder, 'cards', file), '{ "id": "x", "doc": { "name": ');
    const run = await cardwright('validate', 'broken');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^cards/${file.replace('.', '\\.')}: not valid JSON`));

    const setFile = JSON.parse(readFileSync(join(root, 'resources/samples/osmcg/core-set.json'), 'utf8')) as {
      cards: { doc: Record<string, unknown> }[];
    };
    setFile.cards[3].doc.hp = -5;
    writeFileSync(join(outDir, 'bad.set.json'), JSON.stringify(setFile));
    const bad = await cardwright('validate', 'bad.set.json');
    expect(bad.code).toBe(1);
    expect(lines(bad.stdout).length).toBeGreaterThan(0);
    const name = String(setFile.cards[3].doc.name);
    for (const line of lines(bad.stdout))
      expect(line).toMatch(new RegExp(`^bad\\.set\\.json: /cards/3/doc/hp: "${name}": HP must be at least \\d$`));
  });

  it('exports a set as JSON and for Cockatrice; export-set still works', async () => {
    const json = await cardwright('export', 'set', 'osmcg-core', '--to', 'json', '--out', 'core.json');
    expect(json.code, json.stderr).toBe(0);
    // The 61 samples and the Ash Sprite the first test imported.
    expect((JSON.parse(readFileSync(join(outDir, 'core.json'), 'utf8')) as { cards: unknown[] }).cards).toHaveLength(62);
    // Without a library (a designer's CI): the built-in games in a scratch library, left behind nowhere.
    const noLibrary = join(outDir, 'no-library');
    const ci = await cardwright('validate', 'core.json', '--data-dir', noLibrary);
    expect(ci.code, ci.stdout + ci.stderr).toBe(0);
    expect(lines(ci.stdout)).toEqual(['core.json: OSMCG Starter Set (osmcg): 62 cards, all valid']);
    expect(existsSync(noLibrary)).toBe(false);
    const alias = await cardwright('export-set', '--set', 'osmcg-core', '--out', 'alias.json');
    expect(alias.code, alias.stderr).toBe(0);

    const cockatrice = await cardwright(
      'export',
      'set',
      'osmcg-missions-objectives',
      '--to',
      'cockatrice',
      '--out',
      'missions.zip',
    );
    expect(cockatrice.code, cockatrice.stderr).toBe(0);
    expect(cockatrice.stdout).toContain(`file: ${join(outDir, 'missions.zip')}`);
    const listing = (await listZip(join(outDir, 'missions.zip'))).join('\n');
    expect(listing).toMatch(/^customsets\/.+\.xml$/m);
    expect(listing).toMatch(/^pics\/CUSTOM\/.+\.png$/m);
  });

  it('imports a game bundle and lists its sets', async () => {
    const run = await cardwright('import', join(root, 'docs/tutorial/lantern-watch.cardwright-system.json'));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(lines(run.stdout)[0]).toBe('game: Lantern Watch (lantern-watch)');
    expect(lines(run.stdout)[1]).toMatch(/^set: .+ \(id .+\): \d+ cards imported, 0 refused$/);
  });

  it('refuses a wrong command line in one sentence, exit code 2', async () => {
    const refusals: [string[], string][] = [
      [['import', 'nope.json'], 'nope.json: there is no such file or folder.'],
      [['import'], 'import needs the file or folder to import: cardwright import FILE|FOLDER.'],
      [['import', 'a.json', 'b.json'], 'import takes one FILE|FOLDER, not "a.json" and "b.json"'],
      [['import', 'core', '--replace', '--copy'], 'import takes --replace or --copy, not both.'],
      [['import', 'core', '--repalce'], 'import has no option --repalce (did you mean --replace?)'],
      [['import', 'x.csv', '--gme', 'osmcg'], 'import FILE.csv has no option --gme (did you mean --game?)'],
      [['export', 'set', 'osmcg-core', '--to', 'xml'], '--to: "xml" is not a format; give json, folder, csv or cockatrice.'],
      [['export', 'set', 'osmcg-core', '--to', 'jsn'], '--to: "jsn" is not a format (did you mean json?)'],
      [['export', 'set', 'osmcg-core'], 'export set needs --to json|folder|csv|cockatrice.'],
      [['export', 'set', 'no such set', '--to', 'json'], 'export set: no set has the id or name “no such set”'],
      [['export', 'deck', 'x'], 'export writes sets, not "deck"'],
      [['validate', 'core', '--frob'], 'validate has no option --frob; it takes none'],
    ];
    for (const [args, message] of refusals) {
      const run = await cardwright(...args);
      expect(run.stderr, args.join(' ')).toContain(message);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.code, args.join(' ')).toBe(2);
    }
  });
});
