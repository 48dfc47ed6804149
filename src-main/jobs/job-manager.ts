// The main thread's side of jobs: a queue (at most `maxConcurrent` run at once, one per core),
// each job's status for the UI to poll, Cancel (a flag the work checks; a job still running
// `killAfterMs` later is terminated), and a short memory of finished jobs.

import { randomUUID } from 'node:crypto';
import type { JobSpec, JobStatus } from '../api/contract';
import { ApiError } from '../api/api-error';
import type { JobOutcome } from './execute-job';
import { CancelFlag } from './job-progress';
import type { JobExecutor, RunningJob } from './executors';
import type { JobPaths } from './run-job';
import { markSaved } from './job-files';
import type { InstalledSystem } from '../services/system-registry';
import { internalJobErrorMessage } from '../api/error-wording';

export interface JobOutput {
  path: string;
  /** Chosen by the user in a "Save as" dialog, rather than a temporary file for download. */
  savedByUser: boolean;
}

export interface JobManagerOptions {
  executor: JobExecutor;
  paths: JobPaths;
  /** The installed games a job starts with. */
  systems: () => InstalledSystem[];
  maxConcurrent?: number;
  killAfterMs?: number;
  /** Finished jobs remembered for the UI (the oldest are forgotten first). */
  keepFinished?: number;
  /** Runs on the main thread after each job ends, before its status says so. */
  onFinished?: (status: Readonly<JobStatus>, output: JobOutput | undefined) => void;
}

interface Entry {
  status: JobStatus;
  /** Until the job starts: an import's spec holds its whole file (up to 100 MB of text). */
  spec: JobSpec | undefined;
  output?: JobOutput;
  flag: CancelFlag;
  running?: RunningJob;
  ended: Promise<void>;
  end: () => void;
}

const FINISHED = new Set(['done', 'failed', 'cancelled']);

export class JobManager {
  private readonly entries = new Map<string, Entry>();
  private readonly queue: Entry[] = [];
  private runningCount = 0;

  constructor(private readonly options: JobManagerOptions) {}

  start(spec: JobSpec, title: string, output?: JobOutput): JobStatus {
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    const status = {
      id: randomUUID(),
      kind: spec.kind,
      title,
      state: 'queued',
      progress: { step: 'Waiting for another job', done: 0, total: 0 },
      startedAt: new Date().toISOString(),
    } as JobStatus;
    const entry: Entry = { status, spec, output, flag: new CancelFlag(), ended, end };
    this.entries.set(status.id, entry);
    this.queue.push(entry);
    this.forgetOldJobs();
    this.pump();
    return this.snapshot(entry);
  }

  status(jobId: string): JobStatus {
    return this.snapshot(this.require(jobId));
  }

  list(): JobStatus[] {
    return [...this.entries.values()].reverse().map((entry) => this.snapshot(entry));
  }

  output(jobId: string): JobOutput {
    const entry = this.require(jobId);
    if (entry.status.state !== 'done' || !entry.output) {
      throw new ApiError(`Job "${entry.status.title}" has no file to open (it is ${entry.status.state})`, 'BAD_INPUT');
    }
    return entry.output;
  }

  cancel(jobId: string): JobStatus {
    const entry = this.require(jobId);
    if (entry.status.state === 'queued') {
      this.queue.splice(this.queue.indexOf(entry), 1);
      this.finish(entry, { state: 'cancelled' });
    } else if (entry.status.state === 'running') {
      entry.flag.cancel();
      const timer = setTimeout(() => entry.running?.terminate(), this.options.killAfterMs ?? 5_000);
      void entry.ended.then(() => clearTimeout(timer));
    }
    return this.snapshot(entry);
  }

  /** Resolves once the job has ended (any state). */
  async wait(jobId: string): Promise<JobStatus> {
    const entry = this.require(jobId);
    await entry.ended;
    return this.snapshot(entry);
  }

  /** Cancels everything and waits for running jobs to stop (app shutdown). */
  async close(): Promise<void> {
    const pending = [...this.entries.values()].filter((entry) => !FINISHED.has(entry.status.state));
    for (const entry of pending) this.cancel(entry.status.id);
    await Promise.all(pending.map((entry) => entry.ended));
    await this.options.executor.close();
  }

  private require(jobId: string): Entry {
    const entry = this.entries.get(jobId);
    if (!entry) throw new ApiError(`No job with id "${jobId}" (finished jobs are forgotten after a while)`, 'NOT_FOUND');
    return entry;
  }

  private pump(): void {
    const limit = this.options.maxConcurrent ?? 2;
    while (this.runningCount < limit && this.queue.length > 0) {
      const entry = this.queue.shift()!;
      this.runningCount++;
      entry.status.state = 'running';
      entry.status.progress = { step: 'Starting', done: 0, total: 0 };
      const spec = entry.spec!;
      // The worker has its own copy; a remembered finished job must not keep the file alive.
      entry.spec = undefined;
      entry.running = this.options.executor.run(
        { spec, paths: this.options.paths, systems: this.options.systems(), outputPath: entry.output?.path },
        entry.flag,
        (snapshot) => {
          if (entry.status.state === 'running') entry.status.progress = snapshot;
        },
      );
      void entry.running.outcome.then((outcome) => {
        this.runningCount--;
        this.finish(entry, outcome);
        this.pump();
      });
    }
  }

  private finish(entry: Entry, outcome: JobOutcome): void {
    entry.spec = undefined; // a job cancelled while queued never started
    // The executor's closures hold the request it was given (an import's whole file): a finished
    // job kept in the list must not keep them, neither as its running handle nor as a cancel
    // listener (a 50 MB import stayed in the web host's memory through the child's `stop`).
    entry.running = undefined;
    entry.flag.dropListeners();
    const status = entry.status;
    status.finishedAt = new Date().toISOString();
    if (outcome.state === 'done') {
      status.result = { ...outcome.result } as JobStatus['result'];
      if (entry.output?.savedByUser) markSaved(status.result, entry.output.path);
    }
    if (outcome.state === 'failed') status.error = outcome.error;
    try {
      this.options.onFinished?.({ ...status, state: outcome.state }, entry.output);
      status.state = outcome.state;
    } catch (error) {
      status.state = 'failed';
      console.error(`[cardwright] ${status.kind} job could not be finished:`, error);
      status.error = { code: 'INTERNAL', message: internalJobErrorMessage(status.kind, error) };
    }
    entry.end();
  }

  private forgetOldJobs(): void {
    const keep = this.options.keepFinished ?? 50;
    const finished = [...this.entries.values()].filter((entry) => FINISHED.has(entry.status.state));
    for (const entry of finished.slice(0, Math.max(0, finished.length - keep))) this.entries.delete(entry.status.id);
  }

  private snapshot(entry: Entry): JobStatus {
    return { ...entry.status, progress: { ...entry.status.progress } };
  }
}
