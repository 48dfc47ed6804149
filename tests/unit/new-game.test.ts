// createGame and listStarters through the API: a new game from a starter or as a copy of an
// installed one is a folder in the user's games folder that the loader reads at once and after a
// restart; what is refused (a taken id, a bad id, an identity a game does not have, a folder
// left by a game that did not load) writes nothing.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freshDocument } from '../../src-renderer/src/editor/card-editor-state';
import type { Cardwright } from '../../src-main/api/service';
import { apiCaller, failure, type Call } from './api-call';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const STARTER_ORDER = (JSON.parse(readFileSync(join(ROOT, 'card-schema/starters/order.json'), 'utf8')) as { order: string[] })
  .order;
const POKER = { widthMm: 63, heightMm: 88, cornerRadiusMm: 3 };

describe('new games (API)', () => {
  let dataDir: string;
  let app: Cardwright;
  let call: Call;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cw-new-game-'));
    app = openSampleCardwright(dataDir);
    call = apiCaller(app);
  });

  afterEach(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const gameFolder = (id: string) => join(dataDir, 'systems', id);
  const userFolders = () => (existsSync(join(dataDir, 'systems')) ? readdirSync(join(dataDir, 'systems')) : []);

  it('lists the starters in their order', async () => {
    const starters = await call('listStarters', {});
    expect(starters.map((starter) => starter.id)).toEqual(STARTER_ORDER);
    for (const starter of starters) expect(starter.cardTypes.length).toBeGreaterThan(0);
  });

  it.each(STARTER_ORDER)(
    'a game from the %s starter is installed at once, takes cards, and is there after a restart',
    async (starter) => {
      const summary = await call('createGame', { from: { starter }, id: 'my-game', name: 'My Game', card: POKER });
      expect(summary).toMatchObject({ id: 'my-game', name: 'My Game', version: '0.1.0', builtIn: false });
      const written = JSON.parse(readFileSync(join(gameFolder('my-game'), 'system.json'), 'utf8'));
      expect(written).toMatchObject({ id: 'my-game', name: 'My Game', card: POKER });
      expect(written).not.toHaveProperty('license');

      // A card of each type, made from the type's defaults and named, saves into a set of the new game.
      const system = await call('getSystem', { systemId: 'my-game' });
      const set = await call('createSet', { systemId: 'my-game', name: 'First cards' });
      for (const cardType of system.cardTypes) {
        const doc = { ...freshDocument(cardType), name: `A ${cardType.label}` };
        const saved = await call('saveCard', { setId: set.id, doc });
        expect(saved.ok, JSON.stringify(saved)).toBe(true);
      }

      await app.close();
      app = openSampleCardwright(dataDir);
      call = apiCaller(app);
      expect((await call('listSystems', {})).map((game) => game.id)).toContain('my-game');
    },
  );

  it('copies a built-in game under a new id with its size and identity changed, and leaves the original as it was', async () => {
    const osmcg = await call('getSystem', { systemId: 'osmcg' });
    const values = osmcg
      .identity!.values.filter((value) => value.id !== 'black')
      .map((value) => (value.id === 'red' ? { ...value, label: 'Crimson' } : value));
    const tarot = { widthMm: 70, heightMm: 120, cornerRadiusMm: 4 };
    await call('createGame', {
      from: { game: 'osmcg' },
      id: 'osmcg-tall',
      name: 'OSMCG Tall',
      card: tarot,
      identity: { label: 'Colour', values },
    });

    const copy = await call('getSystem', { systemId: 'osmcg-tall' });
    expect(copy.card).toEqual(tarot);
    expect(copy.identity).toMatchObject({ label: 'Colour', values });
    expect(copy.license).toEqual(osmcg.license); // a copy keeps the game's attribution
    expect(copy.cardTypes.map((type) => type.id)).toEqual(osmcg.cardTypes.map((type) => type.id));
    // Every element of every layout still lies on the card.
    for (const layout of Object.values(copy.layouts)) {
      for (const element of layout.elements) {
        expect(element.x + element.w).toBeLessThanOrEqual(tarot.widthMm + 0.01);
        expect(element.y + element.h).toBeLessThanOrEqual(tarot.heightMm + 0.01);
      }
    }
    // The schemas accept only the remaining values: a black card is refused, a crimson one saved.
    const set = await call('createSet', { systemId: 'osmcg-tall', name: 'Tall' });
    const hero = copy.cardTypes.find((type) => type.id === 'hero')!;
    const base = { ...freshDocument(hero), name: 'Tall Hero' };
    expect((await call('saveCard', { setId: set.id, doc: { ...base, colors: ['black'] } })).ok).toBe(false);
    const saved = await call('saveCard', { setId: set.id, doc: { ...base, colors: ['red'] } });
    expect(saved.ok, JSON.stringify(saved)).toBe(true);

    const original = await call('getSystem', { systemId: 'osmcg' });
    expect(original).toEqual(osmcg);
  });

  it('refuses a taken id, a bad id, an unknown source and an identity the game lacks, writing nothing', async () => {
    const taken = await failure(
      call('createGame', { from: { starter: STARTER_ORDER[0] }, id: 'osmcg', name: 'Mine', card: POKER }),
    );
    expect(taken).toMatchObject({ code: 'CONFLICT', message: 'OSMCG has the id "osmcg" already; choose another id' });

    const badId = await failure(
      call('createGame', { from: { starter: STARTER_ORDER[0] }, id: 'My Game', name: 'Mine', card: POKER }),
    );
    expect(badId.code).toBe('BAD_INPUT');
    expect(badId.message).toContain('lowercase letters, digits and dashes');

    const tiny = await failure(
      call('createGame', { from: { starter: STARTER_ORDER[0] }, id: 'tiny', name: 'Tiny', card: { ...POKER, widthMm: 5 } }),
    );
    expect(tiny.code).toBe('BAD_INPUT');

    const unknown = await failure(call('createGame', { from: { starter: 'no-such' }, id: 'x', name: 'X', card: POKER }));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: 'There is no starter "no-such"' });

    const blank = (await call('listStarters', {})).find((starter) => !starter.identity)!;
    const identity = { label: 'Colour', values: [{ id: 'red', label: 'Red', color: '#aa0000' }] };
    const noIdentity = await failure(
      call('createGame', { from: { starter: blank.id }, id: 'x', name: 'X', card: POKER, identity }),
    );
    expect(noIdentity.code).toBe('BAD_INPUT');
    expect(noIdentity.message).toContain('has no identity');

    expect(userFolders()).toEqual([]);
  });

  it('refuses an id whose folder a game that did not load still holds', async () => {
    mkdirSync(gameFolder('broken'), { recursive: true });
    const error = await failure(
      call('createGame', { from: { starter: STARTER_ORDER[0] }, id: 'broken', name: 'Broken', card: POKER }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('has a folder "broken" already');
    expect(readdirSync(gameFolder('broken'))).toEqual([]);
  });
});
