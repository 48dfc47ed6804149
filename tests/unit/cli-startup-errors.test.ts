// When the command line or the web host (out/main/web.js) cannot start or finish — a database
// from a newer Cardwright, a port in use, a full disk, a folder it may not write — it says so in
// one sentence with exit code 1: never a stack trace. The full disk is a small tmpfs mounted in a
// user namespace (`unshare -rm`), where the machine allows one.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile } from '../../src-main/store/database';
import { LATEST_SCHEMA_VERSION } from '../../src-main/store/migrations';
import { openSampleCardwright } from './sample-app';

const root = resolve(__dirname, '../..');
const BIN = join(root, 'bin', 'cardwright.js');
const WEB = join(root, 'out', 'main', 'web.js');
const BUILT = existsSync(join(root, 'out', 'main', 'cli.js')) && existsSync(WEB);
const STACK_LINE = /^\s+at /m;

let work: string;
let library: string;
let newer: string;

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], timeoutMs = 60_000): Promise<Ended> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: work,
      env: { ...process.env, CARDWRIGHT_DATA_DIR: '', CARDWRIGHT_DEBUG: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    });
  });
}

/** One line on stderr, the sentence given, exit code 1, no stack. */
function expectOneSentence(ended: Ended, sentence: string | RegExp): void {
  const lines = ended.stderr.trim().split('\n');
  expect(lines, ended.stderr).toHaveLength(1);
  if (typeof sentence === 'string') expect(lines[0]).toBe(sentence);
  else expect(lines[0]).toMatch(sentence);
  expect(ended.stderr).not.toMatch(STACK_LINE);
  expect(ended.code, ended.stderr).toBe(1);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cw-startup-'));
  library = join(work, 'library');
  const app = openSampleCardwright(library);
  await app.close();
  // A library a newer Cardwright wrote: its schema version is past this app's last migration.
  newer = join(work, 'newer');
  cpSync(library, newer, { recursive: true });
  const db = new Database(databaseFile(newer));
  db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 7}`);
  db.close();
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const newerSentence = (prefix: string) =>
  `${prefix}The library in ${newer} was written by a newer Cardwright (database version ${LATEST_SCHEMA_VERSION + 7}; ` +
  `this one reads up to ${LATEST_SCHEMA_VERSION}), so it was left untouched: update Cardwright or give another --data-dir.`;

describe.runIf(BUILT)('the command line and the web host stop in one sentence', { timeout: 120_000 }, () => {
  it('a library from a newer Cardwright, in the command line and the web host', async () => {
    const cli = await run(process.execPath, [BIN, 'export-pdf', '--set', 'osmcg-core', '--data-dir', newer]);
    expectOneSentence(cli, newerSentence('cardwright: '));
    const web = await run(process.execPath, [WEB, '--port', '0', '--data-dir', newer]);
    expectOneSentence(web, newerSentence('cardwright: '));
  });

  it('a port in use, and a port that is no port (exit code 2)', async () => {
    const taken: Server = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const port = (taken.address() as { port: number }).port;
    try {
      const web = await run(process.execPath, [WEB, '--port', String(port), '--data-dir', library]);
      expectOneSentence(
        web,
        `cardwright: Port ${port} is in use by another program (perhaps another Cardwright): stop it, or start with --port N (0 picks a free port).`,
      );
    } finally {
      taken.close();
    }
    const bad = await run(process.execPath, [WEB, '--port', 'eighty', '--data-dir', library]);
    expect(bad.stderr.trim()).toBe(
      'cardwright: --port must be a whole number from 0 to 65535 (0 picks a free port), not "eighty".',
    );
    expect(bad.code).toBe(2);
  });

  it('a data folder the web host may not write', async () => {
    const web = await run(process.execPath, [WEB, '--port', '0', '--data-dir', '/sys/cardwright-library']);
    expectOneSentence(
      web,
      /^cardwright: Cardwright cannot write to \/sys\/cardwright-library \((no permission|a read-only disk)\): choose a folder you can write to\.$/,
    );
  });
});

/** Runs `script` as root of a user namespace with a full 256 KiB tmpfs at $FULL. */
const canMount =
  process.platform === 'linux' &&
  spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs -o size=64k tmpfs "${tmpdir()}"`]).status === 0;

describe.runIf(BUILT && canMount)('a full disk', { timeout: 120_000 }, () => {
  const onFullDisk = (script: string) => {
    const full = join(work, 'full');
    const fill = `mkdir -p "${full}" && mount -t tmpfs -o size=256k tmpfs "${full}" && (dd if=/dev/zero of="${full}/fill" bs=4k 2>/dev/null; true)`;
    return run('unshare', ['-rm', 'sh', '-c', `${fill} && ${script.replaceAll('$FULL', full)}`]);
  };

  it('stops the web host whose data folder is on it', async () => {
    const web = await onFullDisk(`"${process.execPath}" "${WEB}" --port 0 --data-dir "$FULL/library"`);
    expectOneSentence(
      web,
      `cardwright: The disk holding ${join(work, 'full', 'library')} is full: free some space and run the command again.`,
    );
  });

  it('stops an export whose --out is on it, and leaves no file at --out nor a partial one beside it', async () => {
    const cli = await onFullDisk(
      `"${process.execPath}" "${BIN}" export-pdf --set osmcg-core --out "$FULL/core.pdf" --data-dir "${library}"; code=$?; ls "$FULL"; exit $code`,
    );
    // Progress lines, then the sentence.
    expect(cli.stderr.trim().split('\n').at(-1)).toBe(
      'cardwright: Cardwright could not export the PDF: the disk is full. Free some space and try again.',
    );
    expect(cli.stderr).not.toMatch(STACK_LINE);
    expect(cli.code).toBe(1);
    expect(cli.stdout.split('\n')).not.toContain('core.pdf');
    expect(cli.stdout).not.toMatch(/\.part$/m);
    // The developer detail went to the library's log, not the screen.
    expect(readFileSync(join(library, 'cardwright-cli.log'), 'utf8')).toMatch(/exportPdf job stopped: ENOSPC/);
  });
});
