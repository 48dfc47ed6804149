// Board setup values from the leader card: hand size and draw-up-to read from the leader, a cap
// on mulligans, zones dealt cards once the hand is kept (a life zone), the first player's turn 1
// (no draw, other resource values); how the loader, the Games view and the draw odds read them.

import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { BoardSetup } from '../../card-schema/playtest/format';
import type { DeckEntry } from '../../card-schema/deck/format';
import { applyAction, createPlaytest, undo } from '../../card-schema/playtest/engine';
import { boardProblems } from '../../card-schema/playtest/check-board';
import { leaderCard, playBoard } from '../../card-schema/playtest/play-board';
import { boardOf, exactOddsByTurn, simulateOdds } from '../../card-schema/deck/odds';
import { seenByTurn } from '../../card-schema/deck/draw-model';
import { GameSystemLoadError, loadGameSystem } from '../../src-main/services/game-systems';
import { drawText, firstTurnResourcesText, openingHandText, zonesText } from '../../src-renderer/src/games/game-facts';

const setup: BoardSetup = {
  zones: [
    { id: 'deck', label: 'Deck', kind: 'deck' },
    { id: 'hand', label: 'Hand', kind: 'hand' },
    { id: 'stage', label: 'Stage', kind: 'board' },
    { id: 'life', label: 'Life area', kind: 'other', deal: { count: { leaderField: 'life' }, faceDown: true } },
    { id: 'trash', label: 'Trash', kind: 'discard' },
  ],
  deckSection: 'main',
  leaderSection: 'leader',
  openingHand: { leaderField: 'handSize' },
  mulligan: 'london',
  maxMulligans: 1,
  drawPerTurn: 1,
  emptyDeck: 'cannot-draw',
  firstTurn: { skipDraw: true, resources: { don: 1 } },
  resources: [{ id: 'don', label: 'Don', start: 0, regen: 2, max: 10 }],
  phases: ['Refresh', 'Draw', 'Main', 'End'],
};

function makeSystem(board: Partial<BoardSetup> = {}): GameSystem {
  return {
    formatVersion: 1,
    id: 'captains',
    name: 'Captains',
    version: '1',
    card: { widthMm: 63, heightMm: 88 },
    cardTypes: [
      {
        id: 'leader',
        label: 'Leader',
        layout: 'leader',
        schema: { type: 'object', properties: { life: { type: 'integer', title: 'Life' }, handSize: { type: 'integer' } } },
      },
      { id: 'crew', label: 'Crew', layout: 'crew', schema: { type: 'object', properties: {} } },
    ],
    layouts: {},
    deck: {
      sections: [
        { id: 'leader', label: 'Leader', types: ['leader'] },
        { id: 'main', label: 'Main deck', types: ['crew'] },
      ],
      rules: [],
    },
    board: { ...setup, ...board },
  };
}

const library: Record<string, CardDocument> = {
  captain: { type: 'leader', name: 'Captain Brisa', life: 4, handSize: 6, refill: 5 },
  deckhand: { type: 'crew', name: 'Deckhand' },
  gunner: { type: 'crew', name: 'Gunner' },
  lookout: { type: 'crew', name: 'Lookout' },
};
const lookup = (id: string) => library[id];
const sections: Record<string, DeckEntry[]> = {
  leader: [{ cardId: 'captain', count: 1 }],
  main: [
    { cardId: 'deckhand', count: 8 },
    { cardId: 'gunner', count: 8 },
    { cardId: 'lookout', count: 8 },
  ],
};

describe('values read from the leader card', () => {
  it('draws an opening hand as large as the leader says and refills up to its field', () => {
    const state = createPlaytest(makeSystem({ drawUpTo: { leaderField: 'refill' } }), { sections }, lookup, 7);
    expect(state.board.openingHand).toBe(6);
    expect(state.board.drawUpTo).toBe(5);
    expect(state.zones.hand).toHaveLength(6);
  });

  it('reads 0 from a leader without the field, and a fixed number as it is', () => {
    expect(playBoard({ ...setup, drawUpTo: { leaderField: 'missing' } }, library.captain).drawUpTo).toBe(0);
    expect(playBoard({ ...setup, openingHand: 5 }, undefined).openingHand).toBe(5);
    expect(playBoard(setup, undefined).openingHand).toBe(0);
  });
});

describe('a cap on mulligans', () => {
  it('refuses the mulligan past the cap with a clear message, and a keep still works', () => {
    let state = createPlaytest(makeSystem(), { sections }, lookup, 3);
    state = applyAction(state, { type: 'mulligan' });
    expect(() => applyAction(state, { type: 'mulligan' })).toThrow(
      'No more mulligans: this game allows at most 1; keep this hand.',
    );
    state = applyAction(state, { type: 'keep', bottom: [state.zones.hand[0]] });
    expect(state.zones.hand).toHaveLength(5);
  });

  it('a cap of 0 means no mulligan at all', () => {
    const state = createPlaytest(makeSystem({ maxMulligans: 0 }), { sections }, lookup, 3);
    expect(() => applyAction(state, { type: 'mulligan' })).toThrow('No mulligan: this game allows none; keep this hand.');
  });
});

describe('zones dealt cards after the keep', () => {
  it('deals the leader’s Life in cards face down from the top of the deck, undone with the keep', () => {
    const start = createPlaytest(makeSystem(), { sections }, lookup, 11);
    expect(start.zones.life).toEqual([]);
    const top = start.zones.deck.slice(0, 4);
    const kept = applyAction(start, { type: 'keep' });
    expect(kept.zones.life).toEqual(top);
    expect(kept.zones.deck).toHaveLength(start.zones.deck.length - 4);
    expect(top.every((id) => kept.table[id]?.faceDown === true)).toBe(true);
    expect(kept.log).toContain('Dealt 4 cards face down from the Deck to the Life area.');
    const undone = undo(kept);
    expect(undone.zones.life).toEqual([]);
    expect(undone.table).toEqual({});
    expect(undone.awaitingKeep).toBe(true);
  });

  it('deals face up by name, and only what the deck holds', () => {
    const small = { ...sections, main: [{ cardId: 'gunner', count: 8 }] };
    const system = makeSystem({
      openingHand: 6,
      zones: setup.zones.map((z) => (z.id === 'life' ? { ...z, deal: { count: 3 } } : z)),
    });
    const kept = applyAction(createPlaytest(system, { sections: small }, lookup, 1), { type: 'keep' });
    expect(kept.log).toContain('Dealt Gunner, Gunner from the Deck to the Life area (the Deck held only 2 of 3).');
    expect(kept.zones.life).toHaveLength(2);
    expect(kept.table).toEqual({});
  });

  it('deals at once when the game has no mulligan (the hand stands as drawn)', () => {
    const state = createPlaytest(makeSystem({ mulligan: 'none' }), { sections }, lookup, 5);
    expect(state.awaitingKeep).toBe(false);
    expect(state.zones.life).toHaveLength(4);
  });
});

describe('the first player’s turn 1', () => {
  // OSMCG: "*Exception:* The player going first does not draw a card on Turn 1."
  it('skips the draw of turn 1 when the first player does not draw', () => {
    const kept = applyAction(createPlaytest(makeSystem(), { sections }, lookup, 2), { type: 'keep' });
    expect(kept.zones.hand).toHaveLength(6);
    expect(kept.log).toContain('Turn 1: the player going first does not draw.');
    const next = applyAction(kept, { type: 'nextTurn' });
    expect(next.zones.hand).toHaveLength(7);
  });

  it('draws on turn 1 when the game has no such exception', () => {
    const kept = applyAction(createPlaytest(makeSystem({ firstTurn: undefined }), { sections }, lookup, 2), {
      type: 'keep',
    });
    expect(kept.zones.hand).toHaveLength(7);
    expect(kept.log.some((line) => line.startsWith('Turn 1: drew'))).toBe(true);
  });

  it('starts a resource at its turn-1 value, then regenerates from there', () => {
    let state = createPlaytest(makeSystem(), { sections }, lookup, 2);
    expect(state.resources[0].value).toBe(1);
    expect(state.log).toContain('Don starts at 1 (max 10) on turn 1.');
    state = applyAction(applyAction(state, { type: 'keep' }), { type: 'nextTurn' });
    expect(state.resources[0].value).toBe(3);
  });

  it('plays the same seed the same way', () => {
    const play = () => applyAction(createPlaytest(makeSystem(), { sections }, lookup, 99), { type: 'keep' });
    expect(play()).toEqual(play());
  });
});

describe('checks of the setup', () => {
  const fields = new Set(['type', 'name', 'life', 'handSize']);

  it('accepts the setup above', () => {
    expect(boardProblems(setup, fields)).toEqual([]);
  });

  it('names each problem by its path', () => {
    const problems = boardProblems(
      {
        ...setup,
        drawUpTo: { leaderField: 'refil' },
        zones: [...setup.zones, { id: 'hand2', label: 'Hand', kind: 'hand', deal: { count: 2 } }],
        firstTurn: { resources: { mana: 2 } },
      },
      fields,
    );
    expect(problems).toEqual([
      { path: '/board/drawUpTo/leaderField', reason: 'no card type has a field "refil"' },
      {
        path: '/board/zones/5/deal',
        reason: 'cards are dealt from the deck into another zone; "hand2" is the hand itself',
      },
      { path: '/board/firstTurn/resources/mana', reason: 'no resource "mana" (resources: don)' },
    ]);
    expect(boardProblems({ ...setup, leaderSection: undefined }, fields)[0]).toEqual({
      path: '/board/openingHand/leaderField',
      reason: 'reads the leader\'s "handSize", but the board names no leaderSection to read it from',
    });
  });
});

describe('the loader', () => {
  const SYSTEMS = join(resolve(import.meta.dirname, '../..'), 'card-schema/systems');
  const roots: string[] = [];
  afterAll(() => roots.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  function osmcgWith(change: (board: Record<string, unknown>) => void): string {
    const root = mkdtempSync(join(tmpdir(), 'cw-board-'));
    roots.push(root);
    cpSync(join(SYSTEMS, 'osmcg'), join(root, 'osmcg'), { recursive: true });
    const file = join(root, 'osmcg/system.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { board: Record<string, unknown> };
    change(json.board);
    writeFileSync(file, JSON.stringify(json));
    return join(root, 'osmcg');
  }

  it('loads a life zone dealt from the Hero’s HP, a leader hand size and a mulligan cap', () => {
    const system = loadGameSystem(
      osmcgWith((board) => {
        (board.zones as unknown[]).push({ id: 'life', label: 'Life', kind: 'other', deal: { count: { leaderField: 'hp' } } });
        board.openingHand = { leaderField: 'ap' };
        board.maxMulligans = 2;
      }),
    );
    expect(system.board.maxMulligans).toBe(2);
  });

  it('refuses a leader field no card has, naming the file and path', () => {
    let error: unknown;
    try {
      loadGameSystem(osmcgWith((board) => (board.drawUpTo = { leaderField: 'handsize' })));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GameSystemLoadError);
    expect((error as GameSystemLoadError).message).toBe(
      'osmcg/system.json at /board/drawUpTo/leaderField: no card type has a field "handsize"',
    );
  });

  it('refuses a fractional opening hand and a negative mulligan cap', () => {
    expect(() => loadGameSystem(osmcgWith((board) => (board.openingHand = 6.5)))).toThrow(/openingHand/);
    expect(() => loadGameSystem(osmcgWith((board) => (board.maxMulligans = -1)))).toThrow(/maxMulligans/);
  });
});

describe('the Games view wording', () => {
  const system = makeSystem({ drawUpTo: { leaderField: 'life' } });

  it('names the leader field a value comes from', () => {
    expect(openingHandText(system.board, system)).toBe(
      "as many cards as the Leader's handSize, London mulligan (redraw, then put one card per mulligan on the bottom), at most 1 mulligan",
    );
    expect(drawText(system)).toBe(
      "up to the Leader's Life in hand at each new turn, from Main deck (none on the first player's turn 1)",
    );
    expect(zonesText(system)).toBe("Deck, Hand, Stage, Life area (dealt the Leader's Life face down), Trash");
    expect(firstTurnResourcesText(system)).toBe('Don 1');
    expect(firstTurnResourcesText(makeSystem({ firstTurn: undefined }))).toBeUndefined();
  });
});

describe('draw odds with the leader’s values', () => {
  it('count the leader’s hand size and no draw on turn 1', () => {
    const system = makeSystem();
    const board = boardOf(system, undefined, leaderCard(system.board, sections, lookup));
    expect(seenByTurn(board, 3).map(([{ seen }]) => seen)).toEqual([6, 7, 8]);
    const drawing = boardOf(makeSystem({ firstTurn: undefined }), undefined, library.captain);
    expect(seenByTurn(drawing, 2).map(([{ seen }]) => seen)).toEqual([7, 8]);
  });

  it('simulated play (life dealt face down, unseen) agrees with the exact odds', () => {
    const system = makeSystem({ mulligan: 'none' });
    const board = boardOf(system, undefined, library.captain);
    const target = { kind: 'card', cardId: 'gunner' } as const;
    const exact = exactOddsByTurn(board, 24, 8, 1, 3);
    const simulated = simulateOdds(system, sections, lookup, target, { k: 1, turns: 3, trials: 4000, seed: 5 });
    simulated.byTurn.forEach((p, i) => expect(Math.abs(p - exact[i])).toBeLessThan(0.03));
  });
});
