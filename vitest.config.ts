import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Opening a library seeds the sample sets: well under 10 s alone, not always with 2 workers busy.
    hookTimeout: 60_000,
    // One test file per core: vitest's default (cores - 1) ran them one at a time on 2 cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/**/*.svelte.test.ts'],
          environment: 'node',
        },
      },
      {
        // Renderer models (*.svelte.ts classes with runes): compiled by Svelte, with its
        // browser runtime so $state and $derived react as in the app.
        extends: true,
        plugins: [svelte({ configFile: false })],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'models',
          include: ['tests/unit/**/*.svelte.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
