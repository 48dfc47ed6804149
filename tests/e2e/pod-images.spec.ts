// Card images for a print-on-demand service from the "Export card images" dialog: choosing a
// preset fills the format, resolution and bleed (and holds them), shows the pixel size and the
// upload names, and the downloaded zip holds images of exactly that size with a quantities.csv.

import sharp from 'sharp';
import { test, expect } from './fixtures';
import { readZip } from '../support/zip-files';

test('a print service preset exports upload-named images at its exact pixel size', async ({ page }) => {
  await page.getByTestId('library-search').fill('ember');
  await expect(page.getByTestId('card-row').first()).toContainText(/ember/i);
  const count = Number(/(\d+) cards?/.exec((await page.getByTestId('result-count').textContent()) ?? '')?.[1]);
  await page.getByTestId('print-results').click();
  await page.getByTestId('print-export-images').click();
  const dialog = page.getByTestId('export-images-dialog');
  await expect(dialog).toBeVisible();

  await page.getByTestId('export-images-preset').selectOption('poker-tgc');
  await expect(page.getByTestId('export-images-preset-size')).toContainText(
    '825 × 1125 px each: 2.5 × 3.5 in + 1/8 in bleed at 300 dpi',
  );
  await expect(page.getByTestId('export-images-dpi')).toBeDisabled();
  await expect(page.getByTestId('export-images-bleed')).toBeDisabled();
  await expect(page.getByTestId('export-images-bleed')).toHaveValue('3.175');
  await expect(page.getByTestId('export-images-pattern')).toBeHidden();
  await page.getByTestId('export-images-faces').selectOption('both');
  await expect(page.getByTestId('export-images-example')).toHaveText(/^For example: 001 Front - .+\.png, 001 Back\.png$/);

  // Back to no preset: the pattern returns, the preset's values stay to be changed.
  await page.getByTestId('export-images-preset').selectOption('');
  await expect(page.getByTestId('export-images-pattern')).toBeVisible();
  await expect(page.getByTestId('export-images-bleed')).toBeEnabled();
  await page.getByTestId('export-images-preset').selectOption('mini-tgc');
  await expect(page.getByTestId('export-images-preset-size')).toContainText('600 × 825 px');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-images-run').click();
  const download = await downloading;
  const file = test.info().outputPath('pod.zip');
  await download.saveAs(file);
  const files = await readZip(file);
  const names = [...files.keys()];
  expect(names.filter((name) => / Front - .+\.png$/.test(name))).toHaveLength(count);
  expect(names.filter((name) => / Back\.png$/.test(name))).toHaveLength(count);
  expect(names.at(-1)).toBe('quantities.csv');
  expect(names[0]).toMatch(/^001 Front - /);
  const meta = await sharp(files.get(names[0])!).metadata();
  expect(meta).toMatchObject({ format: 'png', width: 600, height: 825, density: 300 });
  const rows = files.get('quantities.csv')!.toString('utf8').trimEnd().split('\r\n');
  expect(rows[0]).toBe('\uFEFFfront,back,name,count');
  expect(rows).toHaveLength(count + 1);
  await expect(page.getByTestId('toast').filter({ hasText: 'Exported' })).toContainText('(600 × 825 px)');
});
