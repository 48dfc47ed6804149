// The desktop shell's glue (main.ts, desktop-integration.ts, window-state-file.ts) against a
// fake `electron` module: the real binary cannot run everywhere (see tests/e2e/electron.spec.ts
// for the launch test), but the wiring can be checked anywhere.

import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserWindow, MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../src-main/api/wire';
import { trackWindowState } from '../../src-main/electron/window-state-file';

const ROOT = resolve(import.meta.dirname, '../..');

interface FakeWindowOptions {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  webPreferences?: Record<string, unknown>;
}

/** Just enough of BrowserWindow for the shell: events, bounds, show/focus bookkeeping. */
class FakeWindow extends EventEmitter {
  static all: FakeWindow[] = [];
  static focused: FakeWindow | null = null;
  static getAllWindows = () => FakeWindow.all;
  static getFocusedWindow = () => FakeWindow.focused;
  bounds = { x: 0, y: 0, width: 1400, height: 900 };
  maximized = false;
  minimized = false;
  focusCount = 0;
  sent: unknown[][] = [];
  webContents = { send: (...args: unknown[]) => this.sent.push(args) };
  constructor(readonly options: FakeWindowOptions = {}) {
    super();
    FakeWindow.all.push(this);
  }
  loadURL = () => Promise.resolve();
  getNormalBounds = () => this.bounds;
  isMaximized = () => this.maximized;
  isMinimized = () => this.minimized;
  isDestroyed = () => false;
  maximize = () => (this.maximized = true);
  restore = () => (this.minimized = false);
  show = () => {};
  focus = () => this.focusCount++;
}

type Listener = (...args: unknown[]) => unknown;

/** The fake `electron` module main.ts imports, recording what the shell does. */
function fakeElectron(options: { lock: boolean }) {
  const listeners = new Map<string, Listener[]>();
  const state = {
    paths: {} as Record<string, string>,
    quits: 0,
    menu: null as MenuItemConstructorOptions[] | null,
    ipc: new Map<string, Listener>(),
    listeners,
  };
  const app = {
    name: 'Cardwright',
    isPackaged: false,
    setName: () => {},
    getAppPath: () => ROOT,
    getVersion: () => '0.1.0',
    getPath: (name: string) => state.paths[name] ?? join(tmpdir(), 'cardwright-unused-default'),
    setPath: (name: string, path: string) => {
      if (!existsSync(path)) throw new Error(`setPath: ${path} does not exist`); // as Electron does
      state.paths[name] = path;
    },
    requestSingleInstanceLock: () => options.lock,
    quit: () => state.quits++,
    whenReady: () => Promise.resolve(),
    on: (event: string, listener: Listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    setAboutPanelOptions: () => {},
  };
  const module = {
    app,
    BrowserWindow: FakeWindow,
    Menu: {
      buildFromTemplate: (template: MenuItemConstructorOptions[]) => template,
      setApplicationMenu: (menu: MenuItemConstructorOptions[]) => (state.menu = menu),
    },
    protocol: { registerSchemesAsPrivileged: () => {}, handle: () => {} },
    session: { defaultSession: { setPermissionRequestHandler: () => {} } },
    ipcMain: { handle: (channel: string, handler: Listener) => state.ipc.set(channel, handler) },
    nativeTheme: { shouldUseDarkColors: false },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    shell: { openPath: vi.fn(), showItemInFolder: vi.fn(), openExternal: vi.fn() },
    dialog: { showSaveDialog: vi.fn() },
  };
  return { module, state };
}

let dataDir: string;
const argv = process.argv;

beforeEach(() => {
  dataDir = join(mkdtempSync(join(tmpdir(), 'cardwright-shell-')), 'not-yet-created');
  FakeWindow.all = [];
  FakeWindow.focused = null;
  vi.resetModules();
});
afterEach(() => {
  process.argv = argv;
  vi.doUnmock('electron');
  rmSync(resolve(dataDir, '..'), { recursive: true, force: true });
});

async function startShell(lock: boolean) {
  const electron = fakeElectron({ lock });
  vi.doMock('electron', () => electron.module);
  process.argv = [...argv, '--data-dir', dataDir];
  await import('../../src-main/electron/main');
  await new Promise((resolveTick) => setTimeout(resolveTick, 0)); // let whenReady's callback run
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of electron.state.listeners.get(event) ?? []) listener(...args);
  };
  const quit = async () => {
    const event = { preventDefault: () => {} };
    emit('will-quit', event);
    await vi.waitFor(() => expect(electron.state.quits).toBe(1)); // after the database closed
  };
  return { ...electron, emit, quit };
}

describe('the desktop shell (main.ts)', () => {
  it('makes the data folder its userData, takes the lock, and serves the API with desktop integration', async () => {
    const shell = await startShell(true);
    try {
      expect(shell.state.paths.userData).toBe(dataDir);
      expect(existsSync(join(dataDir, 'cardwright.sqlite'))).toBe(true);
      const call = shell.state.ipc.get('cardwright:api')!;
      const trusted = { senderFrame: { url: 'app://cardwright/index.html' } };
      const info = (await call(trusted, 'appInfo', {})) as Envelope<{ desktop: boolean }>;
      expect(info).toMatchObject({ ok: true, value: { desktop: true, dataDir } });
      const foreign = (await call({ senderFrame: { url: 'https://example.org/' } }, 'appInfo', {})) as Envelope<unknown>;
      expect(foreign.ok).toBe(false);

      const [window] = FakeWindow.all;
      expect(window.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
      expect(shell.state.menu?.map((menu) => menu.label)).toEqual(['File', 'Edit', 'View', 'Go', 'Window', 'Help']);
    } finally {
      await shell.quit();
    }
  });

  it('refuses oversized payloads, a method that is not a string and foreign senders before parsing', async () => {
    const shell = await startShell(true);
    try {
      const call = shell.state.ipc.get('cardwright:api')!;
      const trusted = { senderFrame: { url: 'app://cardwright/index.html' } };
      const numbers = Array.from({ length: 2_000_000 }, () => 1234567); // about 16 MB as JSON
      const started = performance.now();
      expect(await call(trusted, 'getCards', { ids: numbers })).toEqual({
        ok: false,
        error: { code: 'BAD_INPUT', message: 'The request to getCards is larger than its limit of 4 MiB' },
      });
      // An import may carry a file of up to 100 MB, but as one text: not as 16 MB of values.
      expect(await call(trusted, 'startJob', { job: { kind: 'importSet', text: 'x' }, extra: numbers })).toMatchObject({
        ok: false,
        error: {
          code: 'BAD_INPUT',
          message: expect.stringMatching(/^The request to startJob has more than 4 MiB of JSON outside/),
        },
      });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(await call(trusted, 42, {})).toEqual({
        ok: false,
        error: { code: 'BAD_INPUT', message: 'API method must be a string' },
      });
      expect(await call({ senderFrame: { url: 'https://example.org/' } }, 'getCards', { ids: numbers })).toMatchObject({
        ok: false,
        error: { message: 'API calls are only accepted from the Cardwright window' },
      });
      expect(await call(trusted, 'getCards', { ids: [] })).toEqual({ ok: true, value: [] });
    } finally {
      await shell.quit();
    }
  });

  it('sends a clicked menu command to the focused window', async () => {
    const shell = await startShell(true);
    try {
      const [window] = FakeWindow.all;
      FakeWindow.focused = window;
      const file = shell.state.menu!.find((menu) => menu.label === 'File')!.submenu as MenuItemConstructorOptions[];
      (file.find((item) => item.id === 'new-card')!.click as () => void)();
      expect(window.sent).toEqual([['cardwright:command', 'new-card']]);
    } finally {
      await shell.quit();
    }
  });

  it('brings its window back when the same data folder is launched again', async () => {
    const shell = await startShell(true);
    try {
      const [window] = FakeWindow.all;
      window.minimized = true;
      shell.emit('second-instance', {}, [], '/');
      expect(window.minimized).toBe(false);
      expect(window.focusCount).toBe(1);
      expect(FakeWindow.all).toHaveLength(1);
    } finally {
      await shell.quit();
    }
  });

  it('quits without opening the data folder when another instance holds it', async () => {
    const shell = await startShell(false);
    expect(shell.state.quits).toBe(1);
    expect(FakeWindow.all).toHaveLength(0);
    expect(existsSync(join(dataDir, 'cardwright.sqlite'))).toBe(false);
  });

  it('reopens the window where it was, maximized again', async () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      join(dataDir, 'window-state.json'),
      JSON.stringify({ x: 40, y: 50, width: 1200, height: 800, maximized: true }),
    );
    const shell = await startShell(true);
    try {
      const [window] = FakeWindow.all;
      expect(window.options).toMatchObject({ x: 40, y: 50, width: 1200, height: 800 });
      window.emit('ready-to-show');
      expect(window.maximized).toBe(true);
    } finally {
      await shell.quit();
    }
  });
});

describe('the preload bridge', () => {
  it('forwards calls over the API channel and rejects a method that is not a string', async () => {
    const exposed = new Map<string, unknown>();
    const invoke = vi.fn(() => Promise.resolve({ ok: true, value: 1 }));
    vi.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
      ipcRenderer: { invoke, on: vi.fn(), off: vi.fn() },
    }));
    await import('../../src-main/electron/preload');
    const bridge = exposed.get('cardwright') as { call(method: unknown, input: unknown): Promise<unknown> };
    await expect(bridge.call('appInfo', {})).resolves.toEqual({ ok: true, value: 1 });
    expect(invoke).toHaveBeenCalledWith('cardwright:api', 'appInfo', {});
    await expect(bridge.call(42, {})).rejects.toThrow('method must be a string');
    expect(invoke).toHaveBeenCalledTimes(1);
  });
});

describe('trackWindowState', () => {
  it('saves after moves settle and at once on close', () => {
    vi.useFakeTimers();
    try {
      const file = join(resolve(dataDir, '..'), 'window-state.json');
      const window = new FakeWindow();
      trackWindowState(window as unknown as BrowserWindow, file);
      window.bounds = { x: 10, y: 20, width: 1000, height: 700 };
      window.emit('move');
      window.emit('resize');
      expect(existsSync(file)).toBe(false);
      vi.advanceTimersByTime(1000);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: false });
      window.maximized = true;
      window.emit('close');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ maximized: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('electronDesktop', () => {
  async function withFakeElectron() {
    const electron = fakeElectron({ lock: true });
    vi.doMock('electron', () => electron.module);
    const { electronDesktop } = await import('../../src-main/electron/desktop-integration');
    return { electronDesktop, ...electron.module };
  }

  it('asks for a save path in a dialog attached to the focused window', async () => {
    const { electronDesktop, dialog } = await withFakeElectron();
    const window = new FakeWindow();
    FakeWindow.focused = window;
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/me/deck.pdf' });
    const filter = { name: 'PDF document', extensions: ['pdf'] };
    expect(await electronDesktop.chooseSavePath('deck.pdf', filter)).toBe('/home/me/deck.pdf');
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(window, { defaultPath: 'deck.pdf', filters: [filter] });
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    expect(await electronDesktop.chooseSavePath('deck.pdf', filter)).toBeNull();
  });

  it("opens files, rejecting with the system's reason", async () => {
    const { electronDesktop, shell } = await withFakeElectron();
    shell.openPath.mockResolvedValueOnce('');
    await expect(electronDesktop.openPath('/tmp/a.pdf')).resolves.toBeUndefined();
    shell.openPath.mockResolvedValueOnce('No application knows how to open this file');
    await expect(electronDesktop.openPath('/tmp/a.pdf')).rejects.toThrow('No application knows how to open this file');
    electronDesktop.showInFolder('/tmp/a.pdf');
    expect(shell.showItemInFolder).toHaveBeenCalledWith('/tmp/a.pdf');
  });
});
