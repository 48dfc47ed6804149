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
  // (The daily start-up backup may appear too, some seconds after start.)
  const manual = dialog.locator('[data-reason="manual"]');
  await expect(manual).toHaveCount(0);
  await dialog.getByTestId('backup-now').click();
  await expect(manual).toHaveCount(1);
  await expect(manual).toContainText('Backed up by you');
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
  await manual.getByTestId('backup-restore').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('your current library is backed up first');
  await page.getByTestId('confirm-ok').click();

  // The app reloads on the restored library.
  await expect(page.getByTestId('card-list').getByTestId('card-row').first()).toBeVisible();
  expect(nameOf()).toBe(original);
  await expect(page.getByTestId('card-list')).toContainText(original);
  await page.getByTestId('nav-help').click();
  await page.getByTestId('help-backups').click();
  await expect(manual).toHaveCount(1);
  await expect(dialog.locator('[data-reason="pre-restore"]')).toHaveCount(1);
});

test('File → Restore from backup… opens the dialog through the command bus', async ({ page }) => {
  // Stand in for the preload's bridge: only onCommand (API calls still go over HTTP).
  await page.addInitScript(() => {
    const listeners: ((command: string) => void)[] = [];
    const host = window as unknown as Record<string, unknown>;
    host.cardwright = {
      onCommand: (listener: (command: string) => void) => {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
    };
    host.sendMenuCommand = (command: string) => listeners.forEach((listener) => listener(command));
  });
  await page.reload();
  await expect(page.getByTestId('card-list').getByTestId('card-row').first()).toBeVisible();
  await page.evaluate(() => (window as unknown as { sendMenuCommand: (c: string) => void }).sendMenuCommand('restore-backup'));
  const dialog = page.getByTestId('backups-dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
