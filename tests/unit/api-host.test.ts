// The loopback host: token and Host checks, the envelope, bytes over the wire, static files.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiHost, type ApiHost } from '../../src-main/http/api-host';
import type { ApiHandlers } from '../../src-main/api/contract';
import { ApiError } from '../../src-main/api/api-error';
import { decodeWire, encodeWire } from '../../src-main/api/wire';

const token = 'a'.repeat(64);
let host: ApiHost;

const handlers = {
  listSystems: () => [{ id: 'demo', name: 'Demo', version: '1', cardTypes: [] }],
  getDeck: ({ id }: { id: string }) => {
    throw new ApiError(`No deck with id "${id}"`, 'NOT_FOUND');
  },
  exportDeck: () => ({ fileName: 'x.bin', mimeType: 'application/octet-stream', bytes: new Uint8Array([0, 1, 254, 255]) }),
} as unknown as ApiHandlers;

function call(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: options.method ?? 'POST',
        headers: { host: `127.0.0.1:${host.port}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Sends a body that the host may refuse (and hang up on) before it has all been sent. */
function post(path: string, body: string | Buffer, chunked = false) {
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: 'POST',
        headers: {
          host: `127.0.0.1:${host.port}`,
          authorization: `Bearer ${token}`,
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
      },
    );
    // Once the host has answered, a reset of the rest of the upload is expected.
    req.on('error', reject);
    if (chunked) {
      const buffer = Buffer.from(body);
      for (let i = 0; i < buffer.length; i += 1024 * 1024) req.write(buffer.subarray(i, i + 1024 * 1024));
      req.end();
    } else req.end(body);
  });
}

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'cw-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  host = await startApiHost({ handlers, rendererDir, token, port: 0 });
});
afterAll(() => host.close());

describe('loopback API host', () => {
  it('answers a call carrying the token', async () => {
    const res = await call('/api/listSystems', { headers: { authorization: `Bearer ${token}` }, body: '{}' });
    expect(res.status).toBe(200);
    expect(decodeWire(res.body)).toEqual({ ok: true, value: [{ id: 'demo', name: 'Demo', version: '1', cardTypes: [] }] });
  });

  it('refuses a call without or with a wrong token', async () => {
    expect((await call('/api/listSystems', { body: '{}' })).status).toBe(401);
    expect((await call('/api/listSystems', { headers: { authorization: `Bearer ${'b'.repeat(64)}` }, body: '{}' })).status).toBe(
      401,
    );
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const res = await call('/api/listSystems', {
      headers: { host: `evil.example:${host.port}`, authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(res.status).toBe(421);
    expect((await call('/', { method: 'GET', headers: { host: 'evil.example' } })).status).toBe(421);
  });

  it('reports bad input, unknown methods and service errors in the envelope', async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect(decodeWire((await call('/api/nope', { headers: auth, body: '{}' })).body)).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
    expect(decodeWire((await call('/api/getDeck', { headers: auth, body: encodeWire({ id: 42 }) })).body)).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', message: expect.stringContaining('id') },
    });
    expect(decodeWire((await call('/api/getDeck', { headers: auth, body: encodeWire({ id: 'x' }) })).body)).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No deck with id "x"' },
    });
    expect((await call('/api/listSystems', { headers: auth, body: '{not json' })).status).toBe(400);
  });

  it('answers bad percent-encoding in the method name with 400 BAD_INPUT', async () => {
    const res = await call('/api/%E0%A4%A', { headers: { authorization: `Bearer ${token}` }, body: '{}' });
    expect(res.status).toBe(400);
    expect(decodeWire(res.body)).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', message: /percent-encoding/ } });
    expect((await post('/api/listSystems', '{}')).status).toBe(200);
  });

  it('refuses an oversized body quickly with 413, naming the limit, and keeps answering', async () => {
    const numbers = `[${'1234567,'.repeat(50 * 131072)}1]`; // about 50 MB of numbers
    for (const chunked of [false, true]) {
      const res = await post('/api/listSystems', numbers, chunked);
      expect(res.status).toBe(413);
      expect(decodeWire(res.body)).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', message: /limit of 4 MiB/ } });
      expect(res.ms).toBeLessThan(5_000);
      const next = await post('/api/listSystems', '{}');
      expect(next.status).toBe(200);
    }
  });

  it('refuses a body nested 100,000 levels deep with 400 BAD_INPUT, not a crash', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const body of [deep, `{"id":${deep}}`]) {
      const res = await post('/api/getDeck', body);
      expect(res.status).toBe(400);
      expect(decodeWire(res.body)).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', message: /more than 64 levels/ } });
    }
    expect((await post('/api/listSystems', '{}')).status).toBe(200);
  });

  it('carries bytes intact', async () => {
    const res = await call('/api/exportDeck', { headers: { authorization: `Bearer ${token}` }, body: encodeWire({ id: 's' }) });
    const envelope = decodeWire(res.body) as { ok: true; value: { bytes: Uint8Array } };
    expect(Array.from(envelope.value.bytes)).toEqual([0, 1, 254, 255]);
  });

  it('serves the renderer with a strict CSP and never files outside it', async () => {
    const index = await call('/', { method: 'GET' });
    expect(index.status).toBe(200);
    expect(String(index.headers['content-security-policy'])).toContain("script-src 'self'");
    expect((await call('/../../etc/passwd', { method: 'GET' })).status).toBe(404);
    expect((await call('/%2e%2e/%2e%2e/etc/passwd', { method: 'GET' })).status).toBe(404);
  });
});
