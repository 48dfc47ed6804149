// A Cardwright on a data folder as a fresh install starts it: the repository's built-in games,
// sample sets and fonts. `extra` adds what a test needs beside them (a check worker, delays).

import { join, resolve } from 'node:path';
import { openCardwright, type Cardwright, type CardwrightOptions } from '../../src-main/api/service';

const ROOT = resolve(import.meta.dirname, '../..');

export function openSampleCardwright(dataDir: string, extra: Partial<CardwrightOptions> = {}): Cardwright {
  return openCardwright({
    dataDir,
    systemsDir: join(ROOT, 'card-schema/systems'),
    samplesDir: join(ROOT, 'resources/samples'),
    fontsDir: join(ROOT, 'resources/fonts'),
    ...extra,
  });
}
