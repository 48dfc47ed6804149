// CSV in the library: a spreadsheet with bad rows is checked (every bad row's number, column and
// reason shown), its valid rows imported into a new set and found in the library; the rejected
// rows download as CSV with a reason column; a search exports as a CSV file; a set exported as
// CSV, one cell changed, imports back as "1 updated" with no duplicate.

import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';

const CSV = [
  'Name,Card Type,Colors,Cost,ATK,HP,SPD,AP,Text',
  'Quillback Ferret,Creature,Red,2,2,2,4,2,"Bristles, then bolts."',
  'Broken Cost,Creature,Red,two,1,1,1,1,',
  'Mossy Lantern Toad,creature,Green;Blue,1,1,3,3,2,Glows softly.',
  'No Colour,Creature,Purple,1,1,1,1,1,',
].join('\r\n');

test('a CSV with bad rows: check, read the report, import the valid rows, find them', async ({ page, queryDb }) => {
  await page
    .getByTestId('import-csv-file')
    .setInputFiles({ name: 'ferrets.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  const dialog = page.getByTestId('csv-import-dialog');
  await expect(dialog.getByTestId('csv-read-as')).toContainText('UTF-8');
  await expect(dialog.getByTestId('csv-column')).toHaveCount(9);
  await expect(dialog.getByLabel('Card field for column Card Type')).toHaveValue('\u0000type');
  await expect(dialog.getByLabel('Card field for column Cost')).toHaveValue('cost');
  await dialog.getByTestId('csv-new-set-name').fill('Spreadsheet cards');

  await dialog.getByTestId('csv-check').click();
  await expect(dialog.getByTestId('csv-summary')).toContainText('4 rows checked: 2 valid, 2 rows have problems');
  const problems = dialog.getByTestId('csv-problem');
  await expect(problems).toHaveCount(2);
  await expect(problems.nth(0).locator('td')).toHaveText(['3', 'Cost', 'two', '“two” is not a number']);
  await expect(problems.nth(1).locator('td')).toHaveText(['5', 'Colors', 'Purple', /^“Purple” is not one of Red, Blue/]);
  expect(queryDb("SELECT id FROM sets WHERE name = 'Spreadsheet cards'")).toEqual([]);

  await dialog.getByTestId('csv-import').click();
  await expect(dialog.getByTestId('csv-summary')).toContainText(
    '2 cards imported into “Spreadsheet cards”; 2 rows were left out',
  );
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('csv-download-rejected').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ferrets-rejected.csv');
  const file = test.info().outputPath('rejected.csv');
  await download.saveAs(file);
  const rejected = parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
  expect(rejected.map((row) => [row.Name, row.reason])).toEqual([
    ['Broken Cost', 'Cost: “two” is not a number'],
    ['No Colour', expect.stringContaining('Colors: “Purple” is not one of')],
  ]);
  await dialog.getByTestId('csv-done').click();
  await expect(dialog).toBeHidden();

  const rows = queryDb<{ doc: string }>(
    "SELECT c.doc FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.name = 'Spreadsheet cards' ORDER BY c.name",
  );
  expect(rows.map((row) => JSON.parse(row.doc) as unknown)).toEqual([
    {
      type: 'creature',
      name: 'Mossy Lantern Toad',
      colors: ['green', 'blue'],
      cost: 1,
      atk: 1,
      hp: 3,
      spd: 3,
      ap: 2,
      text: 'Glows softly.',
    },
    {
      type: 'creature',
      name: 'Quillback Ferret',
      colors: ['red'],
      cost: 2,
      atk: 2,
      hp: 2,
      spd: 4,
      ap: 2,
      text: 'Bristles, then bolts.',
    },
  ]);
  // The library shows the new set, with the imported cards.
  await expect(page.getByTestId('set-row').filter({ hasText: 'Spreadsheet cards' })).toContainText('2');
  await page.getByTestId('library-search').fill('quillback');
  await expect(page.getByTestId('card-row')).toHaveCount(1);
  await expect(page.getByTestId('card-row')).toContainText('Quillback Ferret');
});

test('a search result exports as CSV', async ({ page }) => {
  await page.getByTestId('library-search').fill('ember');
  await expect(page.getByTestId('card-row').first()).toContainText(/ember/i);
  const count = Number(/(\d+) cards?/.exec((await page.getByTestId('result-count').textContent()) ?? '')?.[1]);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('OSMCG – ember.csv');
  const file = test.info().outputPath('ember.csv');
  await download.saveAs(file);
  const rows = parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(count);
  expect(Object.keys(rows[0]).slice(0, 4)).toEqual(['id', 'set', 'type', 'name']);
  expect(rows.every((row) => /ember/i.test(JSON.stringify(row)))).toBe(true);
});

test('a set exported as CSV, one cell changed, re-imports as 1 updated with no duplicate', async ({ page, queryDb }) => {
  await page.getByTestId('set-row').filter({ hasText: 'OSMCG Starter Set' }).click();
  await expect(page.getByTestId('result-count')).toContainText('61');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = test.info().outputPath('core.csv');
  await (await downloading).saveAs(file);
  const rows = parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
  const fireBolt = rows.find((row) => row.name === 'Fire Bolt')!;
  fireBolt.text = 'Deal 5 damage to a unit within 6".';
  const edited = stringify(rows, { header: true, columns: Object.keys(rows[0]) });

  await page
    .getByTestId('import-csv-file')
    .setInputFiles({ name: 'core.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
  const dialog = page.getByTestId('csv-import-dialog');
  await expect(dialog.getByLabel('Card field for column id')).toHaveValue('\u0000id');
  await expect(dialog.getByTestId('csv-target-set')).toHaveValue('osmcg-core');
  await expect(dialog.getByTestId('csv-id-note')).toContainText('names the card each row updates');
  // Into a new set the ids are kept where free; these belong to the starter set, which each row says.
  await dialog.getByTestId('csv-target-set').selectOption('');
  await expect(dialog.getByTestId('csv-id-note')).toContainText('in a new set a card keeps its id when no other card has it');
  await dialog.getByTestId('csv-check').click();
  await expect(dialog.getByTestId('csv-summary')).toContainText('61 rows checked: 0 valid');
  await expect(dialog.getByTestId('csv-problem').first().locator('td')).toHaveText([
    '2',
    'id',
    rows[0].id,
    `is the id of “${rows[0].name}” in set “OSMCG Starter Set”: a new set cannot take another set's card. Import into “OSMCG Starter Set” to update it, or map the id column to “skip” to import copies with new ids`,
  ]);
  await dialog.getByTestId('csv-problem').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('csv-ids-into-new-set.png') });
  await dialog.getByTestId('csv-target-set').selectOption('osmcg-core');
  await dialog.getByTestId('csv-check').click();
  await expect(dialog.getByTestId('csv-summary')).toContainText('61 rows checked: 61 valid');
  await expect(dialog.getByTestId('csv-changes')).toHaveText('Cards: 1 updated, 60 unchanged.');
  await dialog.getByTestId('csv-import').click();
  await expect(dialog.getByTestId('csv-changes')).toHaveText('Cards: 1 updated, 60 unchanged.');
  await dialog.getByTestId('csv-done').click();

  const stored = queryDb<{ id: string; text: string }>(
    "SELECT id, json_extract(doc, '$.text') AS text FROM cards WHERE name = 'Fire Bolt'",
  );
  expect(stored).toEqual([{ id: fireBolt.id, text: 'Deal 5 damage to a unit within 6".' }]);
  expect(queryDb("SELECT count(*) AS n FROM cards WHERE set_id = 'osmcg-core'")).toEqual([{ n: 61 }]);
  // The old version is kept as a revision, as any save keeps one.
  expect(queryDb('SELECT count(*) AS n FROM card_revisions WHERE card_id = ?', fireBolt.id)).toEqual([{ n: 1 }]);
});

test('hostile CSV files: Latin-1 is read and said so, an unclosed quote names its line', async ({ page }) => {
  const latin1 = Buffer.from('Name;Type;Colors;Cost;ATK;HP;SPD;AP\nCafé Golem;Creature;Red;2;2;2;4;2\n', 'latin1');
  await page.getByTestId('import-csv-file').setInputFiles({ name: 'cafe.csv', mimeType: 'text/csv', buffer: latin1 });
  const dialog = page.getByTestId('csv-import-dialog');
  await expect(dialog.getByTestId('csv-encoding-note')).toContainText('read as Latin-1');
  await expect(dialog.getByTestId('csv-delimiter')).toHaveValue(';');
  await expect(dialog.getByTestId('csv-column').first()).toContainText('Café Golem');
  await dialog.getByTestId('csv-check').click();
  await expect(dialog.getByTestId('csv-summary')).toContainText('1 row checked: 1 valid');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const broken = Buffer.from('Name,Text\nA,fine\nB,"never closed\nC,more\n');
  await page.getByTestId('import-csv-file').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: broken });
  await expect(dialog.getByTestId('csv-error')).toHaveText(
    'broken.csv: a quoted cell opened on line 3 is never closed (a missing " ?)',
  );
  await expect(dialog.getByTestId('csv-check')).toBeDisabled();
});

test('a set file saved as UTF-16 or Latin-1 imports with its accents', async ({ page, queryDb }) => {
  const setFile = (name: string) =>
    JSON.stringify({
      format: 'cardwright-set',
      formatVersion: 1,
      set: { systemId: 'osmcg', name },
      cards: [{ doc: { type: 'creature', name: `Élan ${name}`, colors: ['red'], cost: 1, atk: 1, hp: 1, spd: 1, ap: 1 } }],
    });
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(setFile('Seize'), 'utf16le')]);
  const latin1 = Buffer.from(setFile('Latin'), 'latin1');
  for (const [fileName, buffer] of [
    ['seize.json', utf16],
    ['latin.json', latin1],
  ] as const) {
    await page.getByTestId('import-set-file').setInputFiles({ name: fileName, mimeType: 'application/json', buffer });
    await expect(page.getByTestId('import-imported')).toHaveText('1');
    await page.getByTestId('import-report').getByRole('button', { name: 'Done' }).click();
  }
  const names = queryDb<{ name: string }>("SELECT name FROM cards WHERE name LIKE 'Élan%' ORDER BY name").map((row) => row.name);
  expect(names).toEqual(['Élan Latin', 'Élan Seize']);
});
