// meetTurn: a turn as the player meets it, its automated phases applied and logged by the engine
// up to the first phase where the player acts, on each built-in game's phases as its system.json
// declares them (quoting the rulebooks); and the two simulators built on it give the results
// they gave when each walked the phases itself (recorded for a fixed seed).

import { describe, expect, it } from 'vitest';
import { boardOf, simulateOdds } from '../../card-schema/deck/odds';
import { applyAction, createPlaytest } from '../../card-schema/playtest/engine';
import type { PlaytestState } from '../../card-schema/playtest/playtest-state';
import { meetTurn } from '../../card-schema/playtest/meet-turn';
import { simulateOpenings } from '../../card-schema/playtest/simulate';
import type { CardDocument, GameSystem } from '../../card-schema/system/format';
import { loadSamples, type GameSamples } from './systems/harness';

const GAMES = ['osmcg', 'muhq', 'odd-frontier', 'miscrits', 'omms'] as const;
const games: Record<string, GameSamples> = Object.fromEntries(GAMES.map((id) => [id, loadSamples(id)]));

function kept(game: string, seed = 1, system: GameSystem = games[game].system): PlaytestState {
  const { decks, docs } = games[game];
  const state = createPlaytest(system, decks.get('deck-legal.json')!, (id) => docs.get(id), seed);
  return state.awaitingKeep ? applyAction(state, { type: 'keep', bottom: [] }) : state;
}

const hand = (state: PlaytestState) => state.zones[state.board.zones.find((zone) => zone.kind === 'hand')!.id];
const newLines = (before: PlaytestState, after: PlaytestState) => after.log.slice(before.log.length);

describe('meetTurn', () => {
  it('OSMCG: turn 1 walks Upkeep and Draw to Main 1 without drawing; turn 2 gains Regen and draws 1', () => {
    // "The Active Player draws 1 card. *Exception:* The player going first does not draw a card on Turn 1."
    // "2. Gain Mana equal to the Hero's **Regen** stat (capped at **Mana Max**)."
    const start = kept('osmcg');
    expect(start.phase).toBe('upkeep');
    const one = meetTurn(start, 1);
    expect([one.turn, one.phase]).toEqual([1, 'main-1']);
    expect(hand(one)).toHaveLength(7);
    expect(newLines(start, one)).toEqual([
      'Phase: Draw.',
      'Draw: the player going first does not draw on turn 1.',
      'Phase: Main 1.',
    ]);
    const two = meetTurn(one, 2);
    expect([two.turn, two.phase]).toEqual([2, 'main-1']);
    expect(hand(two)).toHaveLength(8);
    const lines = newLines(one, two);
    expect(lines).toContain('Turn 2 begins.');
    expect(lines).toContain('Upkeep: Mana 3 → 5.');
    expect(lines.filter((line) => line.startsWith('Drew '))).toHaveLength(1);
    expect(lines.at(-1)).toBe('Phase: Main 1.');
    // Each phase change is one engine action, undoable and replayable like the board's own.
    expect(
      two.actions.slice(one.actions.length).every((action) => action.type === 'nextTurn' || action.type === 'nextPhase'),
    ).toBe(true);
  });

  it('muhq: each turn draws till the hand holds three cards, then gains the income in Upkeep', () => {
    // "draw cards till you have three cards in hand" then "Upkeep: Gain amount of resource defined by the map"
    const start = kept('muhq');
    const one = meetTurn(start, 1);
    expect([one.turn, one.phase]).toEqual([1, 'actions']);
    expect(hand(one)).toHaveLength(3);
    // Turn 1 began at the deal (muhq has no mulligan to wait for): its refill found the hand full.
    expect(one.log).toContain('Refill hand: no card to draw (the hand is full).');
    // Two cards played onto the map make room for two.
    let played = one;
    for (const id of hand(one).slice(0, 2)) played = applyAction(played, { type: 'move', instanceId: id, to: 'map' });
    const two = meetTurn(played, 2);
    expect([two.turn, two.phase]).toEqual([2, 'actions']);
    expect(hand(two)).toHaveLength(3);
    expect(newLines(played, two).some((line) => line.startsWith('Drew (2): '))).toBe(true);
    expect(newLines(played, two).some((line) => line.startsWith('Upkeep: Resource '))).toBe(true);
  });

  it('OMMS: the Draw phase throws a die and draws that many, the same roll for the same seed', () => {
    // "1. The player throws the dice and draws that number of cards from the top of the pile."
    const start = kept('omms', 5);
    const one = meetTurn(start, 1);
    expect([one.turn, one.phase]).toEqual([1, 'build']);
    const rolledIn = (lines: string[]) =>
      Number(/^Draw: rolled 1d6: (\d); draw \1\.$/.exec(lines.find((l) => l.startsWith('Draw: rolled')) ?? '')?.[1]);
    // Turn 1 began at the deal (OMMS has no mulligan to wait for), its roll with it.
    const first = rolledIn(one.log);
    expect(hand(one)).toHaveLength(5 + first);
    const two = meetTurn(one, 2);
    expect([two.turn, two.phase]).toEqual([2, 'build']);
    const second = rolledIn(newLines(one, two));
    expect(second).toBeGreaterThanOrEqual(1);
    expect(second).toBeLessThanOrEqual(6);
    expect(hand(two)).toHaveLength(5 + first + second);
    expect(meetTurn(meetTurn(kept('omms', 5), 1), 2)).toEqual(two);
    // Over a few seeds every face of the die comes up.
    const faces = new Set(Array.from({ length: 40 }, (_, seed) => hand(meetTurn(kept('omms', seed), 1)).length - 5));
    expect([...faces].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('Odd Frontier and Miscrits: the draw phase runs, the player meets the turn in the next phase', () => {
    // Odd Frontier: "Players must draw a card during the draw phase at the beginning of their turn";
    // Miscrits: "At the beginning of your turn you may draw a card from your deck (Unless it is your first turn)."
    const frontier = meetTurn(kept('odd-frontier'), 2);
    expect([frontier.turn, frontier.phase]).toEqual([2, 'pre-combat']);
    expect(hand(frontier)).toHaveLength(8);
    const miscrits = meetTurn(kept('miscrits'), 3);
    expect([miscrits.turn, miscrits.phase]).toEqual([3, 'play']);
    expect(hand(miscrits)).toHaveLength(7);
  });

  it('on a board of plain phase names, a new turn draws at once and there is nothing to walk', () => {
    const plain: GameSystem = {
      ...games.osmcg.system,
      board: { ...games.osmcg.system.board, phases: ['Upkeep', 'Draw', 'Main'], modes: undefined },
    };
    const start = kept('osmcg', 1, plain);
    expect(meetTurn(start, 1)).toBe(start);
    const two = meetTurn(start, 2);
    expect([two.turn, two.phase]).toEqual([2, 'Upkeep']);
    expect(hand(two)).toHaveLength(8);
  });

  it('meets a turn already under way where it is, and refuses a turn that is over or a hand not yet kept', () => {
    const one = meetTurn(kept('osmcg'), 1);
    expect(meetTurn(one, 1)).toBe(one);
    const three = meetTurn(one, 3);
    expect(three.turn).toBe(3);
    expect(() => meetTurn(three, 2)).toThrow('Turn 2 cannot be met: the game is on turn 3.');
    const { system, decks, docs } = games.osmcg;
    const dealt = createPlaytest(system, decks.get('deck-legal.json')!, (id) => docs.get(id), 1);
    expect(() => meetTurn(dealt, 1)).toThrow('Keep the opening hand (or take a mulligan) before moving on.');
  });
});

describe('the simulators on meetTurn', () => {
  // Recorded from the simulators as they were before meetTurn (each walking phases itself):
  // 300 openings of each game's legal deck, seed 11, mulligans for its first draw-pile card.
  const recorded: Record<string, { hits: number[]; all: number; mulligans: number[]; odds: number[] }> = {
    osmcg: { hits: [193, 259, 0], all: 0, mulligans: [130, 63, 42, 27, 14, 8, 4, 12], odds: [288, 289, 290, 290, 291] },
    muhq: { hits: [0, 300, 0], all: 0, mulligans: [300], odds: [269, 300, 300, 300, 300] },
    'odd-frontier': { hits: [275, 297, 0], all: 0, mulligans: [161, 75, 39, 11, 7, 3, 0, 4], odds: [297, 297, 297, 298, 299] },
    miscrits: { hits: [0, 255, 0], all: 0, mulligans: [126, 58, 26, 22, 68], odds: [243, 250, 255, 260, 263] },
    omms: { hits: [300, 92, 297], all: 92, mulligans: [300], odds: [57, 73, 92, 108, 133] },
  };

  it.each(GAMES)('%s: the opening simulator and the draw odds give the recorded results for seed 11', (id) => {
    const { system, decks, docs } = games[id];
    const deck = decks.get('deck-legal.json')!;
    const cards: Record<string, CardDocument> = Object.fromEntries(docs);
    const first = deck.sections[boardOf(system).deckSection][0].cardId;
    const result = simulateOpenings({
      system,
      sections: deck.sections,
      cards,
      policy: { kind: 'mulligan', conditions: [1] },
      openings: 300,
      seed: 11,
      format: deck.format,
      conditions: [
        { clauses: [], atLeast: 6, byTurn: 1 },
        { clauses: [{ field: 'name', op: ':', value: docs.get(first)!.name }], atLeast: 1, byTurn: 3 },
        { clauses: [], atLeast: 10, byTurn: 3 },
      ],
    });
    const odds = simulateOdds(
      system,
      deck.sections,
      (cardId) => docs.get(cardId),
      { kind: 'card', cardId: first },
      {
        k: 1,
        turns: 5,
        trials: 300,
        seed: 11,
      },
    );
    expect({
      hits: result.conditions.map((c) => c.hits),
      all: result.all.hits,
      mulligans: result.mulligans,
      odds: odds.byTurn.map((p) => Math.round(p * 300)),
    }).toEqual(recorded[id]);
  });
});
