// The hostile-input corpus against the real web host (out/main/web.js, a child process): oversized
// and just-under-the-limit bodies, deep and malformed JSON, huge fields and lists in cards, bad
// percent-encoding and a 50 MB import of numbers. Each gets a clear error (status, code and a
// sentence naming the limit or the place) within a second while another call still answers, and
// afterwards the host's memory is back under 250 MB. (The report this answers: a 50 MB body
// blocked the host 41.8 s, took it to 2.5 GB and left it at about 1 GB.) The memory is read from
// /proc/<pid>/status, so this runs on Linux only, and on the built host (`npm test` builds first).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { decodeWire, encodeWire, type Envelope } from '../../src-main/api/wire';
import { MAX_IMPORT_TEXT, type JobStatus } from '../../src-main/api/contract';
import { payloadLimit } from '../../src-main/api/payload-limits';
import { startWebHost, type RunningHost } from '../e2e/web-host';

const ROOT = resolve(import.meta.dirname, '../..');
const MiB = 1024 * 1024;
const MEMORY_LIMIT_MB = 250;
const skipReason = !existsSync(join(ROOT, 'out/main/web.js'))
  ? 'the built host is missing: run `npm run build` first'
  : process.platform !== 'linux'
    ? 'it reads the host’s memory from /proc: Linux only'
    : undefined;

interface Answer {
  status: number;
  envelope: Envelope<unknown>;
  ms: number;
}

let host: RunningHost;

/**
 * Posts `body` to an API method: with its Content-Length (or `declared`, to claim more than is
 * sent), or chunked without one. The host may answer and hang up before the upload ends.
 */
function post(method: string, body: Buffer, options: { chunked?: boolean; declared?: number } = {}): Promise<Answer> {
  const { origin, token } = host;
  const started = performance.now();
  return new Promise((resolveAnswer, reject) => {
    const req = request(
      `${origin}/api/${method}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(options.chunked
            ? { 'transfer-encoding': 'chunked' }
            : { 'content-length': String(options.declared ?? body.length) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        const done = () => {
          const ms = performance.now() - started;
          resolveAnswer({
            status: res.statusCode ?? 0,
            envelope: decodeWire(Buffer.concat(chunks).toString()) as Envelope<unknown>,
            ms,
          });
          req.destroy();
        };
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', done);
        res.on('error', done);
      },
    );
    // Settles once: an error after the answer (the host cutting off the rest of an upload) is expected.
    req.on('error', reject);
    if (options.declared) req.write(body);
    else if (options.chunked) {
      for (let i = 0; i < body.length; i += MiB) req.write(body.subarray(i, i + MiB));
      req.end();
    } else req.end(body);
  });
}

const json = (value: unknown) => Buffer.from(encodeWire(value));
const numbers = (bytes: number) => Buffer.from(`[${'1234567,'.repeat(Math.floor(bytes / 8))}1]`);

/** Fails unless a second call is answered within a second while `hostile` is under way. */
async function answeredMeanwhile<T>(hostile: Promise<T>): Promise<T> {
  await new Promise((resolveDelay) => setTimeout(resolveDelay, 20));
  const other = await post('listSystems', json({}));
  expect(other.status).toBe(200);
  expect(other.envelope.ok).toBe(true);
  expect(other.ms).toBeLessThan(1_000);
  return hostile;
}

async function call<T>(method: string, input: unknown): Promise<T> {
  const answer = await post(method, json(input));
  if (!answer.envelope.ok) throw new Error(`${method}: ${answer.envelope.error.message}`);
  return answer.envelope.value as T;
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

interface Case {
  name: string;
  send: () => Promise<Answer>;
  status: number;
  /** The envelope's error, or for card checks the issue the service answers with. */
  error?: { code: string; message: RegExp };
  issue?: { path: string; message: RegExp };
  withinMs?: number;
}

describe.skipIf(skipReason !== undefined)(`hostile input to the web host${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  beforeAll(async () => {
    host = await startWebHost();
  });
  afterAll(() => host?.stop());

  const startJobLimit = payloadLimit('startJob');
  // 100,000,001 characters, half of them quotes (escaped, two bytes each) to reach just under the limit.
  const quotes = startJobLimit - MAX_IMPORT_TEXT - 4096;
  const overlongImport = () =>
    json({ job: { kind: 'importSet', text: 'x'.repeat(MAX_IMPORT_TEXT + 1 - quotes) + '"'.repeat(quotes) } });

  const cases: Case[] = [
    {
      name: '50 MB of numbers to an ordinary call',
      send: () => post('listSystems', numbers(50e6)),
      status: 413,
      error: { code: 'BAD_INPUT', message: /^The request to listSystems is larger than its limit of 4 MiB$/ },
    },
    {
      name: 'the same, chunked (no Content-Length to refuse it by)',
      send: () => post('listSystems', numbers(50e6), { chunked: true }),
      status: 413,
      error: { code: 'BAD_INPUT', message: /limit of 4 MiB/ },
    },
    {
      name: 'a body declared larger than startJob’s limit',
      send: () => post('startJob', numbers(MiB), { declared: startJobLimit + 1 }),
      status: 413,
      error: { code: 'BAD_INPUT', message: /^The request to startJob is larger than its limit of 144 MiB$/ },
    },
    {
      name: '50 MB of numbers to startJob (within its limit for a file)',
      send: () => post('startJob', numbers(50e6)),
      status: 400,
      error: {
        code: 'BAD_INPUT',
        message: /^The request to startJob has more than 4 MiB of JSON outside its strings \(at character \d+\)/,
      },
    },
    {
      name: '140 MB of empty lists to startJob',
      send: () => post('startJob', Buffer.from(`[${'[],'.repeat(48e6)}[]]`)),
      status: 400,
      error: { code: 'BAD_INPUT', message: /more than 4 MiB of JSON outside its strings/ },
      // Sending 140 MB takes a few hundred ms by itself; 1.7 s was seen with other test files running.
      withinMs: 2_500,
    },
    {
      name: 'an import of 100,000,001 characters, just under startJob’s body limit',
      send: () => post('startJob', overlongImport()),
      status: 200,
      error: { code: 'BAD_INPUT', message: /^startJob: job\.text: .*100000000 characters/ },
      // Reading, decoding, checking and parsing 144 MiB takes about a second by itself on a quiet
      // machine and 2–3 s while other test files run (seen in CI); what must hold at any load is
      // that the host answers other calls meanwhile (checked for every case).
      withinMs: 8_000,
    },
    {
      name: 'a body nested 100,000 levels deep',
      send: () => post('getDeck', Buffer.from(`{"id":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)),
      status: 400,
      error: { code: 'BAD_INPUT', message: /more than 64 levels deep \(at character \d+\)/ },
    },
    {
      name: 'malformed JSON',
      send: () => post('listSystems', Buffer.from('{"a": [1, 2,')),
      status: 400,
      error: { code: 'BAD_INPUT', message: /^Unreadable request: .*position \d+/ },
    },
    {
      name: 'bad percent-encoding in the method',
      send: () => post('%E0%A4%A', json({})),
      status: 400,
      error: { code: 'BAD_INPUT', message: /percent-encoding/ },
    },
    {
      name: 'a card whose name is 4 MB of text (just under the 4 MiB limit)',
      send: () => post('validateCard', json({ systemId: 'osmcg', doc: { type: 'creature', name: 'x'.repeat(4 * MiB - 100) } })),
      status: 200,
      issue: { path: '/name', message: /characters; a card allows at most 100,000$/ },
    },
    {
      name: 'a card with 40,000 colors',
      send: async () => {
        const setId = (await call<{ id: string; systemId: string }[]>('listSets', {})).find((s) => s.systemId === 'osmcg')!.id;
        const doc = {
          type: 'creature',
          name: 'Rainbow',
          colors: Array(40_000).fill('red'),
          cost: 1,
          atk: 1,
          hp: 1,
          spd: 1,
          ap: 1,
        };
        return post('saveCard', json({ setId, doc }));
      },
      status: 200,
      issue: { path: '/colors', message: /^This list has 40,000 entries; a card allows at most 10,000$/ },
    },
  ];

  it.each(cases)('$name: a clear error at once, other calls answered', async (test) => {
    const answer = await answeredMeanwhile(test.send());
    expect(answer.status).toBe(test.status);
    if (test.error) expect(answer.envelope).toMatchObject({ ok: false, error: test.error });
    if (test.issue) {
      expect(answer.envelope.ok).toBe(true);
      const value = (answer.envelope as { value: unknown }).value;
      const issues = Array.isArray(value) ? value : (value as { issues: unknown[] }).issues; // validateCard, saveCard
      expect(issues).toMatchObject([test.issue]);
      expect(issues).toHaveLength(1);
    }
    expect(answer.ms).toBeLessThan(test.withinMs ?? 1_000);
  });

  it('fails an import job of 50 MB of numbers with a sentence naming the file', async () => {
    const started = await answeredMeanwhile(
      post('startJob', json({ job: { kind: 'importSet', fileName: 'numbers.json', text: numbers(50e6).toString() } })),
    );
    const job = (started.envelope as { value: JobStatus }).value;
    let status = job;
    for (const deadline = Date.now() + 20_000; status.state === 'running' || status.state === 'queued';) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
      status = await call<JobStatus>('jobStatus', { jobId: job.id });
    }
    expect(status).toMatchObject({ state: 'failed', error: { message: expect.stringContaining('numbers.json') } });
  });

  it(`returns under ${MEMORY_LIMIT_MB} MB of memory afterwards`, async () => {
    // The import job above finishes first, and the daily backup every start takes after 10 s (on
    // a reader thread): the first worker of a process leaves about 60 MB behind when it ends (Node
    // keeps its pages), and the snapshot's pages settle, so waiting for both keeps the reading steady.
    for (const deadline = Date.now() + 30_000; ;) {
      const jobs = await call<JobStatus[]>('listJobs', {});
      const settled = !jobs.some((job) => job.state === 'running' || job.state === 'queued');
      const backedUp = (await call<unknown[]>('listBackups', {})).length > 0;
      if (settled && backedUp) break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 250));
    }
    // The last idle worker ends and gives its pages back about 8 s after the corpus on an idle
    // machine, later on a busy one: read for up to 30 s, stopping as soon as the host is under.
    const readings: number[] = [];
    for (let i = 0; i < 120; i++) {
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 250));
      readings.push(Math.round(residentMb(host.pid)));
      if (readings.at(-1)! < MEMORY_LIMIT_MB) break;
    }
    console.log(`[hostile-input] web host resident memory after the corpus: ${readings.join(', ')} MB`);
    expect(readings.at(-1)).toBeLessThan(MEMORY_LIMIT_MB);
  });
});
