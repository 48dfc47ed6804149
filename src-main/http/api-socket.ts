// The loopback host's API over one WebSocket per page, beside POST /api/<method>: in Chromium a
// fetch to loopback costs 4–6 ms a call and a WebSocket message about 1 ms, which a search per
// keystroke feels. Only small calls come this way (SOCKET_MESSAGE_MAX: larger ones, files, take
// HTTP with its per-method limits); the same token and Host checks apply. A browser cannot set an
// Authorization header on a WebSocket, so the token travels as its subprotocol; and as any page may
// open a socket to loopback (no CORS for WebSockets), the Origin must be this host.

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ApiHandlers } from '../api/contract';
import { dispatch } from '../api/dispatch';
import { MAX_JSON_DEPTH, tooDeepPosition } from '../api/json-depth';
import type { PathRoot } from '../api/redact-paths';
import { API_SOCKET_PATH, decodeWire, encodeWire, SOCKET_MESSAGE_MAX, SOCKET_TOKEN_PREFIX, type SocketCall } from '../api/wire';

export interface ApiSocketOptions {
  handlers: ApiHandlers;
  /** The launch token, compared in constant time. */
  tokenMatches: (presented: string) => boolean;
  /** Host headers (and so origins) naming this host; empty until it listens. */
  allowedHosts: () => ReadonlySet<string>;
  pathRoots?: readonly PathRoot[];
}

/** WebSocket close codes (RFC 6455): the message could not be read as a call. */
const UNREADABLE = 1007;

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The token of the offered subprotocols, or undefined. */
function offeredToken(request: IncomingMessage): string | undefined {
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((protocol) => protocol.trim());
  return offered.find((protocol) => protocol.startsWith(SOCKET_TOKEN_PREFIX))?.slice(SOCKET_TOKEN_PREFIX.length);
}

/** Reads one message as a call, or says why it is not one. */
function readCall(data: RawData): { call: SocketCall } | { problem: string } {
  const text = Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
  // Depth only: a message (at most SOCKET_MESSAGE_MAX) is far below the HTTP bodies' MAX_STRUCTURE.
  const tooDeep = tooDeepPosition(text);
  if (tooDeep !== undefined)
    return { problem: `The message nests more than ${MAX_JSON_DEPTH} levels deep (at character ${tooDeep})` };
  let value: unknown;
  try {
    value = decodeWire(text);
  } catch (error) {
    return { problem: `Unreadable message: ${error instanceof Error ? error.message : String(error)}` };
  }
  const call = value as Partial<SocketCall> | null;
  if (!call || typeof call !== 'object' || !Number.isSafeInteger(call.id) || typeof call.method !== 'string') {
    return { problem: 'A message must be { id, method, input }' };
  }
  return { call: { id: call.id!, method: call.method, input: call.input ?? {} } };
}

/** Answers API calls on WebSockets upgraded from `server` at API_SOCKET_PATH. */
export function attachApiSocket(server: Server, options: ApiSocketOptions): WebSocketServer {
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: SOCKET_MESSAGE_MAX,
    // Answer with the token's protocol, as the browser requires of an offered one.
    handleProtocols: (protocols) => [...protocols].find((protocol) => protocol.startsWith(SOCKET_TOKEN_PREFIX)) ?? false,
  });
  sockets.on('connection', (socket: WebSocket) => {
    // A message past SOCKET_MESSAGE_MAX or broken framing: ws closes the socket (1009, 1002) and
    // reports it here too; the page's client sends such calls over HTTP, so nothing is lost.
    socket.on('error', () => undefined);
    socket.on('message', (data, isBinary) => {
      const read = isBinary ? { problem: 'Calls are text messages' } : readCall(data);
      if ('problem' in read) {
        socket.close(UNREADABLE, read.problem.slice(0, 120));
        return;
      }
      const { id, method, input } = read.call;
      void dispatch(options.handlers, method, input, options.pathRoots).then((envelope) => {
        if (socket.readyState === socket.OPEN) socket.send(encodeWire({ id, envelope }));
      });
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const hosts = options.allowedHosts();
    const host = request.headers.host ?? '';
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    // DNS rebinding, as for HTTP calls: a page from evil.example resolving to 127.0.0.1 sends its own Host.
    if (!hosts.has(host)) return refuse(socket, '421 Misdirected Request');
    if (path !== API_SOCKET_PATH) return refuse(socket, '404 Not Found');
    // The page's own origin only: a page from elsewhere may not call the API (cross-site WebSocket hijacking).
    const origin = request.headers.origin ?? '';
    if (![...hosts].some((allowed) => origin === `http://${allowed}`)) return refuse(socket, '403 Forbidden');
    const token = offeredToken(request);
    if (token === undefined || !options.tokenMatches(token)) return refuse(socket, '401 Unauthorized');
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  });
  return sockets;
}
