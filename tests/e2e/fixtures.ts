// The fixture every browser test uses: a fresh app (web host + its own data folder, samples
// preloaded as on a first start) with `page` already open at it, and the SQLite path to check what landed.

import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { seededDataDir, startWebHost, type RunningHost } from './web-host';

export interface AppOptions {
  /**
   * Whether the next test's host starts while this one runs (a spec that times what users wait
   * for turns it off, so no host start shares the cores with what it measures).
   */
  spareHost: boolean;
}

interface AppFixtures extends AppOptions {
  host: RunningHost;
  dbPath: string;
  dataDir: string;
  /** Runs a read-only query against the app's database. */
  queryDb: <T = Record<string, unknown>>(sql: string, ...params: unknown[]) => T[];
}

interface WorkerFixtures {
  hosts: SpareHosts;
}

/**
 * Fresh hosts for one Playwright worker. Starting a host (a Node process opening its copy of the
 * seeded library) takes about a second, most of it waiting on one core; the next test's host
 * starts while this test runs, so that second is spent once, not once per test.
 */
class SpareHosts {
  private spare: Promise<RunningHost> | null = null;

  async take(keepSpare: boolean): Promise<RunningHost> {
    const host = this.spare ?? startWebHost(seededDataDir());
    this.spare = null;
    if (keepSpare) {
      this.spare = startWebHost(seededDataDir());
      this.spare.catch(() => undefined); // a failed start is reported by the test that takes it
    }
    return host;
  }

  async close(): Promise<void> {
    const spare = await this.spare?.catch(() => null);
    await spare?.stop();
  }
}

export const test = base.extend<AppFixtures, WorkerFixtures>({
  spareHost: [true, { option: true }],
  hosts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      const hosts = new SpareHosts();
      await use(hosts);
      await hosts.close();
    },
    { scope: 'worker' },
  ],
  host: async ({ hosts, spareHost }, use) => {
    const host = await hosts.take(spareHost);
    await use(host);
    await host.stop();
  },
  dbPath: async ({ host }, use) => use(host.dbPath),
  dataDir: async ({ host }, use) => use(host.dataDir),
  queryDb: async ({ host }, use) => {
    await use(<T>(sql: string, ...params: unknown[]) => {
      const db = new Database(host.dbPath, { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    });
  },
  page: async ({ page, host }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await page.goto(host.appUrl);
    await expect(page.getByTestId('app-header')).toBeVisible();
    await use(page);
    // A CSP violation or an uncaught exception is a failure even if the test's steps passed.
    expect(problems, problems.join('\n')).toEqual([]);
  },
});

export { expect };

/** Calls the app's API over its HTTP transport, as the page's own client does (bytes come back as `{ "$bytes": base64 }`). */
export async function callApi<T>(page: Page, host: RunningHost, method: string, input: unknown): Promise<T> {
  const { origin, token } = host;
  const response = await page.request.post(`${origin}/api/${method}`, {
    headers: { authorization: `Bearer ${token}`, origin, 'content-type': 'application/json' },
    data: JSON.stringify(input),
  });
  const envelope = (await response.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error?.message}`);
  return envelope.value as T;
}
