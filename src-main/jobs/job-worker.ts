// Worker-thread entry (bundled as out/main/job-worker.js): runs one job and posts its progress
// and outcome to the main thread, which stays free to answer the UI meanwhile.

import { parentPort, workerData } from 'node:worker_threads';
import { executeJob } from './execute-job';
import { CancelFlag } from './job-progress';
import type { WorkerInput, WorkerMessage } from './executors';

const input = workerData as WorkerInput;
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

const outcome = await executeJob(input.request, new CancelFlag(input.cancelBuffer), (snapshot) =>
  post({ type: 'progress', snapshot }),
);
post({ type: 'outcome', outcome });
