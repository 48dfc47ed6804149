// 50 searches at once, 20 rounds, through the API's dispatch as the renderer calls it: the
// library view's search-as-you-type prefixes and filters and the deck builder's section search,
// with the UI's page size. Each call is timed from when the round fired it to its answer, so
// waiting in a queue (for a reader thread, or for the main thread) counts.

import type { ApiInput } from '../src-main/api/contract';
import type { Call } from '../tests/unit/api-call';
import { percentile } from './responsiveness';

/** The UI's page size: LibraryView and DeckCardBrowser ask for 200 cards. */
const PAGE = 200;

/** What users type and pick, in rotation. */
export const uiSearches: ApiInput<'searchCards'>[] = [
  ...['e', 'em', 'emb', 'embe', 'ember', 't', 'ti', 'tide', 'tide g', 'tide gr', 'haste', 'ash', 'frost'].map((query) => ({
    query,
    systemId: 'osmcg',
    limit: PAGE,
  })),
  { query: '', systemId: 'osmcg', limit: PAGE },
  { query: '', systemId: 'osmcg', setId: 'bench-big', limit: PAGE },
  { query: 'st', systemId: 'osmcg', setId: 'bench-big', limit: PAGE },
  { query: '', systemId: 'osmcg', types: ['creature'], limit: PAGE },
  { query: 'gr', systemId: 'osmcg', types: ['spell'], limit: PAGE },
  { query: '', systemId: 'osmcg', types: ['creature', 'spell', 'skill', 'equipment'], limit: PAGE },
  { query: 'dawn', systemId: 'osmcg', types: ['hero'], limit: PAGE },
];

export interface LatencySummary {
  p50: number;
  p95: number;
  max: number;
  count: number;
}

export function summarize(values: readonly number[]): LatencySummary {
  return { p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values), count: values.length };
}

/**
 * `rounds` times: `concurrency` searches fired together; every call's milliseconds. The first
 * round after opening (reader threads starting, statements being prepared) is reported apart.
 */
export async function concurrentSearches(
  call: Call,
  concurrency = 50,
  rounds = 20,
): Promise<{ first: number[]; steady: number[] }> {
  const first = await searchRounds(call, concurrency, 1, rounds);
  return { first, steady: await searchRounds(call, concurrency, rounds) };
}

async function searchRounds(call: Call, concurrency: number, rounds: number, offset = 0): Promise<number[]> {
  const times: number[] = [];
  for (let round = offset; round < offset + rounds; round++) {
    const fired = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async (_, i) => {
        const input = uiSearches[(round * concurrency + i) % uiSearches.length];
        const page = await call('searchCards', input);
        if (page.cards.length === 0 && input.query !== 'zzzz') throw new Error(`no cards for ${JSON.stringify(input)}`);
        times.push(performance.now() - fired);
      }),
    );
  }
  return times;
}
