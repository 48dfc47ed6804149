// Is the Electron binary installed, and if not, install it with electron's own installer.
// Electron >= 42 downloads its binary lazily (no postinstall), and electron-vite only looks at
// node_modules/electron/path.txt, so `npm start` checks first and explains a failed download
// in one sentence instead of a stack trace. Kept free of side effects except the installer
// run, which callers (and tests) can replace.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The executable the way electron-vite and electron's index.js find it, or null. */
export function installedElectronBinary(electronDir, env = process.env) {
  if (env.ELECTRON_EXEC_PATH) return existsSync(env.ELECTRON_EXEC_PATH) ? env.ELECTRON_EXEC_PATH : null;
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const executable = readFileSync(pathFile, 'utf8').trim();
  if (!executable) return null;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const binary = join(env.ELECTRON_OVERRIDE_DIST_PATH, executable);
    return existsSync(binary) ? binary : null;
  }
  // Like electron's install.js: a binary left from an older electron package does not count.
  const binary = join(electronDir, 'dist', executable);
  return existsSync(binary) && distVersion(electronDir) === packageVersion(electronDir) ? binary : null;
}

function distVersion(electronDir) {
  const file = join(electronDir, 'dist', 'version');
  return existsSync(file) ? readFileSync(file, 'utf8').trim().replace(/^v/, '') : null;
}

function packageVersion(electronDir) {
  return JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
}

/** Runs electron's install.js with this Node; its error output is kept for the one-line reason. */
export function runElectronInstaller(installScript) {
  const run = spawnSync(process.execPath, [installScript], {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
    timeout: 15 * 60_000,
  });
  if (run.error) return { status: 1, errorOutput: run.error.message };
  return { status: run.status ?? 1, errorOutput: run.stderr ?? '' };
}

/** The first line of an error output that says what went wrong (not a stack frame), shortened. */
export function failureReason(errorOutput) {
  const lines = errorOutput
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '));
  const line = lines.find((candidate) => /error|ENOTFOUND|EAI_AGAIN|ECONN|ETIMEDOUT/i.test(candidate)) ?? lines[0] ?? '';
  const reason = line.replace(/[.\s]+$/, '');
  return reason.length > 140 ? `${reason.slice(0, 137)}...` : reason;
}

/** One sentence: why the desktop app cannot start, and the web mode as the way forward. */
export function missingBinaryMessage(reason) {
  const because = reason ? ` (${reason})` : '';
  return `The Electron binary for the desktop app is not installed and could not be downloaded${because}, so use the web mode instead: \`npm run web\` serves Cardwright to your browser.`;
}

/**
 * Makes sure the binary exists: a no-op when it does; otherwise runs the installer (unless
 * ELECTRON_SKIP_BINARY_DOWNLOAD is set) and checks again.
 */
export function ensureElectron({ electronDir, env = process.env, runInstaller = runElectronInstaller, onDownload = () => {} }) {
  const present = installedElectronBinary(electronDir, env);
  if (present) return { ok: true, binary: present, downloaded: false };
  if (isSet(env.ELECTRON_SKIP_BINARY_DOWNLOAD)) {
    return { ok: false, message: missingBinaryMessage('ELECTRON_SKIP_BINARY_DOWNLOAD is set') };
  }
  onDownload();
  const run = runInstaller(join(electronDir, 'install.js'));
  const binary = run.status === 0 ? installedElectronBinary(electronDir, env) : null;
  if (binary) return { ok: true, binary, downloaded: true };
  const reason = run.status === 0 ? 'the installer finished but no binary is in place' : failureReason(run.errorOutput);
  return { ok: false, message: missingBinaryMessage(reason) };
}

function isSet(value) {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
