// The spatial board: geometry against the rulebooks' wording (OSMCG's inches and objective
// control, muhq's range metric), and the playtest actions that place pieces, markers and terrain
// on the built-in games' boards, with undo and saved sessions.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { applyAction, cardsIn, createPlaytest, undo } from '../../card-schema/playtest/engine';
import type { PlaytestState } from '../../card-schema/playtest/playtest-state';
import { readSavedPlaytest, writeSavedPlaytest } from '../../card-schema/playtest/saved';
import { battlefield, tileName } from '../../card-schema/playtest/spatial/battlefield';
import {
  clampToBoard,
  completelyWithin,
  formatDistance,
  objectiveControl,
  tileDistance,
  tilesInRange,
} from '../../card-schema/playtest/spatial/geometry';
import type { SpatialChange } from '../../card-schema/playtest/spatial/state';
import type { CardDocument } from '../../card-schema/system/format';
import { loadGameSystem } from '../../src-main/services/game-systems';

const ROOT = resolve(import.meta.dirname, '../..');
const osmcg = loadGameSystem(join(ROOT, 'card-schema/systems/osmcg'));
const muhq = loadGameSystem(join(ROOT, 'card-schema/systems/muhq'));

function sampleCards(file: string): Map<string, CardDocument> {
  const set = JSON.parse(readFileSync(join(ROOT, 'resources/samples', file), 'utf8')) as {
    cards: { id: string; doc: CardDocument }[];
  };
  return new Map(set.cards.map((card) => [card.id, card.doc]));
}
const osmcgCards = sampleCards('osmcg/core-set.json');
const muhqCards = sampleCards('muhq/vale-set.json');

function spatial(state: PlaytestState, change: SpatialChange): PlaytestState {
  return applyAction(state, { type: 'spatial', change });
}

function instanceOf(state: PlaytestState, name: string): string {
  const card = Object.values(state.cards).find((candidate) => candidate.name === name);
  if (!card) throw new Error(`no ${name}`);
  return card.instanceId;
}

describe('muhq range metric', () => {
  // "Ranges with the radius r include all tiles which are reachable with r steps from the origin,
  // counting each second diagonal step twice"
  it('counts each second diagonal step twice', () => {
    expect(tileDistance(1, 1, 'alternating-diagonal')).toBe(1);
    expect(tileDistance(2, 2, 'alternating-diagonal')).toBe(3);
    expect(tileDistance(3, 3, 'alternating-diagonal')).toBe(4);
    expect(tileDistance(4, 0, 'alternating-diagonal')).toBe(4);
    expect(tileDistance(-4, 1, 'alternating-diagonal')).toBe(4);
    expect(tileDistance(1, -4, 'alternating-diagonal')).toBe(4);
    expect(tileDistance(3, 2, 'alternating-diagonal')).toBe(4);
  });

  // "Adjacent is a common Abbreviation for "in range 1"": the eight neighbours.
  it('range 1 is the eight neighbours and the origin', () => {
    expect(tilesInRange({ x: 5, y: 5 }, 1, 10, 10, 'alternating-diagonal')).toHaveLength(9);
    expect(tilesInRange({ x: 0, y: 0 }, 1, 10, 10, 'alternating-diagonal')).toHaveLength(4);
  });

  it('lies between diagonal-free and diagonal-as-one counting, and is symmetric', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 }), (dx, dy) => {
        const d = tileDistance(dx, dy, 'alternating-diagonal');
        expect(d).toBeGreaterThanOrEqual(tileDistance(dx, dy, 'chebyshev'));
        expect(d).toBeLessThanOrEqual(tileDistance(dx, dy, 'manhattan'));
        expect(tileDistance(dy, dx, 'alternating-diagonal')).toBe(d);
        expect(tileDistance(-dx, dy, 'alternating-diagonal')).toBe(d);
      }),
    );
  });

  it('tilesInRange holds exactly the map tiles within the radius', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.nat(11),
        fc.nat(11),
        fc.nat(6),
        (width, height, ox, oy, radius) => {
          const origin = { x: ox % width, y: oy % height };
          const got = tilesInRange(origin, radius, width, height, 'alternating-diagonal').map((t) => `${t.x},${t.y}`);
          const want: string[] = [];
          for (let y = 0; y < height; y++)
            for (let x = 0; x < width; x++)
              if (tileDistance(x - origin.x, y - origin.y, 'alternating-diagonal') <= radius) want.push(`${x},${y}`);
          expect(got).toEqual(want);
        },
      ),
    );
  });

  it('names tiles by column letter and row number', () => {
    expect(tileName({ x: 0, y: 0 })).toBe('A1');
    expect(tileName({ x: 2, y: 3 })).toBe('C4');
    expect(tileName({ x: 26, y: 0 })).toBe('AA1');
  });
});

describe('inches', () => {
  // "A player asserts Control over an objective instantly if they possess at least 1 unit
  // completely within 2 inches of the objective token, provided no enemy units are also within 2
  // inches. If both opposing players possess units within 2 inches of the objective, the
  // objective becomes Contested."
  it('decides who controls an objective as the OSMCG rulebook says', () => {
    const objective = { x: 12, y: 12 };
    const mine = { x: 13, y: 12, r: 0.625 }; // 1.625" to the far edge: completely within 2"
    const partly = { x: 13.6, y: 12, r: 0.625 }; // far edge at 2.225": only partly within
    const enemy = { x: 11, y: 12.5, r: 0.625 };
    const farEnemy = { x: 5, y: 5, r: 0.625 };
    expect(objectiveControl(objective, 2, [mine], [])).toBe('yours');
    expect(objectiveControl(objective, 2, [mine], [farEnemy])).toBe('yours');
    expect(objectiveControl(objective, 2, [mine], [enemy])).toBe('contested');
    expect(objectiveControl(objective, 2, [], [enemy])).toBe('theirs');
    expect(objectiveControl(objective, 2, [partly], [])).toBe('none');
    expect(objectiveControl(objective, 2, [partly], [enemy])).toBe('contested');
    expect(objectiveControl(objective, 2, [], [])).toBe('none');
  });

  it('keeps a whole base on the board wherever it is dropped', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), (x, y) => {
        const at = clampToBoard({ x, y }, 0.8, 24, 24);
        expect(completelyWithin({ ...at, r: 0.8 }, { x: 12, y: 12 }, Infinity)).toBe(true);
        expect(at.x).toBeGreaterThanOrEqual(0.8);
        expect(at.x).toBeLessThanOrEqual(23.2);
        expect(at.y).toBeGreaterThanOrEqual(0.8);
        expect(at.y).toBeLessThanOrEqual(23.2);
      }),
    );
  });

  it('reads a ruler to a tenth of an inch', () => {
    expect(formatDistance(5, '"')).toBe('5"');
    expect(formatDistance(5.26, '"')).toBe('5.3"');
    expect(formatDistance(3, 'tiles')).toBe('3 tiles');
    expect(formatDistance(1, 'tiles')).toBe('1 tile');
  });
});

describe('OSMCG battlefield', () => {
  const deck = JSON.parse(readFileSync(join(ROOT, 'resources/samples/osmcg/deck-legal.json'), 'utf8')).deck;
  const start = () => createPlaytest(osmcg, deck, (id) => osmcgCards.get(id), 42);

  it('is 24" × 24" in a duel and 36" or 48" in free-for-all; the Hero starts in the 6" deployment zone', () => {
    const game = start();
    const field = battlefield(game);
    expect(field?.size).toMatchObject({ width: 24, height: 24 });
    const hero = field?.pieces[0];
    expect(hero).toMatchObject({ name: 'Pyra, Ashen Marshal', at: { x: 12, y: 21 }, placed: false, ringHolder: true, r: 0.8 });
    expect(hero?.measures).toEqual([{ id: 'move', label: 'Move (SPD)', kind: 'movement', value: 5 }]);
    const ffa = battlefield(createPlaytest(osmcg, deck, (id) => osmcgCards.get(id), 42, 'ffa'));
    expect(ffa?.size.width).toBe(36);
    expect(ffa?.sizes.map((size) => size.width)).toEqual([36, 48]);
    expect(battlefield(createPlaytest(osmcg, deck, (id) => osmcgCards.get(id), 42, 'moba'))?.size.width).toBe(48);
  });

  it('moves the Hero, logs the distance in inches, undoes it and keeps it through a saved session', () => {
    const game = start();
    const hero = instanceOf(game, 'Pyra, Ashen Marshal');
    const moved = spatial(game, { kind: 'place', instanceId: hero, at: { x: 12, y: 16 } });
    expect(battlefield(moved)?.pieces[0].at).toEqual({ x: 12, y: 16 });
    expect(moved.log.at(-1)).toBe('Moved Pyra, Ashen Marshal 5" from its starting spot.');
    const again = spatial(moved, { kind: 'place', instanceId: hero, at: { x: 15, y: 12 } });
    expect(again.log.at(-1)).toBe('Moved Pyra, Ashen Marshal 5".');
    expect(battlefield(undo(again))?.pieces[0].at).toEqual({ x: 12, y: 16 });
    const resumed = readSavedPlaytest(writeSavedPlaytest(again, new Date())).state;
    expect(battlefield(resumed)?.pieces[0].at).toEqual({ x: 15, y: 12 });
    expect(battlefield(undo(resumed))?.pieces[0].at).toEqual({ x: 12, y: 16 });
    // Off the board's edge, the base stays whole on the board.
    const edge = spatial(again, { kind: 'place', instanceId: hero, at: { x: -5, y: 30 } });
    expect(battlefield(edge)?.pieces[0].at).toEqual({ x: 0.8, y: 23.2 });
  });

  it('reads range circles from keywords and shows who controls an objective', () => {
    let game = start();
    game = applyAction(game, { type: 'keep' });
    const skirmisher = Object.values(game.cards).find((card) => card.name === 'Ashfall Skirmisher');
    if (!skirmisher) throw new Error('no Ashfall Skirmisher');
    game = applyAction(game, { type: 'move', instanceId: skirmisher.instanceId, to: 'board', at: { x: 0.5, y: 0.5 } });
    const piece = battlefield(game)?.pieces.find((p) => p.name === 'Ashfall Skirmisher');
    expect(piece?.measures.map((m) => [m.id, m.value])).toEqual([
      ['move', 5],
      ['ranged', 6],
    ]);
    expect(piece?.ringHolder).toBe(false);
    game = spatial(game, { kind: 'addMarker', marker: 'objective', at: { x: 12, y: 12 } });
    expect(battlefield(game)?.markers[0]).toMatchObject({ kind: 'objective', control: 'none' });
    game = spatial(game, { kind: 'place', instanceId: instanceOf(game, 'Pyra, Ashen Marshal'), at: { x: 12, y: 13 } });
    expect(battlefield(game)?.markers[0].control).toBe('yours');
    game = spatial(game, { kind: 'addMarker', marker: 'opponent', at: { x: 12, y: 10.5 } });
    expect(battlefield(game)?.markers[0].control).toBe('contested');
    game = spatial(game, { kind: 'removeMarker', id: 'm2' });
    expect(battlefield(game)?.markers[0].control).toBe('yours');
    // A piece that leaves the battlefield is forgotten by the next spatial action.
    game = applyAction(game, { type: 'move', instanceId: skirmisher.instanceId, to: 'hand' });
    expect(battlefield(game)?.pieces.map((p) => p.name)).toEqual(['Pyra, Ashen Marshal']);
    expect(() => spatial(game, { kind: 'place', instanceId: skirmisher.instanceId, at: { x: 1, y: 1 } })).toThrow(
      'Ashfall Skirmisher is not a piece on the board',
    );
  });

  it("places terrain pieces from the deck's Terrain section, sized by their footprint", () => {
    const withTerrain = { ...deck, sections: { ...deck.sections, terrain: [{ cardId: 'osmcg-core-059', count: 1 }] } };
    let game = createPlaytest(osmcg, withTerrain, (id) => osmcgCards.get(id), 7);
    const terrain = battlefield(game)?.terrain;
    expect(terrain).toEqual([{ instanceId: expect.any(String), name: 'Molten Rampart', at: undefined, size: 4 }]);
    game = spatial(game, { kind: 'place', instanceId: terrain?.[0].instanceId ?? '', at: { x: 6, y: 12 } });
    expect(battlefield(game)?.terrain[0].at).toEqual({ x: 6, y: 12 });
    expect(cardsIn(game, 'terrain')).toHaveLength(1);
  });
});

describe("muhq's map", () => {
  const deck = JSON.parse(readFileSync(join(ROOT, 'resources/samples/muhq/deck-legal.json'), 'utf8')).deck;

  function withUnitsOnMap(names: string[]): PlaytestState {
    let game = createPlaytest(muhq, deck, (id) => muhqCards.get(id), 3);
    for (const name of names) {
      const card = Object.values(game.cards).find((c) => c.name === name && !game.zones.map.includes(c.instanceId));
      if (!card) throw new Error(`no ${name}`);
      game = applyAction(game, { type: 'move', instanceId: card.instanceId, to: 'map', at: { x: 0.1, y: 0.1 } });
    }
    return game;
  }

  it('reads the tile map from the map card', () => {
    const field = battlefield(withUnitsOnMap([]));
    expect(field?.map).toMatchObject({ width: 10, height: 8, notes: [] });
    expect(field?.map?.rows[2][0].label).toBe('Deep water');
    expect(field?.map?.rows[2][2].label).toBe('Ford');
    // The map card itself is not a piece.
    expect(field?.pieces).toEqual([]);
  });

  // "On each tile only one permanent can be placed"
  it('places one permanent per tile and measures moves in steps', () => {
    let game = withUnitsOnMap(['Village Militia', 'Village Militia']);
    const [first, second] = game.zones.map.slice(1);
    game = spatial(game, { kind: 'place', instanceId: first, at: { x: 2, y: 0 } });
    expect(game.log.at(-1)).toBe('Placed Village Militia on tile C1.');
    expect(() => spatial(game, { kind: 'place', instanceId: second, at: { x: 2, y: 0 } })).toThrow(
      'Tile C1 already holds Village Militia: one permanent per tile.',
    );
    game = spatial(game, { kind: 'place', instanceId: first, at: { x: 5, y: 1 } });
    expect(game.log.at(-1)).toBe('Moved Village Militia from C1 to F2 (3 steps).');
    const piece = battlefield(game)?.pieces.find((p) => p.instanceId === first);
    expect(piece?.measures.map((m) => [m.id, m.value])).toEqual([
      ['move', 2],
      ['attack', 1],
    ]);
  });

  // "Swimming permanents can only be placed on tiles which explicitly say so (deep water)"
  it('keeps deep water for swimming permanents', () => {
    let game = withUnitsOnMap(['Village Militia']);
    const militia = game.zones.map[1];
    expect(() => spatial(game, { kind: 'place', instanceId: militia, at: { x: 0, y: 2 } })).toThrow(
      'Tile A3 is Deep water: only swimming permanents can be placed there.',
    );
    game = withUnitsOnMap(['Bog Lurker']);
    const lurker = game.zones.map[1];
    expect(() => spatial(game, { kind: 'place', instanceId: lurker, at: { x: 0, y: 0 } })).toThrow(
      'A swimming permanent can only be placed on Deep water; tile A1 is Field.',
    );
    expect(spatial(game, { kind: 'place', instanceId: lurker, at: { x: 0, y: 2 } }).log.at(-1)).toBe(
      'Placed Bog Lurker on tile A3.',
    );
  });
});

describe('loading board.spatial', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON shapes
  type Json = Record<string, any>;
  function refusal(edit: (spatial: Json, system: Json) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'cw-spatial-'));
    try {
      cpSync(join(ROOT, 'card-schema/systems/osmcg'), join(dir, 'osmcg'), { recursive: true });
      const file = join(dir, 'osmcg/system.json');
      const system = JSON.parse(readFileSync(file, 'utf8')) as Json;
      edit(system.board.spatial, system);
      writeFileSync(file, JSON.stringify(system));
      loadGameSystem(join(dir, 'osmcg'));
    } catch (error) {
      return (error as Error).message;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    throw new Error('expected the game to be refused');
  }

  it('names the file, the place and what is wrong', () => {
    expect(refusal((s) => (s.sizes[0].modes = ['duell']))).toBe(
      'osmcg/system.json at /board/spatial/sizes/0/modes/0: no game mode named "duell" (modes: duel, moba, ffa)',
    );
    expect(refusal((s) => (s.measures[0].value = { field: 'sped' }))).toBe(
      'osmcg/system.json at /board/spatial/measures/0/value/field: no card type has a field "sped"',
    );
    expect(refusal((s) => (s.terrain.zone = 'terain'))).toMatch(
      /^osmcg\/system\.json at \/board\/spatial\/terrain\/zone: no zone named "terain" \(zones: deck, hand, board, terrain,/,
    );
    expect(refusal((s) => (s.bases.byType = { heroe: 1.6 }))).toMatch(
      /^osmcg\/system\.json at \/board\/spatial\/bases\/byType\/heroe: no card type named "heroe"/,
    );
    expect(refusal((s) => (s.kind = 'tiles'))).toBe(
      'osmcg/system.json at /board/spatial/tiles: is required when "kind" is "tiles"',
    );
    expect(refusal((s) => (s.sizes[0].width = -24))).toMatch(
      /^osmcg\/system\.json at \/board\/spatial\/sizes\/0\/width: must be > 0/,
    );
    expect(refusal((s) => (s.measures[1].id = 'move'))).toBe(
      'osmcg/system.json at /board/spatial/measures/1/id: the measure "move" is used twice',
    );
  });
});
