// Long work as jobs, through the UI: a big import shows its progress in the job dock while the
// library keeps answering, Cancel leaves the database as it was, and a finished PDF export is
// downloaded (streamed by the host's download route) and can be downloaded again from the dock.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures';

function bigSetFile(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-jobs-e2e-'));
  const file = join(dir, 'big.set.json');
  const cards = Array.from({ length: count }, (_, i) => ({
    id: `big-${i}`,
    doc: {
      type: 'creature',
      name: `Bulk Creature ${i}`,
      colors: ['red'],
      cost: 2,
      atk: 2,
      hp: 2,
      spd: 4,
      ap: 2,
      text: 'A card.',
    },
  }));
  writeFileSync(
    file,
    JSON.stringify({ format: 'cardwright-set', formatVersion: 1, set: { id: 'big', systemId: 'osmcg', name: 'Big Set' }, cards }),
  );
  return file;
}

test('a big import runs in the job dock while the library answers, and Cancel undoes it', async ({ page, queryDb }) => {
  // Big enough that the import still runs when Cancel is clicked (150,000 cards take a few seconds).
  const file = bigSetFile(150_000);
  try {
    await page.getByTestId('import-set-file').setInputFiles(file);
    const job = page.getByTestId('job').filter({ hasText: 'Import set “big.set.json”' });
    await expect(job).toHaveAttribute('data-state', 'running');
    await expect(job.getByTestId('job-progress')).toBeVisible();
    await expect(job).toContainText(/(Checking|Saving) cards · [\d,]+ of 150,000/);

    // The main thread is free: searching the library answers while the import still runs.
    await page.getByTestId('library-search').fill('Haste');
    await expect(page.getByTestId('card-row').first()).toBeVisible();
    await expect(job).toHaveAttribute('data-state', 'running');

    await job.getByTestId('job-cancel').click();
    await expect(job).toHaveAttribute('data-state', 'cancelled');
    await expect(job).toContainText('Cancelled — nothing was changed');
    expect(queryDb("SELECT count(*) AS n FROM cards WHERE set_id = 'big'")).toEqual([{ n: 0 }]);
    expect(queryDb("SELECT count(*) AS n FROM sets WHERE id = 'big'")).toEqual([{ n: 0 }]);
  } finally {
    rmSync(join(file, '..'), { recursive: true, force: true });
  }
});

test('a printed deck downloads when its job is done and stays in the dock to download again', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).getByTestId('print-deck').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('print-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Ember Vanguard.pdf');
  // Streamed by the host's download route (a one-time ticket), never as bytes inside an API answer.
  expect(new URL(download.url()).pathname).toMatch(/^\/download\/[\w-]{43}$/);
  const saved = readFileSync(await download.path());
  expect(saved.subarray(0, 5).toString()).toBe('%PDF-');
  expect(saved.subarray(-6).toString()).toMatch(/%%EOF/);
  const job = page.getByTestId('job').filter({ hasText: 'Print “Ember Vanguard”' });
  await expect(job).toHaveAttribute('data-state', 'done');
  const again = page.waitForEvent('download');
  await job.getByTestId('job-download').click();
  expect((await again).suggestedFilename()).toBe('Ember Vanguard.pdf');
  await job.getByTestId('job-dismiss').click();
  await expect(page.getByTestId('job-dock')).toHaveCount(0);
});

test('a PDF split every N pages downloads every part, and the dock offers each one again', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).getByTestId('print-deck').click();
  await page.getByTestId('print-split').fill('2');
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await page.getByTestId('print-export').click();
  const job = page.getByTestId('job').filter({ hasText: 'Print “Ember Vanguard”' });
  await expect(job).toHaveAttribute('data-state', 'done');
  const buttons = job.getByTestId('job-download');
  const parts = await buttons.count();
  expect(parts).toBeGreaterThan(1);
  await expect(buttons.first()).toHaveText(`Part 1 of ${parts}`);
  await expect.poll(() => downloads.length).toBe(parts);
  expect(downloads.map((download) => download.suggestedFilename())).toEqual(
    Array.from({ length: parts }, (_, i) => `Ember Vanguard (part ${i + 1} of ${parts}).pdf`),
  );
  for (const download of downloads) {
    expect(new URL(download.url()).pathname).toMatch(/^\/download\//);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }
  const again = page.waitForEvent('download');
  await buttons.last().click();
  expect((await again).suggestedFilename()).toBe(`Ember Vanguard (part ${parts} of ${parts}).pdf`);
});
