// How long work reports progress and learns it was cancelled. Services take a JobProgress and
// call `report` between units of work; the job runner's implementation posts the numbers to
// the UI (throttled) and throws JobCancelledError once Cancel was pressed, which unwinds the
// work: a transaction in progress rolls back, a file being written is discarded.

export interface JobProgress {
  /** `done` of `total` units of the current `step` ("Checking cards"); throws if cancelled. */
  report(step: string, done: number, total: number): void;
}

/** For callers that run work directly (tests, sample seeding): reports go nowhere. */
export const NO_PROGRESS: JobProgress = { report: () => {} };

export class JobCancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'JobCancelledError';
  }
}

/** Cancellation shared between threads: the main thread sets it, the worker reads it. */
export class CancelFlag {
  private readonly cell: Int32Array;
  /** Told on this side when cancel() is called (a job in a child process cannot read the buffer: it is stopped instead). */
  private readonly listeners: (() => void)[] = [];

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.cell = new Int32Array(buffer);
  }

  cancel(): void {
    Atomics.store(this.cell, 0, 1);
    for (const listener of this.listeners.splice(0)) listener();
  }

  /** Runs `listener` once cancel() is called on this object (at once if it was already). */
  onCancel(listener: () => void): void {
    if (this.cancelled) listener();
    else this.listeners.push(listener);
  }

  get cancelled(): boolean {
    return Atomics.load(this.cell, 0) === 1;
  }

  /** Forgets the listeners once their job has ended: they close over its request (an import's whole file). */
  dropListeners(): void {
    this.listeners.length = 0;
  }
}

export interface ProgressSnapshot {
  step: string;
  done: number;
  total: number;
}

/**
 * A JobProgress that checks `flag` at every report and forwards at most one snapshot per
 * `intervalMs` (always the first and the last of a step), so a loop over 100,000 cards does
 * not flood the channel.
 */
export function throttledProgress(flag: CancelFlag, send: (snapshot: ProgressSnapshot) => void, intervalMs = 100): JobProgress {
  let lastSent = 0;
  let lastStep = '';
  return {
    report(step, done, total) {
      if (flag.cancelled) throw new JobCancelledError();
      const now = performance.now();
      if (step !== lastStep || done >= total || now - lastSent >= intervalMs) {
        lastSent = now;
        lastStep = step;
        send({ step, done, total });
      }
    },
  };
}
