// The Node version guard (scripts/check-node.mjs): every entry point, run under a Node that says
// it is 20.20.2 (a preload overrides process.versions.node), stops with exit code 1 and the one
// sentence naming Node ≥ 22.12 and `source .ci/use-node24.sh`, before any native module loads;
// with the machine's own Node 20 too, where it has one. The version needed is package.json's.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { enginesRange, minimumOf, nodeVersionProblem } from '../../scripts/check-node.mjs';

const root = resolve(__dirname, '../..');
const BUILT = existsSync(join(root, 'out', 'main', 'cli.js'));
const SENTENCE =
  'Cardwright needs Node ≥ 22.12 and this is Node 20.20.2: run `source .ci/use-node24.sh` ' +
  '(it puts Node 24 first on PATH in this shell), then the same command again.';

let work: string;
let preload: string;
let guardedShell: string;

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Ended> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }));
  });
}

/** Node with process.versions.node faked to 20.20.2 before the entry runs. */
const underOldNode = (...args: string[]) => run(process.execPath, ['--import', preload, ...args]);

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'cw-node-guard-'));
  preload = join(work, 'old-node.mjs');
  writeFileSync(preload, "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });\n");
  // npm's script shell for these runs: it runs the guard scripts and refuses everything else, so
  // a guard that let the old Node by could never start a build or the whole test suite from here.
  guardedShell = join(work, 'guarded-shell.sh');
  writeFileSync(
    guardedShell,
    '#!/bin/sh\ncase "$2" in "node scripts/"*) exec /bin/sh -c "$2" ;; *) echo "would run: $2"; exit 3 ;; esac\n',
    { mode: 0o755 },
  );
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the version rule', () => {
  it('reads the version needed from package.json "engines"', () => {
    const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines;
    expect(enginesRange(join(root, 'scripts'))).toBe(engines.node);
    expect(enginesRange(join(root, 'out', 'main', 'chunks'))).toBe(engines.node);
    expect(minimumOf(engines.node)).toEqual([22, 12, 0]);
  });

  it('refuses an older Node in one sentence, and lets 22.12 and newer by', () => {
    expect(nodeVersionProblem('>=22.12', '20.20.2')).toBe(SENTENCE);
    expect(nodeVersionProblem('>=22.12', 'v22.11.9')).toContain('this is Node 22.11.9');
    for (const version of ['22.12.0', '22.20.1', '24.0.0', 'v24.22.3', '25.1.0'])
      expect(nodeVersionProblem('>=22.12', version), version).toBeUndefined();
    expect(() => minimumOf('^22')).toThrow('package.json "engines.node" must read ">=MAJOR.MINOR"');
  });
});

describe('every entry point under a Node that says it is 20.20.2', { timeout: 120_000 }, () => {
  it('stops the scripts npm runs first, before anything else', async () => {
    for (const script of ['scripts/check-node.mjs', 'scripts/ensure-electron.mjs']) {
      const ended = await underOldNode(script);
      expect(ended, script).toMatchObject({ code: 1, signal: null, stdout: '', stderr: `${SENTENCE}\n` });
    }
  });

  it.runIf(BUILT)('stops bin/cardwright, the command line and the web host', async () => {
    const entries = [
      ['bin/cardwright.js', '--help'],
      ['bin/cardwright.js', 'deck', 'check', 'x'],
      ['out/main/cli.js', 'export-pdf', '--set', 'x'],
      ['out/main/web.js', '--port', '0'],
    ];
    for (const [entry, ...args] of entries) {
      const ended = await underOldNode(entry, ...args);
      expect(ended, entry).toMatchObject({ code: 1, signal: null, stdout: '', stderr: `${SENTENCE}\n` });
    }
  });

  it('stops every npm script that builds, runs or tests, with the sentence as its last line', async () => {
    const scripts = ['start', 'dev', 'dist', 'web', 'build', 'test', 'test:unit', 'test:e2e', 'bench', 'screenshots'];
    const env = { ...process.env, NODE_OPTIONS: `--import=${preload}`, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' };
    const ended = await Promise.all(scripts.map((script) => run('npm', ['run', script, `--script-shell=${guardedShell}`], env)));
    ended.forEach((result, i) => {
      expect(result.code, scripts[i]).toBe(1);
      expect(result.signal, scripts[i]).toBeNull();
      expect(`${result.stdout}${result.stderr}`.trim().split('\n').at(-1), scripts[i]).toBe(SENTENCE);
    });
  });
});

describe.runIf(BUILT)('the built entries check first (out/main)', () => {
  const imports = (file: string) =>
    [...readFileSync(join(root, 'out', 'main', file), 'utf8').matchAll(/^import .*?["'](.+?)["'];$/gm)].map((m) => m[1]);
  const guardChunk = readdirSync(join(root, 'out', 'main', 'chunks')).find((file) => file.startsWith('check-node-'));

  it('evaluate the guard before any other module, and the guard loads nothing native', () => {
    expect(guardChunk).toBeDefined();
    // ESM evaluates imports in order: the guard runs before Electron, the services and their native modules.
    for (const entry of ['index.js', 'web.js', 'cli.js']) expect(imports(entry)[0], entry).toBe(`./chunks/${guardChunk}`);
    expect(imports(`chunks/${guardChunk}`).every((name) => name.startsWith('node:'))).toBe(true);
  });

  it('load the services of the web host and the command line only after it, dynamically', () => {
    for (const entry of ['web.js', 'cli.js']) {
      const staticImports = imports(entry);
      expect(
        staticImports.some((name) => /service|better-sqlite3|sharp/.test(name)),
        entry,
      ).toBe(false);
    }
  });
});

const systemNode = '/usr/bin/node';
const systemNodeIsOld =
  existsSync(systemNode) &&
  nodeVersionProblem('>=22.12', spawnSync(systemNode, ['--version'], { encoding: 'utf8' }).stdout.trim()) !== undefined;

describe.runIf(BUILT && systemNodeIsOld)("the machine's own old Node (/usr/bin/node)", { timeout: 60_000 }, () => {
  it('gets the sentence from bin/cardwright and the web host, never a crash', async () => {
    for (const args of [['bin/cardwright.js', '--help'], ['out/main/web.js']]) {
      const ended = await run(systemNode, args);
      expect(ended.code, args[0]).toBe(1);
      expect(ended.signal, args[0]).toBeNull();
      expect(ended.stderr, args[0]).toMatch(
        /^Cardwright needs Node ≥ 22\.12 and this is Node \d+\.\d+\.\d+: run `source \.ci\/use-node24\.sh`/,
      );
    }
  });
});
