import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

/** Test files that replace a module (vi.doMock): they get a fresh module graph of their own. */
const MOCKS_MODULES = ['tests/unit/electron-shell.test.ts'];
/**
 * Test files that time the real web host (a second per hostile request, its memory afterwards,
 * 16 kills within two minutes): they run last, one at a time, with the machine to themselves.
 */
const WHOLE_MACHINE = ['tests/unit/hostile-input.test.ts', 'tests/unit/crash.test.ts'];

export default defineConfig({
  test: {
    // Seeds one sample library for the run; tests copy it (tests/unit/sample-app.ts).
    globalSetup: ['tests/unit/seeded-library.setup.ts'],
    testTimeout: 30_000,
    // Opening a library seeds the sample sets: well under 10 s alone, not always with 2 workers busy.
    hookTimeout: 60_000,
    // One test file per core: vitest's default (cores - 1) ran them one at a time on 2 cores.
    maxWorkers: 2,
    projects: [
      {
        // Services, stores, PDF and CLI tests: each opens its own library in its own temporary
        // folder and restores what it spies on, so a worker runs file after file in one module
        // graph (isolate: false) instead of loading ajv, the game systems and the services anew
        // for every file (a third of the project's time). Forks, not threads: better-sqlite3
        // and sharp are native.
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/**/*.svelte.test.ts', ...MOCKS_MODULES, ...WHOLE_MACHINE],
          environment: 'node',
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: MOCKS_MODULES,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-alone',
          include: WHOLE_MACHINE,
          environment: 'node',
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Renderer models (*.svelte.ts classes with runes): compiled by Svelte, with its
        // browser runtime so $state and $derived react as in the app. Each file mocks the API
        // client, so each keeps its own module graph; threads start faster than processes.
        extends: true,
        plugins: [svelte({ configFile: false })],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'models',
          include: ['tests/unit/**/*.svelte.test.ts'],
          environment: 'node',
          pool: 'threads',
        },
      },
    ],
  },
});
