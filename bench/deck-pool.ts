// The deck builder's pool at 100,000 cards: the API call the UI makes (a page (POOL_PAGE_SIZE) of the
// game's cards inside a Hero's identity, through the reader thread, with the total up to 1,000),
// next to raw SQL in the same run: the same index walk on card_pool (the floor), and the query
// one would write without card_pool (identity read from each card's JSON, sorted by name).

import Database from 'better-sqlite3';
import type { ApiHandlers } from '../src-main/api/contract';
import { ms, timeRuns, type Measurement } from './measure';
import { percentile } from './responsiveness';
import { POOL_PAGE_SIZE } from '../src-renderer/src/decks/pool-page-size';

const RUNS = 200;

const RAW_POOL_SQL = `
SELECT c.id, c.set_id, c.doc FROM card_pool p INDEXED BY card_pool_by_name CROSS JOIN cards c ON c.seq = p.seq
WHERE p.system_id = 'osmcg' AND p.type IN ('creature', 'spell', 'skill', 'equipment') AND (p.identity_mask & @outside) = 0
ORDER BY p.name, p.seq LIMIT @limit`;

const RAW_POOL_COUNT_SQL = `
SELECT count(*) FROM (SELECT 1 FROM card_pool p INDEXED BY card_pool_by_name
WHERE p.system_id = 'osmcg' AND p.type IN ('creature', 'spell', 'skill', 'equipment') AND (p.identity_mask & @outside) = 0 LIMIT 1001)`;

const RAW_JSON_SQL = `
SELECT c.id, c.set_id, c.doc FROM cards c
WHERE c.set_id IN (SELECT id FROM sets WHERE system_id = 'osmcg') AND c.type IN ('creature', 'spell', 'skill', 'equipment')
  AND NOT EXISTS (SELECT 1 FROM json_each(c.doc, '$.colors') j WHERE j.value NOT IN ('red', 'neutral'))
ORDER BY c.name COLLATE NOCASE, c.seq LIMIT @limit`;

const p50p95 = (times: number[]) => `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`;

export async function measureDeckPool(handlers: ApiHandlers, databaseFile: string, size: number): Promise<Measurement[]> {
  const request = {
    systemId: 'osmcg',
    sectionId: 'main',
    query: '',
    withinIdentity: ['red'],
    sort: 'name' as const,
    descending: false,
    limit: POOL_PAGE_SIZE,
  };
  // Warm up first: right after the 100,000-card import the collector is still clearing up after it.
  await timeRuns(100, () => handlers.searchDeckPool({ ...request, sort: 'type' }), 0);
  const api = await timeRuns(RUNS, () => handlers.searchDeckPool(request), 20);
  const first = await handlers.searchDeckPool(request);
  const byCost = await timeRuns(RUNS, () => handlers.searchDeckPool({ ...request, sort: 'cost' }), 20);
  const nextPage = await timeRuns(RUNS, () => handlers.searchDeckPool({ ...request, after: first.next ?? undefined }), 20);

  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    // Red is bit 0 and neutral bit 5 of OSMCG's colors: every other bit is outside Pyra's identity.
    const outside = 0b011110;
    const rawPool = db.prepare(RAW_POOL_SQL);
    const rawCount = db.prepare(RAW_POOL_COUNT_SQL).pluck();
    const poolSql = await timeRuns(
      RUNS,
      () => {
        rawPool.all({ outside, limit: POOL_PAGE_SIZE + 1 });
        rawCount.get({ outside });
      },
      20,
    );
    const rawJson = db.prepare(RAW_JSON_SQL);
    const jsonSql = await timeRuns(20, () => rawJson.all({ limit: POOL_PAGE_SIZE + 1 }), 2);
    const ratio = percentile(api, 95) / percentile(poolSql, 95);
    const cards = `${size.toLocaleString('en')} cards`;
    return [
      {
        name: `deck pool: ${POOL_PAGE_SIZE} cards inside a Hero's identity (of ${first.total.toLocaleString('en')}${first.totalExact ? '' : '+'}), ${cards}, API call: p50 / p95`,
        value: p50p95(api),
        target: 'p95 ≤ 10 ms',
        note: `p95 = ${ratio.toFixed(1)}× the same SQL run directly (the API adds the reader thread, parsing the page's cards and the pool columns)`,
      },
      { name: 'deck pool: the same, sorted by cost: p50 / p95', value: p50p95(byCost), target: 'p95 ≤ 10 ms' },
      { name: 'deck pool: the page after it (keyset cursor): p50 / p95', value: p50p95(nextPage), target: 'p95 ≤ 10 ms' },
      {
        name: 'deck pool baseline: the same page and count as raw SQL on card_pool (no API, no reader thread): p50 / p95',
        value: p50p95(poolSql),
      },
      {
        name: 'deck pool baseline: raw SQL without card_pool (identity from each card’s JSON, sorted by name): p50 / p95',
        value: p50p95(jsonSql),
        note: `${(percentile(jsonSql, 95) / percentile(api, 95)).toFixed(0)}× the API call's p95`,
      },
    ];
  } finally {
    db.close();
  }
}
