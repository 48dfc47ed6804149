#!/usr/bin/env node
// `npx cardwright …`: starts the command line (src-main/cli/cli.ts), which `npm run build`
// bundles into out/main/cli.js beside the job and reader workers it runs jobs in.

// First: an older Node stops here with one sentence instead of crashing on a native module.
import '../scripts/check-node.mjs';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('cardwright: the command line is not built yet: run `npm run build` first.\n');
  process.exit(1);
}
await import(pathToFileURL(cli).href);
