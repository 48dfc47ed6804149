// Request bodies of the loopback API, read with a limit per method and refused before they are
// parsed: an oversized body is never buffered (reading stops at the limit, or before it starts
// when Content-Length already says too much), so a 50 MB stray post costs neither time nor memory.

import type { IncomingMessage } from 'node:http';
import { MAX_DECK_TEXT, MAX_IMPORT_TEXT } from '../api/contract';

const MiB = 1024 * 1024;
/** JSON escaping of an embedded file (quotes, newlines) grows it by up to about half again. */
const escaped = (chars: number) => Math.ceil(chars * 1.5) + MiB;

/**
 * Most calls carry a few ids or one card; 4 MiB holds the largest of them (getCards' 10,000 ids).
 * Imports carry a whole file: startJob (import jobs) and importDeck get the contract's limits.
 */
export const DEFAULT_BODY_LIMIT = 4 * MiB;
const BODY_LIMITS: Partial<Record<string, number>> = {
  startJob: escaped(MAX_IMPORT_TEXT),
  importDeck: escaped(MAX_DECK_TEXT),
};

export function bodyLimit(method: string): number {
  return Object.prototype.hasOwnProperty.call(BODY_LIMITS, method) ? BODY_LIMITS[method]! : DEFAULT_BODY_LIMIT;
}

export function describeBytes(bytes: number): string {
  return bytes >= MiB ? `${Math.round(bytes / MiB)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

export type BodyRead = { ok: true; text: string } | { ok: false; tooLarge: true } | { ok: false; tooLarge: false; error: Error };

/** Reads the body as UTF-8 text, or stops (without buffering more) once it passes `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, tooLarge: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (result: BodyRead) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      req.pause();
      chunks.length = 0;
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) stop({ ok: false, tooLarge: true });
      else chunks.push(chunk);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      stop({ ok: true, text });
    };
    const onError = (error: Error) => stop({ ok: false, tooLarge: false, error });
    // A client that hangs up mid-body: settle instead of waiting forever.
    const onClose = () => stop({ ok: false, tooLarge: false, error: new Error('the connection closed before the body ended') });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
