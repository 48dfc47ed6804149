// The pick-and-pass draft: only eligible cards are dealt, every card ends in exactly one
// player's picks or stays undealt, nobody passes the pick limit, rounds need a pile for every
// player, and bad picks are refused with a reason.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DraftError, draftedEntries, pick, startDraft, type DraftCard, type DraftState } from '../../card-schema/draft/engine';
import type { DraftSetup } from '../../card-schema/deck/format';
import { loadSamples } from './systems/harness';

const setup: DraftSetup = {
  section: 'store',
  pileSize: 10,
  maxPicks: 25,
  players: { min: 2, max: 6 },
  eligible: { where: [{ field: 'buyCost', exists: true }] },
};

function pool(size: number, unbuyable = 0): DraftCard[] {
  const cards: DraftCard[] = [];
  for (let i = 0; i < size; i++) cards.push({ id: `c${i}`, doc: { type: 'unit', name: `Card ${i}`, buyCost: 1 + (i % 5) } });
  for (let i = 0; i < unbuyable; i++) cards.push({ id: `free${i}`, doc: { type: 'spell', name: `Free ${i}` } });
  return cards;
}

/** The human always takes the first card offered. */
function draftToTheEnd(state: DraftState): DraftState {
  let current = state;
  while (!current.done) current = pick(current, current.inFront[0][0]);
  return current;
}

describe('draft', () => {
  it('deals piles of 10 from buyable cards only and plays the rounds out', () => {
    const start = startDraft(setup, pool(60, 7), 2, 42);
    expect(start.log[0]).toBe('Shuffled 60 cards into 6 piles of up to 10 (7 cards cannot be drafted).');
    expect(start.round).toBe(1);
    expect(start.inFront.map((p) => p.length)).toEqual([10, 10]);
    const end = draftToTheEnd(start);
    // 3 rounds of 2 piles: 30 cards each, capped at 25.
    expect(end.picks.map((p) => p.length)).toEqual([25, 25]);
    expect(end.log.at(-1)).toBe('The draft is over: everyone has 25 cards. You drafted 25 cards.');
    expect(draftedEntries(end)).toHaveLength(25);
    expect(draftedEntries(end).every((e) => e.count === 1 && e.cardId.startsWith('c'))).toBe(true);
  });

  it('stops when there is no pile for every player', () => {
    const end = draftToTheEnd(startDraft(setup, pool(25), 3, 1));
    // 3 piles (10, 10, 5) for 3 players: one round, then none left.
    expect(end.round).toBe(1);
    expect(end.picks.flat()).toHaveLength(25);
    expect(end.log.at(-1)).toMatch(/not enough piles are left for every player/);
  });

  it('refuses a card that is not in front of you, a finished draft and a wrong player count', () => {
    const start = startDraft(setup, pool(30), 2, 5);
    const elsewhere = start.inFront[1][0];
    expect(() => pick(start, elsewhere)).toThrow(
      new DraftError(`"${start.cards[elsewhere].doc.name}" is not in the pile in front of you.`),
    );
    expect(() => pick(start, 'nope')).toThrow('Card "nope" is not in the pile in front of you.');
    expect(() => pick(draftToTheEnd(start), 'c1')).toThrow('The draft is over.');
    expect(() => startDraft(setup, pool(30), 7, 5)).toThrow('This draft is for 2 to 6 players; got 7.');
  });

  it('never loses, duplicates or over-deals a card (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer(),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 30 }),
        (size, players, seed, pileSize, maxPicks) => {
          const custom = { ...setup, pileSize, maxPicks };
          let state = startDraft(custom, pool(size, 3), players, seed);
          let choice = seed;
          while (!state.done) {
            const pile = state.inFront[0];
            choice = (choice * 31 + 7) >>> 0;
            state = pick(state, pile[choice % pile.length]);
          }
          const picked = state.picks.flat();
          expect(new Set(picked).size).toBe(picked.length);
          expect(picked.every((id) => id.startsWith('c'))).toBe(true);
          expect(state.picks.every((p) => p.length <= maxPicks)).toBe(true);
          expect(picked.length).toBeLessThanOrEqual(size);
          // It only ends early for want of piles: then fewer piles than players are left.
          if (state.picks.some((p) => p.length < maxPicks)) expect(state.piles.length).toBeLessThan(players);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("drafts muhq's sample set: no starting card, token or map ever reaches a store", () => {
    const samples = loadSamples('muhq');
    const draft = samples.system.deck.draft!;
    const end = draftToTheEnd(startDraft(draft, samples.cards, 2, 9));
    const docs = end.picks.flat().map((id) => samples.docs.get(id)!);
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((doc) => typeof doc.buyCost === 'number' && !['token', 'map'].includes(doc.type))).toBe(true);
  });
});
