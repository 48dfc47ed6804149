// Issue #7, part 4: names that already live on Object.prototype ("constructor", "__proto__",
// "toString", ...) used as user data — deck section ids, deck names, card fields, set and card
// ids, search text, format and zone ids. Every call either works or fails with a caller error
// (BAD_INPUT / NOT_FOUND / INVALID_FILE / CONFLICT) and a sentence: never INTERNAL, never a
// thrown TypeError, and listing decks keeps working afterwards.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { Deck, DeckEntry } from '../../card-schema/deck/format';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import { generateDeckSections } from '../../card-schema/deck/generate';
import { cardMatches, fieldValue } from '../../card-schema/deck/card-match';
import { renderTemplate } from '../../card-schema/layout/template';
import { withProperty } from '../../src-renderer/src/editor/object-value';
import { PlaytestError, applyAction, cardsIn, createPlaytest, zoneOf } from '../../card-schema/playtest/engine';
import { DraftError, pick, startDraft, type DraftCard } from '../../card-schema/draft/engine';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { CallError, apiCaller, type Call } from './api-call';

const PROTO_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
] as const;

const CALLER_ERRORS = ['BAD_INPUT', 'NOT_FOUND', 'INVALID_FILE', 'CONFLICT'];

const root = resolve(__dirname, '../..');
const systemsDir = join(root, 'card-schema', 'systems');
const samplesDir = join(root, 'resources', 'samples');
const fontsDir = join(root, 'resources', 'fonts');

/** `{ [key]: value }` as JSON.parse builds it: `__proto__` becomes an own property, not the prototype. */
function keyed<T>(key: string, value: T, rest: Record<string, unknown> = {}): Record<string, T> {
  return JSON.parse(
    JSON.stringify(rest).replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(value)}${Object.keys(rest).length ? ',' : ''}`),
  ) as Record<string, T>;
}

/** The call's value, or its caller error — anything else fails the test. */
async function settle<T>(promise: Promise<T>): Promise<T | CallError> {
  try {
    return await promise;
  } catch (error) {
    if (!(error instanceof CallError)) throw error;
    expect(CALLER_ERRORS, error.message).toContain(error.code);
    expect(error.message).toMatch(/\w+ \w+/);
    return error;
  }
}

const creature = (name: string): CardDocument => ({
  type: 'creature',
  name,
  colors: ['red'],
  cost: 2,
  atk: 2,
  hp: 3,
  spd: 4,
  ap: 2,
  keywords: [{ kw: 'Haste' }],
  text: 'Plain.',
});

const tmpDirs: string[] = [];
const opened: Cardwright[] = [];

function tmpDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
}

function open(dirs: { systemsDir?: string; samplesDir?: string } = {}): Call {
  const app = openCardwright({
    dataDir: tmpDir('cw-proto-'),
    systemsDir: dirs.systemsDir ?? systemsDir,
    samplesDir: dirs.samplesDir ?? samplesDir,
    fontsDir,
  });
  opened.push(app);
  return apiCaller(app);
}

afterAll(async () => {
  for (const app of opened.splice(0)) await app.close();
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function expectDecksList(call: Call): Promise<void> {
  const decks = await call('listDecks', {});
  expect(decks.length).toBeGreaterThan(0);
  for (const deck of decks) for (const count of Object.values(deck.counts)) expect(typeof count).toBe('number');
}

describe('Object.prototype names through the API', () => {
  // One library for all names: each case adds to it, and listing must survive them all.
  let call: Call;
  beforeAll(() => {
    call = open();
  });

  it.each(PROTO_NAMES)('%s as section id, deck name and format', async (name) => {
    const entry = { cardId: 'osmcg-core-005', count: 1 };
    const sections = keyed(name, [entry], { main: [entry] });

    const unknownSection = await settle(call('saveDeck', { deck: { systemId: 'osmcg', name: 'X', sections } }));
    expect(unknownSection).toBeInstanceOf(CallError);
    expect((unknownSection as CallError).code).toBe('BAD_INPUT');
    expect((unknownSection as CallError).message).toContain(name);

    const report = await settle(call('checkDeck', { deck: { systemId: 'osmcg', name: 'X', sections } }));
    if (report instanceof CallError) expect(report.message).toContain(name);
    else expect(report.legal).toBe(false);

    const named = await call('saveDeck', { deck: { systemId: 'osmcg', name, sections: { main: [entry] } } });
    expect(named.name).toBe(name);
    expect((await call('getDeck', { id: named.id })).sections).toEqual({ main: [{ ...entry, name: expect.any(String) }] });
    const formatted = await settle(call('saveDeck', { deck: { systemId: 'osmcg', name, format: name, sections: {} } }));
    expect((formatted as CallError).code).toBe('BAD_INPUT');
    await settle(call('checkDeck', { deck: { systemId: 'osmcg', name, format: name, sections: {} } }));

    const imported = await settle(
      call('importDeck', {
        fileName: 'x.deck.json',
        text: JSON.stringify({
          format: 'cardwright-deck',
          formatVersion: 1,
          deck: { id: name, systemId: 'osmcg', name, sections: {} },
        }).replace('"sections":{}', `"sections":{${JSON.stringify(name)}:[{"cardId":"osmcg-core-005","count":1}]}`),
      }),
    );
    expect((imported as CallError).code).toBe('INVALID_FILE');
    expect((imported as CallError).message).toContain(name);

    for (const id of [name]) {
      await settle(call('getDeck', { id }));
      await settle(call('deleteDeck', { id }));
      await settle(call('exportDeck', { id }));
      await settle(call('getSystem', { systemId: id }));
      await settle(call('listDecks', { systemId: id }));
      await settle(call('generateDeck', { systemId: 'omms', generatorId: id }));
      await settle(call('generateDeck', { systemId: id, generatorId: id }));
    }
    await expectDecksList(call);
  });

  it.each(PROTO_NAMES)('%s as set name, card field, card type, search text, set id and card id', async (name) => {
    const set = await call('createSet', { systemId: 'osmcg', name });
    expect(set.name).toBe(name);
    await settle(call('createSet', { systemId: name, name }));

    const withField = await settle(call('saveCard', { setId: set.id, doc: { ...creature('Odd'), ...keyed(name, 1) } }));
    if (!(withField instanceof CallError) && !withField.ok) expect(withField.issues.length).toBeGreaterThan(0);
    if (withField instanceof CallError) expect(withField.message).toContain(name);
    const typed = await settle(call('saveCard', { setId: set.id, doc: { ...creature('Odd'), type: name } }));
    if (!(typed instanceof CallError)) expect(typed.ok).toBe(false);
    const issues = await settle(call('validateCard', { systemId: 'osmcg', doc: { ...creature('Odd'), ...keyed(name, 'x') } }));
    if (!(issues instanceof CallError)) expect(issues).toEqual([{ path: `/${name}`, message: `Unknown field "${name}"` }]);
    for (const keywords of [[{ kw: name }], [{ kw: 'Haste', ...keyed(name, 1) }], [keyed(name, 'Haste')]]) {
      const nested = await settle(call('validateCard', { systemId: 'osmcg', doc: { ...creature('Odd'), keywords } }));
      if (!(nested instanceof CallError)) expect(nested.length).toBeGreaterThan(0);
    }
    await settle(call('saveCard', { setId: name, doc: creature('Odd') }));
    const named = await call('saveCard', { setId: set.id, doc: creature(name) });
    expect(named.ok).toBe(true);

    for (const query of [name, `${name}*`, `"${name}"`]) {
      await settle(call('searchCards', { query }));
      await settle(call('searchCards', { query, systemId: name, setId: name, types: [name] }));
    }
    await settle(call('getCards', { ids: [name] }));
    await settle(call('deleteCard', { id: name }));
    await settle(call('deleteSet', { id: name }));

    const setText = JSON.stringify({
      format: 'cardwright-set',
      formatVersion: 1,
      set: { id: name, systemId: 'osmcg', name, description: name },
      cards: [
        { id: name, doc: creature(name) },
        { id: `${name}-2`, doc: { ...creature('Fielded'), ...keyed(name, 1) } },
      ],
    });
    const imported = await settle(call('importSet', { fileName: 'x.set.json', text: setText }));
    if (!(imported instanceof CallError)) {
      expect(imported.set.id).toBe(name);
      expect(imported.imported + imported.rejected.length).toBe(2);
      await settle(call('importSet', { fileName: 'x.set.json', text: setText }));
      const deck = await call('saveDeck', {
        deck: { systemId: 'osmcg', name, sections: { main: [{ cardId: name, count: 2 }] } },
      });
      expect((await call('checkDeck', { deck })).counts.main).toBe(2);
    }
    await settle(
      call('importSet', {
        fileName: 'x.set.json',
        text: setText.replace('"systemId":"osmcg"', `"systemId":${JSON.stringify(name)}`),
      }),
    );
    await expectDecksList(call);
  });
});

describe('a game whose deck section, format and zone are named "constructor"', () => {
  let protoSystemsDir: string;

  beforeAll(() => {
    protoSystemsDir = mkdtempSync(join(tmpdir(), 'cw-proto-systems-'));
    cpSync(join(systemsDir, 'osmcg'), join(protoSystemsDir, 'osmcg'), { recursive: true });
    cpSync(join(systemsDir, 'osmcg'), join(protoSystemsDir, 'proto'), { recursive: true });
    const file = join(protoSystemsDir, 'proto', 'system.json');
    const system = JSON.parse(readFileSync(file, 'utf8')) as GameSystem;
    system.id = 'proto';
    system.name = 'Proto';
    system.deck.sections.push({ id: 'constructor', label: 'Constructor', types: ['terrain'], extra: true });
    system.deck.rules.push({ kind: 'sectionSize', section: 'constructor', max: 3 });
    system.deck.formats?.push({ id: 'constructor', label: 'Constructor' });
    system.board.zones.push({ id: 'constructor', label: 'Constructor pile', kind: 'other', section: 'constructor' });
    writeFileSync(file, JSON.stringify(system));
    return () => rmSync(protoSystemsDir, { recursive: true, force: true });
  });

  it('saves, checks and lists decks with and without that section', async () => {
    const osmcgSamples = tmpDir('cw-proto-samples-');
    cpSync(join(samplesDir, 'osmcg'), join(osmcgSamples, 'osmcg'), { recursive: true });
    const call = open({ systemsDir: protoSystemsDir, samplesDir: osmcgSamples });
    const set = await call('createSet', { systemId: 'proto', name: 'Proto cards' });
    const card = await call('saveCard', { setId: set.id, doc: creature('Walker') });
    if (!card.ok) throw new Error(JSON.stringify(card.issues));
    const entry: DeckEntry = { cardId: card.card.id, count: 1 };

    const without = await call('saveDeck', { deck: { systemId: 'proto', name: 'Plain', sections: { main: [entry] } } });
    const withIt = await call('saveDeck', {
      deck: { systemId: 'proto', name: 'Built', format: 'constructor', sections: { main: [entry], constructor: [entry] } },
    });
    expect(withIt.sections.constructor).toEqual([{ ...entry, name: expect.any(String) }]);
    const listed = await call('listDecks', { systemId: 'proto' });
    expect(listed.find((deck) => deck.id === without.id)?.counts.constructor).toBe(0);
    expect(listed.find((deck) => deck.id === withIt.id)?.counts.constructor).toBe(1);
    const report = await call('checkDeck', { deck: without });
    expect(report.counts.constructor).toBe(0);
    expect((await call('checkDeck', { deck: withIt })).format).toBe('constructor');
    await expectDecksList(call);
  });
});

describe('Object.prototype names in the pure engines', () => {
  const osmcg = loadGameSystem(join(systemsDir, 'osmcg'));
  const docs = new Map<string, CardDocument>([
    ['hero', { type: 'hero', name: 'Leader', colors: ['red'], startingMana: 1 }],
    ['c1', creature('One')],
  ]);
  const lookup = (cardId: string) => docs.get(cardId);

  it.each(PROTO_NAMES)('%s as section, rule, format and field names', (name) => {
    const sections = keyed(name, [{ cardId: name, count: 2 }], { main: [{ cardId: 'c1', count: 1 }] });
    const deck: Pick<Deck, 'systemId' | 'sections' | 'format'> = { systemId: 'osmcg', sections, format: name };
    const report = evaluateDeck(osmcg, deck, lookup);
    expect(report.legal).toBe(false);
    expect(report.violations.map((v) => v.code)).toEqual(expect.arrayContaining(['UNKNOWN_CARD', 'UNKNOWN_FORMAT']));
    expect(Object.hasOwn(report.counts, name)).toBe(false);

    const system: GameSystem = {
      ...osmcg,
      deck: {
        ...osmcg.deck,
        sections: [...osmcg.deck.sections, { id: name, label: name, types: ['creature'] }],
        formats: [{ id: name, label: name }],
        rules: [
          ...osmcg.deck.rules,
          { kind: 'sectionSize', section: name, min: 1 },
          { kind: 'allowedTypes', section: name, types: [name] },
          { kind: 'copyLimit', sections: [name], max: 1, limitField: name },
          { kind: 'identitySubset', leaderSection: name, sections: [name] },
          {
            kind: 'quota',
            sections: [name],
            match: { types: [name], where: [{ field: name, exists: true }] },
            label: name,
            max: 0,
          },
          { kind: 'prerequisite', sections: [name], field: name, targetField: name },
        ],
      },
    };
    const empty = evaluateDeck(system, { systemId: 'osmcg', sections: {} }, lookup);
    expect(empty.counts[name]).toBe(0);
    expect(Object.getPrototypeOf(empty.counts)).toBe(Object.prototype);
    const full = evaluateDeck(system, deck, lookup);
    expect(full.format).toBe(name);
    expect(full.counts[name]).toBe(2);

    expect(fieldValue(creature('x'), name)).toBeUndefined();
    expect(renderTemplate(`{${name}}|{keywords}`, { keywords: [keyed(name, 'x')] })).toBe('|x');
    expect(renderTemplate(`{${name}}`, keyed(name, 'shown'))).toBe('shown');
    const edited = withProperty({ name: 'x' }, name, 1);
    expect(Object.hasOwn(edited, name) && Object.getPrototypeOf(edited) === Object.prototype).toBe(true);
    expect(JSON.parse(JSON.stringify(edited))).toEqual(keyed(name, 1, { name: 'x' }));
    expect(fieldValue(creature('x'), `keywords.${name}`)).toBeUndefined();
    expect(cardMatches(creature('x'), { where: [{ field: name, exists: true }] })).toBe(false);
    const generated = generateDeckSections({ id: 'g', label: 'g', fill: [{ section: name, match: {}, copies: 1 }] }, [
      { id: 'c1', doc: creature('One') },
    ]);
    expect(generated[name]).toEqual([{ cardId: 'c1', count: 1 }]);
    expect(Object.keys(generated)).toEqual([name]);
  });

  it.each(PROTO_NAMES)('%s as zone, section and card ids in a playtest', (name) => {
    const board = {
      ...osmcg.board,
      zones: [...osmcg.board.zones, { id: name, label: name, kind: 'other' as const, section: name }],
      deckSection: 'main',
    };
    const system: GameSystem = {
      ...osmcg,
      board,
      deck: { ...osmcg.deck, sections: [...osmcg.deck.sections, { id: name, label: name, types: [] }] },
    };
    const sections = keyed(name, [{ cardId: 'c1', count: 1 }], {
      hero: [{ cardId: 'hero', count: 1 }],
      main: [
        { cardId: 'c1', count: 10 },
        { cardId: name, count: 1 },
      ],
    });
    const state = createPlaytest(system, { sections }, lookup, 7);
    expect(cardsIn(state, name)).toHaveLength(1);
    const plain = createPlaytest(osmcg, { sections, format: name }, lookup, 7);
    expect(cardsIn(plain, name)).toEqual([]);
    const instance = cardsIn(plain, 'hand')[0];
    expect(() => applyAction(plain, { type: 'move', instanceId: instance.instanceId, to: name })).toThrow(PlaytestError);
    expect(() => applyAction(plain, { type: 'move', instanceId: name, to: 'discard' })).toThrow(PlaytestError);
    expect(() => applyAction(plain, { type: 'adjustResource', resource: name, delta: 1 })).toThrow(PlaytestError);
    expect(() => applyAction(plain, { type: 'setPhase', phase: name })).toThrow(PlaytestError);
    expect(zoneOf(plain, name)).toBeUndefined();
    const moved = applyAction(state, { type: 'move', instanceId: instance.instanceId, to: name });
    expect(zoneOf(moved, instance.instanceId)).toBe(name);
  });

  it.each(PROTO_NAMES)('%s as a card id in a draft', (name) => {
    const setup = { section: name, pileSize: 3, maxPicks: 5, players: { min: 2, max: 2 }, eligible: {} };
    const pool: DraftCard[] = [name, 'a', 'b', 'c', 'd', 'e'].map((id) => ({ id, doc: creature(id) }));
    const state = startDraft(setup, pool, 2, 1);
    expect(Object.keys(state.cards)).toHaveLength(6);
    const other = PROTO_NAMES.find((candidate) => candidate !== name)!;
    expect(() => pick(state, other)).toThrow(DraftError);
    let current = state;
    while (!current.done) current = pick(current, current.inFront[0].includes(name) ? name : current.inFront[0][0]);
    expect([...current.picks[0], ...current.picks[1]]).toContain(name);
  });
});
