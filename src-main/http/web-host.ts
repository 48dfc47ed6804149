// The web host web.ts starts: binds 127.0.0.1 only, serves the built renderer, and answers the
// API with a per-launch token and a Host-header check (DNS-rebinding guard).

import '../memory-flags';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openCardwright } from '../api/service';
import { appPaths } from '../app-paths';
import { startApiHost } from './api-host';

/**
 * Opens the library in `dataDir` and serves it on `port` until SIGINT/SIGTERM. `here` is the
 * folder of the built entry (out/main), beside the workers; this module is a chunk below it.
 */
export async function startWebHost(dataDir: string, port: number, here: string): Promise<void> {
  const root = resolve(here, '../..');
  const paths = appPaths(root);
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
  let host: Awaited<ReturnType<typeof startApiHost>>;
  try {
    host = await startApiHost({
      handlers: cardwright.handlers,
      rendererDir: paths.rendererDir,
      token,
      port,
      pathRoots,
      downloads: cardwright.downloads,
    });
  } catch (error) {
    // A port in use: the library is closed before web.ts says so.
    await cardwright.close();
    throw error;
  }
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
}
