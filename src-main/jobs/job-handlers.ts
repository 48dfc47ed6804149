// The jobs part of the API: plan on the main thread, ask the desktop's "Save as" where an
// export goes (or use a temporary file the browser downloads), queue, report, cancel, and hand
// finished files to the browser or the operating system.

import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ApiHandlers, JobFile, JobStatus } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { DesktopIntegration } from '../api/desktop';
import type { Library } from '../services/library';
import { loadGameSystem } from '../services/game-systems';
import type { JobExecutor } from './executors';
import { JobManager, type JobOutput } from './job-manager';
import { planJob } from './plan-job';
import { backsFilePath } from '../pdf/backs-file';
import type { JobPaths } from './run-job';
import { DownloadTickets, downloadUrl } from './download-tickets';
import { jobFilePath, jobFiles } from './job-files';

type JobMethod = 'startJob' | 'jobStatus' | 'listJobs' | 'cancelJob' | 'jobOutput' | 'jobDownloadUrl' | 'openJobOutput';

/** jobOutput sends the bytes inside the answer: past this a file is downloaded (jobDownloadUrl) instead. */
export const MAX_JOB_OUTPUT_BYTES = 32 * 1024 * 1024;

export interface JobHandlers {
  handlers: Pick<ApiHandlers, JobMethod>;
  manager: JobManager;
  /** The web host's download route redeems what jobDownloadUrl mints. */
  downloads: DownloadTickets;
  close(): Promise<void>;
}

export function createJobHandlers(
  lib: Library,
  paths: JobPaths,
  executor: JobExecutor,
  desktop?: DesktopIntegration,
): JobHandlers {
  // Temporary outputs for the browser to download; nothing there outlives the app.
  const downloadsDir = join(paths.dataDir, 'exports');
  rmSync(downloadsDir, { recursive: true, force: true });

  const downloads = new DownloadTickets();
  const manager = new JobManager({ executor, paths, systems: () => lib.systems.entries(), onFinished: afterJob });

  function afterJob(status: Readonly<JobStatus>, output: JobOutput | undefined): void {
    if (status.state !== 'done' && output && !output.savedByUser) {
      rmSync(output.path, { force: true });
      rmSync(backsFilePath(output.path), { force: true });
    }
    // The worker installed the game on disk and in its own registry; this thread's registry
    // learns of it here, from the folder it now lives in.
    if (status.state === 'done' && status.kind === 'importSystem' && status.result) {
      const dir = join(paths.userSystemsDir, status.result.system.id);
      lib.systems.install({ system: loadGameSystem(dir), dir, builtIn: false });
    }
  }

  async function outputFor(fileName: string, filter: { name: string; extensions: string[] }, saveAs: boolean) {
    if (saveAs && desktop) {
      const chosen = await desktop.chooseSavePath(fileName, filter);
      return chosen ? { path: chosen, savedByUser: true } : null;
    }
    const dir = join(downloadsDir, randomUUID());
    mkdirSync(dir, { recursive: true });
    return { path: join(dir, fileName), savedByUser: false };
  }

  const handlers: JobHandlers['handlers'] = {
    startJob: async ({ job, saveAs }) => {
      const plan = planJob(lib, job);
      let output: JobOutput | undefined;
      // A browser downloads one file: a folder of images is for the desktop app and the CLI.
      if (job.kind === 'exportImages' && job.as === 'folder' && !(saveAs && desktop))
        throw new ApiError(
          'A folder of card images can only be written by the desktop app or the CLI; export a zip instead',
          'BAD_INPUT',
        );
      if (plan.output) {
        const chosen = await outputFor(plan.output.fileName, plan.output.filter, saveAs);
        if (!chosen) return null;
        output = chosen;
      }
      return manager.start(job, plan.title, output);
    },
    jobStatus: ({ jobId }) => manager.status(jobId),
    listJobs: () => manager.list(),
    cancelJob: ({ jobId }) => manager.cancel(jobId),
    jobOutput: ({ jobId, file: which }) => {
      const status = manager.status(jobId);
      const output = manager.output(jobId);
      const result = status.result && 'file' in status.result ? status.result : undefined;
      const file = which === 'backs' ? (result as { backsFile?: JobFile } | undefined)?.backsFile : result?.file;
      if (!file) throw new ApiError(`Job "${status.title}" wrote no ${which === 'backs' ? 'backs file' : 'file'}`, 'BAD_INPUT');
      const path = jobFilePath(output.path, file);
      let bytes: number;
      try {
        bytes = statSync(path).size;
      } catch {
        throw new ApiError(`The file of “${status.title}” is gone: ${path}`, 'NOT_FOUND');
      }
      if (bytes > MAX_JOB_OUTPUT_BYTES)
        throw new ApiError(
          `“${file.fileName}” is ${Math.ceil(bytes / 1024 / 1024)} MiB, too big to send inside an answer (at most ${MAX_JOB_OUTPUT_BYTES / 1024 / 1024} MiB): download it through jobDownloadUrl`,
          'BAD_INPUT',
        );
      return { fileName: file.fileName, mimeType: file.mimeType, bytes: new Uint8Array(readFileSync(path)) };
    },
    jobDownloadUrl: ({ jobId, fileName }) => {
      if (desktop)
        throw new ApiError('The desktop app saves exports where you choose; there is nothing to download', 'BAD_INPUT');
      const status = manager.status(jobId);
      const output = manager.output(jobId);
      const files = jobFiles(status.result);
      const file = fileName === undefined ? files[0] : files.find((one) => one.fileName === fileName);
      if (!file)
        throw new ApiError(
          fileName === undefined ? `Job "${status.title}" wrote no file` : `Job "${status.title}" wrote no file “${fileName}”`,
          'BAD_INPUT',
        );
      const path = jobFilePath(output.path, file);
      return { url: downloadUrl(downloads.mint({ path, fileName: file.fileName, mimeType: file.mimeType })) };
    },
    openJobOutput: async ({ jobId, reveal }) => {
      if (!desktop)
        throw new ApiError('Opening files is only possible in the desktop app; download the file instead', 'BAD_INPUT');
      // A split PDF has no file under the asked name: its first part stands for it.
      const first = jobFiles(manager.status(jobId).result)[0];
      const output = manager.output(jobId).path;
      const path = first ? jobFilePath(output, first) : output;
      if (reveal) desktop.showInFolder(path);
      else await desktop.openPath(path);
    },
  };

  return {
    handlers,
    manager,
    downloads,
    close: async () => {
      await manager.close();
      rmSync(downloadsDir, { recursive: true, force: true });
    },
  };
}
