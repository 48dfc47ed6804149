import { defineConfig } from '@playwright/test';
import type { AppOptions } from './tests/e2e/fixtures';

// Browser tests run the real app (built renderer + API host) in Debian's Chromium.
// The Electron project needs no browser: it launches the desktop shell where the binary exists.
// Every test starts its own web host (port 0, its own data folder copied from the one
// global-setup.ts seeds once), so tests are independent. The next test's host starts while one
// runs (fixtures.ts), except in the specs that time what users wait for (the opening simulator's
// 250 ms, the odds panel's 50 ms, a big import still running when Cancel is clicked): they run
// as their own project with the cores to themselves. Tests run one at a time: two workers were
// slower on the 2-core machine (two browsers and two hosts contend for the same cores).
const TIMED = /\/(opening-simulator|deck-stats-odds|jobs)\.spec\.ts$/;
export default defineConfig<AppOptions>({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // CI retries a failed test once, with a trace (recording one for every test costs a sixth of the
  // run); the list reporter still names it "flaky", so it is seen and fixed. Locally, rerun a
  // failed test with --trace on.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 1440, height: 900 },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'web', testIgnore: [/electron\.spec\.ts$/, TIMED] },
    { name: 'web-timed', testMatch: TIMED, use: { spareHost: false } },
    { name: 'electron', testMatch: /electron\.spec\.ts$/ },
  ],
});
