// Where jobs run. The apps run each job in a worker thread (its own event loop and SQLite
// connection); unit tests run the same executeJob inline.
//
// A worker stays a while after a print export (PDF or card images): starting one (a thread, the app's code, pdfkit
// and fontkit, the fonts' shaping tables) costs ~0.8 s, about what a 1,000-card export takes
// once warm, and people export again after changing an option. Only a worker that is small
// once its garbage is collected is kept. Other jobs (imports read up to 100 MB, their own work
// dominates) end their worker once it has collected its garbage. Idle workers do not keep the
// process alive and end after `idleMs`.

import { Worker } from 'node:worker_threads';
import { reclaimMemorySoon } from '../reclaim-memory';
import { executeJob, type JobOutcome } from './execute-job';
import type { CancelFlag, ProgressSnapshot } from './job-progress';
import type { JobRequest } from './run-job';
import { removePartials } from './partial-files';
import { stoppedJobMessage } from '../api/error-wording';

export interface WorkerInput {
  request: JobRequest;
  cancelBuffer: SharedArrayBuffer;
}

export type WorkerMessage =
  | { type: 'progress'; snapshot: ProgressSnapshot }
  | { type: 'outcome'; outcome: JobOutcome }
  /** After the outcome, once collected: the worker's heap (Buffers included), to decide whether to keep it. */
  | { type: 'settled'; heapBytes: number };

export interface RunningJob {
  outcome: Promise<JobOutcome>;
  /** Stops the work at once, for a job that ignores its cancel flag for too long. */
  terminate(): void;
}

export interface JobExecutor {
  run(request: JobRequest, flag: CancelFlag, onProgress: (snapshot: ProgressSnapshot) => void): RunningJob;
  /** Ends what is kept for later jobs (app shutdown; running jobs have ended by then). */
  close(): Promise<void>;
}

export const inlineExecutor: JobExecutor = {
  run: (request, flag, onProgress) => ({
    outcome: executeJob(request, flag, onProgress),
    terminate: () => flag.cancel(),
  }),
  close: async () => {},
};

/** How long a worker waits for another job before it ends (and gives its memory back). */
export const WORKER_IDLE_MS = 120_000;
/** A worker whose heap is larger than this after a job ends instead of waiting (after an export: ~47 MB). */
export const KEEP_WORKER_HEAP_BYTES = 64 * 1024 * 1024;
/** How long a worker that is not kept may take to collect its garbage before it is ended anyway. */
const SETTLE_LIMIT_MS = 10_000;
/** The jobs whose worker is kept for the next one. */
const KEEP_WORKER_AFTER: ReadonlySet<JobRequest['spec']['kind']> = new Set(['exportPdf', 'exportImages']);

interface IdleWorker {
  worker: Worker;
  timer: NodeJS.Timeout;
}

/** `workerFile` is the bundled job-worker.js. */
export function threadExecutor(workerFile: string, idleMs = WORKER_IDLE_MS): JobExecutor {
  const idle: IdleWorker[] = [];
  const all = new Set<Worker>();

  function take(): Worker {
    const kept = idle.pop();
    if (kept) {
      clearTimeout(kept.timer);
      kept.worker.ref();
      return kept.worker;
    }
    const worker = new Worker(workerFile);
    all.add(worker);
    // A kept worker that stayed large once collected ends (a busy one is judged after its next job).
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'settled' && message.heapBytes > KEEP_WORKER_HEAP_BYTES && forget(worker)) void worker.terminate();
    });
    worker.on('exit', () => {
      all.delete(worker);
      forget(worker);
    });
    return worker;
  }

  /** Takes a worker off the idle list; false when it was not on it (running a job). */
  function forget(worker: Worker): boolean {
    const index = idle.findIndex((entry) => entry.worker === worker);
    if (index < 0) return false;
    clearTimeout(idle.splice(index, 1)[0].timer);
    return true;
  }

  function keep(worker: Worker): void {
    worker.unref();
    const timer = setTimeout(() => void worker.terminate(), idleMs);
    timer.unref();
    idle.push({ worker, timer });
  }

  /**
   * Ends a worker that is not kept once it has collected its garbage (its 'settled' message, about
   * a second after the job): V8 gives the emptied pages back while the thread lives, whereas the
   * pages of a thread ended at once stay resident in the process (Node keeps them). The web host
   * stayed at 345 MB after a 100,000-card import that way, 220 MB now (bench/RESULTS.md).
   */
  function endOnceCollected(worker: Worker): void {
    worker.unref();
    const limit = setTimeout(() => void worker.terminate(), SETTLE_LIMIT_MS);
    limit.unref();
    worker.on('message', (message: WorkerMessage) => {
      if (message.type !== 'settled') return;
      clearTimeout(limit);
      void worker.terminate();
    });
  }

  function run(request: JobRequest, flag: CancelFlag, onProgress: (snapshot: ProgressSnapshot) => void): RunningJob {
    const worker = take();
    // The closures below outlive the call; they must not hold `request` (an import's whole file).
    const keepWorker = KEEP_WORKER_AFTER.has(request.spec.kind);
    const { outputPath } = request;
    let crash: Error | undefined;
    const outcome = new Promise<JobOutcome>((resolve) => {
      const onMessage = (message: WorkerMessage) => {
        if (message.type === 'progress') onProgress(message.snapshot);
        else if (message.type === 'outcome') {
          stop();
          if (keepWorker) keep(worker);
          else endOnceCollected(worker);
          resolve(message.outcome);
        }
      };
      const onError = (error: Error) => (crash = error);
      const onExit = (code: number) => {
        stop();
        if (flag.cancelled) resolve({ state: 'cancelled' });
        else {
          const reason = crash ? crash.message : `the worker exited with code ${code}`;
          console.error(`[cardwright] ${request.spec.kind} job stopped: ${reason}`);
          // A thread shares the process's id: the name its partial output was given.
          removePartials(outputPath, process.pid);
          resolve({ state: 'failed', error: { code: 'INTERNAL', message: stoppedJobMessage(request.spec.kind, crash) } });
        }
      };
      const stop = () => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        // What the job sent back (a file's bytes, a whole import's result) is garbage once handled.
        reclaimMemorySoon();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    worker.postMessage({ request, cancelBuffer: flag.buffer } satisfies WorkerInput);
    return { outcome, terminate: () => void worker.terminate() };
  }

  return {
    run,
    close: async () => {
      await Promise.all([...all].map((worker) => worker.terminate()));
    },
  };
}
