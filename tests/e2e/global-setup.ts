// Runs once before the browser tests: starts the built app on an empty data folder, as a user's
// first start does (samples seeded), and stops it cleanly. Each test's host starts on a copy of
// that folder (web-host.ts seededDataDir) instead of seeding the samples again.

import { rmSync } from 'node:fs';
import { SEEDED_DATA_ENV, startWebHost } from './web-host';

export default async function globalSetup(): Promise<() => void> {
  const host = await startWebHost();
  await host.stop({ keepDataDir: true });
  process.env[SEEDED_DATA_ENV] = host.dataDir;
  return () => rmSync(host.dataDir, { recursive: true, force: true });
}
