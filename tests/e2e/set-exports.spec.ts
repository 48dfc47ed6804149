// A set exported for Cockatrice from the set sidebar: a job in a worker thread whose zip is
// downloaded when it is done, holding the card database (valid against Cockatrice's cards.xsd)
// and a picture for every card.

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { validateXmlFile, xpathValue } from '../support/xml-check';
import { extractZip } from '../support/zip-files';
import { expect, test } from './fixtures';

const XSD = resolve(import.meta.dirname, '../fixtures/cockatrice/cards.xsd');

test('a set exports for Cockatrice from the set sidebar', async ({ page }) => {
  const row = page.getByTestId('set-row').filter({ hasText: 'Mission & Objective Decks' });
  await row.hover();
  await page.locator('.set-item', { has: row }).getByTestId('set-more').click();
  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'test-results/set-export-cockatrice.png' });
  const zip = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: 'Export for Cockatrice' }).click();
  const file = await zip;
  expect(file.suggestedFilename()).toBe('OSMCG Mission & Objective Decks.cockatrice.zip');
  const job = page.getByTestId('job').filter({ hasText: 'Cockatrice export of “OSMCG Mission & Objective Decks”' });
  await expect(job).toHaveAttribute('data-state', 'done');

  const dir = mkdtempSync(join(tmpdir(), 'cw-cockatrice-e2e-'));
  try {
    await extractZip(await file.path(), dir);
    const xml = join(dir, 'customsets', 'OSMCG Mission & Objective Decks.xml');
    validateXmlFile(xml, XSD);
    const cards = xpathValue(xml, 'count(//cards/card)');
    expect(cards).toBe('18');
    expect(readdirSync(join(dir, 'pics', 'CUSTOM', 'OSMCG Mission & Objective Decks'))).toHaveLength(18);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
