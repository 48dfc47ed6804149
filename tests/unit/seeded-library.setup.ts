// Vitest global setup: one library as a first start leaves it (the built-in games' sample sets
// seeded), made once per run. openSampleCardwright copies it into a test's empty data folder
// instead of seeding the samples again: seeding takes seconds, a copy a few milliseconds, and
// about a hundred tests start from a fresh sample library.

import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCardwright } from '../../src-main/api/service';
import { SAMPLE_DIRS } from './sample-app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding a freshly seeded sample library (closed, nothing in its WAL). */
    seededLibrary: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-seeded-library-'));
  await openCardwright({ dataDir, ...SAMPLE_DIRS }).close();
  project.provide('seededLibrary', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
