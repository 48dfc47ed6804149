// Request bodies of the loopback API, read with a limit per method (api/payload-limits.ts) and
// refused before they are parsed: an oversized body is never buffered (reading stops at the
// limit, or before it starts when Content-Length already says too much), so a 50 MB stray post
// costs neither time nor memory.

import type { IncomingMessage } from 'node:http';

/** `bytes`: how much of the body was read (0 when Content-Length alone refused it). */
export type BodyRead = { bytes: number } & (
  { ok: true; text: string } | { ok: false; tooLarge: true } | { ok: false; tooLarge: false; error: Error }
);

/**
 * Reads the body as UTF-8 text, or stops (without buffering more) once it passes `limit` bytes.
 * `onChunk` hears the size of each chunk once it is copied (and garbage).
 */
export function readBody(req: IncomingMessage, limit: number, onChunk?: (bytes: number) => void): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, tooLarge: true, bytes: 0 });
  return new Promise((resolve) => {
    // One buffer for the whole body: keeping the chunks to join at the end would hold it twice,
    // and an import's body is over 100 MB. Without a Content-Length it is the limit's size; the
    // system hands out its pages only as they are written, so the unused rest costs nothing.
    let whole = Buffer.allocUnsafe(Number.isInteger(declared) && declared >= 0 ? declared : limit);
    let size = 0;
    const stop = (result: BodyRead) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      req.pause();
      whole = Buffer.alloc(0);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) return stop({ ok: false, tooLarge: true, bytes: size + chunk.length });
      chunk.copy(whole, size);
      size += chunk.length;
      onChunk?.(chunk.length);
    };
    const onEnd = () => stop({ ok: true, text: whole.toString('utf8', 0, size), bytes: size });
    const onError = (error: Error) => stop({ ok: false, tooLarge: false, error, bytes: size });
    // A client that hangs up mid-body: settle instead of waiting forever.
    const onClose = () =>
      stop({ ok: false, tooLarge: false, error: new Error('the connection closed before the body ended'), bytes: size });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
