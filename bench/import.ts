// Importing a large set, next to the least any import of the same rows costs: a raw insert of the
// same rows (the documents as the app stores them, their search text) into the same tables and
// indexes, with the same FTS5 index filled by one statement, in the same run. Also the web host's
// memory around such an import over HTTP, and start-up with and without the compiled-schema cache.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CardDocument, GameSystem } from '../card-schema/system/format';
import { buildSearchText } from '../src-main/services/search-text';
import { databaseFile, openDatabaseFile } from '../src-main/store/database';
import { nowIso } from '../src-main/store/sqlite';
import { BULK_REPLACED_TRIGGERS } from '../src-main/store/card-index-triggers';
import { BULK_CACHE_KIB } from '../src-main/store/bulk-card-writes';
import { poolRowsInsert } from '../src-main/store/pool-rows';
import { writePoolGame } from '../src-main/store/deck-pool';
import { poolGameOf } from '../src-main/services/deck-pool';
import type { Call } from '../tests/unit/api-call';
import { median, ms, type Measurement } from './measure';
import { startWebHost, type RunningHost } from '../tests/e2e/web-host';
import { decodeWire, encodeWire, type Envelope } from '../src-main/api/wire';
import type { JobStatus } from '../src-main/api/contract';
import { openCardwright } from '../src-main/api/service';
import { appPaths } from '../src-main/app-paths';
import { schemaCacheDir } from '../src-main/services/compiled-schemas';

export interface SetFileText {
  text: string;
  setId: string;
  systemId: string;
  cards: { id: string; doc: CardDocument }[];
}

interface RawRow {
  id: string;
  doc: string;
  searchText: string;
}

interface RawTimes {
  rows: number;
  fts: number;
  pool: number;
}

/** One raw insert into a fresh database with the app's schema, minus the triggers the bulk path replaces. */
function rawInsert(system: GameSystem, setId: string, rows: readonly RawRow[]): RawTimes {
  const dir = mkdtempSync(join(tmpdir(), 'cardwright-bench-raw-'));
  const db = openDatabaseFile(databaseFile(dir));
  try {
    for (const trigger of BULK_REPLACED_TRIGGERS) db.exec(`DROP TRIGGER ${trigger.name}`);
    db.pragma(`cache_size = ${-BULK_CACHE_KIB}`);
    writePoolGame(db, poolGameOf(system));
    const now = nowIso();
    db.prepare('INSERT INTO sets (id, system_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
      setId,
      system.id,
      'Raw',
      now,
      now,
    );
    const insert = db.prepare(
      'INSERT INTO cards (id, set_id, doc, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const times: RawTimes = { rows: 0, fts: 0, pool: 0 };
    let at = performance.now();
    db.exec('BEGIN');
    for (const row of rows) insert.run(row.id, setId, row.doc, row.searchText, now, now);
    times.rows = performance.now() - at;
    at = performance.now();
    db.exec('INSERT INTO cards_fts (rowid, name, search_text) SELECT seq, name, search_text FROM cards ORDER BY seq');
    times.fts = performance.now() - at;
    at = performance.now();
    db.exec('COMMIT');
    const commit = performance.now() - at;
    times.rows += commit;
    // The deck pool's rows, which the app's import writes too (not part of the raw baseline).
    at = performance.now();
    db.exec(poolRowsInsert());
    times.pool = performance.now() - at;
    return times;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Imports `file` through the API (the library keeps it) between raw inserts of the same rows;
 * the ratio is the import over the median raw insert.
 */
export async function measureImport(call: Call, file: SetFileText): Promise<Measurement[]> {
  const system = await call('getSystem', { systemId: file.systemId });
  const rows = file.cards.map((card) => ({
    id: card.id,
    doc: JSON.stringify(card.doc),
    searchText: buildSearchText(card.doc, system),
  }));
  const raws = [rawInsert(system, file.setId, rows)];
  const start = performance.now();
  const result = await call('importSet', { fileName: 'bench.json', text: file.text });
  const elapsed = performance.now() - start;
  if (result.imported !== file.cards.length) throw new Error(`imported ${result.imported} of ${file.cards.length}`);
  raws.push(rawInsert(system, file.setId, rows), rawInsert(system, file.setId, rows));

  const raw = median(raws.map((times) => times.rows + times.fts));
  const part = (pick: (times: RawTimes) => number) => seconds(median(raws.map(pick)));
  const count = file.cards.length.toLocaleString('en');
  return [
    {
      name: `import ${count} cards (parse + validate + insert + FTS + deck pool, API call)`,
      value: `${seconds(elapsed)} (${Math.round(file.cards.length / (elapsed / 1000)).toLocaleString('en')} cards/s)`,
      target: '≤ 2× raw insert',
      note: `${(elapsed / raw).toFixed(2)}× the raw insert below (median of ${raws.length}, one before and two after the import)`,
    },
    {
      name: `raw insert of the same ${count} rows + FTS5 filled in one statement (baseline)`,
      value: seconds(raw),
      target: '',
      note:
        `rows ${part((t) => t.rows)} (commit included), FTS ${part((t) => t.fts)}; the same schema, indexes and ` +
        `connection settings (with the import's page cache), documents and search text prepared beforehand; filling the deck pool's rows ` +
        `(which the import also does) takes ${part((t) => t.pool)} more`,
    },
  ];
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

/** Calls the web host's API over HTTP as the browser does (the body is the wire's JSON). */
export async function httpCall<T>(host: RunningHost, method: string, input: unknown): Promise<T> {
  const response = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: encodeWire(input),
  });
  const envelope = decodeWire(await response.text()) as Envelope<T>;
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.message}`);
  return envelope.value;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The web host's resident memory around an import of `file` over HTTP: before (started, idle),
 * the peak (sampled every 20 ms), right after the job ended, after 5 s idle and once settled
 * (15 s idle: sampled each second, the host keeps its 2 s figure until about 8 s after the job, then drops).
 */
export async function measureImportMemory(file: SetFileText, idleMs = [5_000, 15_000]): Promise<Measurement[]> {
  if (process.platform !== 'linux') return [];
  const host = await startWebHost();
  try {
    // The daily backup runs 10 s after start; let it finish so it is not counted as the import's.
    await sleep(12_000);
    const before = residentMb(host.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(host.pid))), 20);
    const start = performance.now();
    let status = await httpCall<JobStatus>(host, 'startJob', {
      job: { kind: 'importSet', fileName: 'bench.json', text: file.text },
    });
    while (status.state === 'queued' || status.state === 'running') {
      await sleep(100);
      const id = status.id;
      const jobs = await httpCall<JobStatus[]>(host, 'listJobs', {});
      status = jobs.find((job) => job.id === id) ?? status;
    }
    const seconds = (performance.now() - start) / 1000;
    if (status.state !== 'done') throw new Error(`the import ended ${status.state}: ${status.error?.message}`);
    await sleep(500);
    clearInterval(sampler);
    const after = residentMb(host.pid);
    const idle: number[] = [];
    for (const [index, ms] of idleMs.entries()) {
      await sleep(ms - (idleMs[index - 1] ?? 0));
      idle.push(residentMb(host.pid));
    }
    const mb = (value: number) => `${Math.round(value)} MB`;
    const idleNames = idleMs.map((ms) => `after ${ms / 1000} s idle`).join(' / ');
    return [
      {
        name: `web host memory (RSS) around an import of ${file.cards.length.toLocaleString('en')} cards over HTTP: before / peak / after / ${idleNames}`,
        value: [before, peak, after, ...idle].map(mb).join(' / '),
        target: `after ${idleMs[idleMs.length - 1] / 1000} s idle < 250 MB`,
        note:
          `out/main/web.js on a fresh data folder, ${(Buffer.byteLength(file.text) / 2 ** 20).toFixed(0)} MiB body; the import took ` +
          `${seconds.toFixed(1)} s; "after" is 0.5 s after the job ended; the import runs in a child process (jobs/process-executor.ts), ` +
          `which gives all its memory back when it exits; the issue measured ~424 MB after, and ~250 MB with the import in ` +
          `worker threads (Node and glibc keep part of an ended thread's pages, nodejs/node#51868)`,
      },
    ];
  } finally {
    await host.stop();
  }
}

/** Milliseconds openCardwright takes on `dataDir` (its database and samples already there). */
function timeOpen(root: string, dataDir: string): number {
  const start = performance.now();
  const app = openCardwright({ dataDir, ...appPaths(root) });
  const elapsed = performance.now() - start;
  void app.close();
  return elapsed;
}

/**
 * Start-up (creating the service: database, game systems, samples check) with the compiled-schema
 * cache empty (every schema compiled, as every start did before the cache) and filled, interleaved.
 */
export async function measureStartup(root: string, runs = 5): Promise<Measurement[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-bench-start-'));
  try {
    await openCardwright({ dataDir, ...appPaths(root) }).close(); // the first start seeds the samples
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < runs; i++) {
      rmSync(schemaCacheDir(dataDir), { recursive: true, force: true });
      cold.push(timeOpen(root, dataDir));
      warm.push(timeOpen(root, dataDir));
      await sleep(200);
    }
    return [
      {
        name: 'start-up (service creation) with the compiled-schema cache empty / filled, median',
        value: `${ms(median(cold))} / ${ms(median(warm))}`,
        target: 'schemas compiled once',
        note: `${runs} runs each, interleaved, the five built-in games; empty = every card schema compiled (as each start did before the cache) and written; filled = loaded from <data>/cache/schemas without compiling: ${(median(cold) / median(warm)).toFixed(1)}× faster`,
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
