// Loopback HTTP transport of the API (and its WebSocket for small calls, api-socket.ts). Every API
// request must carry the launch token and a Host header naming this loopback address; static
// files need neither (they hold no data).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ApiHandlers } from '../api/contract';
import { dispatch } from '../api/dispatch';
import { jsonTextProblem, MAX_JSON_DEPTH } from '../api/json-depth';
import type { PathRoot } from '../api/redact-paths';
import { decodeWire, encodeWire, HTTP_API_PREFIX, type Envelope } from '../api/wire';
import { MAX_STRUCTURE, payloadLimit, tooLargeMessage, tooMuchStructureMessage } from '../api/payload-limits';
import { readBody } from './request-body';
import { RECLAIM_AFTER_BYTES, reclaimMemorySoon, youngGarbageCollector } from '../reclaim-memory';
import { CONTENT_SECURITY_POLICY, readRendererFile } from '../renderer-files';
import { attachApiSocket } from './api-socket';
import { DOWNLOAD_PREFIX, serveDownload } from './download-route';
import type { DownloadTickets } from '../jobs/download-tickets';

export interface ApiHostOptions {
  handlers: ApiHandlers;
  rendererDir: string;
  token: string;
  port: number;
  /** Folders whose absolute paths error messages must not show (the data folder, the app's). */
  pathRoots?: readonly PathRoot[];
  /** The tickets `jobDownloadUrl` mints, redeemed by GET /download/<ticket>. */
  downloads?: DownloadTickets;
}

export interface ApiHost {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** How long a closing host lets answers under way finish. */
const CLOSE_GRACE_MS = 2_000;

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

function send(res: ServerResponse, status: number, body: string | Buffer, contentType: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': contentType, 'cache-control': 'no-store' });
  res.end(body);
}

function sendEnvelope(res: ServerResponse, status: number, envelope: Envelope<unknown>): void {
  send(res, status, encodeWire(envelope), 'application/json; charset=utf-8');
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

function badInput(res: ServerResponse, status: number, message: string, close = false): void {
  const headers = close ? { connection: 'close' } : {};
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(encodeWire({ ok: false, error: { code: 'BAD_INPUT', message } }));
}

/** How long the rest of a refused body is read (and dropped) before the connection is cut. */
const LINGER_MS = 2_000;

/**
 * Reads the rest of a refused body and drops it, for up to LINGER_MS: the client is still
 * uploading, and closing at once resets the connection, which makes the client discard the 413
 * before it reads it (it saw a bare ECONNRESET most of the time). Nothing is kept, so this costs
 * no memory; a client that sends for longer is cut off.
 */
function dropRestOfBody(req: IncomingMessage, onChunk: (bytes: number) => void): void {
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    onChunk(chunk.length);
  });
  const done = () => {
    clearTimeout(timer);
    if (dropped >= RECLAIM_AFTER_BYTES) reclaimMemorySoon();
  };
  req.once('end', done);
  req.once('close', done);
  req.resume(); // readBody paused it
}

/** Reads, checks and decodes the body of an API call; answers the caller itself when it cannot. */
async function readInput(req: IncomingMessage, res: ServerResponse, method: string): Promise<{ input: unknown } | undefined> {
  const limit = payloadLimit(method);
  const onChunk = youngGarbageCollector();
  const body = await readBody(req, limit, onChunk);
  // Whatever the answer, the body's copies are garbage once it is sent.
  if (body.bytes >= RECLAIM_AFTER_BYTES) res.once('close', () => reclaimMemorySoon());
  if (!body.ok && body.tooLarge) {
    dropRestOfBody(req, onChunk);
    badInput(res, 413, tooLargeMessage(method, limit));
    return undefined;
  }
  if (!body.ok) {
    badInput(res, 400, `Unreadable request: ${body.error.message}`);
    return undefined;
  }
  // Refused before parsing, with a position: zod and the services recurse on nested values, and
  // JSON.parse builds whatever the structure asks for.
  const problem = jsonTextProblem(body.text, MAX_JSON_DEPTH, MAX_STRUCTURE);
  if (problem) {
    const message =
      problem.kind === 'depth'
        ? `The request nests more than ${MAX_JSON_DEPTH} levels deep (at character ${problem.at})`
        : tooMuchStructureMessage(method, problem.at);
    badInput(res, 400, message);
    return undefined;
  }
  try {
    return { input: body.text ? decodeWire(body.text) : {} };
  } catch (error) {
    badInput(res, 400, `Unreadable request: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

export function startApiHost(options: ApiHostOptions): Promise<ApiHost> {
  let allowedHosts = new Set<string>();

  const server = createServer(async (req, res) => {
    try {
      // DNS rebinding: a page from evil.example resolving to 127.0.0.1 still sends its own Host.
      if (!allowedHosts.has(req.headers.host ?? '')) {
        send(res, 421, 'Misdirected request: unknown Host header', 'text/plain; charset=utf-8');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.startsWith(HTTP_API_PREFIX)) {
        if (req.method !== 'POST') {
          sendEnvelope(res, 405, { ok: false, error: { code: 'BAD_INPUT', message: 'API calls use POST' } });
          return;
        }
        if (!tokenMatches(req.headers.authorization, options.token)) {
          sendEnvelope(res, 401, { ok: false, error: { code: 'BAD_INPUT', message: 'Missing or wrong API token' } });
          return;
        }
        let method: string;
        try {
          method = decodeURIComponent(url.pathname.slice(HTTP_API_PREFIX.length));
        } catch {
          badInput(res, 400, 'The API method in the address is not valid percent-encoding', true);
          return;
        }
        const read = await readInput(req, res, method);
        if (!read) return;
        sendEnvelope(res, 200, await dispatch(options.handlers, method, read.input, options.pathRoots));
        return;
      }
      if (url.pathname.startsWith(DOWNLOAD_PREFIX)) {
        await serveDownload(req, res, url.pathname, options.downloads, SECURITY_HEADERS);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        send(res, 405, 'Method not allowed', 'text/plain; charset=utf-8');
        return;
      }
      const file = await readRendererFile(options.rendererDir, url.pathname);
      if (!file) {
        send(res, 404, 'Not found', 'text/plain; charset=utf-8');
        return;
      }
      send(res, 200, file.body, file.mimeType);
    } catch (error) {
      console.error('[cardwright] web host error:', error);
      if (res.headersSent) res.end();
      else if (req.url?.startsWith(HTTP_API_PREFIX))
        sendEnvelope(res, 500, {
          ok: false,
          error: {
            code: 'INTERNAL',
            message: 'The Cardwright host could not answer: something unexpected went wrong (the details are in its log).',
          },
        });
      else send(res, 500, 'Internal error', 'text/plain; charset=utf-8');
    }
  });

  const sockets = attachApiSocket(server, {
    handlers: options.handlers,
    tokenMatches: (presented) => tokenMatches(`Bearer ${presented}`, options.token),
    allowedHosts: () => allowedHosts,
    pathRoots: options.pathRoots,
  });

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
      resolvePromise({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets.clients) socket.terminate();
            sockets.close();
            server.close(() => done());
            // A browser may hold a connection open (keep-alive, a call in flight): give answers
            // under way a moment, then cut what is left, so shutting down never waits on a client.
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
          }),
      });
    });
  });
}
