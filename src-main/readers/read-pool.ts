// Where the UI's reads run. The apps keep a small pool of reader threads (one per core, at most
// two), each with its own read-only connection: 50 searches at once are answered two at a time
// off the main thread, which meanwhile keeps serving writes and everything else. Unit tests
// (no bundled worker) serve the same reads from one read-only connection on this thread.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { openReadConnection, Reader, type ReadCalls, type ReadMethod, type ReadRequest } from './reader';

export interface ReaderInput {
  databaseFile: string;
}

export interface ReaderMessage {
  id: number;
  request: ReadRequest;
}

export type ReaderReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

export interface ReadPool {
  read<M extends ReadMethod>(method: M, input: ReadCalls[M]['input']): Promise<ReadCalls[M]['output']>;
  close(): Promise<void>;
}

/** Reads on a read-only connection of this thread. */
export function inlineReadPool(databaseFile: string): ReadPool {
  const reader = new Reader(openReadConnection(databaseFile));
  return {
    read: async (method, input) => reader.serve({ method, input } as ReadRequest) as ReadCalls[typeof method]['output'],
    close: async () => reader.close(),
  };
}

export const DEFAULT_READERS = Math.max(1, Math.min(2, availableParallelism()));

/** A worker that died this many times in a row without answering anything is not started again. */
const MAX_FAILED_STARTS = 3;

interface Pending {
  id: number;
  request: ReadRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy?: Pending;
  answered: boolean;
}

/** `workerFile` is the bundled read-worker.js; reads queue here and go to whichever reader is free. */
export function threadReadPool(workerFile: string, databaseFile: string, size = DEFAULT_READERS): ReadPool {
  const queue: Pending[] = [];
  const slots = new Set<Slot>();
  let nextId = 1;
  let failedStarts = 0;
  let closed = false;

  function start(): void {
    const slot: Slot = {
      worker: new Worker(workerFile, { workerData: { databaseFile } satisfies ReaderInput }),
      answered: false,
    };
    slots.add(slot);
    slot.worker.on('message', (reply: ReaderReply) => {
      const pending = slot.busy;
      slot.busy = undefined;
      if (!slot.answered) {
        slot.answered = true;
        failedStarts = 0;
      }
      if (pending && pending.id === reply.id) {
        if (reply.ok) pending.resolve(reply.value);
        else pending.reject(new Error(reply.message));
      }
      pump();
    });
    let crash: Error | undefined;
    slot.worker.on('error', (error) => (crash = error));
    slot.worker.on('exit', (code) => {
      slots.delete(slot);
      if (closed) return;
      const reason = crash?.message ?? `it exited with code ${code}`;
      slot.busy?.reject(new Error(`The reader thread stopped: ${reason}`));
      if (!slot.answered) failedStarts++;
      if (failedStarts >= MAX_FAILED_STARTS && slots.size === 0) {
        for (const pending of queue.splice(0)) pending.reject(new Error(`No reader thread could start: ${reason}`));
        return;
      }
      if (failedStarts < MAX_FAILED_STARTS) start();
      pump();
    });
  }

  function pump(): void {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.busy) continue;
      const pending = queue.shift()!;
      slot.busy = pending;
      slot.worker.postMessage({ id: pending.id, request: pending.request } satisfies ReaderMessage);
    }
  }

  for (let i = 0; i < size; i++) start();

  return {
    read: (method, input) =>
      new Promise((resolve, reject) => {
        if (closed) return reject(new Error('The library is closed'));
        if (slots.size === 0) return reject(new Error('No reader thread is running'));
        queue.push({
          id: nextId++,
          request: { method, input } as ReadRequest,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        pump();
      }),
    close: async () => {
      closed = true;
      const unanswered = [...queue.splice(0), ...[...slots].flatMap((slot) => (slot.busy ? [slot.busy] : []))];
      for (const pending of unanswered) pending.reject(new Error('The library is closed'));
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}
