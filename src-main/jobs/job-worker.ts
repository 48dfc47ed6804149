// Worker-thread entry (bundled as out/main/job-worker.js): runs the jobs the main thread sends,
// one at a time, posting each one's progress and outcome; the main thread stays free to answer
// the UI meanwhile. With each outcome the worker reports the heap it keeps once collected, so
// that the main thread keeps only a worker that stays small (see threadExecutor).

import { parentPort } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { collectGarbageNow } from '../reclaim-memory';
import { executeJob } from './execute-job';
import { CancelFlag } from './job-progress';
import type { WorkerInput, WorkerMessage } from './executors';

const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

port.on('message', async (input: WorkerInput) => {
  const outcome = await executeJob(input.request, new CancelFlag(input.cancelBuffer), (snapshot) =>
    post({ type: 'progress', snapshot }),
  );
  // Collected before answering (~10 ms when small), so the heap reported is what stays.
  collectGarbageNow();
  const heap = getHeapStatistics();
  post({ type: 'outcome', outcome, heapBytes: heap.total_heap_size + heap.external_memory });
});
