// Worker-thread entry (bundled as out/main/check-worker.js): checks the cards of one set file
// against their game's schemas for the thread that imports it (card-checks.ts), then ends.

import { parentPort } from 'node:worker_threads';
import { collectGarbageNow } from '../reclaim-memory';
import { createCardValidator } from './card-validator';
import { cardDocumentIssues } from './card-document-issues';
import { CachedSchemaCompiler } from './compiled-schemas';
import { CHECK_SLOTS, type CheckInput, type CheckReply } from './card-checks';
import type { ValidationIssue } from '../api/contract';

/** Cards checked between two updates of the shared count. */
const COUNT_EVERY = 500;

function check(input: CheckInput, state: Int32Array): [number, ValidationIssue[]][] {
  const validate = createCardValidator(input.system, new CachedSchemaCompiler(input.schemaCacheDir));
  const rejected: [number, ValidationIssue[]][] = [];
  input.docs.forEach((doc, index) => {
    const issues = cardDocumentIssues(validate, JSON.parse(doc));
    if (issues.length > 0) rejected.push([index, issues]);
    if (index % COUNT_EVERY === 0) Atomics.store(state, CHECK_SLOTS.checked, index);
  });
  Atomics.store(state, CHECK_SLOTS.checked, input.docs.length);
  return rejected;
}

function answer(input: CheckInput): void {
  const state = new Int32Array(input.signal);
  let reply: CheckReply;
  try {
    reply = { ok: true, rejected: check(input, state) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  input.port.postMessage(reply);
  input.port.close();
  Atomics.store(state, CHECK_SLOTS.done, 1);
  Atomics.notify(state, CHECK_SLOTS.done);
}

parentPort!.once('message', (input: CheckInput) => {
  answer(input);
  // The cards' JSON and their parsed documents are garbage once this handler is done: give their
  // pages back before the thread ends (an ended thread's pages stay with the process, see jobs/executors.ts).
  setImmediate(collectGarbageNow);
});
