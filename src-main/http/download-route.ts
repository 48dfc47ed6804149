// GET /download/<ticket>: streams a finished job's file from disk as an attachment, so a big
// export never passes through JSON or memory (one buffer, read again only once the socket has
// taken it: the client's pace). The
// ticket (jobs/download-tickets.ts) stands in for the bearer token a plain link cannot carry;
// the Host check happens before, as for every request (api-host.ts).

import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DOWNLOAD_PREFIX, type DownloadTickets } from '../jobs/download-tickets';

export { DOWNLOAD_PREFIX };

/**
 * `attachment` with the name twice: a plain-ASCII fallback (quoted, nothing that could end the
 * quotes or the header) and the exact name as RFC 8187 UTF-8 percent-encoding.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** The one buffer a download is copied through. */
const CHUNK_BYTES = 1 << 20;

/**
 * Copies the file's first `size` bytes into the response through one reused buffer, reading the
 * next chunk only once the socket has taken the last (backpressure). A read stream piped into the
 * response (stream.pipeline) made a new 64 KiB Buffer for each read, 16,000 for 1 GiB, which
 * piled up between collections: the host's RSS grew 42 MB during the download. This makes no
 * garbage. Returns false when the client went away (a cancelled download).
 */
async function copyToResponse(handle: FileHandle, size: number, res: ServerResponse): Promise<boolean> {
  const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK_BYTES, size)));
  const closed = new Promise<Error>((resolve) => res.once('close', () => resolve(new Error('closed'))));
  for (let position = 0; position < size;) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - position), position);
    if (bytesRead === 0) throw new Error(`The file ended after ${position} of its ${size} bytes while it was sent`);
    const written = new Promise<Error | null | undefined>((resolve) => res.write(buffer.subarray(0, bytesRead), resolve));
    if ((await Promise.race([written, closed])) || res.destroyed) return false;
    position += bytesRead;
  }
  res.end();
  return true;
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(message);
}

/** Answers a request under DOWNLOAD_PREFIX; `headers` are the host's security headers. */
export async function serveDownload(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  tickets: DownloadTickets | undefined,
  headers: Record<string, string>,
): Promise<void> {
  if (req.method !== 'GET') {
    refuse(res, 405, 'Downloads use GET.', headers);
    return;
  }
  if (!tickets) {
    refuse(res, 404, 'This host serves no downloads.', headers);
    return;
  }
  let ticket: string;
  try {
    ticket = decodeURIComponent(pathname.slice(DOWNLOAD_PREFIX.length));
  } catch {
    ticket = '';
  }
  const redeemed = tickets.redeem(ticket);
  if (!redeemed.ok) {
    refuse(res, redeemed.status, redeemed.message, headers);
    return;
  }
  const { path, fileName, mimeType } = redeemed.file;
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    refuse(
      res,
      404,
      `The file “${fileName}” is gone from the host (finished exports are kept until it stops): export it again.`,
      headers,
    );
    return;
  }
  try {
    const { size } = await handle.stat();
    res.writeHead(200, {
      ...headers,
      'content-type': mimeType,
      'content-length': String(size),
      'content-disposition': contentDisposition(fileName),
      'cache-control': 'no-store',
    });
    // Exactly the bytes the stat counted: a file growing meanwhile must not break Content-Length.
    // A browser that cancels the download closes the connection: nothing to answer then.
    await copyToResponse(handle, size, res);
  } catch (error) {
    // Headers are out: cutting the connection tells the browser the download failed.
    if (res.headersSent) res.destroy();
    throw error;
  } finally {
    await handle.close();
  }
}
