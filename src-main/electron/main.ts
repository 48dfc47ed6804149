// The desktop shell, kept thin: one hardened window, the renderer served from app://, and the
// API over one IPC channel. Everything else lives in the services behind `openCardwright`.

import { app, BrowserWindow, ipcMain, protocol, session, shell, type WebContents } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openCardwright } from '../api/service';
import { dispatch } from '../api/dispatch';
import { appPaths, dataDirFrom } from '../app-paths';
import { CONTENT_SECURITY_POLICY, readRendererFile } from '../renderer-files';
import { API_CHANNEL } from './bridge';

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
const cardwright = openCardwright({
  dataDir: dataDirFrom(process.argv, process.env, app.getPath('userData')),
  systemsDir: paths.systemsDir,
  samplesDir: paths.samplesDir,
  fontsDir: paths.fontsDir,
  version: app.getVersion(),
  jobWorker: join(here, 'job-worker.js'),
});
for (const error of cardwright.systemErrors) console.error(`[cardwright] game system refused: ${error.message}`);

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
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 960,
    minHeight: 640,
    title: 'Cardwright',
    show: false,
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(devRendererUrl ?? `${APP_ORIGIN}/index.html`);
  return window;
}

app.on('web-contents-created', (_event, contents) => harden(contents));

app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
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
    return dispatch(cardwright.handlers, method, input);
  });
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
