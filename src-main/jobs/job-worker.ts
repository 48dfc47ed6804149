// Worker-thread entry (bundled as out/main/job-worker.js): runs the jobs the main thread sends,
// one at a time, posting each one's progress and outcome; the main thread stays free to answer
// the UI meanwhile. Between jobs the worker waits (see threadExecutor) with its garbage collected.

import { parentPort } from 'node:worker_threads';
import { reclaimMemorySoon } from '../reclaim-memory';
import { executeJob } from './execute-job';
import { CancelFlag } from './job-progress';
import type { WorkerInput, WorkerMessage } from './executors';

const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

port.on('message', async (input: WorkerInput) => {
  const outcome = await executeJob(input.request, new CancelFlag(input.cancelBuffer), (snapshot) =>
    post({ type: 'progress', snapshot }),
  );
  post({ type: 'outcome', outcome });
  reclaimMemorySoon();
});
