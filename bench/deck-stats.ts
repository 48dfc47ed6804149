// Deck statistics and draw odds as the deck builder computes them on every change: all charts
// (deckStats) plus the exact odds table (turns 1–10) of every distinct card of a 60-card deck,
// next to evaluateDeck on the same deck in the same run (the legality the builder already
// recomputes per change), and the mulligan simulation the odds panel runs after a pause.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateDeck } from '../card-schema/deck/evaluate';
import type { DeckEntry } from '../card-schema/deck/format';
import { boardOf, drawPileCounts, exactOddsByTurn, simulateOdds } from '../card-schema/deck/odds';
import { deckStats } from '../card-schema/deck/stats';
import type { CardDocument, GameSystem } from '../card-schema/system/format';
import { loadGameSystem } from '../src-main/services/game-systems';
import { ms, timeRuns, type Measurement } from './measure';
import { percentile } from './responsiveness';

const RUNS = 2_000;
const TURNS = 10;

export async function measureDeckStats(root: string): Promise<Measurement[]> {
  const system: GameSystem = loadGameSystem(join(root, 'card-schema/systems/osmcg'));
  const set = JSON.parse(readFileSync(join(root, 'resources/samples/osmcg/core-set.json'), 'utf8')) as {
    cards: { id: string; doc: CardDocument }[];
  };
  const docs = new Map(set.cards.map((c) => [c.id, c.doc]));
  const lookup = (id: string) => docs.get(id);
  // 60 cards: every non-Hero main-deck card of the sample set, 1 to 3 copies each.
  const mainTypes = system.deck.sections.find((s) => s.id === 'main')!.types;
  const main: DeckEntry[] = [];
  let copies = 0;
  for (const card of set.cards) {
    if (copies >= 60) break;
    if (!mainTypes.includes(card.doc.type)) continue;
    const count = Math.min(1 + (main.length % 3), 60 - copies);
    main.push({ cardId: card.id, count });
    copies += count;
  }
  if (copies !== 60) throw new Error(`The sample set fills only ${copies} of 60 cards`);
  const hero = set.cards.find((c) => c.doc.type === 'hero')!;
  const sections = { hero: [{ cardId: hero.id, count: 1 }], main };
  const board = boardOf(system);

  const statsAndOdds = () => {
    deckStats(system, sections, lookup);
    for (const entry of main) {
      const { population, successes } = drawPileCounts(board, sections, lookup, { kind: 'card', cardId: entry.cardId });
      exactOddsByTurn(board, population, successes, 1, TURNS);
    }
  };
  const evaluate = () => evaluateDeck(system, { systemId: system.id, sections }, lookup);

  // Interleaved, so both see the same machine load.
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < 10; round++) {
    ours.push(...(await timeRuns(RUNS / 10, statsAndOdds, 20)));
    baseline.push(...(await timeRuns(RUNS / 10, evaluate, 20)));
  }
  const [p50, p95, b50, b95] = [percentile(ours, 50), percentile(ours, 95), percentile(baseline, 50), percentile(baseline, 95)];

  const target = { kind: 'card' as const, cardId: main[0].cardId };
  const simulation = await timeRuns(
    10,
    () => simulateOdds(system, sections, lookup, target, { k: 1, turns: TURNS, trials: 2000, seed: 1 }),
    2,
  );

  return [
    {
      name: `deck stats + exact odds (turns 1–${TURNS}) of each of ${main.length} distinct cards, 60-card deck: p50 / p95`,
      value: `${ms(p50)} / ${ms(p95)}`,
      target: '≤ 50 ms with the UI update',
      note: `${(p50 / b50).toFixed(2)}× (p95 ${(p95 / b95).toFixed(2)}×) evaluateDeck on the same deck in the same run: ${ms(b50)} / ${ms(b95)}; ${RUNS.toLocaleString('en')} runs each`,
    },
    {
      name: `draw odds simulated under OSMCG's London mulligan, 2,000 games × ${TURNS} turns, 60-card deck: p50 / p95`,
      value: `${ms(percentile(simulation, 50))} / ${ms(percentile(simulation, 95))}`,
      note: 'the odds panel runs it 150 ms after its inputs settle, 100 games per step between frames, never on each change',
    },
  ];
}
