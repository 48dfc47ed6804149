// Giving memory back after a large request body, after start-up and after a job's worker ends. V8 collects when the program allocates on its
// own heap, but a body is read into buffers outside it, and a host waiting for the next click
// allocates nothing: after one rejected 100 MB import the body's copies (the socket's chunks,
// the bytes, the text, the parsed value) stayed, about 550 MB more, for as long as the host was
// idle. So the host collects the chunks while a large body arrives (a scavenge: they are young)
// and everything once it has answered (a full collection). Ordinary calls never get here: their
// bodies are far below the threshold and the collector's own heuristics serve them.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bodies from this size on (a large import or deck file) are collected after. */
export const RECLAIM_AFTER_BYTES = 8 * 1024 * 1024;

/** V8's gc options: `last-resort` collects repeatedly and gives the emptied pages back. */
type Collect = (options?: { type: 'minor' | 'major'; flavor?: 'regular' | 'last-resort' }) => void;
let collect: Collect | undefined;
let timer: NodeJS.Timeout | undefined;

/** V8's `gc`, which Node keeps off the global object unless started with --expose-gc. */
function collector(): Collect {
  if (collect) return collect;
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed) return (collect = exposed);
  // A context created while the flag is on gets `gc`; the flag is turned off again at once.
  setFlagsFromString('--expose-gc');
  try {
    collect = runInNewContext('gc') as Collect;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/**
 * Counts the bytes of a body as they arrive and runs a scavenge (about a millisecond) after every
 * RECLAIM_AFTER_BYTES: by then the socket's chunks so far are garbage (copied, or dropped), and
 * collecting them while they are young lets the next chunks reuse their memory. Left for later,
 * a 100 MB body left the process's heap about 100 MB larger for good (fragmentation).
 */
export function youngGarbageCollector(): (bytes: number) => void {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < RECLAIM_AFTER_BYTES) return;
    since = 0;
    collector()({ type: 'minor' });
  };
}

/**
 * A full collection now that also returns the emptied pages (a job worker after its job: without
 * it a worker that exported 1,000 cards keeps ~107 MB of heap for 35 MB of live objects).
 */
export function collectGarbageNow(): void {
  collector()({ type: 'major', flavor: 'last-resort' });
}

/** A full collection `delayMs` after the last call (a burst of large requests costs one). */
export function reclaimMemorySoon(delayMs = 100): void {
  if (timer) {
    timer.refresh();
    return;
  }
  timer = setTimeout(() => {
    timer = undefined;
    collector()({ type: 'major' });
  }, delayMs);
  timer.unref();
}
