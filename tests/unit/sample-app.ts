// A Cardwright on a data folder as a fresh install starts it: the repository's built-in games,
// sample sets and fonts. `extra` adds what a test needs beside them (a check worker, delays).
// An empty data folder starts as a copy of the library seeded once per run
// (seeded-library.setup.ts), which is what opening it would seed, in milliseconds.

import { cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { openCardwright, type Cardwright, type CardwrightOptions } from '../../src-main/api/service';
import { databaseFile } from '../../src-main/store/database';

const ROOT = resolve(import.meta.dirname, '../..');

/** The built-in games, the starters for new games, the sample sets and the bundled fonts, as the app finds them. */
export const SAMPLE_DIRS = {
  systemsDir: join(ROOT, 'card-schema/systems'),
  startersDir: join(ROOT, 'card-schema/starters'),
  samplesDir: join(ROOT, 'resources/samples'),
  fontsDir: join(ROOT, 'resources/fonts'),
} as const;

export function openSampleCardwright(dataDir: string, extra: Partial<CardwrightOptions> = {}): Cardwright {
  const seeded = extra.systemsDir || extra.samplesDir || extra.fontsDir ? undefined : inject('seededLibrary');
  if (seeded && !existsSync(databaseFile(dataDir))) cpSync(seeded, dataDir, { recursive: true });
  return openCardwright({ dataDir, ...SAMPLE_DIRS, ...extra });
}
