// `npm run web` (node out/main/web.js [--port 5178] [--data-dir DIR]): the same app in a browser,
// served by web-host.ts. The Node version is checked first: the host loads better-sqlite3 and
// sharp, which crash an older Node, so it is imported only once the check has passed (a static
// import would be evaluated before it). A start that fails is one sentence, exit code 1.

import '../../scripts/check-node.mjs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { argValue, dataDirFrom, defaultUserDataDir } from '../app-paths';
import { exitWithError } from '../cli/fatal-error';

const dataDir = dataDirFrom(process.argv, process.env, defaultUserDataDir());
const portText = argValue(process.argv, '--port') ?? process.env.CARDWRIGHT_PORT ?? '5178';
const port = Number(portText);
if (!/^\d+$/.test(portText.trim()) || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`cardwright: --port must be a whole number from 0 to 65535 (0 picks a free port), not "${portText}".`);
  process.exit(2);
}

try {
  const { startWebHost } = await import('./web-host');
  await startWebHost(dataDir, port, dirname(fileURLToPath(import.meta.url)));
} catch (error) {
  exitWithError(error, { dataDir, port });
}
