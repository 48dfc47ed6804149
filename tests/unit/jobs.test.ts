// Jobs: the queue and Cancel (with a controllable executor), progress throttling, the API's job
// methods inline and with a desktop integration, and — over the built worker bundle — real
// jobs in worker threads: progress while running, Cancel undoing an import, a game installed
// by a worker known to the main thread.

import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { JobSpec, JobStatus } from '../../src-main/api/contract';
import type { DesktopIntegration } from '../../src-main/api/desktop';
import type { Cardwright } from '../../src-main/api/service';
import type { JobOutcome } from '../../src-main/jobs/execute-job';
import type { JobExecutor } from '../../src-main/jobs/executors';
import { JobManager } from '../../src-main/jobs/job-manager';
import { CancelFlag, JobCancelledError, throttledProgress, type ProgressSnapshot } from '../../src-main/jobs/job-progress';
import { apiCaller, failure } from './api-call';
import { collectGarbageNow } from '../../src-main/reclaim-memory';
import { openSampleCardwright } from './sample-app';

const ROOT = resolve(import.meta.dirname, '../..');
const WORKER = join(ROOT, 'out/main/job-worker.js');
const PROCESS = join(ROOT, 'out/main/job-process.js');
const CHECKER = join(ROOT, 'out/main/check-worker.js');
const paths = { dataDir: '/nowhere', systemsDir: '/nowhere', userSystemsDir: '/nowhere', fontsDir: '/nowhere' };
const spec: JobSpec = { kind: 'generateDeck', systemId: 'osmcg', generatorId: 'g' };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-jobs-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A Cardwright on a fresh data folder (closed after the test), and its API called as the renderer calls it. */
function open(options: { jobWorker?: string; jobProcess?: string; checkWorker?: string; desktop?: DesktopIntegration } = {}): {
  app: Cardwright;
  dataDir: string;
  call: ReturnType<typeof apiCaller>;
} {
  const dataDir = tmpDir();
  const app = openSampleCardwright(dataDir, options);
  cleanups.push(() => app.close());
  return { app, dataDir, call: apiCaller(app) };
}

/** An executor whose jobs end when the test says so; it records terminate() calls. */
function controllableExecutor() {
  const runs: {
    flag: CancelFlag;
    finish: (outcome: JobOutcome) => void;
    progress: (s: ProgressSnapshot) => void;
    terminated: boolean;
  }[] = [];
  const executor: JobExecutor = {
    run: (_request, flag, onProgress) => {
      let finish!: (outcome: JobOutcome) => void;
      const outcome = new Promise<JobOutcome>((resolve) => (finish = resolve));
      const run = { flag, finish, progress: onProgress, terminated: false };
      runs.push(run);
      return {
        outcome,
        terminate: () => {
          run.terminated = true;
          finish({ state: 'cancelled' });
        },
      };
    },
    close: async () => {},
  };
  return { executor, runs };
}

describe('the job queue', () => {
  it('runs at most maxConcurrent jobs and starts the next when one ends', async () => {
    const { executor, runs } = controllableExecutor();
    const manager = new JobManager({ executor, paths, systems: () => [], maxConcurrent: 1 });
    const first = manager.start(spec, 'first');
    const second = manager.start(spec, 'second');
    expect(manager.status(first.id).state).toBe('running');
    expect(manager.status(second.id).state).toBe('queued');
    runs[0].progress({ step: 'Reading cards', done: 3, total: 10 });
    expect(manager.status(first.id).progress).toEqual({ step: 'Reading cards', done: 3, total: 10 });
    runs[0].finish({ state: 'done', result: { id: 'd', systemId: 'osmcg', name: 'D', sections: {} } });
    expect((await manager.wait(first.id)).state).toBe('done');
    expect(manager.status(second.id).state).toBe('running');
    expect(manager.list().map((job) => job.title)).toEqual(['second', 'first']);
  });

  it('cancels a queued job without running it, and a running one through its flag', async () => {
    const { executor, runs } = controllableExecutor();
    const manager = new JobManager({ executor, paths, systems: () => [], maxConcurrent: 1, killAfterMs: 60_000 });
    const running = manager.start(spec, 'running');
    const queued = manager.start(spec, 'queued');
    expect(manager.cancel(queued.id).state).toBe('cancelled');
    expect(runs).toHaveLength(1);
    manager.cancel(running.id);
    expect(runs[0].flag.cancelled).toBe(true);
    expect(manager.status(running.id).state).toBe('running'); // until the work notices
    runs[0].finish({ state: 'cancelled' });
    expect((await manager.wait(running.id)).state).toBe('cancelled');
    expect(runs[0].terminated).toBe(false);
  });

  it('terminates a job that ignores Cancel for too long', async () => {
    const { executor, runs } = controllableExecutor();
    const manager = new JobManager({ executor, paths, systems: () => [], killAfterMs: 10 });
    const job = manager.start(spec, 'stubborn');
    manager.cancel(job.id);
    expect((await manager.wait(job.id)).state).toBe('cancelled');
    expect(runs[0].terminated).toBe(true);
  });

  it('forgets the oldest finished jobs and names an unknown job', async () => {
    const { executor, runs } = controllableExecutor();
    const manager = new JobManager({ executor, paths, systems: () => [], keepFinished: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(manager.start(spec, `job ${i}`).id);
      runs[i].finish({ state: 'failed', error: { code: 'BAD_INPUT', message: 'no' } });
      await manager.wait(ids[i]);
    }
    manager.start(spec, 'one more');
    expect(manager.list().map((job) => job.title)).toEqual(['one more', 'job 3', 'job 2']);
    expect(() => manager.status(ids[0])).toThrow(/No job with id/);
  });
});

describe('a finished job', () => {
  it('keeps nothing of its request (an import’s holds the whole file), whatever the executor’s closures hold', async () => {
    let finish!: (outcome: JobOutcome) => void;
    const executor: JobExecutor = {
      run: (request, flag) => {
        // Closures over the request, as a worker's and a child process's are: its handle, and
        // a cancel listener (which kept a 50 MB import in the web host's memory).
        flag.onCancel(() => void request.spec.kind);
        return {
          outcome: new Promise<JobOutcome>((resolve) => (finish = resolve)),
          terminate: () => void request.spec.kind,
        };
      },
      close: async () => {},
    };
    const manager = new JobManager({ executor, paths, systems: () => [] });
    const startImport = () => {
      const importSpec: JobSpec = {
        kind: 'importSet',
        fileName: 'big.json',
        text: `{"cards":[${'1,'.repeat(100_000)}1]}`,
        onExisting: 'ask',
      };
      return { id: manager.start(importSpec, 'import').id, file: new WeakRef(importSpec) };
    };
    const { id, file } = startImport();
    finish({ state: 'failed', error: { code: 'INVALID_FILE', message: 'no' } });
    await manager.wait(id);
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 0));
    collectGarbageNow();
    expect(file.deref()).toBeUndefined();
    expect(manager.status(id).state).toBe('failed');
  });
});

describe('job progress', () => {
  it('forwards the first and last report of a step and throttles the rest', () => {
    const sent: ProgressSnapshot[] = [];
    const progress = throttledProgress(new CancelFlag(), (snapshot) => sent.push(snapshot), 60_000);
    for (let done = 0; done <= 1000; done++) progress.report('Checking cards', done, 1000);
    progress.report('Saving cards', 0, 10);
    expect(sent).toEqual([
      { step: 'Checking cards', done: 0, total: 1000 },
      { step: 'Checking cards', done: 1000, total: 1000 },
      { step: 'Saving cards', done: 0, total: 10 },
    ]);
  });

  it('throws JobCancelledError at the first report after Cancel', () => {
    const flag = new CancelFlag();
    const progress = throttledProgress(flag, () => {});
    progress.report('Painting cards', 1, 9);
    flag.cancel();
    expect(() => progress.report('Painting cards', 2, 9)).toThrow(JobCancelledError);
  });
});

describe('jobs through the API', () => {
  it('reports a failed import with the file problem and keeps no file for non-export jobs', async () => {
    const { app, call } = open();
    const error = await failure(call('importSet', { fileName: 'broken.json', text: '{ "format": ' }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toMatch(/^broken\.json: not valid JSON/);
    const job = app.jobs.list()[0];
    expect(job.state).toBe('failed');
    expect((await failure(call('jobOutput', { jobId: job.id }))).code).toBe('BAD_INPUT');
    expect((await failure(call('openJobOutput', { jobId: job.id }))).code).toBe('BAD_INPUT');
    expect((await failure(call('jobStatus', { jobId: 'nope' }))).code).toBe('NOT_FOUND');
  });

  it('names a missing deck before queueing anything', async () => {
    const { app, call } = open();
    const error = await failure(
      call('startJob', { job: { kind: 'exportPdf', source: { kind: 'deck', deckId: 'nope' }, print: {} } }),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(app.jobs.list()).toEqual([]);
  });

  it('saves an export where the desktop "Save as" dialog said, then opens or reveals it', async () => {
    const saveDir = tmpDir();
    const opened: string[] = [];
    const shown: string[] = [];
    let answer: string | null = join(saveDir, 'my deck.pdf');
    const desktop: DesktopIntegration = {
      chooseSavePath: async (fileName, filter) => {
        expect(filter.extensions).toEqual(['pdf']);
        expect(fileName).toMatch(/\.pdf$/);
        return answer;
      },
      openPath: async (path) => void opened.push(path),
      showInFolder: (path) => void shown.push(path),
    };
    const { app, call } = open({ desktop });
    expect((await call('appInfo', {})).desktop).toBe(true);
    const deckId = (await call('listDecks', { systemId: 'osmcg' }))[0].id;
    const started = await call('startJob', {
      job: { kind: 'exportPdf', source: { kind: 'deck', deckId }, print: {} },
      saveAs: true,
    });
    const done = await app.jobs.wait(started!.id);
    expect(done.state).toBe('done');
    const file = done.kind === 'exportPdf' ? done.result?.file : undefined;
    expect(file).toMatchObject({ fileName: 'my deck.pdf', mimeType: 'application/pdf', savedTo: join(saveDir, 'my deck.pdf') });
    expect(readFileSync(join(saveDir, 'my deck.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(readdirSync(saveDir)).toEqual(['my deck.pdf']); // no partial file left
    await call('openJobOutput', { jobId: done.id });
    await call('openJobOutput', { jobId: done.id, reveal: true });
    expect(opened).toEqual([join(saveDir, 'my deck.pdf')]);
    expect(shown).toEqual([join(saveDir, 'my deck.pdf')]);

    answer = null; // the user cancels the dialog
    expect(
      await call('startJob', { job: { kind: 'exportPdf', source: { kind: 'deck', deckId }, print: {} }, saveAs: true }),
    ).toBeNull();
  });
});

/** Starts an import of a set file as a job, as the import dialog does; returns the job's id. */
async function startImport(call: ReturnType<typeof apiCaller>, text: string, fileName = 'big.json'): Promise<string> {
  const started = await call('startJob', { job: { kind: 'importSet', fileName, text } });
  if (!started) throw new Error('startJob queued no import');
  return started.id;
}

/** Starts a 20,000-card import of set "big", presses Cancel at its first progress report, and checks nothing was written. */
async function expectImportCancelled(app: Cardwright, call: ReturnType<typeof apiCaller>): Promise<void> {
  const jobId = await startImport(call, bigSetText('big', 20_000));
  let cancelled = false;
  const seen = await follow(app, jobId, (status) => {
    if (!cancelled && status.progress.done > 0) {
      cancelled = true;
      void call('cancelJob', { jobId: status.id });
    }
  });
  expect(cancelled).toBe(true);
  expect(seen.at(-1)!.state).toBe('cancelled');
  expect((await call('listSets', {})).some((set) => set.id === 'big')).toBe(false);
  expect((await call('getCards', { ids: ['big-0', 'big-19999'] })).length).toBe(0);
}

/** Polls like the renderer until the job has ended; returns every status seen. */
async function follow(app: Cardwright, jobId: string, onStatus?: (status: JobStatus) => void): Promise<JobStatus[]> {
  const seen: JobStatus[] = [];
  for (;;) {
    const status = await app.handlers.jobStatus({ jobId });
    seen.push(status);
    onStatus?.(status);
    if (status.state !== 'queued' && status.state !== 'running') return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function bigSetText(setId: string, count: number): string {
  const cards = Array.from({ length: count }, (_, i) => ({
    id: `${setId}-${i}`,
    doc: { type: 'creature', name: `Creature ${i}`, colors: ['red'], cost: 2, atk: 2, hp: 2, spd: 4, ap: 2, text: 'A card.' },
  }));
  return JSON.stringify({
    format: 'cardwright-set',
    formatVersion: 1,
    set: { id: setId, systemId: 'osmcg', name: 'Big' },
    cards,
  });
}

describe.runIf(existsSync(WORKER))('jobs in worker threads (out/main/job-worker.js)', () => {
  it('exports a PDF in a worker with progress the main thread can poll', async () => {
    const { app, call } = open({ jobWorker: WORKER });
    const ids = (await call('searchCards', { systemId: 'osmcg', limit: 60 })).cards.map((card) => card.id);
    const cardIds = [...ids, ...ids, ...ids, ...ids, ...ids]; // 300 cards
    const started = await call('startJob', { job: { kind: 'exportPdf', source: { kind: 'cards', cardIds }, print: {} } });
    const seen = await follow(app, started!.id);
    const last = seen.at(-1)!;
    expect(last.state, last.error?.message).toBe('done');
    expect(seen.some((status) => status.state === 'running' && status.progress.done > 0)).toBe(true);
    const blob = await call('jobOutput', { jobId: last.id });
    expect(new TextDecoder().decode(blob.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(last.kind === 'exportPdf' && last.result?.pages).toBe(34);
  });

  it('cancels an import in a worker: the transaction rolls back and nothing is written', async () => {
    const { app, call } = open({ jobWorker: WORKER });
    await expectImportCancelled(app, call);
  });

  it('installs a game in a worker and the main thread knows it at once', async () => {
    const { call } = open({ jobWorker: WORKER });
    const text = readFileSync(join(ROOT, 'docs/tutorial/lantern-watch.cardwright-system.json'), 'utf8');
    const result = await call('importSystem', { fileName: 'lantern-watch.cardwright-system.json', text });
    expect(result.system.id).toBe('lantern-watch');
    expect((await call('listSystems', {})).map((system) => system.id)).toContain('lantern-watch');
    expect((await call('getSystem', { systemId: 'lantern-watch' })).name).toBe(result.system.name);
  });
});

describe.runIf(existsSync(PROCESS) && existsSync(WORKER))('imports in a child process (out/main/job-process.js)', () => {
  it('imports 20,000 cards in a child process (their schemas checked on its thread) with progress the host can poll', async () => {
    const { app, call } = open({ jobWorker: WORKER, jobProcess: PROCESS, checkWorker: CHECKER });
    const text = bigSetText('big', 20_000);
    // One card the game's schema refuses: the check thread's verdict crosses back from the child.
    const bad = text.replace(
      '"name":"Creature 7","colors":["red"],"cost":2',
      '"name":"Creature 7","colors":["red"],"cost":"seven"',
    );
    expect(bad).not.toBe(text);
    const jobId = await startImport(call, bad);
    const seen = await follow(app, jobId);
    const last = seen.at(-1)!;
    expect(last.state, last.error?.message).toBe('done');
    expect(seen.some((status) => status.state === 'running' && status.progress.done > 0)).toBe(true);
    const result = last.kind === 'importSet' ? last.result : undefined;
    if (!result || result.outcome === 'exists') throw new Error(`expected an import result, got ${JSON.stringify(result)}`);
    expect(result.imported).toBe(19_999);
    expect(result.rejected.map((card) => card.name)).toEqual(['Creature 7']);
    // Written by the child, read by the host's own connection and found by search (the bulk FTS fill).
    expect((await call('getCards', { ids: ['big-0', 'big-19999', 'big-7'] })).map((card) => card.id)).toEqual([
      'big-0',
      'big-19999',
    ]);
    expect((await call('searchCards', { systemId: 'osmcg', query: 'Creature 12345', limit: 5 })).cards[0].id).toBe('big-12345');
  });

  it('cancels an import in a child process: the process is stopped and nothing is written', async () => {
    const { app, call } = open({ jobWorker: WORKER, jobProcess: PROCESS });
    await expectImportCancelled(app, call);
    // The library is not left locked by the stopped writer: the next import goes through.
    const again = await startImport(call, bigSetText('big', 100));
    const last = (await follow(app, again)).at(-1)!;
    expect(last.state, last.error?.message).toBe('done');
    expect((await call('getCards', { ids: ['big-0', 'big-99'] })).length).toBe(2);
  });

  it('reports a failed import from the child with its message', async () => {
    const { app, call } = open({ jobWorker: WORKER, jobProcess: PROCESS });
    const jobId = await startImport(call, '{"format": ', 'broken.json');
    const last = (await follow(app, jobId)).at(-1)!;
    expect(last.state).toBe('failed');
    expect(last.error?.message).toMatch(/broken\.json/);
  });
});

it.skipIf(existsSync(WORKER))('jobs in worker threads: SKIPPED until `npm run build` has made out/main/job-worker.js', () => {
  console.log('SKIPPED: out/main/job-worker.js is missing; `npm test` builds before vitest, `npx vitest` alone does not.');
});
