// Reads a PDF's pictures ahead of the painter. Told the order the pages will ask for them
// (ImageLoader.expect), it keeps a few reads running while a page is painted, so the disk and
// sharp's threads (a PNG flattened, a JPEG turned upright) work beside the painting instead of
// between pages. What it holds is bounded: at most `window` pictures and about `maxBytes` read
// and not yet asked for; a picture the pages skip past is let go.

import type { ImageLoader } from './pdf-images';

/** Reads one picture's print bytes; undefined when it cannot (the card keeps its placeholder). */
export type ReadPicture = (id: string) => Promise<Buffer | undefined>;

export interface PrefetchLimits {
  /** Pictures read at once. */
  concurrency: number;
  /** Pictures read ahead and not yet asked for, at most. */
  window: number;
  /** Bytes read ahead and not yet asked for; no further read starts above it. */
  maxBytes: number;
}

export const DEFAULT_PREFETCH: PrefetchLimits = { concurrency: 4, window: 24, maxBytes: 48 * 2 ** 20 };

export function prefetchingLoader(read: ReadPicture, limits: PrefetchLimits = DEFAULT_PREFETCH): ImageLoader {
  const safeRead = (id: string) => read(id).catch(() => undefined);
  let order: readonly string[] = [];
  const position = new Map<string, number>();
  /** Reads started ahead and not yet asked for, and the bytes of those finished. */
  const ahead = new Map<string, Promise<Buffer | undefined>>();
  const aheadBytes = new Map<string, number>();
  const handedOut = new Set<string>();
  let next = 0;
  let running = 0;

  const heldBytes = () => {
    let sum = 0;
    for (const bytes of aheadBytes.values()) sum += bytes;
    return sum;
  };

  function pump(): void {
    while (next < order.length && running < limits.concurrency && ahead.size < limits.window && heldBytes() < limits.maxBytes) {
      const id = order[next++];
      if (handedOut.has(id) || ahead.has(id)) continue;
      running++;
      const reading = safeRead(id).then((bytes) => {
        running--;
        if (ahead.get(id) === reading) aheadBytes.set(id, bytes?.length ?? 0);
        pump();
        return bytes;
      });
      ahead.set(id, reading);
    }
  }

  const load: ImageLoader = async (ids) => {
    let furthest = -1;
    const reads = ids.map((id) => {
      handedOut.add(id);
      furthest = Math.max(furthest, position.get(id) ?? -1);
      const started = ahead.get(id);
      ahead.delete(id);
      aheadBytes.delete(id);
      return started ?? safeRead(id);
    });
    // The pages went past these: nobody will ask for them before the document ends.
    for (const id of ahead.keys()) {
      if ((position.get(id) ?? Infinity) < furthest) {
        ahead.delete(id);
        aheadBytes.delete(id);
      }
    }
    next = Math.max(next, furthest + 1);
    pump();
    const found = new Map<string, Buffer>();
    (await Promise.all(reads)).forEach((bytes, i) => bytes && found.set(ids[i], bytes));
    return found;
  };
  load.expect = (ids) => {
    order = [...new Set(ids)];
    order.forEach((id, i) => position.set(id, i));
    next = 0;
    pump();
  };
  return load;
}
