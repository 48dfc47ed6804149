// Loopback HTTP transport of the API. Every API request must carry the launch token and a
// Host header naming this loopback address; static files need neither (they hold no data).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ApiHandlers } from '../api/contract';
import { dispatch } from '../api/dispatch';
import { decodeWire, encodeWire, HTTP_API_PREFIX, type Envelope } from '../api/wire';
import { CONTENT_SECURITY_POLICY, readRendererFile } from '../renderer-files';

const MAX_BODY_BYTES = 256 * 1024 * 1024;

export interface ApiHostOptions {
  handlers: ApiHandlers;
  rendererDir: string;
  token: string;
  port: number;
}

export interface ApiHost {
  url: string;
  port: number;
  close(): Promise<void>;
}

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

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error(`request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
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
        let input: unknown;
        try {
          const text = await readBody(req);
          input = text ? decodeWire(text) : {};
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          sendEnvelope(res, 400, { ok: false, error: { code: 'BAD_INPUT', message: `Unreadable request: ${message}` } });
          return;
        }
        const method = decodeURIComponent(url.pathname.slice(HTTP_API_PREFIX.length));
        sendEnvelope(res, 200, await dispatch(options.handlers, method, input));
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
      if (!res.headersSent) send(res, 500, 'Internal error', 'text/plain; charset=utf-8');
      else res.end();
    }
  });

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
      resolvePromise({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
