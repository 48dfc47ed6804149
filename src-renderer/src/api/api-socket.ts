// The browser's WebSocket to the loopback host (src-main/http/api-socket.ts) for small calls: a
// message each way costs about 1 ms where a fetch costs 4–6 ms. It opens when the client starts;
// until it is open, and after it closes, calls go over HTTP (it opens again at the next call, at
// most every REOPEN_MS). A call whose answer is lost with the socket fails as an unreachable host.

import {
  API_SOCKET_PATH,
  decodeWire,
  SOCKET_MESSAGE_MAX,
  SOCKET_TOKEN_PREFIX,
  type Envelope,
  type SocketAnswer,
} from '../../../src-main/api/wire';

const REOPEN_MS = 5_000;
/** A message's characters at most: UTF-8 takes up to 3 bytes for one of them. */
const MAX_CHARS = Math.floor(SOCKET_MESSAGE_MAX / 3);

export class ApiSocket {
  private socket: WebSocket | null = null;
  private openedAt = -Infinity;
  private nextId = 1;
  private readonly pending = new Map<number, { method: string; done: (envelope: Envelope<unknown>) => void }>();

  constructor(private readonly token: string) {
    this.connect();
  }

  /**
   * Sends the call (its input as encodeWire wrote it; undefined for none) when the socket is open
   * and the message small enough; else undefined (use HTTP).
   */
  call(method: string, input: string | undefined): Promise<Envelope<unknown>> | undefined {
    const socket = this.socket;
    if (socket?.readyState !== WebSocket.OPEN) {
      this.connect();
      return undefined;
    }
    const id = this.nextId++;
    const message = `{"id":${id},"method":${JSON.stringify(method)},"input":${input ?? '{}'}}`;
    if (message.length > MAX_CHARS) return undefined;
    return new Promise((done) => {
      this.pending.set(id, { method, done });
      socket.send(message);
    });
  }

  private connect(): void {
    if (this.socket || typeof WebSocket !== 'function' || performance.now() - this.openedAt < REOPEN_MS) return;
    this.openedAt = performance.now();
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${API_SOCKET_PATH}`;
    const socket = new WebSocket(url, [`${SOCKET_TOKEN_PREFIX}${this.token}`]);
    this.socket = socket;
    socket.onmessage = (event: MessageEvent) => this.answer(event.data);
    socket.onclose = () => {
      this.socket = null;
      for (const [, { method, done }] of this.pending) done(lost(method));
      this.pending.clear();
    };
  }

  private answer(data: unknown): void {
    if (typeof data !== 'string') return;
    const { id, envelope } = decodeWire(data) as SocketAnswer;
    const call = this.pending.get(id);
    this.pending.delete(id);
    call?.done(envelope);
  }
}

function lost(method: string): Envelope<unknown> {
  return {
    ok: false,
    error: {
      code: 'INTERNAL',
      message: `The connection to the Cardwright host closed before it answered ${method}. Is it still running?`,
    },
  };
}
