// The `npm start` pre-step: a fake electron package folder stands in for node_modules/electron,
// and its install.js is a local script, so nothing here touches the network.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureElectron, failureReason, installedElectronBinary } from '../../scripts/electron-binary.mjs';

let electronDir: string;
const noOverrides: NodeJS.ProcessEnv = {};

beforeEach(() => {
  electronDir = mkdtempSync(join(tmpdir(), 'cardwright-fake-electron-'));
  writeFileSync(join(electronDir, 'package.json'), '{"name":"electron","version":"45.4.1"}');
});
afterEach(() => rmSync(electronDir, { recursive: true, force: true }));

function installBinary(version = '45.4.1'): string {
  mkdirSync(join(electronDir, 'dist'));
  writeFileSync(join(electronDir, 'path.txt'), 'electron');
  writeFileSync(join(electronDir, 'dist', 'version'), version);
  const binary = join(electronDir, 'dist', 'electron');
  writeFileSync(binary, '');
  return binary;
}

function writeInstaller(body: string): void {
  writeFileSync(join(electronDir, 'install.js'), body);
}

function expectOneSentenceNamingWebMode(message: string): void {
  expect(message).not.toContain('\n');
  expect(message).toContain('npm run web');
  expect(message.match(/[.!?](\s|$)/g)).toHaveLength(1);
  expect(message).toMatch(/\.$/);
  expect(message).not.toMatch(/\bat .*:\d+:\d+/);
}

describe('ensureElectron', () => {
  it('is a no-op when the binary is installed: the installer never runs', () => {
    const binary = installBinary();
    let installerRuns = 0;
    const result = ensureElectron({
      electronDir,
      env: noOverrides,
      runInstaller: () => {
        installerRuns++;
        return { status: 0, errorOutput: '' };
      },
    });
    expect(result).toEqual({ ok: true, binary, downloaded: false });
    expect(installerRuns).toBe(0);
  });

  it('explains a failed download in one sentence naming the web mode, without the stack trace', () => {
    writeInstaller(
      "process.stderr.write('TypeError: fetch failed\\n    at node:internal/deps/undici:13502:13\\n    at async downloadArtifact (/x/index.js:1:1)\\n'); process.exit(1);",
    );
    const result = ensureElectron({ electronDir, env: noOverrides });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expectOneSentenceNamingWebMode(result.message);
    expect(result.message).toContain('(TypeError: fetch failed)');
  });

  it('treats path.txt without the binary in dist/ as missing', () => {
    writeFileSync(join(electronDir, 'path.txt'), 'electron');
    writeInstaller('process.exit(1);');
    expect(installedElectronBinary(electronDir, noOverrides)).toBeNull();
    expect(ensureElectron({ electronDir, env: noOverrides }).ok).toBe(false);
  });

  it('treats a binary left from an older electron package as missing', () => {
    installBinary('44.0.0');
    expect(installedElectronBinary(electronDir, noOverrides)).toBeNull();
  });

  it('reports the binary the installer put in place', () => {
    writeInstaller(
      "const fs = require('fs'), path = require('path');" +
        "fs.mkdirSync(path.join(__dirname, 'dist'));" +
        "fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '');" +
        "fs.writeFileSync(path.join(__dirname, 'dist', 'version'), 'v45.4.1');" +
        "fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');",
    );
    const result = ensureElectron({ electronDir, env: noOverrides });
    expect(result).toEqual({ ok: true, binary: join(electronDir, 'dist', 'electron'), downloaded: true });
  });

  it('does not try to download when ELECTRON_SKIP_BINARY_DOWNLOAD is set', () => {
    const result = ensureElectron({
      electronDir,
      env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      runInstaller: () => {
        throw new Error('the installer must not run');
      },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expectOneSentenceNamingWebMode(result.message);
  });
});

describe('failureReason', () => {
  it('keeps the error line and drops stack frames', () => {
    expect(failureReason('RequestError: getaddrinfo ENOTFOUND github.com.\n    at ClientRequest.<anonymous> (x.js:1:2)\n')).toBe(
      'RequestError: getaddrinfo ENOTFOUND github.com',
    );
    expect(failureReason('')).toBe('');
  });
});
