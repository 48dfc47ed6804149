// Art by file name in the CSV import dialog (docs/csv.md, "Pictures by file name"): a column
// mapped to the heroes' Portrait (an image field) asks for a picture folder; the folder picked, the
// check lists the missing, refused and unused pictures, and the imported card in SQLite
// references the stored picture its cell named in another case.

import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { testImage } from '../fixtures/art-game';
import { test, expect } from './fixtures';

const CSV = [
  'Name,Card Type,Colors,ATK,HP,SPD,AP,Starting Mana,Regen,Mana Max,Art',
  'Ash Warden,Hero,Red,1,20,3,2,1,1,5,ASH.png',
  'Lost Warden,Hero,Red,1,20,3,2,1,1,5,missing.png',
].join('\r\n');

test('a CSV whose Art column names pictures of a folder: pick it, read the report, import with the art', async ({
  page,
  queryDb,
}) => {
  const folder = join(test.info().outputPath('pictures'));
  mkdirSync(folder, { recursive: true });
  const ash = await testImage('png', { width: 60, height: 40, seed: 4 });
  writeFileSync(join(folder, 'ash.png'), ash);
  writeFileSync(join(folder, 'spare.png'), await testImage('png', { width: 60, height: 40, seed: 5 }));
  writeFileSync(join(folder, 'broken.png'), Buffer.concat([ash.subarray(0, 40), Buffer.alloc(100, 9)]));

  await page.getByTestId('import-csv-file').setInputFiles({ name: 'heroes.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  const dialog = page.getByTestId('csv-import-dialog');
  await expect(dialog.getByLabel('Card field for column Art')).toHaveValue('art');
  const pictures = dialog.getByTestId('csv-pictures');
  await expect(pictures).toContainText('Column “Art” names picture files');
  await expect(dialog.getByTestId('csv-pictures-status')).toContainText('No folder chosen');

  await dialog.getByTestId('csv-pictures-file').setInputFiles(folder);
  await expect(dialog.getByTestId('csv-pictures-status')).toContainText('pictures: 3 pictures, 1 refused');
  await dialog.getByTestId('csv-new-set-name').fill('Portraits');
  await dialog.getByTestId('csv-check').click();
  await expect(dialog.getByTestId('csv-summary')).toContainText('2 rows checked: 2 valid');
  await expect(dialog.getByTestId('csv-pictures-summary')).toContainText('Pictures: 1 used, 1 missing, 1 refused, 1 unused');
  const lines = dialog.getByTestId('csv-picture-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0).locator('td')).toHaveText(['3', 'Art', 'missing.png', 'the picture folder has no file of this name']);
  await expect(lines.nth(1).locator('td')).toHaveText(['—', '—', 'broken.png', /^refused: the PNG image is damaged/]);
  await expect(lines.nth(2).locator('td')).toHaveText(['—', '—', 'spare.png', 'no row names this picture']);

  await dialog.getByTestId('csv-import').click();
  await expect(dialog.getByTestId('csv-summary')).toContainText('2 cards imported into “Portraits”');
  const rows = queryDb<{ doc: string }>(
    "SELECT c.doc FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.name = 'Portraits' ORDER BY c.name",
  );
  const docs = rows.map((row) => JSON.parse(row.doc) as { name: string; art?: { id: string } });
  expect(docs.map((doc) => [doc.name, doc.art])).toEqual([
    ['Ash Warden', { id: createHash('sha256').update(ash).digest('hex') }],
    ['Lost Warden', undefined],
  ]);
});
