// Finished exports downloaded over the web host (GET /download/<ticket>): a ticket minted by the
// API works once and for a minute, the Host is checked, the name survives any script in
// Content-Disposition, and the bytes are the file's, streamed from disk.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiHost, type ApiHost } from '../../src-main/http/api-host';
import { contentDisposition } from '../../src-main/http/download-route';
import { DownloadTickets, downloadUrl } from '../../src-main/jobs/download-tickets';
import type { Cardwright } from '../../src-main/api/service';
import type { JobStatus, PdfJobResult } from '../../src-main/api/contract';
import { decodeWire, encodeWire } from '../../src-main/api/wire';
import { openSampleCardwright } from './sample-app';

const token = 'c'.repeat(64);
let host: ApiHost;
let app: Cardwright;
let dir: string;
let clock = 0;
/** Tickets on a clock the test moves; the app's own tickets are used through jobDownloadUrl. */
const manual = new DownloadTickets(60_000, () => clock);

function get(path: string, hostHeader?: string, port = host.port) {
  return new Promise<{ status: number; body: Buffer; headers: Record<string, string | string[] | undefined> }>(
    (resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, method: 'GET', headers: { host: hostHeader ?? `127.0.0.1:${port}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

async function api<T>(method: string, input: unknown, port = host.port): Promise<T> {
  const body = encodeWire(input);
  const text = await new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/${method}`,
        method: 'POST',
        headers: { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  const envelope = decodeWire(text) as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cw-download-'));
  app = openSampleCardwright(join(dir, 'data'));
  const rendererDir = join(dir, 'renderer');
  host = await startApiHost({ handlers: app.handlers, rendererDir, token, port: 0, downloads: app.downloads });
});
afterAll(async () => {
  await host.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('download route', () => {
  it('streams a finished PDF export through a one-time ticket, byte for byte', async () => {
    const decks = await api<{ id: string; name: string }[]>('listDecks', {});
    const started = await api<JobStatus>('startJob', {
      job: { kind: 'exportPdf', source: { kind: 'deck', deckId: decks[0].id } },
    });
    const status = await app.jobs.wait(started.id);
    expect(status.state).toBe('done');
    const result = status.result as PdfJobResult;

    const { url } = await api<{ url: string }>('jobDownloadUrl', { jobId: status.id });
    expect(url).toMatch(/^\/download\/[A-Za-z0-9_-]{43}$/);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(result.file.bytes);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(result.file.fileName)}`);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const onDisk = readFileSync(join(dir, 'data', 'exports', readdirOne(join(dir, 'data', 'exports')), result.file.fileName));
    expect(sha256(res.body)).toBe(sha256(onDisk));

    // Single use: the same link again is refused with a sentence.
    const again = await get(url);
    expect(again.status).toBe(410);
    expect(again.body.toString()).toMatch(/used already/);
    // A name the job did not write is refused by the API.
    await expect(api('jobDownloadUrl', { jobId: status.id, fileName: '../cardwright.sqlite' })).rejects.toThrow(/wrote no file/);
  });

  it('names any file exactly, non-ASCII included, with a safe ASCII fallback', async () => {
    const name = 'Ümlaut “Deck” 日本 (1) "quoted" 100%.pdf';
    const path = join(dir, 'named.pdf');
    writeFileSync(path, Buffer.from('%PDF-1.7 named'));
    clock = 1_000;
    const res = await get(
      downloadUrl(manual.mint({ path, fileName: name, mimeType: 'application/pdf' })),
      undefined,
      manualHost.port,
    );
    expect(res.status).toBe(200);
    const header = String(res.headers['content-disposition']);
    expect(header).toBe(contentDisposition(name));
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    expect(header).not.toMatch(/filename="[^"]*"[^;]*"/); // the fallback's quotes are never broken
    const exact = /filename\*=UTF-8''(.*)$/.exec(header)![1];
    expect(decodeURIComponent(exact)).toBe(name);
    expect(res.body.toString()).toBe('%PDF-1.7 named');
  });

  it('refuses expired and unknown tickets, and a foreign Host', async () => {
    const path = join(dir, 'late.pdf');
    writeFileSync(path, 'late');
    clock = 0;
    const ticket = manual.mint({ path, fileName: 'late.pdf', mimeType: 'application/pdf' });
    clock = 60_001;
    const expired = await get(downloadUrl(ticket), undefined, manualHost.port);
    expect(expired.status).toBe(410);
    expect(expired.body.toString()).toMatch(/expired/);
    const unknown = await get(downloadUrl('x'.repeat(43)), undefined, manualHost.port);
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString()).toMatch(/not known/);

    clock = 0;
    const fresh = manual.mint({ path, fileName: 'late.pdf', mimeType: 'application/pdf' });
    const rebound = await get(downloadUrl(fresh), `evil.example:${manualHost.port}`, manualHost.port);
    expect(rebound.status).toBe(421);
    // The refused request did not use the ticket up.
    expect((await get(downloadUrl(fresh), undefined, manualHost.port)).status).toBe(200);
  });
});

describe('download route under a cancelled download', () => {
  it('stops reading when the client goes away, and keeps answering', async () => {
    const path = join(dir, 'big.bin');
    writeFileSync(path, '');
    truncateSync(path, 256 * 1024 * 1024); // sparse
    const ticket = manual.mint({ path, fileName: 'big.bin', mimeType: 'application/octet-stream' });
    const received = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: manualHost.port,
          path: downloadUrl(ticket),
          headers: { host: `127.0.0.1:${manualHost.port}` },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > 1024 * 1024) req.destroy();
          });
          res.on('close', () => resolve(bytes));
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
      req.end();
    });
    expect(received).toBeLessThan(256 * 1024 * 1024);
    expect((await get('/nothing-here', undefined, manualHost.port)).status).toBe(404);
  });
});

let manualHost: ApiHost;
beforeAll(async () => {
  manualHost = await startApiHost({
    handlers: app.handlers,
    rendererDir: join(dir, 'renderer'),
    token,
    port: 0,
    downloads: manual,
  });
});
afterAll(() => manualHost.close());

function readdirOne(path: string): string {
  const names = readdirSync(path);
  expect(names).toHaveLength(1);
  return names[0];
}
