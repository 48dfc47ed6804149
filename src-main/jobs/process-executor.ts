// Imports in a child process (the web host). A worker thread's memory is not all given back when
// it ends: glibc keeps its malloc arenas and Node part of its pages (nodejs/node#51868), ~50 MB a
// thread, and a large import ends two (the job's and the one checking its cards). A child process
// returns everything when it exits, so the host is back near its size before the import.
//
// The child runs one job and exits (job-process.ts). It cannot read the CancelFlag's shared
// buffer, so Cancel stops it at once: an import writes in one SQLite transaction, which a stopped
// process never commits. Only such jobs go there (CHILD_PROCESS_JOBS); the others stay on threads.
// The Electron app keeps threads: its fuses turn off running Electron as Node, which fork needs.

import { fork, type ChildProcess } from 'node:child_process';
import { reclaimMemorySoon } from '../reclaim-memory';
import type { JobOutcome } from './execute-job';
import type { JobExecutor, RunningJob } from './executors';
import type { CancelFlag, ProgressSnapshot } from './job-progress';
import type { JobRequest } from './run-job';
import { removePartials } from './partial-files';
import { stoppedJobMessage } from '../api/error-wording';

/** What the parent sends the child: its one job. */
export interface ProcessInput {
  request: JobRequest;
}

export type ProcessMessage = { type: 'progress'; snapshot: ProgressSnapshot } | { type: 'outcome'; outcome: JobOutcome };

type JobKind = JobRequest['spec']['kind'];

/**
 * Jobs whose whole effect is one SQLite transaction (and picture files the start-up clean-up
 * removes when nothing refers to them), so that stopping their process is a clean Cancel.
 */
export const CHILD_PROCESS_JOBS: ReadonlySet<JobKind> = new Set(['importSet', 'importCsv']);

/** `processFile` is the bundled job-process.js; each job gets a fresh process that exits after it. */
export function processExecutor(processFile: string): JobExecutor {
  const running = new Set<ChildProcess>();

  function run(request: JobRequest, flag: CancelFlag, onProgress: (snapshot: ProgressSnapshot) => void): RunningJob {
    // 'advanced': the structured clone worker threads use, so the request and results cross as they do there.
    const child = fork(processFile, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    running.add(child);
    const stop = () => void child.kill('SIGKILL');
    let answered: JobOutcome | undefined;
    let spawnError: Error | undefined;
    const outcome = new Promise<JobOutcome>((resolve) => {
      child.on('message', (message: ProcessMessage) => {
        if (message.type === 'progress') onProgress(message.snapshot);
        else answered = message.outcome;
      });
      child.on('error', (error) => (spawnError = error));
      // Once the process is gone (its memory given back, its database closed) and its channel read to the end.
      child.on('close', (code, signal) => {
        running.delete(child);
        reclaimMemorySoon(); // the request sent (an import's whole file) and the answer are garbage now
        if (answered) resolve(answered);
        else if (flag.cancelled) resolve({ state: 'cancelled' });
        else {
          const reason = spawnError?.message ?? (signal ? `it was stopped (${signal})` : `it exited with code ${code}`);
          console.error(`[cardwright] ${request.spec.kind} job stopped: ${reason}`);
          removePartials(request.outputPath, child.pid);
          resolve({ state: 'failed', error: { code: 'INTERNAL', message: stoppedJobMessage(request.spec.kind, spawnError) } });
        }
      });
    });
    flag.onCancel(stop);
    child.send({ request } satisfies ProcessInput);
    return { outcome, terminate: stop };
  }

  return {
    run,
    close: async () => {
      const exits = [...running].map((child) => new Promise((done) => child.once('close', done)));
      for (const child of running) child.kill('SIGKILL');
      await Promise.all(exits);
    },
  };
}

/** Jobs of `kinds` go to `chosen`, the rest to `others`. */
export function executorByKind(kinds: ReadonlySet<JobKind>, chosen: JobExecutor, others: JobExecutor): JobExecutor {
  return {
    run: (request, flag, onProgress) => (kinds.has(request.spec.kind) ? chosen : others).run(request, flag, onProgress),
    close: async () => {
      await Promise.all([chosen.close(), others.close()]);
    },
  };
}
