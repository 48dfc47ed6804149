// The wording of messages a designer reads away from the editor (issue 13): a card printed three
// times is named once with its count, a nameless set is "Set N has no name", and a bad value of
// a list field names the card, the field's label and the allowed values by their labels.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiCaller, failure, type Call } from './api-call';
import { openCardwright, type Cardwright } from '../../src-main/api/service';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { createCardValidator } from '../../src-main/services/card-validator';
import { evaluateDeck } from '../../card-schema/deck/evaluate';
import type { CardDocument } from '../../card-schema/system/format';
import type { SystemBundleJson } from '../../src-main/services/system-bundles';

const root = resolve(import.meta.dirname, '../..');
const systemsDir = join(root, 'card-schema', 'systems');
const osmcg = loadGameSystem(join(systemsDir, 'osmcg'));

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function open(): { app: Cardwright; call: Call } {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-wording-'));
  const app = openCardwright({
    dataDir,
    systemsDir,
    samplesDir: join(root, 'resources', 'samples'),
    fontsDir: join(root, 'resources', 'fonts'),
  });
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => app.close());
  return { app, call: apiCaller(app) };
}

const creature = (name: string, colors: string[]): CardDocument => ({
  type: 'creature',
  name,
  colors,
  cost: 2,
  atk: 2,
  hp: 2,
  spd: 4,
  ap: 2,
});

describe('a bad value of a list field', () => {
  it('names the field by its label and the allowed values by theirs, not "0 must be one of"', () => {
    const issues = createCardValidator(osmcg)(creature('Tide Caller', ['purple']));
    expect(issues).toEqual([
      {
        path: '/colors/0',
        message:
          'Colors cannot be "purple": choose Red ("red"), Blue ("blue"), Green ("green"), White ("white"), Black ("black") or Neutral ("neutral")',
      },
    ]);
  });

  it('names the card too where the message leaves the editor (validating a set file)', async () => {
    const { app } = open();
    const text = JSON.stringify({
      format: 'cardwright-set',
      formatVersion: 2,
      set: { systemId: 'osmcg', name: 'Tides' },
      cards: [{ doc: creature('Tide Caller', ['purple']) }],
    });
    const check = await app.checkSet('tides.set.json', text);
    expect(check.problems).toEqual([
      {
        file: 'tides.set.json',
        pointer: '/cards/0/doc/colors/0',
        message:
          '"Tide Caller": Colors cannot be "purple": choose Red ("red"), Blue ("blue"), Green ("green"), White ("white"), Black ("black") or Neutral ("neutral")',
      },
    ]);
  });
});

describe('a set without a name', () => {
  it('reads "Set N has no name" in a game bundle, with a few of its cards', async () => {
    const { call } = open();
    const bundle = JSON.parse(
      new TextDecoder().decode((await call('exportSystem', { systemId: 'osmcg' })).bytes),
    ) as SystemBundleJson;
    const variant = JSON.parse(JSON.stringify(bundle).replaceAll('"osmcg', '"tides')) as SystemBundleJson;
    const nameless = { set: { systemId: 'tides', name: '  ' }, cards: [{ doc: creature('Tide Caller', ['blue']) }] };
    variant.sets = [variant.sets[0], nameless];
    const error = await failure(
      call('importSystem', { fileName: 'tides.cardwright-system.json', text: JSON.stringify(variant) }),
    );
    expect(error.message).toBe(
      'tides.cardwright-system.json: Set 2 has no name (its cards: "Tide Caller"); give it one in the bundle\'s "sets"',
    );
    expect((await call('listSystems', {})).map((system) => system.id)).not.toContain('tides');
  });

  it('reads "The set has no name" in a set file', async () => {
    const { call } = open();
    const text = JSON.stringify({ format: 'cardwright-set', formatVersion: 2, set: { systemId: 'osmcg', name: '' }, cards: [] });
    const error = await failure(call('importSet', { fileName: 'blank.set.json', text }));
    expect(error.message).toBe('blank.set.json: The set has no name; give it one in "set.name"');
  });
});

describe('a card printed several times', () => {
  const lookup = (cards: Record<string, CardDocument>) => (id: string) => cards[id];
  const hero: CardDocument = { type: 'hero', name: 'Pyra', colors: ['red'] };
  const arts = {
    hero,
    a1: creature('Tide Caller', ['blue']),
    a2: creature('Tide Caller', ['blue']),
    a3: creature('Tide Caller', ['blue']),
  };

  it('is named once with its number of printings, not "Name, Name and Name"', () => {
    const report = evaluateDeck(
      osmcg,
      {
        systemId: 'osmcg',
        sections: { hero: [{ cardId: 'hero', count: 1 }], main: ['a1', 'a2', 'a3'].map((cardId) => ({ cardId, count: 1 })) },
      },
      lookup(arts),
    );
    const identity = report.violations.find((violation) => violation.code === 'IDENTITY_MISMATCH');
    expect(identity?.message).toBe('"Tide Caller" (blue) (3 printings) is outside Pyra\'s color identity (red).');
    expect(identity?.cardIds).toEqual(['a1', 'a2', 'a3']);
  });

  it('counts each name apart among several', () => {
    const cards = { ...arts, b1: creature('Reef Drake', ['green']) };
    const report = evaluateDeck(
      osmcg,
      {
        systemId: 'osmcg',
        sections: { hero: [{ cardId: 'hero', count: 1 }], main: ['a1', 'b1', 'a2'].map((cardId) => ({ cardId, count: 1 })) },
      },
      lookup(cards),
    );
    const identity = report.violations.find((violation) => violation.code === 'IDENTITY_MISMATCH');
    expect(identity?.message).toBe(
      '"Tide Caller" (blue) (2 printings) and "Reef Drake" (green) are outside Pyra\'s color identity (red).',
    );
  });
});

describe('a file that is not JSON (issue 30)', () => {
  it("names the file, the line and column and what is wrong, in our words, never the parser's", async () => {
    const { call } = open();
    const error = await failure(call('importSet', { fileName: 'garbage.set.json', text: 'garbage' }));
    expect(error.message).toBe(
      'garbage.set.json: not valid JSON: line 1 column 1: "garbage" is not a value (text must be in double quotes)',
    );
    const trailing = await failure(
      call('importSet', { fileName: 'tides.set.json', text: '{\n  "format": "cardwright-set",\n}' }),
    );
    expect(trailing.message).toBe('tides.set.json: not valid JSON: line 3 column 1: a comma before "}" has nothing after it');
    for (const message of [error.message, trailing.message])
      expect(message).not.toMatch(/Unexpected token|position \d|in JSON at/);
  });
});
