// Long work as jobs, through the UI: a big import shows its progress in the job dock while the
// library keeps answering, Cancel leaves the database as it was, and a finished PDF export is
// downloaded and can be downloaded again from the dock.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  expect((await downloading).suggestedFilename()).toBe('Ember Vanguard.pdf');
  const job = page.getByTestId('job').filter({ hasText: 'Print “Ember Vanguard”' });
  await expect(job).toHaveAttribute('data-state', 'done');
  const again = page.waitForEvent('download');
  await job.getByTestId('job-download').click();
  expect((await again).suggestedFilename()).toBe('Ember Vanguard.pdf');
  await job.getByTestId('job-dismiss').click();
  await expect(page.getByTestId('job-dock')).toHaveCount(0);
});
