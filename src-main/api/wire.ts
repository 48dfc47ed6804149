// The envelope every API call answers with, over IPC and HTTP alike, and the JSON encoding
// the HTTP transport uses (bytes travel as base64; IPC's structured clone carries them as is).
// Pure and dependency-free: the renderer imports it too.

export type ApiErrorCode = 'BAD_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'INVALID_FILE' | 'INTERNAL';

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: { code: ApiErrorCode; message: string } };

const BYTES_TAG = '$bytes';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** JSON.stringify that keeps Uint8Array values (as `{ "$bytes": base64 }`). */
export function encodeWire(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Uint8Array) return { [BYTES_TAG]: toBase64(v) };
    // Buffer.toJSON runs before the replacer sees it; catch that shape too.
    if (
      v &&
      typeof v === 'object' &&
      (v as { type?: unknown }).type === 'Buffer' &&
      Array.isArray((v as { data?: unknown }).data)
    ) {
      return { [BYTES_TAG]: toBase64(Uint8Array.from((v as { data: number[] }).data)) };
    }
    return v;
  });
}

function isBytesTag(value: unknown): value is Record<typeof BYTES_TAG, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === BYTES_TAG && typeof (value as Record<string, unknown>)[BYTES_TAG] === 'string';
}

/**
 * The inverse of encodeWire. Parses without a reviver (one callback per value took 19 s for a
 * 50 MB list of numbers) and restores bytes in a walk without recursion, only when there are any.
 */
export function decodeWire(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!text.includes(`"${BYTES_TAG}"`)) return value;
  if (isBytesTag(value)) return fromBase64(value[BYTES_TAG]);
  const stack: unknown[] = [value];
  while (stack.length) {
    const container = stack.pop();
    if (!container || typeof container !== 'object') continue;
    for (const key of Object.keys(container)) {
      const child = (container as Record<string, unknown>)[key];
      if (isBytesTag(child)) {
        // defineProperty, like JSON.parse itself: a "__proto__" key stays a plain property.
        Object.defineProperty(container, key, {
          value: fromBase64(child[BYTES_TAG]),
          writable: true,
          enumerable: true,
          configurable: true,
        });
      } else if (child && typeof child === 'object') stack.push(child);
    }
  }
  return value;
}

/** Paths and headers of the loopback HTTP transport. */
export const HTTP_API_PREFIX = '/api/';
export const HTTP_TOKEN_HEADER = 'authorization';

/**
 * The loopback host's WebSocket for small calls (src-main/http/api-socket.ts): its path, the
 * subprotocol prefix that carries the launch token, and the largest message it takes (a larger
 * call goes over HTTP).
 */
export const API_SOCKET_PATH = '/api-socket';
export const SOCKET_TOKEN_PREFIX = 'cardwright-token.';
export const SOCKET_MESSAGE_MAX = 256 * 1024;

/** One call on the socket; its answer is `{ id, envelope }`. */
export interface SocketCall {
  id: number;
  method: string;
  input: unknown;
}

/** The answer to a SocketCall. */
export interface SocketAnswer {
  id: number;
  envelope: Envelope<unknown>;
}
