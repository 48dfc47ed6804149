// Reader-thread entry (bundled as out/main/read-worker.js): one read-only connection, one read
// at a time, answers posted back with the id they came with.

import { parentPort, workerData } from 'node:worker_threads';
import { openReadConnection, Reader } from './reader';
import type { ReaderInput, ReaderMessage, ReaderReply } from './read-pool';

const input = workerData as ReaderInput;
const reader = new Reader(openReadConnection(input.databaseFile));

parentPort?.on('message', ({ id, request }: ReaderMessage) => {
  let reply: ReaderReply;
  try {
    reply = { id, ok: true, value: reader.serve(request) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
