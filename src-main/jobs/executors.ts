// Where jobs run. The apps run each job in its own worker thread (its own event loop and
// SQLite connection); unit tests run the same executeJob inline.

import { Worker } from 'node:worker_threads';
import { reclaimMemorySoon } from '../reclaim-memory';
import { executeJob, type JobOutcome } from './execute-job';
import type { CancelFlag, ProgressSnapshot } from './job-progress';
import type { JobRequest } from './run-job';

export interface WorkerInput {
  request: JobRequest;
  cancelBuffer: SharedArrayBuffer;
}

export type WorkerMessage = { type: 'progress'; snapshot: ProgressSnapshot } | { type: 'outcome'; outcome: JobOutcome };

export interface RunningJob {
  outcome: Promise<JobOutcome>;
  /** Stops the work at once, for a job that ignores its cancel flag for too long. */
  terminate(): void;
}

export type JobExecutor = (request: JobRequest, flag: CancelFlag, onProgress: (snapshot: ProgressSnapshot) => void) => RunningJob;

export const inlineExecutor: JobExecutor = (request, flag, onProgress) => ({
  outcome: executeJob(request, flag, onProgress),
  terminate: () => flag.cancel(),
});

/** `workerFile` is the bundled job-worker.js. */
export function threadExecutor(workerFile: string): JobExecutor {
  return (request, flag, onProgress) => {
    const worker = new Worker(workerFile, { workerData: { request, cancelBuffer: flag.buffer } satisfies WorkerInput });
    let outcome: JobOutcome | undefined;
    let crash: Error | undefined;
    const finished = new Promise<JobOutcome>((resolve) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'progress') onProgress(message.snapshot);
        else outcome = message.outcome;
      });
      worker.on('error', (error) => (crash = error));
      worker.on('exit', (code) => {
        // What the job sent back (a file's bytes, a whole import's result) is garbage once handled.
        reclaimMemorySoon();
        if (outcome) resolve(outcome);
        else if (flag.cancelled) resolve({ state: 'cancelled' });
        else {
          const reason = crash ? crash.message : `the worker exited with code ${code}`;
          resolve({ state: 'failed', error: { code: 'INTERNAL', message: `The job stopped unexpectedly: ${reason}` } });
        }
      });
    });
    return { outcome: finished, terminate: () => void worker.terminate() };
  };
}
