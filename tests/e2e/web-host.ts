// Starts `out/main/web.js` (the loopback host of the built app) on a fresh data folder.

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningHost {
  /** App URL including the `#token=` fragment. */
  appUrl: string;
  origin: string;
  token: string;
  dataDir: string;
  dbPath: string;
  /** The host's process id (the hostile-input test reads its memory from /proc). */
  pid: number;
  /** Stops the host (SIGTERM: jobs cancelled, database closed) and deletes its data folder unless kept. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');
/** Set by global-setup.ts: a data folder as the app leaves it after its first start. */
export const SEEDED_DATA_ENV = 'CARDWRIGHT_E2E_SEEDED_DATA';

/**
 * A fresh data folder holding what a first start writes (the samples seeded): a copy of the one
 * global-setup.ts made, so each test skips the seeding, most of a first start's time. Without
 * that folder (a spec run outside the config) the folder is empty and the host seeds it itself.
 */
export function seededDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-e2e-'));
  const seeded = process.env[SEEDED_DATA_ENV];
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  return dataDir;
}

export async function startWebHost(dataDir = mkdtempSync(join(tmpdir(), 'cardwright-e2e-'))): Promise<RunningHost> {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'out/main/web.js'), '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const appUrl = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start in 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Cardwright web UI: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web host exited with ${code} before starting:\n${output}`));
    });
  });
  const url = new URL(appUrl);
  return {
    appUrl,
    origin: url.origin,
    token: new URLSearchParams(url.hash.slice(1)).get('token') ?? '',
    dataDir,
    dbPath: join(dataDir, 'cardwright.sqlite'),
    pid: child.pid!,
    stop: (options) =>
      new Promise<void>((done) => {
        child.once('exit', () => {
          if (!options?.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}
