// Runs one export job the way the app does (startJob, then the job in a worker thread) and
// follows it: progress to stderr while it runs, its status when it ends. The job's "Save as"
// is answered with the CLI's --out (or the file name the job suggests, in the working folder).

import { closeSync, existsSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ApiParsedInput, JobStatus } from '../api/contract';
import type { DesktopIntegration } from '../api/desktop';
import type { Cardwright } from '../api/service';
import { UsageError } from './argv';
import type { SaveTo } from './command';
import { errorSentence, Failure } from './fatal-error';

const POLL_MS = 200;

/**
 * What the shell's "Save as" would ask the user, answered from the command line before the job
 * starts: the folder must be there and writable, and a file already there is kept unless --force.
 */
export function saveToPath(save: SaveTo, cwd: string): DesktopIntegration {
  return {
    chooseSavePath: async (defaultFileName, filter) => {
      const path = resolve(cwd, save.out ?? defaultFileName);
      const folder = dirname(path);
      if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`--out: there is no folder ${folder}`);
      // An export of a folder (card images) writes into --out, made when missing.
      if (filter.extensions.includes('*')) {
        if (existsSync(path) && !statSync(path).isDirectory())
          throw new UsageError(`--out: ${path} is a file; give a folder, or a name ending in .zip with --zip`);
        refuseFullFolder(path, save.force);
        assertWritable(folder);
        return path;
      }
      if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError(`--out: ${path} is a folder; give a file name`);
      refuseExisting(path, save.force);
      assertWritable(folder);
      return path;
    },
    openPath: () => Promise.reject(new Error('The command line opens no files')),
    showInFolder: () => undefined,
  };
}

/** A file already at `path` is kept: refused unless --force. */
export function refuseExisting(path: string, force: boolean): void {
  if (!force && existsSync(path))
    throw new UsageError(`${path} is there already and was kept; give --force to replace it, or another --out`);
}

/** A folder the command would write into: refused when it holds files (another export's) unless --force. */
export function refuseFullFolder(dir: string, force: boolean): void {
  if (force || !existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) refuseExisting(dir, force);
  else if (readdirSync(dir).length > 0)
    throw new UsageError(`${dir} holds files already and was kept; give --force to write into it, or another --out`);
}

/** Throws the sentence for a folder the command cannot write into (no permission, read-only, full). */
export function assertWritable(folder: string): void {
  const probe = join(folder, `.cardwright-write-check-${process.pid}`);
  try {
    closeSync(openSync(probe, 'wx'));
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    throw new Failure(errorSentence(Object.assign(error as Error, { path: folder })));
  }
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
