// The desktop shell, kept thin: one hardened window per data folder, the renderer served from
// app://, the API over one IPC channel, and the application menu. Everything else lives in the
// services behind `openCardwright`.

// First, before any native module loads (Electron brings its own Node, so this only guards a
// main started by another runtime); out/main/index.js imports it before the rest.
import '../../scripts/check-node.mjs';
import { app, BrowserWindow, ipcMain, Menu, nativeTheme, protocol, screen, session, shell, type WebContents } from 'electron';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppCommand } from '../api/commands';
import { openCardwright } from '../api/service';
import { dispatch } from '../api/dispatch';
import { payloadLimitError } from '../api/payload-limits';
import { appPaths, dataDirFrom } from '../app-paths';
import { CONTENT_SECURITY_POLICY, readRendererFile } from '../renderer-files';
import { API_CHANNEL, COMMAND_CHANNEL } from './bridge';
import { electronDesktop } from './desktop-integration';
import { appMenuTemplate } from './menu';
import { fitWindowState } from './window-state';
import { readWindowState, trackWindowState, windowStateFile } from './window-state-file';

const APP_SCHEME = 'app';
const APP_ORIGIN = `${APP_SCHEME}://cardwright`;
const here = dirname(fileURLToPath(import.meta.url));
/** Set by `electron-vite dev` only: the renderer then comes from Vite's dev server. */
const devRendererUrl = process.env.ELECTRON_RENDERER_URL;

app.setName('Cardwright');
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

const paths = appPaths(app.getAppPath());
const dataDir = dataDirFrom(process.argv, process.env, app.getPath('userData'));
// Electron counts a launch as a second instance when it shares the userData folder, so making
// the data folder userData gives one instance per data folder: a second launch with the same
// folder hands over to the first (see 'second-instance') and quits; another folder runs apart.
mkdirSync(dataDir, { recursive: true }); // setPath throws for a folder that does not exist yet
app.setPath('userData', dataDir);

function isTrustedSender(url: string): boolean {
  if (url.startsWith(`${APP_ORIGIN}/`)) return true;
  return devRendererUrl !== undefined && url.startsWith(devRendererUrl);
}

/** Links to the web (a game's license page, say) open in the user's browser, and only https ones. */
function openExternalIfSafe(rawUrl: string): void {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return;
  }
  if (url.protocol === 'https:' && !url.username && !url.password) void shell.openExternal(url.href);
}

function harden(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfSafe(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedSender(url)) {
      event.preventDefault();
      openExternalIfSafe(url);
    }
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function createWindow(): BrowserWindow {
  const stateFile = windowStateFile(dataDir);
  const saved = fitWindowState(readWindowState(stateFile), screen.getAllDisplays());
  const window = new BrowserWindow({
    ...(saved ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height } : { width: 1400, height: 900 }),
    minWidth: 960,
    minHeight: 640,
    title: 'Cardwright',
    show: false,
    // The theme's background (app.css --color-bg), so the window does not flash before the page paints.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#14171d' : '#f4f5f7',
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => {
    if (saved?.maximized) window.maximize();
    window.show();
  });
  trackWindowState(window, stateFile);
  void window.loadURL(devRendererUrl ?? `${APP_ORIGIN}/index.html`);
  return window;
}

/** A second launch with this data folder: bring the window back instead of opening another. */
function focusWindow(): void {
  const window = BrowserWindow.getAllWindows()[0] ?? createWindow();
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/** Menu clicks go to the focused window's renderer, which runs the command like its shortcut. */
function sendCommand(command: AppCommand): void {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  window?.webContents.send(COMMAND_CHANNEL, command);
}

function startCardwright(): void {
  const cardwright = openCardwright({
    dataDir,
    systemsDir: paths.systemsDir,
    startersDir: paths.startersDir,
    samplesDir: paths.samplesDir,
    fontsDir: paths.fontsDir,
    desktop: electronDesktop,
    version: app.getVersion(),
    jobWorker: join(here, 'job-worker.js'),
    readWorker: join(here, 'read-worker.js'),
    checkWorker: join(here, 'check-worker.js'),
  });
  for (const error of cardwright.systemErrors) console.error(`[cardwright] game system refused: ${error.message}`);

  app.on('web-contents-created', (_event, contents) => harden(contents));
  app.on('second-instance', focusWindow);

  app.whenReady().then(() => {
    // Only the clipboard, and only for the app's own page (the deck import's "Paste from clipboard", "Copy as text").
    const CLIPBOARD = new Set(['clipboard-read', 'clipboard-sanitized-write']);
    session.defaultSession.setPermissionRequestHandler((contents, permission, callback) =>
      callback(CLIPBOARD.has(permission) && isTrustedSender(contents.getURL())),
    );
    protocol.handle(APP_SCHEME, async (request) => {
      const file = await readRendererFile(paths.rendererDir, new URL(request.url).pathname);
      if (!file) return new Response('Not found', { status: 404 });
      return new Response(new Uint8Array(file.body), {
        headers: { 'content-type': file.mimeType, 'content-security-policy': CONTENT_SECURITY_POLICY },
      });
    });
    ipcMain.handle(API_CHANNEL, (event, method: unknown, input: unknown) => {
      const senderUrl = event.senderFrame?.url ?? '';
      if (!isTrustedSender(senderUrl)) {
        return { ok: false, error: { code: 'BAD_INPUT', message: 'API calls are only accepted from the Cardwright window' } };
      }
      if (typeof method !== 'string') return { ok: false, error: { code: 'BAD_INPUT', message: 'API method must be a string' } };
      // The web host's body limits, measured on the value IPC delivered, before zod walks it.
      const tooLarge = payloadLimitError(method, input);
      if (tooLarge) return { ok: false, error: { code: 'BAD_INPUT', message: tooLarge } };
      const roots = [
        { path: dataDir, name: '<data folder>' },
        { path: app.getAppPath(), name: '<app>' },
      ];
      return dispatch(cardwright.handlers, method, input, roots);
    });
    app.setAboutPanelOptions({ applicationName: app.name, applicationVersion: app.getVersion() });
    const menuContext = { platform: process.platform, isPackaged: app.isPackaged, appName: app.name };
    Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(menuContext, sendCommand)));
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Running jobs are cancelled (their partial work undone) before the database closes.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void cardwright.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
}

if (app.requestSingleInstanceLock()) startCardwright();
else app.quit();
