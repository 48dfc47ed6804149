import { defineConfig } from 'vitest/config';

// `npm run bench`: measurements, not pass/fail timing tests. Results go to bench/RESULTS.md.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench-run.ts'],
    environment: 'node',
    testTimeout: 20 * 60_000,
    hookTimeout: 20 * 60_000,
  },
});
