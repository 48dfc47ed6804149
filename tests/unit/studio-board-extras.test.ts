// The studio's forms for the board's further parts: counters, turn rules, tokens, buying,
// tallies, goals, modes and phase steps. Each edit writes what the loader accepts or refuses at
// a field; edits applied to every built-in game that uses these parts still load.

import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { systemJson, type GameFileMap, type Json } from '../../card-schema/studio/game-files';
import type { EditResult } from '../../card-schema/studio/play-edit-shared';
import { boardOf } from '../../card-schema/studio/board-edits';
import * as extras from '../../card-schema/studio/board-extras-edits';
import * as goals from '../../card-schema/studio/goals-and-tallies-edits';
import * as modes from '../../card-schema/studio/modes-edits';
import * as steps from '../../card-schema/studio/phase-step-edits';
import { playProblems } from '../../card-schema/studio/play-problems';
import { loadGameSystem } from '../../src-main/services/game-systems';

const SYSTEMS = resolve(import.meta.dirname, '../../card-schema/systems');
const LANTERN = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch');

function filesOf(dir: string): GameFileMap {
  const files: Record<string, unknown> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) files[relative(dir, path)] = JSON.parse(readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return files;
}
const game = (id: string) => filesOf(join(SYSTEMS, id));
const ok = (result: EditResult): GameFileMap => {
  if (!result.ok) throw new Error(`${result.field}: ${result.message}`);
  return result.files;
};
const refused = (result: EditResult) => (result.ok ? undefined : { field: result.field, message: result.message });
const board = (files: GameFileMap) => boardOf(files);

/** Writes the edited system.json over a copy of the game's folder and loads it. */
function loads(dir: string, files: GameFileMap) {
  const tmp = mkdtempSync(join(tmpdir(), 'cardwright-board-extras-'));
  try {
    cpSync(dir, tmp, { recursive: true });
    writeFileSync(join(tmp, 'system.json'), JSON.stringify(files['system.json'], null, 2));
    return loadGameSystem(tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

describe('counters', () => {
  it('adds and renames a counter, and refuses a taken id or removing one a phase step changes', () => {
    const files = game('osmcg');
    const next = ok(extras.addCounter(files, { id: 'shield', label: ' Shield ' }));
    expect((board(next).counters as Json[]).at(-1)).toEqual({ id: 'shield', label: 'Shield' });
    expect(refused(extras.addCounter(next, { id: 'shield', label: 'Again' }))?.field).toBe('counter-id');
    expect(refused(extras.addCounter(files, { id: 'Bad Id', label: 'x' }))?.field).toBe('counter-id');
    expect(refused(extras.setCounterLabel(files, 'damage', ' '))?.field).toBe('counter:damage:label');
    expect(refused(extras.removeCounter(files, 'cooldown'))?.message).toMatch(/Upkeep/);
    expect((board(ok(extras.removeCounter(next, 'shield'))).counters as Json[]).length).toBe(12);
  });
});

describe('turn rules', () => {
  it('sets draw up to, turn 1 and the empty deck, and refuses what the loader would', () => {
    const files = game('muhq');
    expect(board(ok(extras.setDrawUpTo(files, 5))).drawUpTo).toBe(5);
    expect(board(ok(extras.setDrawUpTo(files, undefined))).drawUpTo).toBeUndefined();
    expect(refused(extras.setDrawUpTo(files, 2.5))?.field).toBe('drawUpTo');
    expect(refused(extras.setDrawUpTo(files, { leaderField: 'nope' }))?.field).toBe('drawUpTo');
    const skip = ok(extras.setFirstTurnSkipDraw(files, true));
    expect(board(skip).firstTurn).toEqual({ skipDraw: true });
    expect(board(ok(extras.setFirstTurnSkipDraw(skip, false))).firstTurn).toBeUndefined();
    expect(board(ok(extras.setFirstTurnResource(files, 'resource', 2))).firstTurn).toEqual({ resources: { resource: 2 } });
    expect(refused(extras.setFirstTurnResource(files, 'mana', 2))?.field).toBe('firstTurn:resource:mana');
    expect(board(ok(extras.setEmptyDeck(files, 'cannot-draw'))).emptyDeck).toBe('cannot-draw');
    expect(refused(extras.setEmptyDeck(files, 'lose' as extras.EmptyDeck))?.field).toBe('emptyDeck');
  });

  it('edits the card the opening hand must hold, keeping its field conditions', () => {
    const files = game('miscrits');
    const next = ok(extras.setOpeningHandMustInclude(files, { label: 'basic one', types: ['miscrit'], names: ['Flue'] }));
    expect(board(next).openingHandMustInclude).toEqual({
      label: 'basic one',
      match: { types: ['miscrit'], names: ['Flue'], where: [{ field: 'stage', equals: 'basic' }] },
    });
    expect(refused(extras.setOpeningHandMustInclude(files, { label: ' ', types: [], names: [] }))?.field).toBe(
      'mustInclude:label',
    );
    expect(refused(extras.setOpeningHandMustInclude(files, { label: 'x', types: ['ghost'], names: [] }))?.field).toBe(
      'mustInclude:match',
    );
  });
});

describe('tokens and buying', () => {
  it('sets tokens and buying, and refuses an empty token match or a store with no such zone', () => {
    const files = game('muhq');
    expect(board(ok(extras.setTokens(files, { types: ['token', 'unit'], names: [] }))).tokens).toEqual({
      match: { types: ['token', 'unit'] },
    });
    expect(refused(extras.setTokens(files, { types: [], names: [] }))?.field).toBe('tokens');
    const buy = { from: 'store', to: 'discard', costField: 'buyCost', resource: 'resource', perTurn: 2 };
    expect(board(ok(extras.setBuy(files, buy))).buy).toEqual(buy);
    expect(refused(extras.setBuy(files, { ...buy, from: 'shop' }))?.field).toBe('buy:from');
    expect(refused(extras.setBuy(files, { ...buy, perTurn: 0 }))?.field).toBe('buy:perTurn');
    expect(refused(extras.setBuy(files, { ...buy, costField: 'price' }))?.field).toBe('buy:costField');
    expect(board(ok(extras.setBuy(files, null))).buy).toBeUndefined();
  });
});

describe('tallies and goals', () => {
  it('adds and edits a tally, and refuses an unknown field or resource', () => {
    const files = game('omms');
    let next = ok(goals.addTally(files, 'Jokers'));
    const i = (board(next).tallies as Json[]).length - 1;
    next = ok(goals.setTally(next, i, { match: { types: ['joker'], names: [] }, against: 7 }));
    expect((board(next).tallies as Json[])[i]).toEqual({
      label: 'Jokers',
      zone: 'hand',
      match: { types: ['joker'] },
      against: 7,
    });
    expect(refused(goals.setTally(next, i, { sum: 'weight' }))?.field).toBe(`tally:${i}:sum`);
    expect(refused(goals.setTally(next, i, { against: { resource: 'gold' } }))?.field).toBe(`tally:${i}:against`);
    expect(refused(goals.addTally(files, ' '))?.field).toBe('tally-new');
  });

  it('edits a goal between a zone and a resource, and refuses a goal with no bound', () => {
    const files = game('miscrits');
    const next = ok(goals.setGoal(files, 0, { source: { resource: 'kos' }, atLeast: 4, result: 'loss' }));
    expect((board(next).goals as Json[])[0]).toEqual({
      label: "Five of your miscrits KO'd: you lose.",
      result: 'loss',
      resource: 'kos',
      atLeast: 4,
    });
    expect(refused(goals.setGoal(files, 0, { atLeast: null }))?.field).toBe('goal:0:atLeast');
    expect(refused(goals.setGoal(files, 0, { atMost: 2 }))?.field).toBe('goal:0:atMost');
    expect(refused(goals.setGoal(files, 0, { source: { zone: 'void' } }))?.field).toBe('goal:0:source');
    expect(board(ok(goals.removeGoal(files, 0))).goals).toBeUndefined();
  });
});

describe('modes', () => {
  it('adds, edits and moves a mode, and refuses more fewest players than most', () => {
    const files = game('omms');
    let next = ok(modes.addMode(files, { id: 'solo', label: 'Solo' }));
    next = ok(modes.setMode(next, 'solo', { players: { min: 1, max: 1 }, drawPerTurn: 2, description: 'Alone.' }));
    next = ok(modes.moveMode(next, 'solo', -1));
    const list = board(next).modes as Json[];
    expect(list[2]).toEqual({
      id: 'solo',
      label: 'Solo',
      description: 'Alone.',
      players: { min: 1, max: 1 },
      setup: { drawPerTurn: 2 },
    });
    expect(refused(modes.setMode(next, 'solo', { players: { min: 3, max: 2 } }))?.field).toBe('mode:solo:players');
    expect(refused(modes.addMode(files, { id: 'two', label: 'Again' }))?.field).toBe('mode-id');
    expect(refused(modes.setMode(next, 'solo', { openingHand: { leaderField: 'hand' } }))?.field).toBe('mode:solo:openingHand');
  });

  it('refuses removing a mode whose own resource a goal reads', () => {
    expect(refused(modes.removeMode(game('osmcg'), 'duel'))?.field).toBe('mode:duel');
  });
});

describe('phase steps', () => {
  it('automates a turn of plain names so it plays the same, then adds and edits steps', () => {
    const files = filesOf(LANTERN);
    expect(refused(steps.addStep(files, 0, 'steps', 'untap'))?.field).toBe('phase:0:steps-new');
    const automated = ok(steps.automateTurn(files));
    const phases = board(automated).phases as Json[];
    expect(phases[0]).toEqual({ id: 'dusk', label: 'Dusk', steps: [{ resource: 'oil', add: 'regen' }, { draw: 'turn' }] });
    expect(phases[2]).toEqual({ id: 'hang-lanterns', label: 'Hang lanterns' });
    let next = ok(steps.addStep(automated, 2, 'atEnd', 'resource-set'));
    next = ok(steps.setStep(next, 2, 'atEnd', 0, { resource: 'oil', set: 1 }));
    expect((board(next).phases as Json[])[2].atEnd).toEqual([{ resource: 'oil', set: 1 }]);
    expect(refused(steps.addStep(automated, 0, 'steps', 'counter'))?.message).toMatch(/counter first/);
    expect(refused(steps.setStep(next, 2, 'atEnd', 0, { resource: 'gold', set: 1 }))?.field).toBe('phase:2:atEnd:0');
    expect(refused(steps.setStep(next, 0, 'steps', 1, { draw: { dice: 30, sides: 6 } }))?.message).toMatch(/1 to 20/);
    expect((board(ok(steps.removeStep(next, 2, 'atEnd', 0))).phases as Json[])[2].atEnd).toBeUndefined();
    expect(loads(LANTERN, next).board.phases).toHaveLength(5);
  });
});

describe('the built-in games', () => {
  it('still load after edits to the parts each one uses', () => {
    const cases: [string, (files: GameFileMap) => GameFileMap][] = [
      [
        'miscrits',
        (f) => {
          f = ok(goals.setGoal(f, 0, { atLeast: 4, label: 'Four KO’d: you lose.' }));
          f = ok(extras.setOpeningHandMustInclude(f, { label: 'basic miscrit', types: ['miscrit'], names: [] }));
          f = ok(extras.setFirstTurnSkipDraw(f, false));
          f = ok(modes.setMode(f, 'boss', { players: { min: 1, max: 4 }, openingHand: 6 }));
          f = ok(extras.addCounter(f, { id: 'shield', label: 'Shield' }));
          f = ok(steps.addStep(f, 1, 'steps', 'counter'));
          return ok(steps.setStep(f, 1, 'steps', 0, { counter: 'shield', add: -1, min: 0, spareAddedThisTurn: true }));
        },
      ],
      [
        'muhq',
        (f) => {
          f = ok(extras.setTokens(f, { types: ['token'], names: ['Skeleton'] }));
          f = ok(extras.setBuy(f, { from: 'store', to: 'discard', costField: 'buyCost', resource: 'resource', perTurn: 2 }));
          f = ok(extras.setDrawUpTo(f, 4));
          f = ok(extras.setEmptyDeck(f, 'cannot-draw'));
          return ok(steps.addStep(f, 2, 'steps', 'untap'));
        },
      ],
      [
        'omms',
        (f) => {
          f = ok(goals.setTally(f, 0, { sum: null, against: 3, label: 'Clubs' }));
          f = ok(goals.addTally(f, 'Jokers'));
          f = ok(modes.addMode(f, { id: 'solo', label: 'Solo' }));
          f = ok(modes.setMode(f, 'solo', { players: { min: 1, max: 1 } }));
          f = ok(steps.addStep(f, 0, 'steps', 'draw'));
          return ok(steps.setStep(f, 0, 'steps', 1, { draw: { dice: 2, sides: 4 } }));
        },
      ],
      [
        'osmcg',
        (f) => {
          f = ok(goals.setGoal(f, 0, { atLeast: 12 }));
          f = ok(goals.addGoal(f, 'Hero gone: you lose.'));
          f = ok(modes.setMode(f, 'duel', { description: 'One on one.', drawPerTurn: 2 }));
          f = ok(extras.setCounterLabel(f, 'damage', 'Wounds'));
          return ok(steps.moveStep(f, 0, 'steps', 0, 1));
        },
      ],
      [
        'odd-frontier',
        (f) => {
          f = ok(goals.setGoal(f, 0, { atMost: 1, result: 'loss' }));
          f = ok(extras.setFirstTurnResource(f, String((board(f).resources as Json[])[0].id), 1));
          return ok(steps.setStep(f, 3, 'atEnd', 0, { resource: 'energy', add: -1 }));
        },
      ],
    ];
    for (const [id, edit] of cases) {
      const files = edit(game(id));
      expect(playProblems(files), id).toEqual([]);
      const loaded = loads(join(SYSTEMS, id), files);
      expect(loaded.board, id).toEqual(systemJson(files).board);
    }
  });
});

describe('removing a resource that other parts of the board name', () => {
  it('is refused while a tally counts against it or turn 1 sets it', async () => {
    const { removeResource } = await import('../../card-schema/studio/board-edits');
    const files = {
      'system.json': {
        board: {
          resources: [{ id: 'oil', label: 'Oil', start: 3 }],
          tallies: [{ id: 't', label: 'Light', zone: 'hand', sum: 'light', against: { resource: 'oil' } }],
        },
      },
    };
    expect(removeResource(files, 'oil')).toMatchObject({ ok: false });
    const firstTurn = {
      'system.json': { board: { resources: [{ id: 'oil', label: 'Oil', start: 3 }], firstTurn: { resources: { oil: 1 } } } },
    };
    expect(removeResource(firstTurn, 'oil')).toMatchObject({ ok: false });
  });
});
