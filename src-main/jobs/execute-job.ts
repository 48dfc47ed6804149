// One job from start to outcome, wherever it runs: open the job's own Library, run the work
// with a progress reporter that honours Cancel, close the Library, and turn what happened into
// a plain outcome that can cross a thread boundary.

import { ApiError } from '../api/api-error';
import { defaultPathRoots, redactPaths, type PathRoot } from '../api/redact-paths';
import { internalJobErrorMessage } from '../api/error-wording';
import type { ApiErrorCode } from '../api/wire';
import type { Library } from '../services/library';
import { openJobLibrary } from './job-library';
import { JobCancelledError, throttledProgress, type CancelFlag, type ProgressSnapshot } from './job-progress';
import { runJob, type JobRequest, type JobResult } from './run-job';

export type JobOutcome =
  | { state: 'done'; result: JobResult }
  | { state: 'failed'; error: { code: ApiErrorCode; message: string } }
  | { state: 'cancelled' };

export async function executeJob(
  request: JobRequest,
  flag: CancelFlag,
  onProgress: (snapshot: ProgressSnapshot) => void,
): Promise<JobOutcome> {
  let lib: Library | undefined;
  try {
    lib = openJobLibrary(request);
    const result = await runJob(lib, request, throttledProgress(flag, onProgress));
    return { state: 'done', result };
  } catch (error) {
    if (error instanceof JobCancelledError) return { state: 'cancelled' };
    const roots = jobPathRoots(request);
    if (error instanceof ApiError)
      return { state: 'failed', error: { code: error.code, message: redactPaths(error.message, roots) } };
    // The log keeps the whole error; the user sees one sentence in the app's words.
    console.error(`[cardwright] ${request.spec.kind} job failed:`, error);
    return { state: 'failed', error: { code: 'INTERNAL', message: internalJobErrorMessage(request.spec.kind, error) } };
  } finally {
    lib?.store.close();
  }
}

function jobPathRoots(request: JobRequest): PathRoot[] {
  const { paths } = request;
  return [
    { path: paths.userSystemsDir, name: '<data folder>/systems' },
    { path: paths.dataDir, name: '<data folder>' },
    { path: paths.systemsDir, name: '<built-in games>' },
    { path: paths.fontsDir, name: '<fonts>' },
    ...defaultPathRoots(),
  ];
}
