// `npm run web`: the same app in a browser. Binds 127.0.0.1 only, serves the built renderer,
// and answers the API with a per-launch token and a Host-header check (DNS-rebinding guard).
// Usage: node out/main/web.js [--port 5178] [--data-dir DIR]   (port 0 = any free port)

import '../memory-flags';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { openCardwright } from '../api/service';
import { appPaths, argValue, dataDirFrom, defaultUserDataDir } from '../app-paths';
import { startApiHost } from './api-host';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const paths = appPaths(root);
const dataDir = dataDirFrom(process.argv, process.env, defaultUserDataDir());
const port = Number(argValue(process.argv, '--port') ?? process.env.CARDWRIGHT_PORT ?? 5178);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, got "${argValue(process.argv, '--port')}"`);
  process.exit(2);
}

const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
const cardwright = openCardwright({
  dataDir,
  ...paths,
  version,
  jobWorker: join(here, 'job-worker.js'),
  jobProcess: join(here, 'job-process.js'),
  readWorker: join(here, 'read-worker.js'),
  checkWorker: join(here, 'check-worker.js'),
});
for (const error of cardwright.systemErrors) console.error(`[cardwright] game system refused: ${error.message}`);

const token = randomBytes(32).toString('hex');
const pathRoots = [
  { path: dataDir, name: '<data folder>' },
  { path: root, name: '<app>' },
];
const host = await startApiHost({ handlers: cardwright.handlers, rendererDir: paths.rendererDir, token, port, pathRoots });
console.log(`Cardwright data: ${dataDir}`);
console.log(`Cardwright web UI: ${host.url}/#token=${token}`);

/** Jobs are cancelled and the database closed; a part that does not stop in time is not waited for. */
const SHUTDOWN_LIMIT_MS = 15_000;

function shutdown(): void {
  setTimeout(() => {
    console.error(`[cardwright] shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s: exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS).unref();
  host
    .close()
    .then(() => cardwright.close())
    .finally(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
