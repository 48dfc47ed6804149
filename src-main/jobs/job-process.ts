// Child-process entry (bundled as out/main/job-process.js): runs the one job its parent sends,
// posts its progress and outcome, and exits, which gives all its memory back (process-executor.ts).

import { logConsoleToInherited } from '../console-log-file';
import { executeJob } from './execute-job';
import { CancelFlag } from './job-progress';
import type { ProcessInput, ProcessMessage } from './process-executor';

logConsoleToInherited();

const send = (message: ProcessMessage, done?: () => void) => process.send!(message, undefined, undefined, done);

process.once('message', async (input: ProcessInput) => {
  // Cancel stops this process (the parent kills it), so the flag here is never set.
  const outcome = await executeJob(input.request, new CancelFlag(), (snapshot) => send({ type: 'progress', snapshot }));
  send({ type: 'outcome', outcome }, () => process.exit(0));
});
