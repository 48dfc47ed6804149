// The job threads: a worker is kept after a print export and runs the next job (a fresh worker
// costs ~0.8 s), two jobs at once get two workers, an idle worker ends after its idle time, one
// that was terminated (a job that ignored Cancel), ran another kind of job or keeps a large heap
// is never reused. A stand-in
// worker script answers each job with its thread id and the number of jobs it has run.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadExecutor, type JobExecutor } from '../../src-main/jobs/executors';
import { CancelFlag } from '../../src-main/jobs/job-progress';
import type { JobRequest } from '../../src-main/jobs/run-job';

const WORKER_SCRIPT = `
import { parentPort, threadId } from 'node:worker_threads';
let jobs = 0;
parentPort.on('message', ({ request }) => {
  jobs++;
  if (request.spec.kind === 'cleanUpImages') return; // never answers: only terminate() ends it
  parentPort.postMessage({ type: 'progress', snapshot: { step: 'Working', done: 1, total: 2 } });
  // An export asked to ("big") reports a large heap once settled; anything else a small one.
  const heapBytes = request.spec.print?.big ? 500 * 2 ** 20 : 20 * 2 ** 20;
  setTimeout(() => {
    parentPort.postMessage({ type: 'outcome', outcome: { state: 'done', result: { threadId, jobs } } });
    parentPort.postMessage({ type: 'settled', heapBytes });
  }, 20);
});
`;

type Kind = 'exportPdf' | 'bigExport' | 'generateDeck' | 'cleanUpImages' | 'importSet';
const SPECS = {
  exportPdf: { kind: 'exportPdf', source: { kind: 'cards', cardIds: ['c'] }, copies: 1, print: {} },
  bigExport: { kind: 'exportPdf', source: { kind: 'cards', cardIds: ['c'] }, copies: 1, print: { big: true } },
  generateDeck: { kind: 'generateDeck', systemId: 'osmcg', generatorId: 'g' },
  cleanUpImages: { kind: 'cleanUpImages' },
  importSet: { kind: 'importSet', fileName: 'big.json', text: '{}' },
};
const request = (kind: Kind = 'exportPdf') =>
  ({
    spec: SPECS[kind],
    paths: { dataDir: '/nowhere', systemsDir: '/nowhere', userSystemsDir: '/nowhere', fontsDir: '/nowhere' },
    systems: [],
  }) as JobRequest;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function executor(idleMs = 60_000): JobExecutor {
  const dir = mkdtempSync(join(tmpdir(), 'cw-job-threads-'));
  const file = join(dir, 'worker.mjs');
  writeFileSync(file, WORKER_SCRIPT);
  const threads = threadExecutor(file, idleMs);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => threads.close());
  return threads;
}

async function runOne(threads: JobExecutor, kind?: Kind) {
  const progress: number[] = [];
  const outcome = await threads.run(request(kind), new CancelFlag(), (snapshot) => progress.push(snapshot.done)).outcome;
  if (outcome.state !== 'done') throw new Error(`the job ended ${outcome.state}`);
  return { ...(outcome.result as unknown as { threadId: number; jobs: number }), progress };
}

describe('job worker threads', () => {
  it('keeps a worker after its job and gives it the next job', async () => {
    const threads = executor();
    const first = await runOne(threads);
    const second = await runOne(threads);
    expect(first.progress).toEqual([1]);
    expect(second.progress).toEqual([1]);
    expect(second.threadId).toBe(first.threadId);
    expect(second.jobs).toBe(2);
  });

  it('runs two jobs at once in two workers, and keeps both', async () => {
    const threads = executor();
    const [a, b] = await Promise.all([runOne(threads), runOne(threads)]);
    expect(a.threadId).not.toBe(b.threadId);
    const [c, d] = await Promise.all([runOne(threads), runOne(threads)]);
    expect(new Set([c.threadId, d.threadId])).toEqual(new Set([a.threadId, b.threadId]));
  });

  it('ends an idle worker after its idle time; the next job starts a new one', async () => {
    const threads = executor(50);
    const first = await runOne(threads);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await runOne(threads);
    expect(second.threadId).not.toBe(first.threadId);
    expect(second.jobs).toBe(1);
  });

  it('ends the worker of a job that is not an export, or of an export whose heap stays large', async () => {
    const threads = executor();
    const imported = await runOne(threads, 'importSet');
    const big = await runOne(threads, 'bigExport');
    await new Promise((resolve) => setTimeout(resolve, 100)); // its "settled" report arrives
    const next = await runOne(threads);
    expect(new Set([imported.threadId, big.threadId, next.threadId]).size).toBe(3);
    expect(next.jobs).toBe(1);
  });

  it('never reuses a terminated worker', async () => {
    const threads = executor();
    const flag = new CancelFlag();
    const stuck = threads.run(request('cleanUpImages'), flag, () => {});
    flag.cancel();
    stuck.terminate();
    expect(await stuck.outcome).toEqual({ state: 'cancelled' });
    const next = await runOne(threads);
    expect(next.jobs).toBe(1);
  });

  it('reports a worker that died without an outcome as a failed job', async () => {
    const threads = executor();
    const stuck = threads.run(request('cleanUpImages'), new CancelFlag(), () => {});
    stuck.terminate();
    const outcome = await stuck.outcome;
    expect(outcome.state).toBe('failed');
    expect(outcome.state === 'failed' && outcome.error.message).toBe(
      'Cardwright could not clean up the images: the task stopped unexpectedly (the details are in the log). Try again.',
    );
  });
});
