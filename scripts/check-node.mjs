// The Node version check every entry point runs before anything loads a native module
// (better-sqlite3 and sharp are Node-API 10: Node 20 crashes on them with a bare "Segmentation
// fault"). `node scripts/check-node.mjs` is the npm scripts' pre-step; bin/cardwright.js, the web
// host, the command line and the Electron main import this file first. The version needed is
// package.json's "engines", the one place it is written. Plain ES2017 without dependencies, so
// that any Node old enough to need the message can read this file.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The oldest version a ">=22.12" range allows, as [major, minor, patch]. */
export function minimumOf(range) {
  const match = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(String(range));
  if (!match) throw new Error(`package.json "engines.node" must read ">=MAJOR.MINOR", not "${range}"`);
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

/** The sentence to stop with when `version` is older than `range` allows, else undefined. */
export function nodeVersionProblem(range, version) {
  const needed = minimumOf(range);
  const have = String(version).replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const part = have[i] || 0;
    if (part > needed[i]) return undefined;
    if (part < needed[i]) {
      const shown = needed[2] === 0 ? `${needed[0]}.${needed[1]}` : needed.join('.');
      return (
        `Cardwright needs Node ≥ ${shown} and this is Node ${have.join('.')}: ` +
        'run `source .ci/use-node24.sh` (it puts Node 24 first on PATH in this shell), then the same command again.'
      );
    }
  }
  return undefined;
}

/** engines.node of the nearest package.json above `from` (scripts/, out/main/ or out/main/chunks/). */
export function enginesRange(from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const engines = JSON.parse(readFileSync(file, 'utf8')).engines;
      return engines ? engines.node : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

const range = enginesRange(dirname(fileURLToPath(import.meta.url)));
const problem = range === undefined ? undefined : nodeVersionProblem(range, process.versions.node);
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
