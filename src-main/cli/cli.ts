// `npx cardwright` (bin/cardwright.js → out/main/cli.js). The Node version is checked first:
// the rest (run-cli.ts) loads better-sqlite3 and sharp, which crash an older Node, so it is
// imported only once the check has passed (a static import would be evaluated before it).

import '../../scripts/check-node.mjs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitWithError } from './fatal-error';

// Whatever escapes (a stream's error event, say) is one sentence too, never a stack trace.
process.on('uncaughtException', (error) => exitWithError(error));
process.on('unhandledRejection', (error) => exitWithError(error));

try {
  const { runCli } = await import('./run-cli');
  // The workers and package.json are found from this entry's folder (out/main), not the chunk's.
  process.exit(await runCli(process.argv.slice(2), dirname(fileURLToPath(import.meta.url))));
} catch (error) {
  exitWithError(error);
}
