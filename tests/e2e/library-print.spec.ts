// Printing from the library: a whole set from the sidebar, the current search's results from
// the toolbar, and a multi-selection (Ctrl-click, Shift-click, Ctrl-A) with copies.

import { execFileSync } from 'node:child_process';
import type { Download, Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** Exports from the open print dialog; the PDF's page count (pdfinfo) and the success toast's text. */
async function exportPdf(page: Page, name: string): Promise<{ download: Download; pages: number; toast: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('print-export').click();
  const download = await downloading;
  const file = test.info().outputPath(name);
  await download.saveAs(file);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const toast = page.getByTestId('toast').filter({ hasText: 'Exported' });
  await expect(toast).toBeVisible();
  return { download, pages, toast: (await toast.textContent()) ?? '' };
}

test('a set prints from the sidebar: every card, on as many pages as the job reports', async ({ page }) => {
  const row = page.getByTestId('set-row').filter({ hasText: 'OSMCG Starter Set' });
  await row.hover();
  await page.locator('.set-item', { has: row }).getByTestId('print-set').click();
  await expect(page.getByTestId('print-what')).toHaveText('Set “OSMCG Starter Set”: 61 cards');
  const { download, pages, toast } = await exportPdf(page, 'set.pdf');
  expect(download.suggestedFilename()).toBe('OSMCG Starter Set.pdf');
  expect(toast).toContain(`61 cards on ${pages} pages`);
  expect(pages).toBeGreaterThanOrEqual(7);
});

test('the search result prints from the toolbar', async ({ page }) => {
  await page.getByTestId('library-search').fill('ember');
  await expect(page.getByTestId('card-row').first()).toContainText(/ember/i);
  const count = Number(/(\d+) cards?/.exec((await page.getByTestId('result-count').textContent()) ?? '')?.[1]);
  const print = page.getByTestId('print-results');
  await expect(print).toHaveText(`Print ${count} results`);
  await print.click();
  await expect(page.getByTestId('print-what')).toHaveText(`Search “ember”: ${count} cards`);
  const { download, toast } = await exportPdf(page, 'search.pdf');
  expect(download.suggestedFilename()).toBe('OSMCG – ember.pdf');
  expect(toast).toContain(`${count} cards`);
});

test('a multi-selection prints its cards, N copies each', async ({ page }) => {
  const rows = page.getByTestId('card-row');
  await expect(rows.first()).toBeVisible();
  await rows.nth(0).click();
  await expect(page.getByTestId('selection-count')).toHaveText('1 card selected');
  await rows.nth(2).click({ modifiers: ['ControlOrMeta'] });
  await rows.nth(4).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('selection-count')).toHaveText('3 cards selected');
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'false');

  // Shift-click: the range from the last Ctrl-click.
  await rows.nth(6).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selection-count')).toHaveText('3 cards selected'); // rows 4–6
  // Ctrl-A in the list: every card listed.
  await page.keyboard.press('ControlOrMeta+a');
  const listed = /(\d+) cards/.exec((await page.getByTestId('result-count').textContent()) ?? '')?.[1];
  await expect(page.getByTestId('selection-count')).toHaveText(`${listed} cards selected`);
  // Back to three.
  await rows.nth(0).click();
  await rows.nth(1).click({ modifiers: ['ControlOrMeta'] });
  await rows.nth(2).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('selection-count')).toHaveText('3 cards selected');

  // Ctrl/Cmd+P prints the selection too.
  await page.keyboard.press('ControlOrMeta+p');
  await expect(page.getByTestId('print-what')).toHaveText('3 selected cards');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('print-dialog')).toHaveCount(0);
  await page.getByTestId('print-selected').click();
  await expect(page.getByTestId('print-what')).toHaveText('3 selected cards');
  await page.getByTestId('print-copies').fill('4');
  const { pages, toast } = await exportPdf(page, 'selection.pdf');
  expect(toast).toContain('12 cards on 2 pages');
  expect(pages).toBe(2);
});
