// A large import checks its cards on a second thread (out/main/check-worker.js) while it writes
// them: the verdicts, the rows, the search index and the deck pool are those of an import that
// checks every card on its own thread, and a checking thread that fails leaves the work to it.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile } from '../../src-main/store/database';
import { loadGameSystem } from '../../src-main/services/game-systems';
import { Worker } from 'node:worker_threads';
import { EARLY_CHECK_THREAD_FROM_CHARS, ParallelCardChecks, PARALLEL_CHECKS_FROM } from '../../src-main/services/card-checks';
import { schemaCacheDir } from '../../src-main/services/compiled-schemas';
import { NO_PROGRESS } from '../../src-main/jobs/job-progress';
import { buildSearchText } from '../../src-main/services/search-text';
import { apiCaller } from './api-call';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const CHECK_WORKER = join(ROOT, 'out/main/check-worker.js');
const SIZE = PARALLEL_CHECKS_FROM + 500;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function open(checkWorker?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-import-checks-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = openSampleCardwright(dataDir, checkWorker ? { checkWorker } : {});
  cleanups.push(() => app.close());
  return { app, call: apiCaller(app), dataDir };
}

/** Cards of one set; those at `bad` break the schema in four different ways (one has no type at all). */
function setText(bad: readonly number[]): string {
  const cards = Array.from({ length: SIZE }, (_, i) => {
    const doc: Record<string, unknown> = {
      type: 'creature',
      name: `Checked ${i}`,
      colors: ['red'],
      cost: 2,
      atk: 2,
      hp: 2,
      spd: 4,
      ap: 2,
      text: `A card of the ${['ember', 'tide', 'grove'][i % 3]} shore.`,
      keywords: i % 2 ? [{ kw: 'Haste' }] : [],
    };
    if (bad.includes(i))
      [() => (doc.cost = 'two'), () => delete doc.hp, () => (doc.type = 'dragon'), () => delete doc.type][i % 4]();
    return { id: `checked-${i}`, doc };
  });
  return JSON.stringify({
    format: 'cardwright-set',
    formatVersion: 1,
    set: { id: 'checked', systemId: 'osmcg', name: 'Checked' },
    cards,
  });
}

function counts(dataDir: string) {
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
    return {
      cards: one("SELECT count(*) FROM cards WHERE set_id = 'checked'"),
      pool: one("SELECT count(*) FROM card_pool WHERE set_id = 'checked'"),
      indexed: one("SELECT count(*) FROM cards_fts WHERE cards_fts MATCH 'checked'"),
    };
  } finally {
    db.close();
  }
}

/** Each card's id and search text, in id order. */
function searchTexts(dataDir: string) {
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    return db.prepare("SELECT id, search_text FROM cards WHERE set_id = 'checked' ORDER BY id").all();
  } finally {
    db.close();
  }
}

describe.runIf(existsSync(CHECK_WORKER))('a large import checks its cards on a second thread', () => {
  it('refuses the same cards for the same reasons as one thread, and writes only the others', async () => {
    const warn = vi.spyOn(console, 'warn');
    cleanups.push(() => warn.mockRestore());
    const bad = [3, 4_000, 4_001, 4_002, SIZE - 1];
    const text = setText(bad);
    const threaded = open(CHECK_WORKER);
    const inline = open();
    const byThread = await threaded.call('importSet', { fileName: 'checked.json', text });
    const alone = await inline.call('importSet', { fileName: 'checked.json', text });

    // The thread answered: the importing thread did not fall back to checking the cards itself.
    expect(warn).not.toHaveBeenCalled();
    expect(byThread.rejected).toEqual(alone.rejected);
    expect(byThread.rejected.map((card) => card.index)).toEqual(bad);
    const issueOf = (index: number) => byThread.rejected.find((card) => card.index === index)?.issues[0];
    expect(issueOf(4_000)?.path).toBe('/cost');
    expect(issueOf(3)).toMatchObject({ path: '/type', message: expect.stringMatching(/^Card type is required/) });
    expect(byThread.imported).toBe(SIZE - bad.length);
    expect(counts(threaded.dataDir)).toEqual({ cards: SIZE - bad.length, pool: SIZE - bad.length, indexed: SIZE - bad.length });
    expect((await threaded.call('getCards', { ids: ['checked-3', 'checked-5'] })).map((card) => card.id)).toEqual(['checked-5']);
    // The thread built the last cards' search text: the same as the importing thread's own.
    expect(searchTexts(threaded.dataDir)).toEqual(searchTexts(inline.dataDir));
  });

  it('writes every card of a file without faults in one pass', async () => {
    const { call, dataDir } = open(CHECK_WORKER);
    const result = await call('importSet', { fileName: 'checked.json', text: setText([]) });
    expect(result).toMatchObject({ imported: SIZE, rejected: [] });
    expect(counts(dataDir)).toEqual({ cards: SIZE, pool: SIZE, indexed: SIZE });
  });

  it('starts a large file’s thread before parsing it, and ends it when the file is refused or too small for it', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    cleanups.push(() => terminate.mockRestore());
    const { call } = open(CHECK_WORKER);
    const text = setText([]);
    expect(text.length).toBeGreaterThanOrEqual(EARLY_CHECK_THREAD_FROM_CHARS);
    // Refused while parsing: a card id twice.
    const repeated = text.replace('"checked-7"', '"checked-6"');
    await expect(call('importSet', { fileName: 'repeated.json', text: repeated })).rejects.toThrow(
      /cards\[7\]\.id "checked-6" repeats cards\[6\]\.id/,
    );
    expect(terminate).toHaveBeenCalledTimes(1);
    // Over 1 MB with fewer cards than a thread is for: its cards are checked here, the thread ended.
    const few = JSON.parse(text) as { cards: { doc: { text: string } }[] };
    few.cards = few.cards.slice(0, 3_000);
    for (const card of few.cards) card.doc.text = card.doc.text.repeat(10);
    const fewText = JSON.stringify(few);
    expect(fewText.length).toBeGreaterThanOrEqual(EARLY_CHECK_THREAD_FROM_CHARS);
    expect(await call('importSet', { fileName: 'few.json', text: fewText })).toMatchObject({ imported: 3_000, rejected: [] });
    expect(terminate).toHaveBeenCalledTimes(2);
    // Used: ended once the import is written.
    const replaced = await call('importSet', { fileName: 'checked.json', text, onExisting: 'replace' });
    expect(replaced).toMatchObject({ imported: SIZE, rejected: [] });
    expect(terminate).toHaveBeenCalledTimes(3);
  });

  it('reports a checking thread that failed, so the importing thread checks the cards itself', () => {
    const system = loadGameSystem(join(ROOT, 'card-schema/systems/osmcg'));
    const dir = mkdtempSync(join(tmpdir(), 'cw-import-checks-cache-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const checks = new ParallelCardChecks(
      { workerFile: CHECK_WORKER, schemaCacheDir: schemaCacheDir(dir) },
      () => ['{"type":'],
      system,
    );
    try {
      expect(checks.take(NO_PROGRESS)).toBeUndefined();
    } finally {
      checks.close();
    }
  });

  it('builds the search texts it was asked for before it checks the cards, and reports a failure among them', () => {
    const system = loadGameSystem(join(ROOT, 'card-schema/systems/osmcg'));
    const dir = mkdtempSync(join(tmpdir(), 'cw-import-checks-cache-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const worker = { workerFile: CHECK_WORKER, schemaCacheDir: schemaCacheDir(dir) };
    const docs = [0, 1, 2].map((i) =>
      JSON.stringify({ type: 'creature', name: `Text ${i}`, colors: ['blue'], cost: 'two', text: `Tide ${i}` }),
    );
    const checks = new ParallelCardChecks(worker, () => docs, system, 1);
    try {
      expect(checks.searchTexts()).toEqual(docs.slice(1).map((doc) => buildSearchText(JSON.parse(doc), system)));
      expect([...checks.take(NO_PROGRESS)!.keys()]).toEqual([0, 1, 2]);
    } finally {
      checks.close();
    }
    // A thread that fails while building them: no texts, and no verdicts either.
    const failing = new ParallelCardChecks(worker, () => ['{"type":'], system, 0);
    try {
      expect(failing.searchTexts()).toBeUndefined();
      expect(failing.take(NO_PROGRESS)).toBeUndefined();
    } finally {
      failing.close();
    }
  });
});

it.skipIf(existsSync(CHECK_WORKER))(
  'import checks on a second thread: SKIPPED until `npm run build` has made out/main/check-worker.js',
  () => {
    console.log('SKIPPED: out/main/check-worker.js is missing; `npm test` builds before vitest, `npx vitest` alone does not.');
  },
);
