// A set as a folder (services/set-folder.ts): random valid sets — unicode text, lists, nested
// objects, pictures — exported to a folder and imported into another library come back equal
// (property test); the files are stable (same bytes on re-export, one file per changed card,
// schema key order); a broken folder is refused naming the file inside it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ImportSetResult } from '../../src-main/api/contract';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { appPaths } from '../../src-main/app-paths';
import { cardFileNames, readSetFolder, setFolderText, slug } from '../../src-main/services/set-folder';
import { ART_GAME_ID, artGameBundle, testImage } from '../fixtures/art-game';

const root = resolve(__dirname, '../..');
let dirs: string[] = [];
let source: Cardwright;
let target: Cardwright;
let imageIds: string[];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** The art game with free-form fields, so random lists and nested objects are valid cards. */
function freeFormGame(): string {
  const bundle = JSON.parse(artGameBundle()) as { system: { files: Record<string, { properties: Record<string, unknown> }> } };
  const schema = bundle.system.files['schemas/lantern.schema.json'];
  schema.properties.tags = { type: 'array', title: 'Tags', items: { type: 'string' } };
  schema.properties.details = { type: 'object', title: 'Details' };
  return JSON.stringify(bundle);
}

type Job = Parameters<Cardwright['handlers']['startJob']>[0]['job'];

async function runJob(app: Cardwright, job: Job): Promise<unknown> {
  const started = await app.handlers.startJob({ job, saveAs: false });
  const status = await app.jobs.wait(started!.id);
  if (status.state !== 'done') throw new Error(`${job.kind}: ${status.state} ${status.error?.message ?? ''}`);
  return status.result;
}

async function openWithGame(): Promise<Cardwright> {
  const app = openCardwright({ dataDir: tempDir('cw-folder-lib-'), ...appPaths(root), samplesDir: join(tmpdir(), 'none') });
  await runJob(app, { kind: 'importSystem', fileName: 'game.json', text: freeFormGame() });
  return app;
}

beforeAll(async () => {
  source = await openWithGame();
  target = await openWithGame();
  imageIds = [];
  for (const [seed, format] of [
    [1, 'png'],
    [2, 'jpeg'],
    [3, 'webp'],
  ] as const) {
    const info = await source.handlers.addImage({
      fileName: `art.${format}`,
      bytes: await testImage(format, { width: 40, height: 30, seed }),
    });
    imageIds.push(info.id);
  }
}, 60_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** JSON as it survives a file: -0 is 0. */
const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const text = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
const name = text(30).filter((value) => value.trim() !== '');
const card = fc.record(
  {
    type: fc.constant('lantern'),
    name,
    faction: fc.subarray(['ember', 'tide', 'moss'], { minLength: 1, maxLength: 2 }),
    cost: fc.integer({ min: 0, max: 9 }),
    light: fc.integer({ min: 0, max: 9 }),
    rarity: fc.constantFrom('common', 'rare'),
    text: text(200),
    tags: fc.array(text(12), { maxLength: 4 }),
    details: fc.dictionary(
      text(8).filter((key) => key !== '__proto__'),
      json,
      { maxKeys: 4 },
    ),
    art: fc.nat(2),
  },
  { requiredKeys: ['type', 'name', 'faction', 'cost', 'light', 'rarity'] },
);
const set = fc.record({
  // A set's name is one line (card-schema/sets/set-meta.ts); a card's may hold anything.
  name: name.filter((value) => !/[\r\n]/.test(value)),
  description: text(80),
  cards: fc.array(card, { minLength: 1, maxLength: 6 }),
});

async function importFolder(app: Cardwright, dir: string): Promise<ImportSetResult> {
  const read = readSetFolder(dir);
  return (await runJob(app, {
    kind: 'importSet',
    fileName: read.fileName,
    text: read.text,
    onExisting: 'replace',
  })) as ImportSetResult;
}

describe('set folders', () => {
  it('round-trip: a random set exported to a folder imports into another library unchanged', { timeout: 240_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(set, async (generated) => {
        run++;
        const docs = generated.cards.map(({ art, ...doc }) => (art === undefined ? doc : { ...doc, art: { id: imageIds[art] } }));
        const file = {
          format: 'cardwright-set',
          formatVersion: 2,
          set: { id: `random-${run}`, systemId: ART_GAME_ID, name: generated.name, description: generated.description },
          cards: docs.map((doc, index) => ({ id: `card-${run}-${index}`, doc })),
        };
        const imported = (await runJob(source, {
          kind: 'importSet',
          fileName: 'random.set.json',
          text: JSON.stringify(file),
          onExisting: 'ask',
        })) as ImportSetResult;
        expect(imported.rejected).toEqual([]);

        const dir = join(tempDir('cw-folder-'), 'set');
        source.exportSetFolder(file.set.id, dir);
        const back = await importFolder(target, dir);
        expect(back.rejected).toEqual([]);
        // The set as the first library stored it (its name normalized as any set name is).
        const { id, systemId, name: setName, description } = imported.set;
        expect(back.set).toMatchObject({ id, systemId, name: setName, description });
        const before = new Map((await source.handlers.getCards({ ids: file.cards.map((c) => c.id) })).map((c) => [c.id, c.doc]));
        const after = await target.handlers.getCards({ ids: file.cards.map((c) => c.id) });
        expect(after).toHaveLength(docs.length);
        for (const card of after) expect(card.doc).toEqual(before.get(card.id));
        for (const id of new Set(docs.flatMap((doc) => ('art' in doc ? [doc.art.id] : [])))) {
          const [a, b] = await Promise.all([source, target].map((app) => app.handlers.getImage({ id, variant: 'print' })));
          expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('writes stable, readable files: schema key order, same bytes again, one file per changed card', async () => {
    const created = await source.handlers.createSet({
      systemId: ART_GAME_ID,
      name: 'Harbor Lights',
      description: 'Lamps by the sea.',
    });
    const ids: string[] = [];
    for (const [index, cardName] of ['Tide Lamp', 'Ember Lamp', 'Moss Lamp'].entries()) {
      const saved = await source.handlers.saveCard({
        setId: created.id,
        doc: {
          rarity: 'common',
          light: index,
          cost: 1,
          faction: ['tide'],
          name: cardName,
          type: 'lantern',
          details: { z: 1, a: { y: 2, b: 3 } },
        },
      });
      if (!saved.ok) throw new Error(JSON.stringify(saved.issues));
      ids.push(saved.card.id);
    }
    const dir = join(tempDir('cw-folder-'), 'harbor');
    source.exportSetFolder(created.id, dir);
    const names = readdirSync(join(dir, 'cards')).sort();
    expect(names).toHaveLength(3);
    expect(names.every((file) => /^(tide|ember|moss)-lamp-[0-9a-f]{8}\.json$/.test(file))).toBe(true);
    const tideFile = join(
      dir,
      'cards',
      names.find((file) => file.startsWith('tide'))!,
    );
    const tide = readFileSync(tideFile, 'utf8');
    // The type's schema order (type, name, faction, cost, light, rarity …), nested keys sorted, 2 spaces, final newline.
    expect(Object.keys((JSON.parse(tide) as { doc: object }).doc)).toEqual([
      'type',
      'name',
      'faction',
      'cost',
      'light',
      'rarity',
      'details',
    ]);
    expect(tide).toContain('"details": {\n      "a": {\n        "b": 3,\n        "y": 2\n      },\n      "z": 1\n    }');
    expect(tide.endsWith('}\n')).toBe(true);
    const manifest = readFileSync(join(dir, 'set.json'), 'utf8');
    expect(JSON.parse(manifest)).toEqual({
      format: 'cardwright-set-folder',
      formatVersion: 1,
      set: { id: created.id, systemId: ART_GAME_ID, name: 'Harbor Lights', description: 'Lamps by the sea.' },
    });

    const snapshot = () =>
      new Map(readdirSync(join(dir, 'cards')).map((file) => [file, readFileSync(join(dir, 'cards', file), 'utf8')]));
    const first = snapshot();
    source.exportSetFolder(created.id, dir);
    expect(snapshot()).toEqual(first);

    // Edit one card, delete another: one file changes, one goes, the third is untouched.
    const [tideCard] = await source.handlers.getCards({ ids: [ids[0]] });
    await source.handlers.saveCard({ id: ids[0], setId: created.id, doc: { ...tideCard.doc, light: 9 } });
    await source.handlers.deleteCard({ id: ids[1] });
    source.exportSetFolder(created.id, dir);
    const second = snapshot();
    expect([...second.keys()].sort()).toEqual([...first.keys()].filter((file) => !file.startsWith('ember')).sort());
    const changed = [...second].filter(([file, content]) => first.get(file) !== content).map(([file]) => file);
    expect(changed).toEqual([names.find((file) => file.startsWith('tide'))]);
  });

  it('names card files by name and id: any script, clashes made longer', () => {
    expect(slug('Ember Drake!')).toBe('ember-drake');
    expect(slug('Élan — 火の鳥')).toBe('elan-火の鳥');
    expect(slug('!!!')).toBe('card');
    const names = cardFileNames([
      { id: 'a', doc: { name: 'Lamp' } },
      { id: 'b', doc: { name: 'Lamp' } },
    ]);
    expect(names[0]).not.toBe(names[1]);
    expect(names.every((file) => /^lamp-[0-9a-f]{8}\.json$/.test(file))).toBe(true);
  });

  it('refuses a broken folder, naming the file inside it and what is wrong', () => {
    const dir = tempDir('cw-folder-bad-');
    const write = (path: string, content: string) => writeFileSync(join(dir, path), content);
    expect(() => readSetFolder(dir)).toThrow(/set\.json: missing/);
    write(
      'set.json',
      JSON.stringify({ format: 'cardwright-set-folder', formatVersion: 1, set: { systemId: ART_GAME_ID, name: 'X' } }),
    );
    mkdirSync(join(dir, 'cards'));
    write('cards/ember-drake-1a2b.json', '{ "id": "x", "doc": { "name": "A", }');
    expect(() => readSetFolder(dir)).toThrow(/cards\/ember-drake-1a2b\.json: not valid JSON/);
    write('cards/ember-drake-1a2b.json', '{ "id": "x", "card": {} }');
    expect(() => readSetFolder(dir)).toThrow(/cards\/ember-drake-1a2b\.json: \/card: not part of a card file/);
    write('cards/ember-drake-1a2b.json', '{ "id": "x", "doc": { "type": "lantern", "name": "A" } }');
    write('cards/other-0000.json', '{ "id": "x", "doc": { "type": "lantern", "name": "B" } }');
    expect(() => readSetFolder(dir)).toThrow(
      /cards\/other-0000\.json: \/id: "x" is also the id of cards\/ember-drake-1a2b\.json/,
    );
  });

  it('reads a folder picked in the app from its files: hidden files skipped, anything else refused by its path', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const manifest = {
      path: 'set.json',
      bytes: bytes(
        JSON.stringify({ format: 'cardwright-set-folder', formatVersion: 1, set: { systemId: ART_GAME_ID, name: 'X' } }),
      ),
    };
    const card = { path: 'cards/b-1.json', bytes: bytes('{ "id": "b", "doc": { "type": "lantern", "name": "B" } }') };
    const first = { path: 'cards/a-1.json', bytes: bytes('{ "id": "a", "doc": { "type": "lantern", "name": "A" } }') };
    const read = setFolderText([card, manifest, first, { path: '.git/HEAD', bytes: bytes('ref') }]);
    expect(read.cardFiles).toEqual(['cards/a-1.json', 'cards/b-1.json']);
    expect((JSON.parse(read.text) as { cards: { id: string }[] }).cards.map((c) => c.id)).toEqual(['a', 'b']);
    expect(() => setFolderText([manifest, { path: 'notes.txt', bytes: bytes('x') }])).toThrow(
      /notes\.txt: not part of a set folder/,
    );
    expect(() => setFolderText([manifest, { path: 'cards/old/a.json', bytes: bytes('{}') }])).toThrow(
      /cards\/old\/a\.json: only files belong in cards\//,
    );
    expect(() => setFolderText([card])).toThrow(/set\.json: missing/);
  });
});
