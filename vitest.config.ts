import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
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
