// Backups from the UI: open the dialog from Help, back up, change a card, restore the backup
// (after the confirmation) and find the card as it was.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const field = (page: Page, pointer: string) => page.locator(`[data-field="${pointer}"]`).first();

test('backs up now and restores a backup, with a confirmation and a pre-restore backup', async ({ page, queryDb }) => {
  const row = page.getByTestId('card-list').getByTestId('card-row').first();
  await expect(row).toBeVisible();
  const cardId = await row.getAttribute('data-card-id');
  const nameOf = () =>
    (JSON.parse(queryDb<{ doc: string }>('SELECT doc FROM cards WHERE id = ?', cardId)[0].doc) as { name: string }).name;
  const original = nameOf();

  await page.getByTestId('nav-help').click();
  await page.getByTestId('help-backups').click();
  const dialog = page.getByTestId('backups-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('backups-empty')).toBeVisible();
  await dialog.getByTestId('backup-now').click();
  await expect(dialog.getByTestId('backup-row')).toHaveCount(1);
  await expect(dialog.getByTestId('backup-row')).toContainText('Backed up by you');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);

  // Change the card after the backup.
  await page.getByTestId('nav-library').click();
  await row.click();
  await page.getByTestId('edit-card').click();
  await field(page, '/name').fill(`${original} Changed`);
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  expect(nameOf()).toBe(`${original} Changed`);
  await page.getByTestId('editor-back').click();

  await page.getByTestId('nav-help').click();
  await page.getByTestId('help-backups').click();
  await dialog.getByTestId('backup-restore').first().click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('your current library is backed up first');
  await page.getByTestId('confirm-ok').click();

  // The app reloads on the restored library.
  await expect(page.getByTestId('card-list').getByTestId('card-row').first()).toBeVisible();
  expect(nameOf()).toBe(original);
  await expect(page.getByTestId('card-list')).toContainText(original);
  await page.getByTestId('nav-help').click();
  await page.getByTestId('help-backups').click();
  await expect(dialog.getByTestId('backup-row')).toHaveCount(2);
  await expect(dialog.locator('[data-reason="pre-restore"]')).toHaveCount(1);
});
