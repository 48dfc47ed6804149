// `npm start`/`dev`/`dist` run this first: installs the Electron binary if it is missing and,
// where that is impossible (offline), exits 1 with one sentence pointing to the web mode.

// First: an older Node stops here with one sentence (see check-node.mjs).
import './check-node.mjs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { ensureElectron, missingBinaryMessage } from './electron-binary.mjs';

let electronDir;
try {
  electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
} catch {
  console.error(missingBinaryMessage('the electron package is not installed; run `npm install`'));
  process.exit(1);
}

const result = ensureElectron({
  electronDir,
  onDownload: () => console.log('Downloading the Electron binary (needed once)...'),
});
if (!result.ok) {
  console.error(result.message);
  process.exit(1);
}
if (result.downloaded) console.log(`Electron installed: ${result.binary}`);
