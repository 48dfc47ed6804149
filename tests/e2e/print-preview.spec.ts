// The print dialog previews what will print: every page, fronts and backs, paged and zoomed;
// per-card counts change the total and the pages live, and the PDF prints those counts.

import { execFileSync } from 'node:child_process';
import { test, expect } from './fixtures';

test('the print preview pages through fronts and backs, zooms, and counts per card', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).getByTestId('print-deck').click();
  const dialog = page.getByTestId('print-dialog');
  await page.getByTestId('print-paper').selectOption('A4');
  await page.getByTestId('print-faces').selectOption('both');
  await page.getByTestId('print-layout').selectOption('duplex-long');
  await expect(page.getByTestId('print-summary')).toContainText('3 × 3 per page, 8 pages');
  await expect(page.getByTestId('print-total')).toHaveText('31 cards will print');

  // Page 1 is the fronts of sheet 1, drawn with its nine cards.
  const viewer = page.getByTestId('print-sheet-preview');
  await expect(page.getByTestId('print-page-label')).toHaveText('Fronts of sheet 1');
  await expect(viewer.getByTestId('print-preview').locator('.card[data-face="front"] [data-testid="card-preview"]')).toHaveCount(
    9,
  );

  // Next (and PageDown) reach the backs; they are drawn as backs, mirrored as the sheet turns.
  await page.getByTestId('print-page-next').click();
  await expect(page.getByTestId('print-page-label')).toHaveText('Backs of sheet 1');
  await expect(viewer.getByTestId('print-preview')).toHaveAttribute('data-kind', 'backs');
  await expect(viewer.locator('.card[data-face="back"] [data-testid="card-preview"]').first()).toHaveAttribute(
    'aria-label',
    /^Back of /,
  );
  await viewer.focus();
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('print-page-label')).toHaveText('Fronts of sheet 2');
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('print-page-label')).toHaveText('Backs of sheet 1');
  await page.getByTestId('print-page-number').fill('8');
  await page.getByTestId('print-page-number').press('Enter');
  await expect(page.getByTestId('print-page-label')).toHaveText('Backs of sheet 4');
  // The flip turns the sheet over to its front.
  await page.getByTestId('print-flip').click();
  await expect(page.getByTestId('print-page-label')).toHaveText('Fronts of sheet 4');
  // Side by side: the sheet's front and its back.
  await page.getByTestId('print-side-by-side').check();
  await expect(viewer.getByTestId('print-preview')).toHaveCount(2);
  await page.getByTestId('print-side-by-side').uncheck();

  // Zoom: true size draws the A4 page 210 mm wide at 96 px to the inch; + and − step from there.
  const paper = viewer.getByTestId('print-preview');
  await page.getByTestId('print-zoom-100').click();
  await expect(page.getByTestId('print-zoom-level')).toHaveText('100 %');
  expect((await paper.boundingBox())?.width).toBeCloseTo((210 / 25.4) * 96, 0);
  await page.getByTestId('print-zoom-in').click();
  await expect(page.getByTestId('print-zoom-level')).toHaveText('125 %');
  await page.getByTestId('print-zoom-fit').click();
  const fitted = await paper.boundingBox();
  const stage = await viewer.boundingBox();
  expect(fitted!.height).toBeLessThan(stage!.height);
  expect(fitted!.height).toBeGreaterThan(stage!.height * 0.6);

  // A count of 0 leaves a card out: the total and the pages follow at once.
  const counts = page.getByTestId('print-counts');
  if (!(await counts.evaluate((node) => (node as HTMLDetailsElement).open))) await counts.locator('summary').click();
  const first = counts.getByTestId('print-count').first();
  const before = Number(await first.inputValue());
  expect(before).toBeGreaterThan(0);
  await first.fill('0');
  await expect(page.getByTestId('print-total')).toHaveText(`${31 - before} cards will print`);
  await expect(page.getByTestId('print-counts-reset')).toBeVisible();

  // The PDF prints those counts.
  await page.getByTestId('print-faces').selectOption('fronts');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('print-export').click();
  const file = test.info().outputPath('counted.pdf');
  await (await downloading).saveAs(file);
  await expect(page.getByTestId('toast').filter({ hasText: 'Exported' })).toContainText(`${31 - before} cards`);
  expect(dialog).toBeDefined();
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(Math.ceil((31 - before) / 9));
});
