// Runs one export job the way the app does (startJob, then the job in a worker thread) and
// follows it: progress to stderr while it runs, its status when it ends. The job's "Save as"
// is answered with the CLI's --out (or the file name the job suggests, in the working folder).

import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ApiParsedInput, JobStatus } from '../api/contract';
import type { DesktopIntegration } from '../api/desktop';
import type { Cardwright } from '../api/service';
import { UsageError } from './argv';

const POLL_MS = 200;

/** What the shell's "Save as" would ask the user, answered from the command line. */
export function saveToPath(out: string | undefined, cwd: string): DesktopIntegration {
  return {
    chooseSavePath: async (defaultFileName) => {
      const path = resolve(cwd, out ?? defaultFileName);
      const folder = dirname(path);
      if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`--out: there is no folder ${folder}`);
      if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError(`--out: ${path} is a folder; give a file name`);
      return path;
    },
    openPath: () => Promise.reject(new Error('The command line opens no files')),
    showInFolder: () => undefined,
  };
}

/** Starts the job and waits for it to end; `report` gets a line whenever the progress moves on. */
export async function runExportJob(
  app: Cardwright,
  job: ApiParsedInput<'startJob'>['job'],
  report: (line: string) => void,
): Promise<JobStatus> {
  const started = await app.handlers.startJob({ job, saveAs: true });
  if (!started) throw new Error('The export did not start');
  report(started.title);
  let last = '';
  const timer = setInterval(() => {
    const line = progressLine(app.jobs.status(started.id));
    if (line && line !== last) report((last = line));
  }, POLL_MS);
  try {
    return await app.jobs.wait(started.id);
  } finally {
    clearInterval(timer);
  }
}

/** "Painting cards 40%": the step, and how far it is in tenths, so a log is not flooded. */
function progressLine(status: JobStatus): string {
  if (status.state !== 'running') return '';
  const { step, done, total } = status.progress;
  if (total <= 0) return step;
  return `${step} ${Math.floor((done / total) * 10) * 10}%`;
}
