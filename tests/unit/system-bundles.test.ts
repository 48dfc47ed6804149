// Game systems as shareable bundles, through the API as the UI calls it: export, import with
// sets, refusal of broken or unsafe bundles (nothing installed, nothing left behind), user
// systems surviving a restart, deck generators and play formats on installed games.

import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiCaller, failure, type Call } from './api-call';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import type { SystemBundleJson } from '../../src-main/services/system-bundles';

const root = resolve(import.meta.dirname, '../..');
const systemsDir = join(root, 'card-schema', 'systems');
const samplesDir = join(root, 'resources', 'samples');
const fontsDir = join(root, 'resources', 'fonts');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-bundle-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function open(dataDir: string): { app: Cardwright; call: Call } {
  const app = openCardwright({ dataDir, systemsDir, samplesDir, fontsDir });
  cleanups.push(() => app.close());
  return { app, call: apiCaller(app) };
}

/** What the user's systems folder holds (it is made by the first import that gets that far). */
const installedFolders = (dataDir: string) => (existsSync(join(dataDir, 'systems')) ? readdirSync(join(dataDir, 'systems')) : []);

const decode = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as SystemBundleJson;

/** The OSMCG bundle re-labelled as a designer's own variant game "skirmish". */
async function variantBundle(call: ReturnType<typeof open>['call']): Promise<SystemBundleJson> {
  const bundle = decode((await call('exportSystem', { systemId: 'osmcg' })).bytes);
  const text = JSON.stringify(bundle).replaceAll('"osmcg', '"skirmish');
  const variant = JSON.parse(text) as SystemBundleJson;
  const main = variant.system.files['system.json'] as Record<string, unknown>;
  main.name = 'Skirmish';
  return variant;
}

const importText = (call: ReturnType<typeof open>['call'], bundle: unknown, fileName = 'skirmish.cardwright-system.json') =>
  call('importSystem', { fileName, text: JSON.stringify(bundle) });

describe('system bundles', () => {
  it('exports a game with its folder files and its sets', async () => {
    const { call } = open(tmpDir());
    const file = await call('exportSystem', { systemId: 'osmcg' });
    expect(file.fileName).toBe('OSMCG.cardwright-system.json');
    const bundle = decode(file.bytes);
    expect(bundle).toMatchObject({
      format: 'cardwright-system',
      formatVersion: 3,
      system: { id: 'osmcg', fontFiles: {} },
      images: {},
    });
    expect(Object.keys(bundle.system.files)).toEqual(
      expect.arrayContaining(['system.json', 'layouts.json', 'schemas/creature.schema.json']),
    );
    const sets = await call('listSets', {});
    expect(bundle.sets.map((s) => (s.set as { id: string }).id).sort()).toEqual(
      sets
        .filter((s) => s.systemId === 'osmcg')
        .map((s) => s.id)
        .sort(),
    );
  });

  it('refuses to replace a built-in game', async () => {
    const { call } = open(tmpDir());
    const bundle = decode((await call('exportSystem', { systemId: 'osmcg' })).bytes);
    const error = await failure(importText(call, bundle, 'osmcg.json'));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toMatch(/"osmcg" is a game system built into Cardwright/);
  });

  it('installs a designer game with its sets, keeps it across restarts, and replaces it on re-import', async () => {
    const dataDir = tmpDir();
    const first = open(dataDir);
    const bundle = await variantBundle(first.call);
    const result = await importText(first.call, bundle);
    expect(result.replaced).toBe(false);
    expect(result.system).toMatchObject({ id: 'skirmish', name: 'Skirmish', builtIn: false });
    expect(result.sets.length).toBeGreaterThan(0);
    expect(result.sets.every((set) => set.rejected.length === 0)).toBe(true);
    const found = await first.call('searchCards', { query: 'Pyra', systemId: 'skirmish' });
    expect(found.cards.map((card) => card.doc.name)).toContain('Pyra, Ashen Marshal');
    expect(readdirSync(join(dataDir, 'systems'))).toEqual(['skirmish']); // no staging left behind

    expect((await importText(first.call, bundle)).replaced).toBe(true);
    await first.app.close();

    const second = open(dataDir);
    expect(second.app.systemErrors).toEqual([]);
    const systems = await second.call('listSystems', {});
    expect(systems.find((s) => s.id === 'skirmish')).toMatchObject({ name: 'Skirmish', builtIn: false });
    expect((await second.call('getSystem', { systemId: 'skirmish' })).cardTypes.length).toBeGreaterThan(0);
  });

  it('removes an installed game with its sets, cards and decks, and never a built-in one', async () => {
    const dataDir = tmpDir();
    const { call } = open(dataDir);
    const bundle = await variantBundle(call);
    await importText(call, bundle);
    const sets = (await call('listSets', {})).filter((set) => set.systemId === 'skirmish');
    const cards = sets.reduce((sum, set) => sum + set.cardCount, 0);
    await call('saveDeck', { deck: { systemId: 'skirmish', name: 'Doomed', sections: {} } });
    expect(await call('removeSystem', { systemId: 'skirmish' })).toMatchObject({ sets: sets.length, cards, decks: 1 });
    expect((await call('listSystems', {})).map((s) => s.id)).not.toContain('skirmish');
    expect((await call('listSets', {})).some((set) => set.systemId === 'skirmish')).toBe(false);
    expect(await call('listDecks', { systemId: 'skirmish' })).toEqual([]);
    expect(readdirSync(join(dataDir, 'systems'))).toEqual([]);
    // The way back: a snapshot taken just before, still holding the game's sets.
    const backups = await call('listBackups', {});
    expect(backups.map((backup) => backup.reason)).toEqual(['pre-removal']);
    expect(await failure(call('removeSystem', { systemId: 'osmcg' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'OSMCG is built into Cardwright and cannot be removed',
    });
    expect((await failure(call('removeSystem', { systemId: 'skirmish' }))).code).toBe('NOT_FOUND');
    expect(await call('listBackups', {})).toHaveLength(1);
  });

  it('refuses a broken game with the file, JSON path and reason, and installs nothing', async () => {
    const dataDir = tmpDir();
    const { call } = open(dataDir);
    const bundle = await variantBundle(call);
    const layouts = bundle.system.files['layouts.json'] as Record<string, { elements: { kind: string; text?: string }[] }>;
    const [layoutId, layout] = Object.entries(layouts)[0];
    const index = layout.elements.findIndex((element) => element.kind === 'text');
    layout.elements[index].text = '{manaCost}';
    const error = await failure(importText(call, bundle));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toBe(
      `skirmish.cardwright-system.json: the game system is not valid: skirmish/layouts.json at /${layoutId}/elements/${index}/text: "{manaCost}" names no field of any card type`,
    );
    expect((await call('listSystems', {})).map((s) => s.id)).not.toContain('skirmish');
    expect(readdirSync(join(dataDir, 'systems'))).toEqual([]);
  });

  it.each([
    [
      'a path outside the folder',
      (b: SystemBundleJson) => (b.system.files['../escape.json'] = {}),
      /"\.\.\/escape\.json" is not a relative path/,
    ],
    [
      'a file that is not JSON data',
      (b: SystemBundleJson) => (b.system.files['run.sh'] = 'echo'),
      /"run\.sh" is not a relative path to a \.json file/,
    ],
    ['no system.json', (b: SystemBundleJson) => delete b.system.files['system.json'], /must contain "system\.json"/],
    [
      'a set of another game',
      (b: SystemBundleJson) => ((b.sets[0].set as { systemId: string }).systemId = 'osmcg'),
      /sets\[0\]\.set\.systemId is "osmcg"; a bundle's sets must belong to its game "skirmish"/,
    ],
  ])('refuses a bundle with %s', async (_label, spoil, message) => {
    const { call } = open(tmpDir());
    const bundle = await variantBundle(call);
    spoil(bundle);
    const error = await failure(importText(call, bundle));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toMatch(message);
  });

  it.each([
    [
      'a file name over 255 characters',
      (b: SystemBundleJson) => (b.system.files[`schemas/${'n'.repeat(300)}.json`] = {}),
      /system\.files: "schemas\/n+…" \(313 characters\) has a name of 305 characters; file and folder names may have at most 255/,
    ],
    [
      'a file that another path needs as its folder',
      (b: SystemBundleJson) => (b.system.files['system.json/x.json'] = {}),
      /system\.files: "system\.json\/x\.json" needs "system\.json" to be a folder, but it is a file of the bundle/,
    ],
    [
      'two names for the same file on Windows and macOS',
      (b: SystemBundleJson) => (b.system.files['Layouts.json'] = {}),
      /system\.files: "(Layouts|layouts)\.json" and "(Layouts|layouts)\.json" name the same file/,
    ],
  ])('refuses a bundle with %s, naming the path', async (_label, spoil, message) => {
    const dataDir = tmpDir();
    const { call } = open(dataDir);
    const bundle = await variantBundle(call);
    spoil(bundle);
    const error = await failure(importText(call, bundle));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(dataDir);
    expect(installedFolders(dataDir)).toEqual([]);
  });

  it.each([
    ['system.json nested 100,000 levels deep', 'system.json', 'deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    [
      'a schema with a 10,000-deep allOf',
      'schemas/creature.schema.json',
      'allOf',
      `[${'{"allOf":['.repeat(10_000)}{}${']}'.repeat(10_000)}]`,
    ],
  ])('refuses %s as INVALID_FILE naming the file, without a crash', async (_label, file, key, deep) => {
    const dataDir = tmpDir();
    const { call } = open(dataDir);
    const bundle = await variantBundle(call);
    (bundle.system.files[file] as Record<string, unknown>)[key] = '__DEEP__';
    const text = JSON.stringify(bundle).replace('"__DEEP__"', deep);
    const error = await failure(call('importSystem', { fileName: 'deep.cardwright-system.json', text }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toContain(
      `deep.cardwright-system.json: nests more than 64 levels deep, at system.files[${JSON.stringify(file)}].${key}`,
    );
    expect(error.message).not.toContain(dataDir);
    expect(error.message).not.toMatch(/(^|\s)\/\w+\//);
    expect(installedFolders(dataDir)).toEqual([]);
  });

  it('refuses a set file offered as a game', async () => {
    const { call } = open(tmpDir());
    const error = await failure(
      call('importSystem', {
        fileName: 'set.json',
        text: JSON.stringify({ format: 'cardwright-set', formatVersion: 1, set: {}, cards: [] }),
      }),
    );
    expect(error.message).toBe(
      'set.json: "format" must be "cardwright-system", found "cardwright-set" — is this a Cardwright system file?',
    );
  });

  it('reports user systems that do not load and keeps the others', async () => {
    const dataDir = tmpDir();
    mkdirSync(join(dataDir, 'systems', 'broken'), { recursive: true });
    writeFileSync(join(dataDir, 'systems', 'broken', 'system.json'), '{ "formatVersion": 2, "id": "broken" ');
    const { app, call } = open(dataDir);
    expect(app.systems.map((s) => s.id)).toContain('osmcg');
    const problems = await call('listSystemProblems', {});
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'broken/system.json', jsonPath: '' });
    expect(problems[0].reason).toMatch(/^not valid JSON/);
  });
});

describe('deck generators and formats on an installed game', () => {
  async function installWith(call: ReturnType<typeof open>['call'], deck: Record<string, unknown>): Promise<void> {
    const bundle = await variantBundle(call);
    const main = bundle.system.files['system.json'] as { deck: { rules: { formats?: string[] }[] } & Record<string, unknown> };
    // New formats replace OSMCG's, so its format-scoped rules go with them.
    if (deck.formats) main.deck.rules = main.deck.rules.filter((rule) => !rule.formats);
    Object.assign(main.deck, deck);
    await importText(call, bundle);
  }

  it('builds a deck from the library with a generator', async () => {
    const { call } = open(tmpDir());
    await installWith(call, {
      generators: [
        {
          id: 'red-creatures',
          label: 'Red creatures',
          fill: [{ section: 'main', match: { types: ['creature'], where: [{ field: 'colors', equals: 'red' }] }, copies: 2 }],
        },
      ],
    });
    const deck = await call('generateDeck', { systemId: 'skirmish', generatorId: 'red-creatures' });
    expect(deck.name).toBe('Red creatures');
    const cards = await call('getCards', { ids: deck.sections.main.map((e) => e.cardId) });
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.every((card) => card.doc.type === 'creature' && (card.doc.colors as string[]).includes('red'))).toBe(true);
    expect(deck.sections.main.every((entry) => entry.count === 2)).toBe(true);
    expect((await call('getDeck', { id: deck.id })).sections).toEqual(deck.sections);

    const error = await failure(call('generateDeck', { systemId: 'skirmish', generatorId: 'nope' }));
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Skirmish has no deck generator "nope" (generators: "red-creatures")',
    });
  });

  it("stores a deck's play format and judges it by that format's ban list", async () => {
    const { call } = open(tmpDir());
    await installWith(call, {
      formats: [
        { id: 'open', label: 'Open' },
        { id: 'league', label: 'League', banned: ['Pyra, Ashen Marshal'] },
      ],
    });
    const legal = (await call('exportDeck', { id: 'osmcg-sample-legal' })).bytes;
    const sample = JSON.parse(new TextDecoder().decode(legal).replaceAll('"osmcg', '"skirmish')) as {
      deck: { sections: Record<string, { cardId: string; count: number }[]> };
    };
    const deck = { systemId: 'skirmish', name: 'League test', sections: sample.deck.sections };
    expect((await call('checkDeck', { deck })).legal).toBe(true);
    const saved = await call('saveDeck', { deck: { ...deck, format: 'league' } });
    expect((await call('getDeck', { id: saved.id })).format).toBe('league');
    const report = await call('checkDeck', { deck: { ...deck, format: 'league' } });
    expect(report.format).toBe('league');
    expect(report.violations.map((v) => [v.code, v.message])).toEqual([
      ['BANNED_CARD', '"Pyra, Ashen Marshal" is banned in League.'],
    ]);
    const error = await failure(call('saveDeck', { deck: { ...deck, format: 'vintage' } }));
    expect(error.message).toMatch(/format: "vintage" is not a play format of Skirmish \(formats: open, league\)/);
  });
});
