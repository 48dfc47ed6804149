// The odds panel's model on OMMS, whose draw is a dice roll ("The player throws the dice and
// draws that number of cards from the top of the pile."): the Seen column gives the range a roll
// allows, the exact column is the expectation over the die, and the rules line says so.

import { describe, expect, it } from 'vitest';
import { hypergeometricAtLeast } from '../../card-schema/deck/odds';
import type { CardRecord } from '../../card-schema/system/format';
import { DeckOddsModel } from '../../src-renderer/src/decks/deck-odds.svelte';
import type { DeckInputs } from '../../src-renderer/src/decks/deck-stats.svelte';
import { loadSamples } from './systems/harness';

function inputsOf(game: string): () => DeckInputs {
  const samples = loadSamples(game);
  const records = new Map<string, CardRecord>(
    samples.cards.map((c) => [c.id, { id: c.id, setId: 'set', systemId: game, doc: c.doc, updatedAt: '' }]),
  );
  const sections = samples.decks.get('deck-legal.json')!.sections;
  return () => ({ system: samples.system, sections, cards: records });
}

describe('DeckOddsModel on a dice-rolled draw', () => {
  it('shows the cards seen as a range and the exact odds averaged over the roll (OMMS)', () => {
    const model = new DeckOddsModel(inputsOf('omms'));
    // "each player is given five cards", then a die's worth each turn.
    expect(model.cardsSeen(1)).toBe('6–11');
    expect(model.cardsSeen(2)).toBe('7–17');
    expect(model.drawIsRolled).toBe(true);
    const { population, successes } = model.counts;
    const averaged = [6, 7, 8, 9, 10, 11].reduce((sum, n) => sum + hypergeometricAtLeast(population, successes, n, 1) / 6, 0);
    expect(model.exact[0]).toBeCloseTo(averaged, 12);
    expect(model.rulesSummary).toMatch(/^Opening hand 5, then 1d6 \(rolled\) per turn from turn 1; no mulligan\./);
  });

  it('keeps a fixed count where the draw is fixed (OSMCG)', () => {
    const model = new DeckOddsModel(inputsOf('osmcg'));
    expect([1, 2, 3].map((turn) => model.cardsSeen(turn))).toEqual(['7', '8', '9']);
    expect(model.drawIsRolled).toBe(false);
  });
});
