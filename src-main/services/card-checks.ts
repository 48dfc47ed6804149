// A large import checks its cards against their game's schemas on a second thread while its own
// thread writes them. Checking 100,000 cards took ~0.7 s of a ~4.5 s import, all of it before the
// first row was written; in parallel it is over before the rows are (set-files.ts waits for it
// then, still inside the transaction, and writes again without the rejected cards if any).
//
// The same thread builds the search text of the file's later cards before it checks any (the
// writer builds the earlier ones as it writes their rows): ~0.4 s of a 100,000-card import off
// the writer's path. It builds them from the same JSON the writer stores, so they equal the
// writer's own. A large file starts its thread before it is parsed (startCheckThread).
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

/**
 * A file of this many characters or more starts its checking thread before it is parsed
 * (startCheckThread): 10,000 cards take more than this, so a file that ends up with fewer
 * cards is rare and only costs a thread started for nothing.
 */
export const EARLY_CHECK_THREAD_FROM_CHARS = 1_000_000;

/**
 * Starts a checking thread ahead of its cards: spawning it and loading its code (~0.2 s) then
 * overlap the parsing of the file, and its search texts are ready sooner. Hand it to
 * ParallelCardChecks, or terminate it.
 */
export function startCheckThread(checks: CardCheckWorker): Worker {
  const worker = new Worker(checks.workerFile);
  // Neither keeps the process alive: the writer reads the port synchronously, and close() ends the thread.
  worker.unref();
  worker.on('error', (error) => console.warn(`[cardwright] the card-checking thread failed: ${error.message}`));
  return worker;
}

/** With no card checked for this long, the thread is taken for dead and the writer checks inline. */
const STALL_MS = 10_000;

/** Slots of the shared Int32Array. */
export const CHECK_SLOTS = { done: 0, checked: 1, texts: 2, texted: 3 } as const;

/** What the writer posts to the checking thread. */
export interface CheckInput {
  /** Each card's document as JSON: strings cross to the thread as one copy, and it parses one card at a time. */
  docs: string[];
  /** The thread builds the search text of docs[searchTextsFrom] and after, before it checks the cards. */
  searchTextsFrom: number;
  system: GameSystem;
  schemaCacheDir: string;
  signal: SharedArrayBuffer;
  port: MessagePort;
}

export type CheckReply =
  /** The issues of each card that has any, as [index in the file's cards, issues]. */
  { kind: 'verdicts'; ok: true; rejected: [number, ValidationIssue[]][] } | { kind: 'verdicts'; ok: false; message: string };

/** Posted before the reply: the search text of each doc from `searchTextsFrom` on, in order. */
export interface SearchTextsMessage {
  kind: 'searchTexts';
  texts: string[];
}

export type CheckMessage = SearchTextsMessage | CheckReply;

/** Schema issues by card index (cards without issues are absent). */
export type SchemaIssues = ReadonlyMap<number, ValidationIssue[]>;

export class ParallelCardChecks {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly state = new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
  /** The reply, when it came while the search texts were awaited (a thread that failed early). */
  private reply: CheckReply | undefined;

  /** Each card's document as JSON (the writer stores these same strings). */
  readonly docs: string[];
  /** The thread builds the search text of the docs from this index on (docs.length: none). */
  readonly searchTextsFrom: number;

  constructor(
    checks: CardCheckWorker,
    /** Makes the docs' JSON: called once the thread is starting, which takes about as long. */
    docsJson: () => string[],
    system: GameSystem,
    searchTextsFrom?: number,
    /** A thread startCheckThread started already (this object ends it); a new one when absent. */
    thread?: Worker,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = thread ?? startCheckThread(checks);
    this.docs = docsJson();
    this.searchTextsFrom = Math.min(searchTextsFrom ?? this.docs.length, this.docs.length);
    const input: CheckInput = {
      docs: this.docs,
      searchTextsFrom: this.searchTextsFrom,
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
      const reply = this.reply ?? this.nextReply();
      if (reply) {
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

  /**
   * Blocks until the thread built the search texts of the docs from `searchTextsFrom` on; undefined
   * when it failed or stopped answering (the caller then builds them itself). Call it before take().
   */
  searchTexts(): string[] | undefined {
    let texted = -1;
    let changedAt = Date.now();
    for (;;) {
      const received = receiveMessageOnPort(this.port);
      if (received) {
        const message = received.message as CheckMessage;
        if (message.kind === 'searchTexts') return message.texts;
        this.reply = message;
        return undefined;
      }
      const now = Atomics.load(this.state, CHECK_SLOTS.texted);
      if (now !== texted) {
        texted = now;
        changedAt = Date.now();
      } else if (Date.now() - changedAt > STALL_MS) {
        console.warn(`[cardwright] the card-checking thread stopped after ${texted} search texts; building the rest here`);
        return undefined;
      }
      Atomics.wait(this.state, CHECK_SLOTS.texts, 0, 50);
    }
  }

  /** The reply, skipping search texts nobody asked for. */
  private nextReply(): CheckReply | undefined {
    for (;;) {
      const received = receiveMessageOnPort(this.port);
      if (!received) return undefined;
      const message = received.message as CheckMessage;
      if (message.kind === 'verdicts') return message;
    }
  }

  close(): void {
    this.port.close();
    void this.worker.terminate();
  }
}
