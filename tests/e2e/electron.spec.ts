// The real desktop shell. The bundle checks always run; launching needs the Electron binary,
// which the first `npm start` downloads on users' machines (scripts/ensure-electron.mjs) but
// which CI cannot download (ELECTRON_SKIP_BINARY_DOWNLOAD=1): there the launch tests report a
// clear skip.

import { test, expect, _electron as electron } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { installedElectronBinary } from '../../scripts/electron-binary.mjs';
import { APP_COMMANDS } from '../../src-main/api/commands';

const ROOT = resolve(import.meta.dirname, '../..');

/** The installed Electron binary, found like electron-vite does (never downloading it). */
function electronBinary(): string | null {
  try {
    return installedElectronBinary(dirname(createRequire(import.meta.url).resolve('electron/package.json')));
  } catch {
    return null;
  }
}

test('the preload is one sandbox-safe CommonJS bundle that exposes only the API bridge', () => {
  const preload = readFileSync(join(ROOT, 'out/preload/index.cjs'), 'utf8');
  const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
  expect(new Set(required)).toEqual(new Set(['electron']));
  expect(preload).toContain('exposeInMainWorld');
  expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*\)/);
});

test('the preload lets the renderer subscribe to menu commands', () => {
  const preload = readFileSync(join(ROOT, 'out/preload/index.cjs'), 'utf8');
  expect(preload).toMatch(/onCommand\s*:/);
  expect(preload).toContain('cardwright:command');
});

test('the main window is sandboxed, isolated and without Node integration', () => {
  const main = readFileSync(join(ROOT, 'out/main/index.js'), 'utf8');
  expect(main).toMatch(/sandbox:\s*true/);
  expect(main).toMatch(/contextIsolation:\s*true/);
  expect(main).toMatch(/nodeIntegration:\s*false/);
});

test('the main process takes the single-instance lock per data folder and registers no menu accelerators', () => {
  const main = readFileSync(join(ROOT, 'out/main/index.js'), 'utf8');
  expect(main).toMatch(/setPath\(\s*["']userData["']/);
  expect(main).toContain('requestSingleInstanceLock()');
  expect(main).toMatch(/registerAccelerator:\s*false/);
});

/** Skips the launch tests, saying why, where Electron cannot run. */
function requireLaunchableElectron(): string {
  const binary = electronBinary();
  if (!binary) {
    console.log(
      'SKIPPED: the Electron binary is not installed here (node_modules/electron has no dist/; offline installs use ELECTRON_SKIP_BINARY_DOWNLOAD=1). Where it can be downloaded, `npx install-electron` or one `npm start` fetches it and this launch test runs.',
    );
  }
  test.skip(!binary, 'Electron binary not installed (ELECTRON_SKIP_BINARY_DOWNLOAD=1)');
  if (!process.env.DISPLAY && process.platform === 'linux') {
    console.log('SKIPPED: no X display; run under xvfb-run to launch Electron on Linux.');
  }
  test.skip(!process.env.DISPLAY && process.platform === 'linux', 'no X display for Electron');
  return binary!;
}

/** Chromium refuses to start as root without --no-sandbox (containers, some CI runners). */
const rootArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];

interface MenuItemSummary {
  id: string;
  accelerator: string | null;
  registerAccelerator: boolean;
}

test('the desktop app starts, shows the library, answers the API over IPC and has the app menu', async () => {
  const binary = requireLaunchableElectron();
  const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-electron-'));
  const app = await electron.launch({ executablePath: binary, args: [...rootArgs, ROOT, '--data-dir', dataDir] });
  try {
    const window = await app.firstWindow();
    await expect(window).toHaveTitle('Cardwright');
    await expect(window.getByTestId('app-header')).toBeVisible();
    await expect(window.getByTestId('set-list')).toContainText('OSMCG');
    const isolated = await window.evaluate(() => typeof (globalThis as { require?: unknown }).require === 'undefined');
    expect(isolated).toBe(true);
    const [systems, info] = await window.evaluate(async () => {
      const bridge = (globalThis as unknown as { cardwright: { call(m: string, i: unknown): Promise<unknown> } }).cardwright;
      return Promise.all([bridge.call('listSystems', {}), bridge.call('appInfo', {})]);
    });
    expect(JSON.stringify(systems)).toContain('osmcg');
    expect(info).toMatchObject({ ok: true, value: { desktop: true } });
    expect(existsSync(join(dataDir, 'cardwright.sqlite'))).toBe(true);

    const menuItems = await app.evaluate(({ Menu }) => {
      const summaries: MenuItemSummary[] = [];
      const visit = (menu: Electron.Menu | null) => {
        for (const item of menu?.items ?? []) {
          if (item.id)
            summaries.push({ id: item.id, accelerator: item.accelerator ?? null, registerAccelerator: item.registerAccelerator });
          visit(item.submenu ?? null);
        }
      };
      visit(Menu.getApplicationMenu());
      return summaries;
    });
    for (const command of APP_COMMANDS) {
      const items = menuItems.filter((item) => item.id === command.id);
      expect(items, command.id).toHaveLength(1);
      expect(items[0]).toMatchObject({ accelerator: command.accelerator, registerAccelerator: false });
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Resolves with the process's exit code, or rejects if it runs longer than `ms`. */
function exitWithin(child: ChildProcess, ms: number): Promise<number | null> {
  return new Promise((resolveExit, rejectExit) => {
    const timer = setTimeout(() => rejectExit(new Error(`still running after ${ms} ms`)), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolveExit(code);
    });
  });
}

test('one instance per data folder: the same folder hands over to the first window, another runs apart', async () => {
  const binary = requireLaunchableElectron();
  const dataDir = mkdtempSync(join(tmpdir(), 'cardwright-electron-'));
  const otherDataDir = mkdtempSync(join(tmpdir(), 'cardwright-electron-'));
  const app = await electron.launch({ executablePath: binary, args: [...rootArgs, ROOT, '--data-dir', dataDir] });
  const launch = (dir: string) => spawn(binary, [...rootArgs, ROOT, '--data-dir', dir], { stdio: 'ignore' });
  const other = launch(otherDataDir);
  try {
    await app.firstWindow();
    const second = launch(dataDir);
    try {
      expect(await exitWithin(second, 30_000)).toBe(0);
    } finally {
      second.kill();
    }
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    // The launch with its own folder keeps running and opens its own database.
    await expect.poll(() => existsSync(join(otherDataDir, 'cardwright.sqlite')), { timeout: 30_000 }).toBe(true);
    expect(other.exitCode).toBeNull();
  } finally {
    other.kill();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(otherDataDir, { recursive: true, force: true });
  }
});
