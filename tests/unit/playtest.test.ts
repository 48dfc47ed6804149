import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import type { BoardSetup } from '../../card-schema/playtest/format';
import type { Deck } from '../../card-schema/deck/format';
import {
  HISTORY_LIMIT,
  PlaytestError,
  applyAction,
  canUndo,
  cardsIn,
  createPlaytest,
  undo,
  zoneOf,
} from '../../card-schema/playtest/engine';
import type { PlaytestAction, PlaytestState } from '../../card-schema/playtest/playtest-state';
import { nextRandom, shuffled } from '../../card-schema/playtest/rng';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { fileURLToPath } from 'node:url';

const board: BoardSetup = {
  zones: [
    { id: 'deck', label: 'Deck', kind: 'deck' },
    { id: 'hand', label: 'Hand', kind: 'hand' },
    { id: 'board', label: 'Battlefield', kind: 'board' },
    { id: 'discard', label: 'Discard', kind: 'discard' },
    { id: 'exile', label: 'Exile', kind: 'exile' },
  ],
  deckSection: 'main',
  leaderSection: 'hero',
  openingHand: 7,
  mulligan: 'london',
  drawPerTurn: 1,
  emptyDeck: 'reshuffle-discard',
  // As in OSMCG: the player going first does not draw on turn 1.
  firstTurn: { skipDraw: true },
  resources: [
    {
      id: 'mana',
      label: 'Mana',
      start: { leaderField: 'startingMana' },
      regen: { leaderField: 'regen' },
      max: { leaderField: 'manaMax' },
    },
  ],
  phases: ['Upkeep', 'Draw', 'Main 1', 'Activation', 'Main 2', 'End'],
};

function makeSystem(setup: Partial<BoardSetup> = {}): GameSystem {
  return {
    formatVersion: 1,
    id: 'test',
    name: 'Test',
    version: '1',
    card: { widthMm: 63, heightMm: 88 },
    cardTypes: [],
    layouts: {},
    deck: { sections: [], rules: [] },
    board: { ...board, ...setup },
  };
}

const library: Record<string, CardDocument> = {
  hero: { type: 'hero', name: 'Kael', startingMana: 3, regen: 2, manaMax: 8 },
  wolf: { type: 'creature', name: 'Ember Wolf', cost: 3 },
  bolt: { type: 'spell', name: 'Arc Lightning', cost: 2 },
  wall: { type: 'skill', name: 'Shield Wall' },
  blade: { type: 'equipment', name: 'Venom Blade', cost: 2 },
  imp: { type: 'creature', name: 'Imp', cost: 1 },
};
const lookup = (id: string) => library[id];

const deck: Pick<Deck, 'sections'> = {
  sections: {
    hero: [{ cardId: 'hero', count: 1 }],
    main: [
      { cardId: 'wolf', count: 3 },
      { cardId: 'bolt', count: 3 },
      { cardId: 'wall', count: 2 },
      { cardId: 'blade', count: 2 },
      { cardId: 'imp', count: 3 },
    ],
  },
};

const start = (seed = 42, setup: Partial<BoardSetup> = {}) => createPlaytest(makeSystem(setup), deck, lookup, seed);
const keep = (state: PlaytestState) => applyAction(state, { type: 'keep', bottom: [] });

function allInstances(state: PlaytestState): string[] {
  return Object.values(state.zones).flat().sort();
}

describe('seeded shuffling', () => {
  it('is deterministic per seed and differs between seeds', () => {
    expect(start(7)).toEqual(start(7));
    expect(start(7).zones.deck).not.toEqual(start(8).zones.deck);
    const [a] = shuffled([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99);
    const [b] = shuffled([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99);
    expect(a).toEqual(b);
    expect([...a].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('produces values in [0, 1)', () => {
    let state = 123;
    for (let i = 0; i < 1000; i++) {
      const [value, next] = nextRandom(state);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      state = next;
    }
  });
});

describe('createPlaytest', () => {
  it('puts the leader on the board, draws the opening hand and sets resources', () => {
    const state = start();
    expect(state.turn).toBe(1);
    expect(state.phase).toBe('Upkeep');
    expect(state.mulligans).toBe(0);
    expect(state.awaitingKeep).toBe(true);
    expect(state.zones.hand).toHaveLength(7);
    expect(state.zones.deck).toHaveLength(13 - 7);
    expect(cardsIn(state, 'board').map((card) => card.name)).toEqual(['Kael']);
    expect(state.resources).toEqual([{ id: 'mana', label: 'Mana', value: 3, min: 0, max: 8, regen: 2 }]);
    expect(new Set(allInstances(state)).size).toBe(14);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(state.log.some((line) => line.startsWith('Opening hand (7): '))).toBe(true);
  });

  it('skips unknown cards with a log line instead of failing', () => {
    const state = createPlaytest(
      makeSystem(),
      {
        sections: {
          hero: [{ cardId: 'hero', count: 1 }],
          main: [
            { cardId: 'gone', count: 2 },
            { cardId: 'imp', count: 1 },
          ],
        },
      },
      lookup,
      1,
    );
    expect(allInstances(state)).toHaveLength(2);
    expect(state.log).toContain('Skipped 2 × unknown card "gone" (not in the library).');
  });

  it('does not wait for a keep when the game has no mulligan', () => {
    const state = start(1, { mulligan: 'none' });
    expect(state.awaitingKeep).toBe(false);
    expect(() => applyAction(state, { type: 'mulligan' })).toThrow(PlaytestError);
  });
});

describe('with the OSMCG board setup', () => {
  it('starts the Hero on the battlefield with its Starting Mana and a 7-card hand', () => {
    const osmcg = loadGameSystem(fileURLToPath(new URL('../../card-schema/systems/osmcg', import.meta.url)));
    let state = createPlaytest(osmcg, deck, lookup, 2024);
    expect(cardsIn(state, 'board').map((card) => card.name)).toEqual(['Kael']);
    expect(state.zones.hand).toHaveLength(7);
    // The default mode is the 1v1 Duel, which also counts Victory Points.
    expect(state.resources.map((r) => [r.label, r.value, r.max])).toEqual([
      ['Mana', 3, 8],
      ['Victory Points', 0, 10],
    ]);
    // OSMCG declares its upkeep as steps: "Gain Mana equal to the Hero's Regen stat (capped at Mana Max)".
    state = applyAction(keep(state), { type: 'nextTurn' });
    expect(state.log).toContain('Upkeep: Mana 3 → 5.');
    expect(state.phase).toBe('upkeep');
  });
});

describe('London mulligan', () => {
  it('draws a fresh hand, then keeps with N cards on the bottom', () => {
    let state = start(5);
    state = applyAction(state, { type: 'mulligan' });
    state = applyAction(state, { type: 'mulligan' });
    expect(state.mulligans).toBe(2);
    expect(state.zones.hand).toHaveLength(7);
    expect(state.awaitingKeep).toBe(true);

    expect(() => applyAction(state, { type: 'keep', bottom: [state.zones.hand[0]] })).toThrow(
      /needs exactly 2 cards put on the bottom; got 1/,
    );
    expect(() => applyAction(state, { type: 'keep', bottom: [state.zones.deck[0], state.zones.hand[0]] })).toThrow(/not in hand/);
    expect(() => applyAction(state, { type: 'keep', bottom: [state.zones.hand[0], state.zones.hand[0]] })).toThrow(PlaytestError);

    const bottom = [state.zones.hand[2], state.zones.hand[5]];
    const kept = applyAction(state, { type: 'keep', bottom });
    expect(kept.awaitingKeep).toBe(false);
    expect(kept.zones.hand).toHaveLength(5);
    expect(kept.zones.deck.slice(-2)).toEqual(bottom);
    expect(() => applyAction(kept, { type: 'mulligan' })).toThrow(/before keeping/);
    expect(() => applyAction(kept, { type: 'keep' })).toThrow(/already been kept/);
  });

  it('requires keeping before the next turn', () => {
    expect(() => applyAction(start(), { type: 'nextTurn' })).toThrow(/Keep the opening hand/);
  });
});

describe('drawing', () => {
  it('reshuffles the discard pile into an empty deck, then draws', () => {
    let state = keep(start(3));
    for (const id of [...state.zones.deck]) state = applyAction(state, { type: 'move', instanceId: id, to: 'discard' });
    expect(state.zones.deck).toHaveLength(0);
    expect(state.zones.discard).toHaveLength(6);
    state = applyAction(state, { type: 'draw' });
    expect(state.zones.discard).toHaveLength(0);
    expect(state.zones.deck).toHaveLength(5);
    expect(state.zones.hand).toHaveLength(8);
    expect(state.log.some((line) => line.includes('shuffled 6 cards from the Discard'))).toBe(true);
  });

  it('draws nothing from an empty deck when the game says so', () => {
    let state = keep(start(3, { emptyDeck: 'cannot-draw' }));
    state = applyAction(state, { type: 'draw', count: 6 });
    expect(state.zones.deck).toHaveLength(0);
    const hand = state.zones.hand.length;
    state = applyAction(state, { type: 'draw', count: 2 });
    expect(state.zones.hand).toHaveLength(hand);
    expect(state.log[state.log.length - 1]).toMatch(/Deck is empty: nothing drawn/);
  });

  it('names what was drawn and rejects a bad count', () => {
    const state = keep(start(9));
    const top = state.cards[state.zones.deck[0]].name;
    expect(applyAction(state, { type: 'draw' }).log.at(-1)).toBe(`Drew ${top}.`);
    expect(() => applyAction(state, { type: 'draw', count: 0 })).toThrow(/whole number/);
  });
});

describe('turns and resources', () => {
  it('regenerates at upkeep, capped at the maximum, and draws for the turn', () => {
    let state = keep(start());
    state = applyAction(state, { type: 'setPhase', phase: 'Main 2' });
    state = applyAction(state, { type: 'nextTurn' });
    expect(state.turn).toBe(2);
    expect(state.phase).toBe('Upkeep');
    expect(state.resources[0].value).toBe(5);
    expect(state.zones.hand).toHaveLength(8);
    expect(state.log).toContain('Turn 2 — upkeep: Mana 3 → 5 (max 8)');
    state = applyAction(state, { type: 'nextTurn' });
    state = applyAction(state, { type: 'nextTurn' });
    expect(state.resources[0].value).toBe(8);
    expect(state.log).toContain('Turn 4 — upkeep: Mana 7 → 8 (max 8)');
  });

  it('clamps adjustments to min and max', () => {
    let state = keep(start());
    state = applyAction(state, { type: 'adjustResource', resource: 'mana', delta: -10 });
    expect(state.resources[0].value).toBe(0);
    state = applyAction(state, { type: 'adjustResource', resource: 'mana', delta: 20 });
    expect(state.resources[0].value).toBe(8);
    expect(() => applyAction(state, { type: 'adjustResource', resource: 'gold', delta: 1 })).toThrow(/No resource "gold"/);
    expect(() => applyAction(state, { type: 'setPhase', phase: 'Lunch' })).toThrow(/No phase "Lunch"/);
  });
});

describe('moving cards', () => {
  it('moves between zones, to the top or bottom of piles', () => {
    let state = keep(start());
    const card = state.zones.hand[0];
    state = applyAction(state, { type: 'move', instanceId: card, to: 'board' });
    expect(zoneOf(state, card)).toBe('board');
    expect(state.zones.board.at(-1)).toBe(card);
    expect(state.zones.hand).not.toContain(card);
    expect(state.log.at(-1)).toBe(`Moved ${state.cards[card].name} from the Hand to the Battlefield.`);

    state = applyAction(state, { type: 'move', instanceId: card, to: 'deck' });
    expect(state.zones.deck[0]).toBe(card);
    state = applyAction(state, { type: 'move', instanceId: card, to: 'deck', position: 'bottom' });
    expect(state.zones.deck.at(-1)).toBe(card);
    expect(state.zones.deck.filter((id) => id === card)).toHaveLength(1);

    expect(() => applyAction(state, { type: 'move', instanceId: 'nope', to: 'hand' })).toThrow(/No card instance "nope"/);
    expect(() => applyAction(state, { type: 'move', instanceId: card, to: 'graveyard' })).toThrow(/No zone "graveyard"/);
  });

  it('shuffles the deck keeping its cards', () => {
    const state = keep(start());
    const shuffledState = applyAction(state, { type: 'shuffleDeck' });
    expect([...shuffledState.zones.deck].sort()).toEqual([...state.zones.deck].sort());
    expect(shuffledState.rng).not.toBe(state.rng);
  });
});

describe('undo', () => {
  it('restores exactly the previous state, step by step', () => {
    const s0 = start();
    expect(canUndo(s0)).toBe(false);
    expect(undo(s0)).toBe(s0);
    const s1 = applyAction(s0, { type: 'mulligan' });
    const s2 = applyAction(s1, { type: 'keep', bottom: [s1.zones.hand[0]] });
    const s3 = applyAction(s2, { type: 'nextTurn' });
    const s4 = applyAction(s3, { type: 'move', instanceId: s3.zones.hand[0], to: 'discard' });
    expect(canUndo(s4)).toBe(true);
    expect(undo(s4)).toEqual(s3);
    expect(undo(undo(s4))).toEqual(s2);
    expect(undo(undo(undo(s4)))).toEqual(s1);
    expect(undo(undo(undo(undo(s4))))).toEqual(s0);
  });

  it('keeps a bounded history', () => {
    let state = keep(start());
    for (let i = 0; i < HISTORY_LIMIT + 20; i++)
      state = applyAction(state, { type: 'adjustResource', resource: 'mana', delta: 0 });
    expect(state.history).toHaveLength(HISTORY_LIMIT);
  });

  it('leaves the state untouched when an action is refused', () => {
    const state = start();
    const before = JSON.stringify(state);
    expect(() => applyAction(state, { type: 'keep', bottom: ['x'] })).toThrow(PlaytestError);
    expect(JSON.stringify(state)).toBe(before);
  });
});

describe('card conservation (property)', () => {
  type Step = PlaytestAction | 'undo';
  const step = (state: PlaytestState): fc.Arbitrary<Step> => {
    const ids = Object.keys(state.cards);
    const zones = state.board.zones.map((zone) => zone.id);
    return fc.oneof<fc.Arbitrary<Step>[]>(
      fc.constant<PlaytestAction>({ type: 'mulligan' }),
      fc.constant<PlaytestAction>({ type: 'keep', bottom: [] }),
      fc.integer({ min: 1, max: 4 }).map((count): PlaytestAction => ({ type: 'draw', count })),
      fc
        .record({
          instanceId: fc.constantFrom(...ids),
          to: fc.constantFrom(...zones),
          position: fc.constantFrom<'top' | 'bottom' | undefined>('top', 'bottom', undefined),
        })
        .map((move): PlaytestAction => ({ type: 'move', ...move })),
      fc.constant<PlaytestAction>({ type: 'nextTurn' }),
      fc.constant<PlaytestAction>({ type: 'shuffleDeck' }),
      fc.integer({ min: -5, max: 5 }).map((delta): PlaytestAction => ({ type: 'adjustResource', resource: 'mana', delta })),
      fc.constant<Step>('undo'),
    );
  };

  it('never loses or duplicates a card instance', () => {
    const initial = start(11);
    const expected = allInstances(initial);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.array(step(initial), { maxLength: 60 }), (seed, steps) => {
        let state = createPlaytest(makeSystem(), deck, lookup, seed);
        for (const next of steps) {
          if (next === 'undo') {
            state = undo(state);
          } else if (next.type === 'keep' && state.awaitingKeep) {
            state = applyAction(state, { type: 'keep', bottom: state.zones.hand.slice(0, state.mulligans) });
          } else {
            try {
              state = applyAction(state, next);
            } catch (error) {
              if (!(error instanceof PlaytestError)) throw error;
            }
          }
          expect(allInstances(state)).toEqual(expected);
          const mana = state.resources[0];
          expect(mana.value).toBeGreaterThanOrEqual(0);
          expect(mana.value).toBeLessThanOrEqual(8);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('board setups from the newer format', () => {
  it('redraws an opening hand until it holds a required card', () => {
    const required = { match: { types: ['hero'] }, label: 'a Hero' };
    // Only the single "hero" card is a Hero; put it in the main deck so the hand can need it.
    const withHero: Pick<Deck, 'sections'> = { sections: { main: [...deck.sections.main, { cardId: 'hero', count: 1 }] } };
    for (const seed of [1, 2, 3, 4, 5]) {
      const state = createPlaytest(
        makeSystem({ openingHand: 3, leaderSection: undefined, openingHandMustInclude: required }),
        withHero,
        lookup,
        seed,
      );
      expect(state.zones.hand.map((id) => state.cards[id].type)).toContain('hero');
      expect(allInstances(state)).toHaveLength(14);
    }
    const redrawn = [1, 2, 3, 4, 5].map((seed) =>
      createPlaytest(
        makeSystem({ openingHand: 3, leaderSection: undefined, openingHandMustInclude: required }),
        withHero,
        lookup,
        seed,
      ),
    );
    expect(redrawn.some((state) => state.log.some((line) => line === 'No a Hero in hand: shuffled it back to redraw.'))).toBe(
      true,
    );
  });

  it('lets a hand stand when the deck has no required card at all', () => {
    const state = start(3, { openingHandMustInclude: { match: { names: ['Nobody'] }, label: 'Nobody' } });
    expect(state.zones.hand).toHaveLength(7);
    expect(state.log).toContain('The Deck holds no Nobody: the hand stands without one.');
  });

  it("applies a game mode's setup and refuses an unknown mode", () => {
    const modes = [
      { id: 'duel', label: '1v1', players: { min: 2, max: 2 } },
      { id: 'ffa', label: 'Free for all', players: { min: 3, max: 6 }, setup: { openingHand: 5 } },
    ];
    const system = makeSystem({ modes });
    expect(createPlaytest(system, deck, lookup, 1).zones.hand).toHaveLength(7);
    const ffa = createPlaytest(system, deck, lookup, 1, 'ffa');
    expect(ffa.zones.hand).toHaveLength(5);
    expect(ffa.log).toContain('Mode: Free for all.');
    expect(() => createPlaytest(system, deck, lookup, 1, 'moba')).toThrow('Test has no game mode "moba" (modes: "duel", "ffa").');
  });

  it('puts an extra deck section into its own zone, shuffled', () => {
    const zones = [...board.zones, { id: 'missions', label: 'Missions', kind: 'other' as const, section: 'missions' }];
    const withMissions: Pick<Deck, 'sections'> = { sections: { ...deck.sections, missions: [{ cardId: 'wall', count: 4 }] } };
    const state = createPlaytest(makeSystem({ zones }), withMissions, lookup, 9);
    expect(state.zones.missions.map((id) => state.cards[id].name)).toEqual([
      'Shield Wall',
      'Shield Wall',
      'Shield Wall',
      'Shield Wall',
    ]);
    expect(allInstances(state)).toHaveLength(18);
  });
});

describe('game mode from the deck format', () => {
  it('starts a deck in the mode named like its format', () => {
    const modes = [
      { id: 'duel', label: '1v1', players: { min: 2, max: 2 } },
      { id: 'ffa', label: 'Free for all', players: { min: 3, max: 6 }, setup: { openingHand: 5 } },
    ];
    expect(createPlaytest(makeSystem({ modes }), { ...deck, format: 'ffa' }, lookup, 1).zones.hand).toHaveLength(5);
    expect(createPlaytest(makeSystem({ modes }), { ...deck, format: 'standard' }, lookup, 1).zones.hand).toHaveLength(7);
  });
});

describe('a mulligan that shrinks the hand', () => {
  it('gives free mulligans first, then one card fewer each time, with nothing put on the bottom', () => {
    let state = start(5, { mulligan: 'smaller', freeMulligans: 1 });
    expect(state.zones.hand).toHaveLength(7);
    state = applyAction(state, { type: 'mulligan' });
    expect(state.zones.hand).toHaveLength(7);
    state = applyAction(state, { type: 'mulligan' });
    expect(state.zones.hand).toHaveLength(6);
    expect(() => applyAction(state, { type: 'keep', bottom: [state.zones.hand[0]] })).toThrow(
      'needs exactly 0 cards put on the bottom; got 1',
    );
    state = applyAction(state, { type: 'keep', bottom: [] });
    expect(state.awaitingKeep).toBe(false);
    expect(allInstances(state)).toHaveLength(14);
  });

  it('stops before the hand would be empty', () => {
    let state = start(5, { mulligan: 'smaller', openingHand: 2 });
    state = applyAction(state, { type: 'mulligan' });
    expect(state.zones.hand).toHaveLength(1);
    expect(() => applyAction(state, { type: 'mulligan' })).toThrow('No more mulligans: after 1 the next hand would be empty.');
  });
});
