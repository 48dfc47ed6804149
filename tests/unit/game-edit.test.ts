// The game studio's backend through the API (checkGameEdit, saveGameEdit): a field renamed and a
// number field's maximum lowered on a game with 1,000 cards report exactly the cards affected,
// saving keeps every value (moved to the new name, old versions kept as revisions), and saving
// the old files with the rename inverted restores the game. A save stopped after any of its
// steps (one that renames a field and adds an uploaded font) ends, at the next start, with the
// folder and the cards of one version.

import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { GameFileMap } from '../../card-schema/studio/game-files';
import { renameField } from '../../card-schema/studio/field-renames';
import { addFont } from '../../card-schema/studio/font-edits';
import { typeSchemaOf, withTypeSchema } from '../../card-schema/studio/game-files';
import type { Cardwright } from '../../src-main/api/service';
import { gameEditSteps } from '../../src-main/services/game-edit';
import { loadInstalledSystems } from '../../src-main/services/game-systems';
import { SystemRegistry } from '../../src-main/services/system-registry';
import type { Library } from '../../src-main/services/library';
import type { ImageLibrary } from '../../src-main/images/image-library';
import { openStore } from '../../src-main/store/store';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright, SAMPLE_DIRS } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8');
const GAME = 'lantern-watch';
const RENAME = { cardType: 'lantern', from: 'light', to: 'glow' };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function open(dataDir: string): { app: Cardwright; call: Call } {
  const app = openSampleCardwright(dataDir);
  cleanups.push(() => app.close());
  return { app, call: apiCaller(app) };
}

/** A data folder with the tutorial game and `count` more Lanterns of light 0–9 (light = index % 10). */
async function gameWithCards(count: number): Promise<{ dataDir: string; app: Cardwright; call: Call; setId: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-game-edit-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const { app, call } = open(dataDir);
  await call('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text: BUNDLE });
  const set = await call('createSet', { systemId: GAME, name: 'Many lanterns' });
  for (let i = 0; i < count; i++) {
    const doc = { type: 'lantern', name: `Lantern ${i}`, faction: ['ember'], cost: 1, light: i % 10, rarity: 'common' };
    const saved = await call('saveCard', { setId: set.id, doc });
    if (!saved.ok) throw new Error(JSON.stringify(saved));
  }
  return { dataDir, app, call, setId: set.id };
}

/** The edit of the test: Light renamed Glow, and its maximum lowered from 9 to 5. */
function edited(files: GameFileMap): GameFileMap {
  const renamed = renameField(files, RENAME);
  const schema = typeSchemaOf(renamed, 'lantern')!;
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  return withTypeSchema(renamed, 'lantern', {
    ...schema,
    properties: { ...properties, glow: { ...properties.glow, maximum: 5 } },
  });
}

async function cardsOfSet(call: Call, setId: string) {
  const cards = [];
  let page = await call('searchCards', { setId, sort: 'name' });
  cards.push(...page.cards);
  while (page.next) {
    page = await call('searchCards', { setId, sort: 'name', after: page.next });
    cards.push(...page.cards);
  }
  return cards;
}

describe('editing a game that has cards', () => {
  it('reports exactly the cards a rename and a lower maximum affect, keeps every value, and undoes', async () => {
    const { call, setId, dataDir } = await gameWithCards(1000);
    const original = await call('getGameFiles', { systemId: GAME });
    expect(original.builtIn).toBe(false);
    const files = edited(original.files);

    const report = await call('checkGameEdit', { systemId: GAME, files, renames: [RENAME], cards: true });
    expect(report.problem).toBeUndefined();
    const mine = (cards: { setName: string; name: string }[]) =>
      cards
        .filter((card) => card.setName === 'Many lanterns')
        .map((card) => card.name)
        .sort();
    const tooBright = Array.from({ length: 1000 }, (_, i) => i)
      .filter((i) => i % 10 > 5)
      .map((i) => `Lantern ${i}`)
      .sort();
    expect(mine(report.newlyInvalid)).toEqual(tooBright);
    expect(report.newlyInvalid[0].problems.join(' ')).toMatch(/Light|Glow/);
    expect(mine(report.moved)).toHaveLength(1000);

    const before = await cardsOfSet(call, setId);
    const result = await call('saveGameEdit', { systemId: GAME, files, renames: [RENAME] });
    expect(result.cardsUpdated).toBeGreaterThanOrEqual(1000);
    const after = await cardsOfSet(call, setId);
    for (const card of after) {
      const old = before.find((candidate) => candidate.id === card.id)!;
      expect(card.doc.glow).toBe(old.doc.light);
      expect(card.doc).not.toHaveProperty('light');
    }
    const onDisk = JSON.parse(readFileSync(join(dataDir, 'systems', GAME, 'schemas/lantern.schema.json'), 'utf8'));
    expect(onDisk.properties.glow.maximum).toBe(5);
    expect((await call('getSystem', { systemId: GAME })).cardTypes[1].schema.properties).toHaveProperty('glow');
    const revisions = await call('listCardRevisions', { cardId: after[0].id });
    expect(revisions[0].changed).toMatch(/Light|Glow/);

    // Undo: the old files, the rename inverted.
    await call('saveGameEdit', {
      systemId: GAME,
      files: original.files,
      renames: [{ cardType: 'lantern', from: 'glow', to: 'light' }],
    });
    expect((await call('getGameFiles', { systemId: GAME })).files).toEqual(original.files);
    const restored = await cardsOfSet(call, setId);
    for (const card of restored) expect(card.doc).toEqual(before.find((candidate) => candidate.id === card.id)!.doc);
  });

  it('judges the decks by the edited rules, naming the rules each breaks', async () => {
    const { call, setId } = await gameWithCards(10);
    const keeper = (await call('searchCards', { systemId: GAME, query: 'Ada Wickfield' })).cards[0];
    const lanterns = await cardsOfSet(call, setId);
    const deck = await call('saveDeck', {
      deck: {
        systemId: GAME,
        name: 'Ten pairs',
        sections: { keeper: [{ cardId: keeper.id, count: 1 }], watch: lanterns.map((card) => ({ cardId: card.id, count: 2 })) },
      },
    });
    const files = (await call('getGameFiles', { systemId: GAME })).files;
    const system = files['system.json'] as { deck: { rules: Record<string, unknown>[] } };
    const oneCopy = {
      ...files,
      'system.json': {
        ...system,
        deck: { ...system.deck, rules: system.deck.rules.map((rule) => (rule.id === 'two-copies' ? { ...rule, max: 1 } : rule)) },
      },
    };
    const report = await call('checkGameEdit', { systemId: GAME, files: oneCopy, renames: [] });
    const judged = report.decks.find((candidate) => candidate.deckId === deck.id)!;
    expect(judged).toMatchObject({ name: 'Ten pairs', legalBefore: true, legalAfter: false, brokenRules: ['two-copies'] });
    expect(judged.messages[0]).toMatch(/2 copies; at most 1/);
    // A rename is applied to the deck's cards before they are judged: the quota rule still counts rarity.
    const renamed = renameField(files, { cardType: 'lantern', from: 'rarity', to: 'scarcity' });
    const afterRename = await call('checkGameEdit', {
      systemId: GAME,
      files: renamed,
      renames: [{ cardType: 'lantern', from: 'rarity', to: 'scarcity' }],
    });
    expect(afterRename.problem).toBeUndefined();
    expect(afterRename.decks.find((candidate) => candidate.deckId === deck.id)).toMatchObject({
      legalAfter: true,
      brokenRules: [],
    });
  });

  it('refuses what cannot be saved, in one sentence, and writes nothing', async () => {
    const { call, dataDir } = await gameWithCards(0);
    const files = (await call('getGameFiles', { systemId: GAME })).files;
    const system = files['system.json'] as Record<string, unknown>;
    const broken = { ...files, 'system.json': { ...system, deck: { ...(system.deck as object), sections: 'none' } } };
    const report = await call('checkGameEdit', { systemId: GAME, files: broken, renames: [] });
    expect(report.problem).toMatch(/system\.json/);
    expect((await failure(call('saveGameEdit', { systemId: GAME, files: broken }))).code).toBe('INVALID_FILE');
    const newId = { ...files, 'system.json': { ...system, id: 'other-id' } };
    expect((await failure(call('saveGameEdit', { systemId: GAME, files: newId }))).message).toMatch(/must stay "lantern-watch"/);
    expect((await failure(call('saveGameEdit', { systemId: 'osmcg', files }))).message).toMatch(/built into Cardwright/);
    const unsafe = { ...files, '../escape.json': {} };
    expect((await failure(call('saveGameEdit', { systemId: GAME, files: unsafe }))).code).toBe('INVALID_FILE');
    expect((await call('getGameFiles', { systemId: GAME })).files).toEqual(files);
    expect(readFileSync(join(dataDir, 'systems', GAME, 'system.json'), 'utf8')).toContain('"lantern-watch"');
  });
});

describe('a game save stopped after each of its steps', () => {
  it('is settled at the next start: old folder and cards before the commit, new ones after', async () => {
    const { app, call, dataDir, setId } = await gameWithCards(3);
    const original = await call('getGameFiles', { systemId: GAME });
    const font = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch/fonts/Blankenburg.ttf'));
    const upload = await call('stageGameFont', { systemId: GAME, fileName: 'Blankenburg.ttf', bytes: new Uint8Array(font) });
    const license = { name: 'SIL Open Font License 1.1', text: 'Copyright 2009 Peter Wiegel. OFL 1.1.' };
    const added = addFont(renameField(original.files, RENAME), {
      id: 'gothic',
      label: 'Gothic',
      license,
      faces: { regular: upload },
    });
    if ('problem' in added) throw new Error(added.problem);
    const { files, uploads: fontFiles } = added;
    const fontPath = Object.keys(fontFiles)[0];
    await app.close();

    const stepCount = 5;
    for (let done = 0; done <= stepCount; done++) {
      const dir = mkdtempSync(join(tmpdir(), 'cw-game-edit-stop-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      rmSync(dir, { recursive: true });
      (await import('node:fs')).cpSync(dataDir, dir, { recursive: true });
      // The save runs on a library of its own and stops (the store closed, nothing else run) after `done` steps.
      const store = openStore(dir);
      const { installed } = loadInstalledSystems(SAMPLE_DIRS.systemsDir, join(dir, 'systems'));
      const lib: Library = { store, systems: new SystemRegistry(installed), images: {} as ImageLibrary };
      const save = gameEditSteps(lib, join(dir, 'systems'), { systemId: GAME, files, renames: [RENAME], fontFiles });
      expect(save.steps).toHaveLength(stepCount);
      for (const step of save.steps.slice(0, done)) step.run();
      store.close();

      const { call: after } = open(dir);
      const committed = done >= 3;
      const folder = JSON.parse(readFileSync(join(dir, 'systems', GAME, 'schemas/lantern.schema.json'), 'utf8'));
      expect(Object.keys(folder.properties).includes('glow'), `after ${done} steps`).toBe(committed);
      expect(existsSync(join(dir, 'systems', GAME, fontPath)), `after ${done} steps`).toBe(committed);
      const fonts = (await after('getSystem', { systemId: GAME })).fonts?.map((candidate) => candidate.id);
      expect(fonts, `after ${done} steps`).toEqual(committed ? ['blackletter', 'gothic'] : ['blackletter']);
      if (committed) expect(readFileSync(join(dir, 'systems', GAME, fontPath)).equals(font)).toBe(true);
      for (const card of await cardsOfSet(after, setId)) {
        expect(Object.hasOwn(card.doc, committed ? 'glow' : 'light'), `after ${done} steps`).toBe(true);
        expect((await after('listSystems', {})).some((s) => s.id === GAME)).toBe(true);
      }
      expect((await import('node:fs')).readdirSync(join(dir, 'systems')).sort()).toEqual([GAME]);
    }
    // Six starts of the app on a shared machine.
  }, 120_000);
});
