// The turn and phase stepper: each built-in game's bookkeeping, declared as phase steps in its
// system.json, applied when a phase is entered (or left), logged in words and undone with the
// phase change. Every test quotes the rule it automates from the seed rulebooks.

import { describe, expect, it } from 'vitest';
import { applyAction, createPlaytest, undo, zoneOf } from '../../card-schema/playtest/engine';
import type { PlaytestState } from '../../card-schema/playtest/playtest-state';
import { reachedGoals, tallies } from '../../card-schema/playtest/board-status';
import { boardProblems } from '../../card-schema/playtest/check-board';
import { phasesText } from '../../src-renderer/src/games/game-facts';
import { loadSamples, type GameSamples } from './systems/harness';

const games: Record<string, GameSamples> = Object.fromEntries(
  ['osmcg', 'muhq', 'odd-frontier', 'miscrits', 'omms'].map((id) => [id, loadSamples(id)]),
);

function start(game: string, seed = 1): PlaytestState {
  const { system, decks, docs } = games[game];
  const deck = decks.get('deck-legal.json') ?? [...decks.values()][0];
  const state = createPlaytest(system, deck, (id) => docs.get(id), seed);
  return state.awaitingKeep ? applyAction(state, { type: 'keep', bottom: [] }) : state;
}

const act = applyAction;
const next = (state: PlaytestState) => act(state, { type: 'nextPhase' });
const handZone = (state: PlaytestState) => state.board.zones.find((zone) => zone.kind === 'hand')!.id;
const boardZone = (state: PlaytestState) => state.board.zones.find((zone) => zone.kind === 'board')!.id;

/** Plays the first card of the hand onto the board zone. */
function playOne(state: PlaytestState): [PlaytestState, string] {
  const id = state.zones[handZone(state)][0];
  return [act(state, { type: 'move', instanceId: id, to: boardZone(state) }), id];
}

function walkTo(state: PlaytestState, phase: string): PlaytestState {
  let current = state;
  for (let guard = 0; current.phase !== phase; guard++) {
    if (guard > 20) throw new Error(`never reached phase ${phase}`);
    current = next(current);
  }
  return current;
}

describe('OSMCG', () => {
  it('the player going first does not draw on turn 1; from turn 2 the Draw phase draws 1', () => {
    // "The Active Player draws 1 card. *Exception:* The player going first does not draw a card on Turn 1."
    let state = start('osmcg');
    expect(state.phase).toBe('upkeep');
    const hand = state.zones.hand.length;
    state = next(state);
    expect(state.phase).toBe('draw');
    expect(state.zones.hand).toHaveLength(hand);
    expect(state.log.at(-1)).toBe('Draw: the player going first does not draw on turn 1.');
    state = walkTo(act(state, { type: 'nextTurn' }), 'draw');
    expect(state.turn).toBe(2);
    expect(state.zones.hand).toHaveLength(hand + 1);
  });

  it('upkeep ticks cooldowns and statuses and gains Regen capped at Mana Max', () => {
    // "1. Decrease all active ability Cooldowns by 1. 2. Gain Mana equal to the Hero's Regen stat
    //  (capped at Mana Max). 3. Decrease all active Status Effect durations by 1 (Status expires if duration reaches 0)."
    let state = start('osmcg');
    const [played, unit] = playOne(state);
    state = act(played, { type: 'counter', instanceId: unit, counter: 'cooldown', delta: 2 });
    state = act(state, { type: 'counter', instanceId: unit, counter: 'stun', delta: 1 });
    const mana = state.resources.find((r) => r.id === 'mana')!;
    state = act(state, { type: 'adjustResource', resource: 'mana', delta: (mana.max ?? 0) - mana.value - 1 });
    const before = state;
    state = act(state, { type: 'nextTurn' });
    expect(state.phase).toBe('upkeep');
    expect(state.table[unit].counters).toEqual({ cooldown: 1 });
    expect(state.resources.find((r) => r.id === 'mana')!.value).toBe(mana.max);
    const name = state.cards[unit].name;
    expect(state.log).toContain(`Upkeep: Cooldown ${name} 2 → 1.`);
    expect(state.log).toContain(`Upkeep: Mana ${(mana.max ?? 0) - 1} → ${mana.max} (capped at ${mana.max}).`);
    expect(state.log).toContain(`Upkeep: Stun (turns) ${name} 1 → 0.`);
    // One undo takes back the whole turn change with every step it applied.
    expect(undo(state)).toEqual(before);
  });

  it('the End phase deals poison and burn damage by intensity, then removes one marker of each', () => {
    // "1. Suffer Poison and Burn marker damage, then remove 1 marker of each type/intensity."
    // "Minor: 1 ongoing damage per marker. Medium: 2 … Major: 3 ongoing damage per marker."
    const [played, unit] = playOne(start('osmcg'));
    let state = played;
    state = act(state, { type: 'counter', instanceId: unit, counter: 'poison', delta: 2 });
    state = act(state, { type: 'counter', instanceId: unit, counter: 'burn-major', delta: 1 });
    state = walkTo(state, 'end');
    expect(state.table[unit].counters).toEqual({ damage: 5, poison: 1 });
    expect(state.log).toContain(`End: Damage ${state.cards[unit].name} 0 → 5.`);
    const back = undo(state);
    expect(back.phase).toBe('main-2');
    expect(back.table[unit].counters).toEqual({ poison: 2, 'burn-major': 1 });
  });

  it('an empty deck reshuffles the discard pile, then draws', () => {
    // "If the deck is empty, immediately shuffle the Discard Pile to form a new deck, then draw."
    let state = start('osmcg');
    const cards = state.zones.deck.length;
    for (const id of [...state.zones.deck]) state = act(state, { type: 'move', instanceId: id, to: 'discard' });
    const hand = state.zones.hand.length;
    state = walkTo(act(state, { type: 'nextTurn' }), 'draw');
    expect(state.log).toContain(`Deck empty: shuffled ${cards} cards from the Discard pile into a new Deck.`);
    expect(state.zones.hand).toHaveLength(hand + 1);
    expect(state.zones.deck).toHaveLength(cards - 1);
    expect(state.zones.discard).toEqual([]);
  });

  it('shows the win at 10 Victory Points', () => {
    // "The first player to successfully secure 10 Victory Points (VP) immediately wins the game."
    let state = start('osmcg');
    expect(reachedGoals(state)).toEqual([]);
    state = act(state, { type: 'adjustResource', resource: 'vp', delta: 10 });
    expect(reachedGoals(state).map((goal) => goal.result)).toEqual(['win']);
  });
});

describe('Odd Frontier', () => {
  it('starts at 137 life; Reset uncranks every permanent and draws; the energy pool empties at the end of the turn', () => {
    // "Each player starts with 137 life" · "Energy pools are emptied at the end of each turn"
    // "No drawing or attacking for either player on first player's turn 1"
    const [played, engine] = playOne(start('odd-frontier'));
    let state = played;
    expect(state.resources.find((r) => r.id === 'life')!.value).toBe(137);
    state = act(state, { type: 'tap', instanceId: engine });
    state = act(state, { type: 'adjustResource', resource: 'energy', delta: 3 });
    const hand = state.zones.hand.length;
    state = act(state, { type: 'nextTurn' });
    expect(state.log).toContain('End of Post-combat: Energy pool 3 → 0.');
    expect(state.log).toContain(`Reset: untapped ${state.cards[engine].name}.`);
    expect(state.table[engine]).toBeUndefined();
    expect(state.zones.hand).toHaveLength(hand + 1);
    expect(state.resources.find((r) => r.id === 'energy')!.value).toBe(0);
  });

  it('shows the loss at 0 life', () => {
    // "Players lose when they reach 0 life"
    const state = act(start('odd-frontier'), { type: 'adjustResource', resource: 'life', delta: -137 });
    expect(reachedGoals(state).map((goal) => goal.label)).toEqual(['Life at 0: you lose.']);
  });
});

describe('Miscrits', () => {
  it('an hourglass comes off at the end of the next turn after the attack, not the same turn', () => {
    // "After you use an attack put one or two hourglass counters on that attack … and at the end of
    //  your next turn after an attack was used remove one time counter from that attack."
    const [played, miscrit] = playOne(start('miscrits'));
    let state = played;
    state = walkTo(state, 'attack');
    state = act(state, { type: 'counter', instanceId: miscrit, counter: 'hourglass', delta: 2 });
    state = act(state, { type: 'nextTurn' });
    expect(state.table[miscrit].counters).toEqual({ hourglass: 2 });
    state = act(state, { type: 'nextTurn' });
    expect(state.table[miscrit].counters).toEqual({ hourglass: 1 });
    state = act(state, { type: 'nextTurn' });
    expect(state.table[miscrit]).toBeUndefined();
  });

  it("counts the KO pile and shows the loss at five KO'd miscrits", () => {
    // "To keep track of how many miscrits have been KO'ed, keep a separate pile …" ·
    // "If you lose 5 miscrits by any means you lose the game."
    let state = start('miscrits');
    for (const id of state.zones.book.slice(0, 4)) state = act(state, { type: 'move', instanceId: id, to: 'kod' });
    expect(reachedGoals(state)).toEqual([]);
    state = act(state, { type: 'nextTurn' });
    expect(state.resources.find((r) => r.id === 'kos')!.value).toBe(4);
    state = act(state, { type: 'move', instanceId: state.zones.book[0], to: 'kod' });
    expect(reachedGoals(state).map((goal) => [goal.result, goal.label])).toEqual([
      ['loss', "Five of your miscrits KO'd: you lose."],
    ]);
  });
});

describe("muhq's game", () => {
  it('refills the hand to three, then gains the map’s income at Upkeep', () => {
    // "[draw cards till you have three cards in hand]" · "Upkeep: Gain amount of resource defined by the map"
    let state = start('muhq');
    state = act(state, { type: 'move', instanceId: state.zones.hand[0], to: 'discard' });
    state = act(state, { type: 'nextTurn' });
    expect(state.phase).toBe('refill');
    expect(state.zones.hand).toHaveLength(3);
    const resource = state.resources[0].value;
    state = next(state);
    expect(state.resources[0].value).toBe(resource + state.resources[0].regen);
  });

  it('buys one card per turn from the store onto the discard pile, paying its buy cost', () => {
    // "To buy a card a player pays resource equal to the buy cost of the card" ·
    // "Only one card can be bought per turn" · "The bought card is put onto the discard pile"
    let state = start('muhq');
    const docs = (id: string) => state.cards[id].doc;
    const cost = (id: string) => docs(id).buyCost as number;
    const affordable = state.zones.store.filter((id) => cost(id) <= state.resources[0].value);
    const card = affordable[0];
    const before = state.resources[0].value;
    state = act(state, { type: 'buy', instanceId: card });
    expect(zoneOf(state, card)).toBe('discard');
    expect(state.zones.discard[0]).toBe(card);
    expect(state.resources[0].value).toBe(before - cost(card));
    expect(() => act(state, { type: 'buy', instanceId: state.zones.store[0] })).toThrow(
      'Only one card can be bought per turn; you already bought one on turn 1.',
    );
    expect(undo(state).zones.store).toContain(card);
    // A new turn allows a new buy; a card dearer than the resource is refused by name and cost.
    state = act(state, { type: 'nextTurn' });
    const dear = [...state.zones.store].sort((a, b) => cost(b) - cost(a))[0];
    state = act(state, { type: 'adjustResource', resource: 'resource', delta: -state.resources[0].value });
    expect(() => act(state, { type: 'buy', instanceId: dear })).toThrow(
      `${state.cards[dear].name} costs ${cost(dear)} Resource; you have 0.`,
    );
    expect(() => act(state, { type: 'buy', instanceId: state.zones.hand[0] })).toThrow(/is not in the Store/);
  });
});

describe('OMMS', () => {
  it('throws a die at the Draw phase and draws that many cards, the same for the same seed', () => {
    // "1. The player throws the dice and draws that number of cards from the top of the pile."
    const play = () => act(act(start('omms', 9), { type: 'nextTurn' }), { type: 'nextTurn' });
    const state = play();
    const rolls = state.log.filter((line) => line.startsWith('Draw: rolled 1d6: '));
    expect(rolls).toHaveLength(3);
    const drawn = rolls.reduce((sum, line) => sum + Number(/draw (\d+)\.$/.exec(line)![1]), 0);
    expect(state.zones.hand).toHaveLength(5 + drawn);
    expect(play()).toEqual(state);
  });

  it('totals each suit in hand against the Creation Total', () => {
    // "To use these cards, the player must have enough cards of one suit to reach his or her
    //  Creation Total. The Creation Total for each player is 15 at the start of the game"
    const state = start('omms', 4);
    const sums = tallies(state);
    expect(sums.map((sum) => sum.label)).toEqual([
      'Clubs in hand (military)',
      'Spades in hand (construction)',
      'Hearts in hand (food)',
      'Diamonds in hand (resources)',
    ]);
    const clubs = state.zones.hand
      .map((id) => state.cards[id].doc)
      .filter((doc) => doc.type === 'club' && typeof doc.value === 'number')
      .reduce((sum, doc) => sum + (doc.value as number), 0);
    expect(sums[0]).toEqual({ label: 'Clubs in hand (military)', total: clubs, against: 15, againstLabel: 'Creation Total' });
  });
});

describe('phase data', () => {
  it('every built-in game declares its phases with steps, and the Games view says which automate', () => {
    for (const { system } of Object.values(games))
      expect(system.board.phases.some((phase) => typeof phase !== 'string')).toBe(true);
    expect(phasesText(games['odd-frontier'].system)).toBe(
      'Reset (automated: 2 steps) → Pre-combat → Combat → Post-combat (automated: 1 step)',
    );
  });

  it('a board of plain phase names walks them and starts the next turn after the last', () => {
    const { system, decks, docs } = games.osmcg;
    const plain = { ...system, board: { ...system.board, phases: ['Upkeep', 'Main', 'End'] } };
    let state = createPlaytest(plain, decks.get('deck-legal.json')!, (id) => docs.get(id), 3);
    state = applyAction(state, { type: 'keep', bottom: [] });
    state = next(next(state));
    expect(state.phase).toBe('End');
    state = next(state);
    expect([state.turn, state.phase]).toEqual([2, 'Upkeep']);
    expect(state.log.some((line) => line.startsWith('Turn 2 — upkeep: Mana'))).toBe(true);
  });

  it('refuses steps naming what the board does not have, by path', () => {
    const board = games.osmcg.system.board;
    const problems = boardProblems(
      {
        ...board,
        phases: [
          {
            id: 'a',
            label: 'A',
            steps: [
              { counter: 'frost', add: -1 },
              { resource: 'gold', add: 1 },
              { untap: true, zone: 'nowhere' },
            ],
          },
          'a',
        ],
        goals: [{ label: 'x', result: 'win', atLeast: 1 }],
      },
      new Set(['type', 'name', 'startingMana', 'regen', 'manaMax']),
    );
    expect(problems.map((problem) => `${problem.path}: ${problem.reason}`)).toEqual([
      expect.stringMatching(/^\/board\/phases\/0\/steps\/0\/counter: no counter "frost" \(counters: damage, /),
      '/board/phases/0/steps/1/resource: no resource "gold" (resources: mana, vp, nexus)',
      expect.stringMatching(/^\/board\/phases\/0\/steps\/2\/zone: no zone "nowhere" \(zones: deck, hand, /),
      '/board/phases/1: the phase "a" is listed twice',
      '/board/goals/0: a goal counts either the cards of a "zone" or a "resource"; give one',
    ]);
  });
});
