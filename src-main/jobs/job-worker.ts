// Worker-thread entry (bundled as out/main/job-worker.js): runs the jobs the main thread sends,
// one at a time, posting each one's progress and outcome; the main thread stays free to answer
// the UI meanwhile. Once idle for a moment the worker collects its garbage and reports the heap
// it keeps, so that the main thread keeps only a worker that stays small (see threadExecutor).

import { parentPort } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { collectGarbageNow } from '../reclaim-memory';
import { logConsoleToInherited } from '../console-log-file';
import { executeJob } from './execute-job';
import { CancelFlag } from './job-progress';
import type { WorkerInput, WorkerMessage } from './executors';

/** Idle this long after a job, the worker collects (a last-resort collection takes ~70 ms: not between back-to-back jobs). */
const SETTLE_AFTER_MS = 1_000;

logConsoleToInherited();

const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);
let settle: NodeJS.Timeout | undefined;

port.on('message', async (input: WorkerInput) => {
  clearTimeout(settle);
  const outcome = await executeJob(input.request, new CancelFlag(input.cancelBuffer), (snapshot) =>
    post({ type: 'progress', snapshot }),
  );
  post({ type: 'outcome', outcome });
  settle = setTimeout(() => {
    collectGarbageNow();
    const heap = getHeapStatistics();
    post({ type: 'settled', heapBytes: heap.total_heap_size + heap.external_memory });
  }, SETTLE_AFTER_MS);
});
