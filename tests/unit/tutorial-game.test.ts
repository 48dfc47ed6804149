// The tutorial's game (docs/game-systems.md, Part 3) is real: docs/tutorial/lantern-watch loads,
// its sample cards are valid and draw, a legal deck can be built from them, the bundle matches the
// folder and imports, and the messages the docs quote are the ones Cardwright really produces.

import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import type { CopyLimitRule, Deck, DeckEntry } from '../../card-schema/deck/format';
import { layoutCard, layoutCardBack } from '../../card-schema/layout/layout-card';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { apiCaller } from './api-call';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { createCardValidator } from '../../src-main/services/card-validator';
import { GameSystemLoadError, loadGameSystem, loadGameSystems } from '../../src-main/services/game-systems';

const ROOT = resolve(import.meta.dirname, '../..');
const TUTORIAL = join(ROOT, 'docs/tutorial');
const SYSTEM_DIR = join(TUTORIAL, 'lantern-watch');
const SET_FILE = join(TUTORIAL, 'lantern-watch-sample-set.json');
const BUNDLE_FILE = join(TUTORIAL, 'lantern-watch.cardwright-system.json');
const DOCS = readFileSync(join(ROOT, 'docs/game-systems.md'), 'utf8');

interface SetFile {
  format: string;
  formatVersion: number;
  set: { id: string; systemId: string; name: string; description: string };
  cards: { id: string; doc: CardDocument }[];
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const setFile = readJson(SET_FILE) as SetFile;
const docs = new Map(setFile.cards.map((card) => [card.id, card.doc]));
const lookup = (id: string) => docs.get(id);

function idOf(name: string): string {
  const card = setFile.cards.find((c) => c.doc.name === name);
  if (!card) throw new Error(`no sample card named "${name}"`);
  return card.id;
}

/** The legal deck the tutorial builds (Step 11): Ada Wickfield + 2 × ten Ember/Dusk Lanterns. */
const LEGAL_KEEPER = 'Ada Wickfield';
const LEGAL_LANTERNS = [
  'Cinder Jar',
  'Hearth Lamp',
  'Forge Beacon',
  'Spark Moth Cage',
  'Phoenix Wick',
  'Tallow Stub',
  'Street Lamp',
  'Paper Lantern',
  "Watchman's Lamp",
  'Glass Firefly',
];

function deckOf(keeper: string[], watch: [string, number][], format?: string): Pick<Deck, 'systemId' | 'sections' | 'format'> {
  const entries = (list: [string, number][]): DeckEntry[] => list.map(([name, count]) => ({ cardId: idOf(name), count }));
  return {
    systemId: 'lantern-watch',
    format,
    sections: { keeper: entries(keeper.map((name) => [name, 1])), watch: entries(watch) },
  };
}
const legalWatch = (): [string, number][] => LEGAL_LANTERNS.map((name) => [name, 2]);

let loaded: GameSystem | undefined;
/** The tutorial game, loaded once for the deck checks. */
const tutorialSystem = (): GameSystem => (loaded ??= loadGameSystem(SYSTEM_DIR));

function messages(deck: Pick<Deck, 'systemId' | 'sections' | 'format'>): string[] {
  return evaluateDeck(tutorialSystem(), deck, lookup).violations.map((v) => v.message);
}

/** JSON files of a folder by relative path, parsed. */
function folderFiles(dir: string): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  const paths = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  for (const path of paths) files[path] = readJson(join(dir, path));
  return files;
}

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-tutorial-'));
  tmpDirs.push(dir);
  return dir;
}

/** A copy of the tutorial folder in a temp dir (folder named lantern-watch), with one text edit. */
function brokenCopy(file: string, from: string, to: string): string {
  const root = tmpDir();
  const dir = join(root, 'lantern-watch');
  cpSync(SYSTEM_DIR, dir, { recursive: true });
  const text = readFileSync(join(dir, file), 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeFileSync(join(dir, file), text.replace(from, to));
  return dir;
}

function loadError(dir: string): GameSystemLoadError {
  try {
    loadGameSystem(dir);
  } catch (error) {
    if (error instanceof GameSystemLoadError) return error;
    throw error;
  }
  throw new Error('expected the game to be refused');
}

const opened: Cardwright[] = [];

/** The app over a temp data folder; built-in games from `systemsDir` (none by default), no samples. */
function open(dataDir: string, systemsDir = tmpDir()): Cardwright {
  const app = openCardwright({ dataDir, systemsDir, samplesDir: tmpDir(), fontsDir: join(ROOT, 'resources/fonts') });
  opened.push(app);
  return app;
}

const caller = apiCaller;
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the tutorial game folder', () => {
  it('loads with its schemas, shared definitions and layouts resolved', () => {
    const system = loadGameSystem(SYSTEM_DIR);
    expect(system.id).toBe('lantern-watch');
    expect(system.formatVersion).toBe(3);
    expect(system.cardTypes.map((t) => [t.id, t.layout])).toEqual([
      ['keeper', 'keeper'],
      ['lantern', 'lantern'],
    ]);
    expect(system.cardTypes[1].schema.$defs?.keyword).toBeDefined();
    expect(Object.keys(system.layouts).sort()).toEqual(['back', 'keeper', 'lantern']);
    expect(system.identity?.values.filter((v) => v.neutral).map((v) => v.id)).toEqual(['dusk']);
    expect(system.deck.formats?.map((f) => f.id)).toEqual(['standard', 'open']);
  });

  it('has at least 12 sample cards, all valid, each drawn with its name', () => {
    const system = loadGameSystem(SYSTEM_DIR);
    expect(setFile.format).toBe('cardwright-set');
    expect(setFile.set.systemId).toBe('lantern-watch');
    expect(setFile.cards.length).toBeGreaterThanOrEqual(12);
    expect(new Set(setFile.cards.map((c) => c.id)).size).toBe(setFile.cards.length);
    const validate = createCardValidator(system);
    expect(
      setFile.cards.map((card) => ({ name: card.doc.name, issues: validate(card.doc) })).filter((r) => r.issues.length > 0),
    ).toEqual([]);
    for (const card of setFile.cards) {
      const texts = layoutCard(system, card.doc).ops.flatMap((op) => (op.op === 'text' ? [op.text] : []));
      expect(texts).toContain(card.doc.name);
    }
    const hearth = layoutCard(system, docs.get(idOf('Hearth Lamp'))!).ops.flatMap((op) => (op.op === 'text' ? [op.text] : []));
    expect(hearth).toEqual(expect.arrayContaining(['Glow 1', 'Lantern · common', 'LIGHT 2']));
    expect(layoutCardBack(system).ops.some((op) => op.op === 'text' && op.text === 'Lantern Watch')).toBe(true);
  });

  it('reports the card problems the tutorial shows', () => {
    const validate = createCardValidator(loadGameSystem(SYSTEM_DIR));
    const card = {
      type: 'lantern',
      name: '',
      faction: ['ember'],
      cost: 12,
      light: 2,
      rarity: 'common',
      keywords: [{ kw: 'Glow', x: 1 }],
    };
    const found = validate(card).map((issue) => issue.message);
    expect(found).toEqual(['Name cannot be empty', 'Oil cost must be at most 9']);
    for (const message of found) expect(DOCS).toContain(message);
    expect(validate({ ...card, name: "Lamplighter's Ladder", cost: 2 })).toEqual([]);
  });
});

describe('decks of the tutorial game', () => {
  it('the tutorial deck is legal in the default format (Standard) and in Open', () => {
    const system = loadGameSystem(SYSTEM_DIR);
    const report = evaluateDeck(system, deckOf([LEGAL_KEEPER], legalWatch()), lookup);
    expect(report).toMatchObject({ legal: true, counts: { keeper: 1, watch: 20 }, format: 'standard', violations: [] });
    expect(evaluateDeck(system, deckOf([LEGAL_KEEPER], legalWatch(), 'open'), lookup).legal).toBe(true);
    // Every card of the deck is Ember or Dusk, and it holds 2 rare copies (at most 4).
    for (const name of LEGAL_LANTERNS)
      expect(docs.get(idOf(name))!.faction).toSatisfy((f: string[]) => f.every((v) => v === 'ember' || v === 'dusk'));
  });

  it('breaks each rule with the messages the docs quote', () => {
    const cases: [Pick<Deck, 'systemId' | 'sections' | 'format'>, string[]][] = [
      [
        deckOf([LEGAL_KEEPER], [...legalWatch().slice(0, 9), ['Glass Firefly', 1], ['Midnight Bell', 1]]),
        ['"Midnight Bell" is banned in Standard.'],
      ],
      [
        deckOf([LEGAL_KEEPER], [['Cinder Jar', 3], ...legalWatch().slice(1, 9), ['Glass Firefly', 1]]),
        ['"Cinder Jar" has 3 copies; at most 2 are allowed.'],
      ],
      [
        deckOf([LEGAL_KEEPER], [...legalWatch().slice(0, 9), ['Glass Firefly', 1], ['Steam Kettle', 1]]),
        ['"Steam Kettle" (tide) is outside Ada Wickfield\'s faction identity (ember).'],
      ],
      [deckOf([LEGAL_KEEPER], [...legalWatch().slice(0, 9), ['Glass Firefly', 1]]), ['Watch has 19 cards; it needs exactly 20.']],
      [
        deckOf([], legalWatch()),
        ['Keeper has 0 cards; it needs exactly 1.', "Choose a Keeper: it sets the deck's faction identity."],
      ],
      [
        deckOf([LEGAL_KEEPER], [...legalWatch(), [LEGAL_KEEPER, 1]]),
        ['Watch has 21 cards; it needs exactly 20.', 'Watch may only hold Lantern: "Ada Wickfield" (Keeper) cannot be there.'],
      ],
      [
        deckOf(
          [LEGAL_KEEPER],
          [
            ['Midnight Bell', 3],
            ['Steam Kettle', 2],
            ['Lighthouse Lens', 2],
            ['Phoenix Wick', 2],
          ],
        ),
        [
          '"Midnight Bell" is banned in Standard.',
          'Watch has 9 cards; it needs exactly 20.',
          '"Midnight Bell" has 3 copies; at most 2 are allowed.',
          '"Steam Kettle" (tide) and "Lighthouse Lens" (tide) are outside Ada Wickfield\'s faction identity (ember).',
          'Watch has 7 rare Lanterns; it may have at most 4.',
        ],
      ],
      [
        deckOf([LEGAL_KEEPER], legalWatch(), 'modern'),
        ['This deck is set to the format "modern", which Lantern Watch does not have (formats: "Standard", "Open").'],
      ],
    ];
    for (const [deck, expected] of cases) {
      expect(messages(deck)).toEqual(expected);
      for (const message of expected) expect(DOCS).toContain(message);
    }
    // Open has no ban list: Midnight Bell is allowed there.
    expect(
      messages(deckOf([LEGAL_KEEPER], [...legalWatch().slice(0, 9), ['Glass Firefly', 1], ['Midnight Bell', 1]], 'open')),
    ).toEqual([]);
  });
});

describe('the tutorial bundle', () => {
  it("holds exactly the folder's files and the sample set", () => {
    const bundle = readJson(BUNDLE_FILE) as {
      format: string;
      formatVersion: number;
      system: { id: string; files: Record<string, unknown>; fontFiles: Record<string, string> };
      sets: unknown[];
    };
    expect([bundle.format, bundle.formatVersion, bundle.system.id]).toEqual(['cardwright-system', 3, 'lantern-watch']);
    expect(bundle.system.files).toEqual(folderFiles(SYSTEM_DIR));
    expect(Object.keys(bundle.system.files).sort()).toEqual([
      'layouts.json',
      'schemas/definitions.json',
      'schemas/keeper.schema.json',
      'schemas/lantern.schema.json',
      'system.json',
    ]);
    // The game's font and its license travel with it, byte for byte.
    expect(Object.keys(bundle.system.fontFiles).sort()).toEqual(['fonts/Blankenburg.ttf', 'fonts/OFL.txt']);
    for (const [path, data] of Object.entries(bundle.system.fontFiles))
      expect(Buffer.from(data, 'base64').equals(readFileSync(join(SYSTEM_DIR, path))), path).toBe(true);
    expect(bundle.sets).toEqual([{ set: setFile.set, cards: setFile.cards }]);
  });

  it('is what make-bundle.mjs builds today', () => {
    const out = join(tmpDir(), 'rebuilt.cardwright-system.json');
    execFileSync(process.execPath, [join(TUTORIAL, 'make-bundle.mjs'), SYSTEM_DIR, SET_FILE, out], { stdio: 'pipe' });
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(BUNDLE_FILE, 'utf8'));
  });

  it('imports through the API, and the tutorial deck is legal there', async () => {
    const app = open(tmpDir());
    const call = caller(app);
    const text = readFileSync(BUNDLE_FILE, 'utf8');
    const result = await call('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text });
    expect(result.system).toMatchObject({ id: 'lantern-watch', name: 'Lantern Watch', builtIn: false });
    expect(result.replaced).toBe(false);
    expect(result.sets.map((s) => [s.set.name, s.imported, s.rejected])).toEqual([
      ['Lantern Watch Sample Set', setFile.cards.length, []],
    ]);
    const report = await call('checkDeck', {
      deck: { id: 'tutorial', name: 'Ember Watch', ...deckOf([LEGAL_KEEPER], legalWatch()) },
    });
    expect(report).toMatchObject({ legal: true, counts: { keeper: 1, watch: 20 } });
    // Re-importing replaces the user's game.
    expect((await call('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text })).replaced).toBe(true);

    const broken = JSON.parse(text);
    broken.system.files['system.json'].deck.rules[1].section = 'wtach';
    const message =
      'lantern-watch.cardwright-system.json: the game system is not valid: lantern-watch/system.json at /deck/rules/1/section: no deck section named "wtach" (sections: keeper, watch)';
    await expect(
      call('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text: JSON.stringify(broken) }),
    ).rejects.toThrow(message);
    expect(DOCS).toContain(message);
  });

  it('is refused where its id is a built-in game', async () => {
    const builtInDir = tmpDir();
    cpSync(SYSTEM_DIR, join(builtInDir, 'lantern-watch'), { recursive: true });
    const call = caller(open(tmpDir(), builtInDir));
    await expect(call('importSystem', { fileName: 'lw.json', text: readFileSync(BUNDLE_FILE, 'utf8') })).rejects.toThrow(
      'lw.json: "lantern-watch" is a game system built into Cardwright and cannot be replaced; give your version another id in system.json',
    );
    expect(DOCS).toContain(
      'is a game system built into Cardwright and cannot be replaced; give your version another id in system.json',
    );
  });
});

describe('the error messages the docs quote', () => {
  const broken: [file: string, from: string, to: string, message: string][] = [
    [
      'system.json',
      '"section": "watch", "min": 20',
      '"section": "wtach", "min": 20',
      'lantern-watch/system.json at /deck/rules/1/section: no deck section named "wtach" (sections: keeper, watch)',
    ],
    [
      'layouts.json',
      'LIGHT {light}',
      'LIGHT {lite}',
      'lantern-watch/layouts.json at /lantern/elements/15/text: "{lite}" names no field of any card type',
    ],
    [
      'system.json',
      '"schema": "schemas/lantern.schema.json"',
      '"schema": "schemas/lanterns.schema.json"',
      'lantern-watch/system.json at /cardTypes/1/schema: the file "schemas/lanterns.schema.json" does not exist',
    ],
    [
      'system.json',
      '"openingHand": 5',
      '"openingHand": 5, "handSize": 7',
      'lantern-watch/system.json at /board/handSize: is not a known field of the game-system format',
    ],
    [
      'system.json',
      '"kind": "copyLimit"',
      '"kind": "maxCopies"',
      'lantern-watch/system.json at /deck/rules/4/kind: unknown kind; expected one of "sectionSize", "allowedTypes", "copyLimit", "identitySubset", "identity", "quota", "requires", "cardsMatch", "prerequisite", "completeSet"',
    ],
    [
      'system.json',
      '"field": "rarity"',
      '"field": "rarty"',
      'lantern-watch/system.json at /deck/rules/6/match/where/0/field: no card type has a field "rarty"',
    ],
    [
      'system.json',
      '"layout": "lantern",',
      '"layout": "lamp",',
      'lantern-watch/system.json at /cardTypes/1/layout: no layout named "lamp" (layouts: lantern, keeper, back)',
    ],
    [
      'system.json',
      '"color": "#c8641e"',
      '"color": "orange"',
      'lantern-watch/system.json at /identity/values/0/color: must match pattern "^#[0-9a-fA-F]{3,8}$"',
    ],
    [
      'system.json',
      '{ "id": "hand", "label": "Hand", "kind": "hand" },',
      '',
      'lantern-watch/system.json at /board/zones: the board needs a zone of kind "hand"',
    ],
    [
      'system.json',
      '{ "id": "hand", "label": "Hand", "kind": "hand" },',
      '{ "id": "hand", "label": "Hand", "kind": "hand" }, { "id": "deck", "label": "Spare deck", "kind": "other" },',
      'lantern-watch/system.json at /board/zones/2/id: "deck" is used twice',
    ],
    ['system.json', '"version": "0.1.0",', '', 'lantern-watch/system.json at /version: is required'],
    [
      'schemas/definitions.json',
      '"x-display": "Glow {x}"',
      '"x-display": "Glow {x}", "x-reminder": "Your light is {X} higher."',
      'lantern-watch/schemas/definitions.json at /keyword/oneOf/0/x-reminder: "{X}" is not a parameter of this keyword (its parameters: kw, x)',
    ],
    // A known rule kind with a field of the wrong type: the message names the field.
    [
      'system.json',
      '"max": 2, "description"',
      '"max": "2", "description"',
      'lantern-watch/system.json at /deck/rules/4/max: must be a whole number ≥ 0',
    ],
    [
      'system.json',
      '"formatVersion": 2',
      '"formatVersion": 4',
      'lantern-watch/system.json at /formatVersion: formatVersion 4 is newer than this Cardwright understands (3); update Cardwright to load it',
    ],
  ];

  it.each(broken)('%s: %s -> %s', (file, from, to, message) => {
    expect(loadError(brokenCopy(file, from, to)).message).toBe(message);
    expect(DOCS).toContain(message);
  });

  it('names the file of invalid JSON and the line', () => {
    const error = loadError(brokenCopy('schemas/lantern.schema.json', '"maxItems": 3\n', '"maxItems": 3,\n'));
    expect(error.file).toBe('lantern-watch/schemas/lantern.schema.json');
    expect(error.message).toMatch(/^lantern-watch\/schemas\/lantern\.schema\.json: not valid JSON: line \d+ column \d+: /);
    expect(DOCS).toContain(error.message);
  });

  it('refuses a schema that does not compile, and a second folder with the same id', () => {
    const schema = loadError(
      brokenCopy(
        'schemas/lantern.schema.json',
        '"type": "integer",\n      "title": "Light"',
        '"type": "int",\n      "title": "Light"',
      ),
    );
    expect(schema.message).toMatch(
      /^lantern-watch\/schemas\/lantern\.schema\.json: the JSON Schema does not compile: schema is invalid: data\/properties\/light\/type must be equal to one of the allowed values, /,
    );

    const root = tmpDir();
    cpSync(SYSTEM_DIR, join(root, 'lantern-watch'), { recursive: true });
    cpSync(SYSTEM_DIR, join(root, 'lantern-watch-copy'), { recursive: true });
    const { systems, errors } = loadGameSystems(root);
    expect(systems.map((s) => s.id)).toEqual(['lantern-watch']);
    expect(errors.map((e) => e.message)).toEqual([
      'lantern-watch-copy/system.json at /id: another system already uses the id "lantern-watch"',
    ]);
    expect(DOCS).toContain(errors[0].message);
  });

  it('migrates a version-1 file: copy limits count by id', () => {
    const dir = brokenCopy('system.json', '"formatVersion": 2', '"formatVersion": 1');
    const system = loadGameSystem(dir);
    expect(system.formatVersion).toBe(3);
    const rule = system.deck.rules.find((r) => r.kind === 'copyLimit') as CopyLimitRule;
    expect(rule.countBy).toBe('id');
    expect(loadGameSystem(SYSTEM_DIR).deck.rules.find((r) => r.kind === 'copyLimit')).not.toHaveProperty('countBy');
  });
});
