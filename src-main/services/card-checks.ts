// A large import checks its cards against their game's schemas on a second thread while its own
// thread writes them. Checking 100,000 cards took ~0.7 s of a ~4.5 s import, all of it before the
// first row was written; in parallel it is over before the rows are (set-files.ts waits for it
// then, still inside the transaction, and writes again without the rejected cards if any).
//
// The writing thread runs synchronously inside its transaction, so it cannot await the answer:
// the checking thread posts it on a MessagePort the writer reads with receiveMessageOnPort, and
// wakes it through a SharedArrayBuffer (Atomics.wait/notify). The same buffer counts the cards
// checked so far, for the import's progress and to notice a thread that stopped answering.

import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { GameSystem } from '../../card-schema/system/format';
import type { ValidationIssue } from '../api/contract';
import type { JobProgress } from '../jobs/job-progress';

/** Where a large import's cards are checked: the bundled check-worker.js and the compiled schemas it loads. */
export interface CardCheckWorker {
  workerFile: string;
  schemaCacheDir: string;
}

/** From this many cards a file's cards are checked on a second thread (starting one costs ~0.1 s). */
export const PARALLEL_CHECKS_FROM = 10_000;

/** With no card checked for this long, the thread is taken for dead and the writer checks inline. */
const STALL_MS = 10_000;

/** Slots of the shared Int32Array. */
export const CHECK_SLOTS = { done: 0, checked: 1 } as const;

/** What the writer posts to the checking thread. */
export interface CheckInput {
  /** Each card's document as JSON: strings cross to the thread as one copy, and it parses one card at a time. */
  docs: string[];
  system: GameSystem;
  schemaCacheDir: string;
  signal: SharedArrayBuffer;
  port: MessagePort;
}

export type CheckReply =
  /** The issues of each card that has any, as [index in the file's cards, issues]. */
  { ok: true; rejected: [number, ValidationIssue[]][] } | { ok: false; message: string };

/** Schema issues by card index (cards without issues are absent). */
export type SchemaIssues = ReadonlyMap<number, ValidationIssue[]>;

export class ParallelCardChecks {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly state = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

  constructor(
    checks: CardCheckWorker,
    /** Each card's document as JSON (the writer stores these same strings). */
    readonly docs: string[],
    system: GameSystem,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(checks.workerFile);
    // Neither keeps the process alive: the writer reads the port synchronously, and close() ends the thread.
    this.worker.unref();
    this.worker.on('error', (error) => console.warn(`[cardwright] the card-checking thread failed: ${error.message}`));
    const input: CheckInput = {
      docs,
      system,
      schemaCacheDir: checks.schemaCacheDir,
      signal: this.state.buffer as SharedArrayBuffer,
      port: port2,
    };
    this.worker.postMessage(input, [port2]);
  }

  /**
   * Blocks until every card is checked, reporting progress; undefined when the thread failed or
   * stopped answering (the caller then checks the cards itself).
   */
  take(progress: JobProgress): SchemaIssues | undefined {
    let checked = -1;
    let changedAt = Date.now();
    for (;;) {
      const received = receiveMessageOnPort(this.port);
      if (received) {
        const reply = received.message as CheckReply;
        if (reply.ok) return new Map(reply.rejected);
        console.warn(`[cardwright] the card-checking thread failed: ${reply.message}`);
        return undefined;
      }
      const now = Atomics.load(this.state, CHECK_SLOTS.checked);
      progress.report('Checking cards', now, this.docs.length);
      if (now !== checked) {
        checked = now;
        changedAt = Date.now();
      } else if (Date.now() - changedAt > STALL_MS) {
        console.warn(`[cardwright] the card-checking thread stopped after ${checked} cards; checking the rest here`);
        return undefined;
      }
      Atomics.wait(this.state, CHECK_SLOTS.done, 0, 50);
    }
  }

  close(): void {
    this.port.close();
    void this.worker.terminate();
  }
}
