// Worker-thread entry (bundled as out/main/check-worker.js): checks the cards of one set file
// against their game's schemas for the thread that imports it (card-checks.ts), then ends. The
// search texts it was asked for come first: the writer takes them when it reaches those cards' rows.

import { parentPort } from 'node:worker_threads';
import { collectGarbageNow } from '../reclaim-memory';
import { createCardValidator } from './card-validator';
import { cardDocumentIssues } from './card-document-issues';
import { CachedSchemaCompiler } from './compiled-schemas';
import { CHECK_SLOTS, type CheckInput, type CheckReply, type SearchTextsMessage } from './card-checks';
import type { CardDocument } from '../../card-schema/system/format';
import type { ValidationIssue } from '../api/contract';
import { buildSearchText } from './search-text';

/** Cards checked between two updates of the shared count. */
const COUNT_EVERY = 500;

/**
 * The search texts of docs[from] on, from documents parsed here (kept for the checks: parsed
 * once); built before any check, as the writer builds them (validation never changes a document).
 */
function searchTexts(input: CheckInput, state: Int32Array, parsed: Map<number, unknown>): void {
  const texts: string[] = [];
  for (let index = input.searchTextsFrom; index < input.docs.length; index++) {
    const doc: unknown = JSON.parse(input.docs[index]);
    parsed.set(index, doc);
    // The writer refuses what is not an object; its search text is never read.
    texts.push(
      doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? buildSearchText(doc as CardDocument, input.system) : '',
    );
    if (texts.length % COUNT_EVERY === 0) Atomics.store(state, CHECK_SLOTS.texted, texts.length);
  }
  const message: SearchTextsMessage = { kind: 'searchTexts', texts };
  input.port.postMessage(message);
  Atomics.store(state, CHECK_SLOTS.texts, 1);
  Atomics.notify(state, CHECK_SLOTS.texts);
}

function check(input: CheckInput, state: Int32Array, parsed: ReadonlyMap<number, unknown>): [number, ValidationIssue[]][] {
  const validate = createCardValidator(input.system, new CachedSchemaCompiler(input.schemaCacheDir));
  const rejected: [number, ValidationIssue[]][] = [];
  input.docs.forEach((doc, index) => {
    const issues = cardDocumentIssues(validate, parsed.has(index) ? parsed.get(index) : JSON.parse(doc));
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
    const parsed = new Map<number, unknown>();
    if (input.searchTextsFrom < input.docs.length) searchTexts(input, state, parsed);
    reply = { kind: 'verdicts', ok: true, rejected: check(input, state, parsed) };
  } catch (error) {
    reply = { kind: 'verdicts', ok: false, message: error instanceof Error ? error.message : String(error) };
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
