// The battlefield's model on real playtest states: a drag shows a live ruler against the piece's
// movement and places it on release, arrows nudge, the marker tool places objectives, tiles show
// a unit's reach (no move onto deep water), and refused placements change nothing.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyAction, createPlaytest, undo } from '../../card-schema/playtest/engine';
import type { PlaytestAction, PlaytestState } from '../../card-schema/playtest/playtest-state';
import type { CardDocument } from '../../card-schema/system/format';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { SpatialBoardModel } from '../../src-renderer/src/playtest/spatial/spatial-board.svelte';

const ROOT = resolve(import.meta.dirname, '../..');

function fixture(game: string, setFile: string, deckFile: string, seed: number) {
  const system = loadGameSystem(join(ROOT, 'card-schema/systems', game));
  const set = JSON.parse(readFileSync(join(ROOT, 'resources/samples', game, setFile), 'utf8')) as {
    cards: { id: string; doc: CardDocument }[];
  };
  const docs = new Map(set.cards.map((card) => [card.id, card.doc]));
  const deck = JSON.parse(readFileSync(join(ROOT, 'resources/samples', game, deckFile), 'utf8')).deck;
  const errors: string[] = [];
  const host = {
    game: createPlaytest(system, deck, (id) => docs.get(id), seed) as PlaytestState | null,
    act(action: PlaytestAction): boolean {
      try {
        if (host.game) host.game = applyAction(host.game, action);
        return true;
      } catch (error) {
        errors.push((error as Error).message);
        return false;
      }
    },
  };
  return { host, errors, model: new SpatialBoardModel(host) };
}

describe('SpatialBoardModel on OSMCG', () => {
  it('drags the Hero with a live ruler against its SPD and places it on release', () => {
    const { host, model } = fixture('osmcg', 'core-set.json', 'deck-legal.json', 42);
    const hero = model.field?.pieces[0];
    if (!hero) throw new Error('no Hero');
    model.startDrag({ kind: 'card', id: hero.instanceId }, { x: 12, y: 21 });
    model.dragTo({ x: 15, y: 17 });
    expect(model.ruler).toMatchObject({ text: '5"', allowance: { label: 'Move (SPD)', value: 5, within: true } });
    model.dragTo({ x: 12, y: 14 });
    expect(model.ruler).toMatchObject({ text: '7"', allowance: { within: false } });
    expect(model.endDrag()).toBe(true);
    expect(model.field?.pieces[0].at).toEqual({ x: 12, y: 14 });
    expect(model.ruler).toBeUndefined();
    expect(model.selectedPiece?.name).toBe('Pyra, Ashen Marshal');
    // Arrows nudge the selected piece by ½", Shift by ⅒"; undo takes a nudge back.
    expect(model.key('ArrowLeft', false)).toBe(true);
    expect(model.field?.pieces[0].at).toEqual({ x: 11.5, y: 14 });
    model.key('ArrowDown', true);
    expect(model.field?.pieces[0].at).toEqual({ x: 11.5, y: 14.1 });
    host.game = undo(host.game as PlaytestState);
    expect(model.field?.pieces[0].at).toEqual({ x: 11.5, y: 14 });
  });

  it('places an objective with the tool and shows who holds it', () => {
    const { model } = fixture('osmcg', 'core-set.json', 'deck-legal.json', 42);
    model.tool = 'objective';
    expect(model.clickBoard({ x: 12, y: 20 })).toBe(true);
    expect(model.tool).toBeNull();
    // The Hero waits at 12", 21": its 0.8" base is completely within 2" of the objective.
    expect(model.field?.markers[0]).toMatchObject({ id: 'm1', kind: 'objective', control: 'yours' });
    model.tool = 'opponent';
    model.clickBoard({ x: 13.5, y: 19 });
    expect(model.field?.markers[0].control).toBe('contested');
    model.select({ kind: 'marker', id: 'm2' });
    model.key('Delete', false);
    expect(model.field?.markers.map((m) => m.id)).toEqual(['m1']);
  });
});

describe("SpatialBoardModel on muhq's map", () => {
  function withMilitia() {
    const f = fixture('muhq', 'vale-set.json', 'deck-legal.json', 10);
    const game = f.host.game as PlaytestState;
    for (const id of game.zones.hand.slice(0, 2)) f.host.act({ type: 'move', instanceId: id, to: 'map', at: { x: 0, y: 0 } });
    return f;
  }

  it('places a waiting unit on the clicked tile and refuses a second one there', () => {
    const { model, errors } = withMilitia();
    const [first, second] = model.unplaced;
    model.select({ kind: 'card', id: first.instanceId });
    expect(model.clickBoard({ x: 2.4, y: 0.7 })).toBe(true);
    expect(model.field?.pieces.find((p) => p.instanceId === first.instanceId)?.at).toEqual({ x: 2, y: 0 });
    model.select({ kind: 'card', id: second.instanceId });
    expect(model.clickBoard({ x: 2.9, y: 0.1 })).toBe(false);
    expect(errors).toEqual(['Tile C1 already holds Village Militia: one permanent per tile.']);
    expect(model.unplaced.map((p) => p.instanceId)).toEqual([second.instanceId]);
  });

  it('highlights the movement and attack reach by the rulebook metric, never a move onto deep water', () => {
    const { model } = withMilitia();
    const first = model.unplaced[0];
    model.select({ kind: 'card', id: first.instanceId });
    model.clickBoard({ x: 4, y: 1 });
    model.select({ kind: 'card', id: first.instanceId });
    const key = (tiles: { x: number; y: number }[]) => new Set(tiles.map((t) => `${t.x},${t.y}`));
    const { movement, range } = model.reach;
    const moves = key(movement);
    // Two steps: (2, 1) away costs 2 and is in; (2, 2) away costs 3 (the second diagonal counts twice).
    expect(moves.has('6,0')).toBe(true);
    expect(moves.has('6,3')).toBe(false);
    // Row 3 (y 2) is deep water: in attack range, never a move's end for a unit that does not swim.
    expect(moves.has('4,2')).toBe(false);
    expect(key(range).has('4,2')).toBe(true);
    expect(moves.has('4,3')).toBe(true);
    // The drag ruler counts steps the same way.
    model.startDrag({ kind: 'card', id: first.instanceId }, { x: 4.5, y: 1.5 });
    model.dragTo({ x: 6.5, y: 3.5 });
    expect(model.ruler).toMatchObject({ text: '3 tiles', allowance: { value: 2, within: false } });
    model.cancelDrag();
  });
});
