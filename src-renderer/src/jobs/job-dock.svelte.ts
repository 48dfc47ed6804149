// Long jobs as the UI sees them: start one, follow its progress (polling the API), cancel it,
// and when an export is done either download it (browser) or offer to open it or show it in
// its folder (desktop: the file is already where the user saved it). The dock shows them all.

import type { JobResults, JobSpecInput, JobStatus } from '../../../src-main/api/contract';
import { api, ApiCallError } from '../api/client';
import { downloadFileBlob } from '../api/download';
import { showError } from '../lib/toast.svelte';

const POLL_MS = 200;
/** How long a finished job without a file stays in the dock. */
const LINGER_MS = 4_000;

type Kind = JobSpecInput['kind'];

export function isFinished(status: JobStatus): boolean {
  return status.state === 'done' || status.state === 'failed' || status.state === 'cancelled';
}

/** The file a finished export wrote, if any. */
export function jobFile(status: JobStatus) {
  return status.state === 'done' && status.result && 'file' in status.result ? status.result.file : undefined;
}

/** "Painting cards · 4,500 of 10,000", or the step alone while the total is unknown. */
export function progressText(status: JobStatus): string {
  const { step, done, total } = status.progress;
  if (total <= 0) return step;
  return `${step} · ${done.toLocaleString()} of ${total.toLocaleString()}`;
}

export class JobDock {
  jobs: JobStatus[] = $state([]);
  private desktop: Promise<boolean> | undefined;

  constructor(
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** True in the desktop app (exports go through "Save as" and can be opened afterwards). */
  isDesktop(): Promise<boolean> {
    this.desktop ??= api.appInfo({}).then(
      (info) => info.desktop,
      () => false,
    );
    return this.desktop;
  }

  /**
   * Runs a job to its end and returns its result; null when the user cancelled (the job, or
   * the "Save as" dialog). A failed job throws its API error, for the caller to show.
   */
  async run<K extends Kind>(job: Extract<JobSpecInput, { kind: K }>): Promise<JobResults[K] | null> {
    const desktop = await this.isDesktop();
    const started = await api.startJob({ job, saveAs: desktop });
    if (!started) return null;
    this.upsert(started);
    let status = started;
    while (!isFinished(status)) {
      await this.sleep(POLL_MS);
      status = await api.jobStatus({ jobId: status.id });
      this.upsert(status);
    }
    if (status.state === 'failed') {
      this.dismiss(status.id);
      throw new ApiCallError(status.error?.message ?? 'The job failed', status.error?.code ?? 'INTERNAL', job.kind);
    }
    const file = jobFile(status);
    if (file && !file.savedTo) await this.download(status.id);
    // The separate-backs print layout writes a second file.
    if (status.state === 'done' && status.result && 'backsFile' in status.result && status.result.backsFile && !file?.savedTo)
      await this.download(status.id, 'backs');
    if (!file || status.state === 'cancelled') setTimeout(() => this.dismiss(status.id), LINGER_MS);
    return status.state === 'done' ? (status.result as JobResults[K]) : null;
  }

  async cancel(jobId: string): Promise<void> {
    try {
      this.upsert(await api.cancelJob({ jobId }));
    } catch (error) {
      showError(error);
    }
  }

  async download(jobId: string, file: 'main' | 'backs' = 'main'): Promise<void> {
    try {
      downloadFileBlob(await api.jobOutput({ jobId, file }));
    } catch (error) {
      showError(error);
    }
  }

  async open(jobId: string, reveal: boolean): Promise<void> {
    try {
      await api.openJobOutput({ jobId, reveal });
    } catch (error) {
      showError(error);
    }
  }

  dismiss(jobId: string): void {
    this.jobs = this.jobs.filter((job) => job.id !== jobId);
  }

  private upsert(status: JobStatus): void {
    const index = this.jobs.findIndex((job) => job.id === status.id);
    if (index === -1) this.jobs = [...this.jobs, status];
    else this.jobs = this.jobs.map((job, i) => (i === index ? status : job));
  }
}

export const jobDock = new JobDock();
