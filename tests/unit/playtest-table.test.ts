// The playtest table actions: free placement, tap, flip, counters, looking at / searching /
// scrying / revealing the deck, and saving and resuming a session. Each is undoable and seeded.

import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { BoardSetup } from '../../card-schema/playtest/format';
import { PlaytestError, applyAction, createPlaytest, topOfDeck, undo, zoneOf } from '../../card-schema/playtest/engine';
import type { PlaytestAction, PlaytestState } from '../../card-schema/playtest/playtest-state';
import { readSavedPlaytest, writeSavedPlaytest } from '../../card-schema/playtest/saved';
import { loadGameSystem } from '../../src-main/services/game-systems';

const board: BoardSetup = {
  zones: [
    { id: 'deck', label: 'Deck', kind: 'deck' },
    { id: 'hand', label: 'Hand', kind: 'hand' },
    { id: 'field', label: 'Field', kind: 'board' },
    { id: 'stage', label: 'Stage', kind: 'board' },
    { id: 'discard', label: 'Discard', kind: 'discard' },
  ],
  counters: [
    { id: 'damage', label: 'Damage' },
    { id: 'hourglass', label: 'Hourglass' },
  ],
  deckSection: 'main',
  openingHand: 3,
  mulligan: 'none',
  drawPerTurn: 1,
  emptyDeck: 'cannot-draw',
  resources: [],
  phases: ['Main'],
};

const system: GameSystem = {
  formatVersion: 2,
  id: 'test',
  name: 'Test',
  version: '1',
  card: { widthMm: 63, heightMm: 88 },
  cardTypes: [],
  layouts: {},
  deck: { sections: [], rules: [] },
  board,
};

const library: Record<string, CardDocument> = {
  owl: { type: 'unit', name: 'Lantern Owl' },
  moth: { type: 'unit', name: 'Ash Moth' },
  heron: { type: 'unit', name: 'Reed Heron' },
  toad: { type: 'unit', name: 'Mire Toad' },
};
const deck = {
  sections: {
    main: [
      { cardId: 'owl', count: 3 },
      { cardId: 'moth', count: 3 },
      { cardId: 'heron', count: 3 },
      { cardId: 'toad', count: 3 },
    ],
  },
};
const start = (seed = 5): PlaytestState => createPlaytest(system, deck, (id) => library[id], seed);
const inHand = (state: PlaytestState, index = 0): string => state.zones.hand[index];
const act = (state: PlaytestState, ...actions: PlaytestAction[]): PlaytestState =>
  actions.reduce((current, action) => applyAction(current, action), state);

describe('placing cards on the table', () => {
  it('moves a card onto a board zone at a point, repositions it, and undo restores each step', () => {
    const s0 = start();
    const id = inHand(s0);
    const s1 = act(s0, { type: 'move', instanceId: id, to: 'field', at: { x: 0.25, y: 0.5 } });
    expect(zoneOf(s1, id)).toBe('field');
    expect(s1.table[id]).toEqual({ at: { x: 0.25, y: 0.5 } });
    const s2 = act(s1, { type: 'move', instanceId: id, to: 'field', at: { x: 2, y: -1 } });
    expect(s2.table[id]).toEqual({ at: { x: 1, y: 0 } }); // kept inside the zone
    expect(s2.log.at(-1)).toBe(`Placed ${s2.cards[id].name} on the Field.`);
    expect(s2.zones.field).toEqual([id]);
    expect(undo(s2)).toEqual(s1);
    expect(undo(s1)).toEqual(s0);
  });

  it('refuses a point on a zone that is not a board', () => {
    const s0 = start();
    expect(() => applyAction(s0, { type: 'move', instanceId: inHand(s0), to: 'discard', at: { x: 0, y: 0 } })).toThrow(
      PlaytestError,
    );
  });

  it('uses every board zone the setup declares, each with its own cards', () => {
    const s0 = start();
    const s1 = act(
      s0,
      { type: 'move', instanceId: inHand(s0, 0), to: 'field' },
      { type: 'move', instanceId: inHand(s0, 1), to: 'stage', at: { x: 0.1, y: 0.1 } },
    );
    expect(s1.zones.field).toEqual([inHand(s0, 0)]);
    expect(s1.zones.stage).toEqual([inHand(s0, 1)]);
  });
});

describe('tap, flip and counters', () => {
  const played = (): [PlaytestState, string] => {
    const s0 = start();
    const id = inHand(s0);
    return [act(s0, { type: 'move', instanceId: id, to: 'field', at: { x: 0.5, y: 0.5 } }), id];
  };

  it('taps and untaps, logged and undoable', () => {
    const [s1, id] = played();
    const s2 = act(s1, { type: 'tap', instanceId: id });
    expect(s2.table[id].tapped).toBe(true);
    expect(s2.log.at(-1)).toBe(`Tapped ${s2.cards[id].name}.`);
    const s3 = act(s2, { type: 'tap', instanceId: id });
    expect(s3.table[id].tapped).toBeUndefined();
    expect(s3.log.at(-1)).toBe(`Untapped ${s2.cards[id].name}.`);
    expect(undo(s3)).toEqual(s2);
    expect(undo(s2)).toEqual(s1);
  });

  it('turns a card face down and up again, and not in the hand', () => {
    const [s1, id] = played();
    const s2 = act(s1, { type: 'flip', instanceId: id });
    expect(s2.table[id].faceDown).toBe(true);
    expect(act(s2, { type: 'flip', instanceId: id }).table[id].faceDown).toBeUndefined();
    expect(undo(s2)).toEqual(s1);
    expect(() => applyAction(s1, { type: 'flip', instanceId: inHand(s1) })).toThrow(/not on the table/);
    expect(() => applyAction(s1, { type: 'tap', instanceId: inHand(s1) })).toThrow(/not on a board zone/);
  });

  it('adds and removes counters of the kinds the game declares', () => {
    const [s1, id] = played();
    const s2 = act(
      s1,
      { type: 'counter', instanceId: id, counter: 'damage', delta: 1 },
      { type: 'counter', instanceId: id, counter: 'damage', delta: 2 },
      { type: 'counter', instanceId: id, counter: 'hourglass', delta: 1 },
    );
    expect(s2.table[id].counters).toEqual({ damage: 3, hourglass: 1 });
    expect(s2.log.at(-2)).toBe(`Damage on ${s2.cards[id].name}: 1 → 3.`);
    const s3 = act(s2, { type: 'counter', instanceId: id, counter: 'hourglass', delta: -1 });
    expect(s3.table[id].counters).toEqual({ damage: 3 });
    expect(undo(s3)).toEqual(s2);
    expect(() => applyAction(s3, { type: 'counter', instanceId: id, counter: 'hourglass', delta: -1 })).toThrow(
      /no Hourglass counter/,
    );
    expect(() => applyAction(s3, { type: 'counter', instanceId: id, counter: 'poison', delta: 1 })).toThrow(
      /No counter kind "poison"; this game's counters: damage, hourglass/,
    );
  });

  it('keeps a card state between board zones and resets it when the card leaves the board', () => {
    const [s1, id] = played();
    const s2 = act(s1, { type: 'tap', instanceId: id }, { type: 'counter', instanceId: id, counter: 'damage', delta: 2 });
    const onStage = act(s2, { type: 'move', instanceId: id, to: 'stage' });
    expect(onStage.table[id]).toEqual({ tapped: true, counters: { damage: 2 } });
    const discarded = act(s2, { type: 'move', instanceId: id, to: 'discard' });
    expect(discarded.table[id]).toBeUndefined();
    expect(undo(discarded)).toEqual(s2);
  });
});

describe('the deck', () => {
  it('looks at the top N without changing the order, and logs it', () => {
    const s0 = start();
    const s1 = act(s0, { type: 'lookAtTop', count: 3 });
    expect(s1.zones).toEqual(s0.zones);
    expect(topOfDeck(s1, 3).map((card) => card.instanceId)).toEqual(s0.zones.deck.slice(0, 3));
    expect(s1.log.at(-1)).toBe('Looked at the top 3 cards of the Deck.');
    expect(() => applyAction(s0, { type: 'lookAtTop', count: 0 })).toThrow(PlaytestError);
  });

  it('searches a card out of the deck into any zone, then shuffles the deck (seeded)', () => {
    const s0 = start();
    const wanted = s0.zones.deck[4];
    const s1 = act(s0, { type: 'search', instanceId: wanted, to: 'stage' });
    expect(zoneOf(s1, wanted)).toBe('stage');
    expect([...s1.zones.deck].sort()).toEqual(s0.zones.deck.filter((id) => id !== wanted).sort());
    expect(s1.log.at(-1)).toBe(`Searched the Deck for ${s0.cards[wanted].name}: put it into the Stage, then shuffled the Deck.`);
    expect(act(start(), { type: 'search', instanceId: wanted, to: 'stage' })).toEqual(s1);
    expect(undo(s1)).toEqual(s0);
    expect(() => applyAction(s0, { type: 'search', instanceId: inHand(s0), to: 'field' })).toThrow(/not in the Deck/);
  });

  it('puts a looked-at card on the bottom or back on top', () => {
    const s0 = start();
    const [first, second] = s0.zones.deck;
    const s1 = act(s0, { type: 'scry', instanceId: first, position: 'bottom' });
    expect(s1.zones.deck.at(-1)).toBe(first);
    expect(s1.zones.deck[0]).toBe(second);
    const s2 = act(s1, { type: 'scry', instanceId: first, position: 'top' });
    expect(s2.zones.deck).toEqual(s0.zones.deck);
    expect(s1.log.at(-1)).toBe(`Put ${s0.cards[first].name} on the bottom of the Deck.`);
    expect(undo(s1)).toEqual(s0);
  });

  it('reveals a card to the log', () => {
    const s0 = start();
    const top = s0.zones.deck[0];
    const s1 = act(s0, { type: 'reveal', instanceId: top });
    expect(s1.log.at(-1)).toBe(`Revealed ${s0.cards[top].name} (from the Deck).`);
    expect(undo(s1)).toEqual(s0);
  });

  it('replays the same actions from the same seed to the same state', () => {
    const run = () => {
      const s0 = start(77);
      return act(
        s0,
        { type: 'move', instanceId: inHand(s0), to: 'field', at: { x: 0.3, y: 0.3 } },
        { type: 'tap', instanceId: inHand(s0) },
        { type: 'search', instanceId: s0.zones.deck[2], to: 'hand' },
        { type: 'shuffleDeck' },
        { type: 'nextTurn' },
      );
    };
    expect(run()).toEqual(run());
  });
});

describe('saving and resuming a session', () => {
  it('round-trips the whole state, and undo still works after resuming', () => {
    const s0 = start();
    const id = inHand(s0);
    const s1 = act(
      s0,
      { type: 'move', instanceId: id, to: 'field', at: { x: 0.4, y: 0.6 } },
      { type: 'tap', instanceId: id },
      { type: 'counter', instanceId: id, counter: 'damage', delta: 2 },
    );
    const saved = readSavedPlaytest(writeSavedPlaytest(s1, new Date('2026-11-27T12:03:00Z')));
    expect(saved.savedAt).toBe('2026-11-27T12:03:00.000Z');
    expect(saved.state).toEqual(s1);
    expect(undo(undo(undo(saved.state)))).toEqual(s0);
  });

  it('upgrades a version 1 session and refuses damaged ones', () => {
    const s0 = start();
    const { table: _table, ...v1State } = s0;
    const v1 = JSON.stringify({ savedAt: '2026-01-01T00:00:00.000Z', state: { ...v1State, version: 1 } });
    expect(readSavedPlaytest(v1).state).toEqual(s0);
    expect(() => readSavedPlaytest('{')).toThrow(/not JSON/);
    expect(() => readSavedPlaytest(JSON.stringify({ savedAt: 'x', state: { ...s0, version: 9 } }))).toThrow(/version 9/);
    const orphan = { ...s0, zones: { ...s0.zones, hand: ['nobody'] } };
    expect(() => readSavedPlaytest(JSON.stringify({ savedAt: 'x', state: orphan }))).toThrow(/no card "nobody"/);
  });
});

describe('the built-in games declare counters', () => {
  it.each(['osmcg', 'muhq', 'odd-frontier', 'miscrits', 'omms'])('%s has counter kinds with labels', (id) => {
    const folder = fileURLToPath(new URL(`../../card-schema/systems/${id}`, import.meta.url));
    const loaded = loadGameSystem(folder);
    expect(loaded.board.counters?.length).toBeGreaterThan(0);
    for (const counter of loaded.board.counters ?? []) expect(counter.label.length).toBeGreaterThan(0);
  });
});
