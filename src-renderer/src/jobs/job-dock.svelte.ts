// Long jobs as the UI sees them: start one, follow its progress (polling the API), cancel it,
// and when an export is done either download it (browser) or offer to open it or show it in
// its folder (desktop: the file is already where the user saved it). The dock shows them all.

import type { JobFile, JobResults, JobSpecInput, JobStatus, PdfJobResult } from '../../../src-main/api/contract';
import { api, ApiCallError } from '../api/client';
import { downloadFromUrl } from '../api/download';
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

interface FileResult {
  file: JobFile;
  backsFile?: JobFile;
  parts?: JobFile[];
  backsParts?: JobFile[];
}

/** A file of a finished job and its button's label ("Part 2 of 3", "Backs"). */
export interface JobFileChoice {
  file: JobFile;
  label: string;
}

/** Every file a finished export wrote: its parts when split, the separate-backs file (or its parts). */
export function jobFiles(status: JobStatus): JobFileChoice[] {
  if (status.state !== 'done' || !status.result || !('file' in status.result)) return [];
  const { file, backsFile, parts, backsParts } = status.result as FileResult;
  const label = (name: string, list: JobFile[]) => (index: number) =>
    list.length > 1 ? `${name ? `${name} ` : 'Part '}${index + 1} of ${list.length}` : name || 'Download again';
  const fronts = parts ?? [file];
  const backs = backsParts ?? (backsFile ? [backsFile] : []);
  return [
    ...fronts.map((one, index) => ({ file: one, label: label('', fronts)(index) })),
    ...backs.map((one, index) => ({ file: one, label: label('Backs', backs)(index) })),
  ];
}

/** "Saved to …": the file, or the folder of a split export's parts. */
export function savedText(status: JobStatus): string {
  const files = jobFiles(status);
  const saved = files[0]?.file.savedTo;
  if (!saved) return 'Done';
  if (files.length === 1) return `Saved to ${saved}`;
  const folder = saved.slice(0, Math.max(saved.lastIndexOf('/'), saved.lastIndexOf('\\')));
  return `Saved ${files.length} files to ${folder}`;
}

/**
 * A print export's files for its message: "“Deck.pdf”", "“Deck.pdf” and “Deck (backs).pdf”", or
 * split: "4 files, “Deck (part 1 of 4).pdf” to “Deck (part 4 of 4).pdf”".
 */
export function pdfFilesText(pdf: Pick<PdfJobResult, 'file' | 'backsFile' | 'parts' | 'backsParts'>): string {
  const files = [...(pdf.parts ?? [pdf.file]), ...(pdf.backsParts ?? (pdf.backsFile ? [pdf.backsFile] : []))];
  const quoted = (file: JobFile) => `“${file.fileName}”`;
  if (files.length <= 2) return files.map(quoted).join(' and ');
  return `${files.length} files, ${quoted(files[0])} to ${quoted(files[files.length - 1])}`;
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
    // Each file the export wrote: a split PDF's parts, the separate-backs layout's second file.
    if (file && !file.savedTo) for (const choice of jobFiles(status)) await this.download(status.id, choice.file);
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

  /** The browser downloads the file from the host (streamed from disk, never through the API's answers). */
  async download(jobId: string, file: JobFile): Promise<void> {
    try {
      const { url } = await api.jobDownloadUrl({ jobId, fileName: file.fileName });
      downloadFromUrl(url, file.fileName);
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
