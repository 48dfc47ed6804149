// A set kept as a folder in git, through the app: "Export as folder (.zip)" from the set's menu,
// one card file changed by hand, the folder picked with "Folder" and imported back: the import
// asks, replaces, reports one changed card, and the set's changes show the field that changed.

import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractZip } from '../support/zip-files';
import { expect, test } from './fixtures';

const SET = 'OSMCG Mission & Objective Decks';

function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

test('a set exported as a folder, one card file changed, imports back as one changed card', async ({ page, queryDb }) => {
  const setItem = page.locator('.set-item').filter({ has: page.getByTestId('set-row').filter({ hasText: SET }) });
  await setItem.hover();
  await setItem.getByTestId('set-more').click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await setItem.getByTestId('export-set-folder').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${SET}.set-folder.zip`);

  const dir = mkdtempSync(join(tmpdir(), 'cw-set-folder-e2e-'));
  try {
    await extractZip((await download.path())!, dir);
    const [folderName] = readdirSync(dir);
    const folder = join(dir, folderName);
    const cardFiles = readdirSync(join(folder, 'cards'));
    const [total] = queryDb<{ n: number; id: string }>(
      'SELECT count(*) AS n FROM cards WHERE set_id = (SELECT id FROM sets WHERE name = ?)',
      SET,
    );
    expect(cardFiles).toHaveLength(total.n);

    // A designer's edit in the folder: one card's name, as git would show it.
    const file = join(folder, 'cards', cardFiles[0]);
    const card = JSON.parse(readFileSync(file, 'utf8')) as { id: string; doc: { name: string } };
    const oldName = card.doc.name;
    card.doc.name = `${oldName} (errata)`;
    writeFileSync(file, `${JSON.stringify(card, null, 2)}\n`);

    const since = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
    await page.waitForTimeout(since.getTime() - Date.now() + 50);
    await page.getByTestId('import-set-folder-file').setInputFiles(folder);
    const question = page.getByTestId('import-question');
    await expect(question.getByTestId('would-update')).toHaveText('1');
    await expect(question.getByTestId('would-keep')).toHaveText(String(total.n - 1));
    await question.getByTestId('import-replace').click();
    const report = page.getByTestId('import-report');
    await expect(report.getByTestId('import-updated')).toHaveText('1');
    await expect(report.getByTestId('import-added')).toHaveText('0');
    await expect(report.getByTestId('import-removed')).toHaveText('0');
    await report.getByRole('button', { name: 'Done' }).click();
    expect(queryDb("SELECT json_extract(doc, '$.name') AS name FROM cards WHERE id = ?", card.id)).toEqual([
      { name: `${oldName} (errata)` },
    ]);

    // The diff: the set's changes since just before the import name the card and the field.
    await setItem.hover();
    await setItem.getByTestId('set-more').click();
    await setItem.getByTestId('set-changes').click();
    const changes = page.getByTestId('set-changes-dialog');
    await changes.getByTestId('changes-since').fill(localInputValue(since));
    const changed = changes.getByTestId('change-card');
    await expect(changed).toHaveCount(1);
    await expect(changed.getByTestId('change-field')).toContainText(`${oldName} (errata)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a picked folder that is not a set folder is refused by the file at fault', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cw-set-folder-bad-'));
  try {
    writeFileSync(join(dir, 'set.json'), '{ "format": "cardwright-set-folder", "formatVersion": 1, "set": ');
    await page.getByTestId('import-set-folder-file').setInputFiles(dir);
    await expect(page.getByTestId('toast').filter({ hasText: 'set.json' })).toContainText(/set\.json/);
    await expect(page.getByTestId('import-question')).toHaveCount(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
