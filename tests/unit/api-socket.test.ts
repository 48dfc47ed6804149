// The loopback host's WebSocket for small calls (src-main/http/api-socket.ts): the token as
// subprotocol, the Host and Origin checks, answers matched to calls by id, and messages it
// cannot read closing the socket with the reason.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startApiHost, type ApiHost } from '../../src-main/http/api-host';
import type { ApiHandlers } from '../../src-main/api/contract';
import { ApiError } from '../../src-main/api/api-error';
import { API_SOCKET_PATH, decodeWire, SOCKET_MESSAGE_MAX, SOCKET_TOKEN_PREFIX, type SocketAnswer } from '../../src-main/api/wire';

const token = 'c'.repeat(64);
let host: ApiHost;

const handlers = {
  listSystems: async () => {
    await new Promise((done) => setTimeout(done, 30));
    return [{ id: 'demo', name: 'Demo', version: '1', cardTypes: [] }];
  },
  getDeck: ({ id }: { id: string }) => {
    throw new ApiError(`No deck with id "${id}"`, 'NOT_FOUND');
  },
  exportDeck: () => ({ fileName: 'x.bin', mimeType: 'application/octet-stream', bytes: new Uint8Array([0, 1, 254, 255]) }),
} as unknown as ApiHandlers;

interface Opened {
  socket?: WebSocket;
  /** The HTTP status of a refused upgrade. */
  refused?: number;
}

function open(options: { token?: string; origin?: string; hostHeader?: string; path?: string } = {}): Promise<Opened> {
  const origin = options.origin ?? `http://127.0.0.1:${host.port}`;
  const socket = new WebSocket(
    `ws://127.0.0.1:${host.port}${options.path ?? API_SOCKET_PATH}`,
    [`${SOCKET_TOKEN_PREFIX}${options.token ?? token}`],
    {
      origin,
      headers: options.hostHeader ? { host: options.hostHeader } : {},
    },
  );
  return new Promise((done) => {
    socket.once('open', () => done({ socket }));
    socket.once('unexpected-response', (_request, response) => done({ refused: response.statusCode }));
    socket.once('error', () => done({ refused: -1 }));
  });
}

const answers = (socket: WebSocket, count: number) =>
  new Promise<SocketAnswer[]>((done) => {
    const got: SocketAnswer[] = [];
    socket.on('message', (data) => {
      got.push(decodeWire(String(data)) as SocketAnswer);
      if (got.length === count) done(got);
    });
  });

const closed = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((done) =>
    socket.once('close', (code, reason) => done({ code, reason: String(reason) })),
  );

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'cw-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  host = await startApiHost({ handlers, rendererDir, token, port: 0 });
});
afterAll(() => host.close());

describe('loopback API socket', () => {
  it('answers calls by id, in the order they finish, with bytes and errors in their envelopes', async () => {
    const { socket } = await open();
    expect(socket?.protocol).toBe(`${SOCKET_TOKEN_PREFIX}${token}`);
    const got = answers(socket!, 3);
    socket!.send(JSON.stringify({ id: 1, method: 'listSystems', input: {} }));
    socket!.send(JSON.stringify({ id: 2, method: 'getDeck', input: { id: 'x' } }));
    socket!.send(JSON.stringify({ id: 3, method: 'exportDeck', input: { id: 'x', format: 'text' } }));
    const byId = new Map((await got).map((answer) => [answer.id, answer.envelope]));
    expect((await got).map((answer) => answer.id)[2]).toBe(1);
    expect(byId.get(1)).toEqual({ ok: true, value: [{ id: 'demo', name: 'Demo', version: '1', cardTypes: [] }] });
    expect(byId.get(2)).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'No deck with id "x"' } });
    expect(byId.get(3)).toMatchObject({ ok: true, value: { bytes: new Uint8Array([0, 1, 254, 255]) } });
    socket!.close();
  });

  it('refuses a missing or wrong token, a foreign Origin or Host, and other paths', async () => {
    expect((await open({ token: 'd'.repeat(64) })).refused).toBe(401);
    expect((await open({ origin: 'http://evil.example' })).refused).toBe(403);
    expect((await open({ origin: `http://127.0.0.1:${host.port + 1}` })).refused).toBe(403);
    expect((await open({ hostHeader: `evil.example:${host.port}` })).refused).toBe(421);
    expect((await open({ path: '/api/listSystems' })).refused).toBe(404);
  });

  it('closes the socket, saying why, on a message that is not a call or is too large', async () => {
    for (const [message, reason] of [
      ['not json', /Unreadable message/],
      [JSON.stringify({ method: 'listSystems' }), /must be \{ id, method, input \}/],
      [`{"id":1,"method":"listSystems","input":${'['.repeat(200)}${']'.repeat(200)}}`, /nests more than/],
    ] as const) {
      const { socket } = await open();
      const end = closed(socket!);
      socket!.send(message);
      const { code, reason: said } = await end;
      expect(code).toBe(1007);
      expect(said).toMatch(reason);
    }
    const { socket } = await open();
    const end = closed(socket!);
    socket!.send(JSON.stringify({ id: 1, method: 'listSystems', input: { text: 'x'.repeat(SOCKET_MESSAGE_MAX) } }));
    expect((await end).code).toBe(1009);
  });
});
