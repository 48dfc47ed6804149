// The trash from the UI: a deleted card comes back with the toast's Undo; a deleted set and a
// deleted deck come back from the Trash dialog; "Empty Trash" deletes for good. Each step is
// checked in SQLite too.

import { test, expect } from './fixtures';

test('Undo after deleting a card puts it back, in SQLite and in the list', async ({ page, queryDb }) => {
  const row = page.getByTestId('card-list').getByTestId('card-row').first();
  await expect(row).toBeVisible();
  const cardId = await row.getAttribute('data-card-id');
  const cardRows = () => queryDb<{ n: number }>('SELECT count(*) AS n FROM cards WHERE id = ?', cardId)[0].n;

  await row.click();
  await page.getByTestId('edit-card').click();
  await page.getByTestId('delete-card').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('kept in the Trash for 30 days');
  await page.getByTestId('confirm-ok').click();
  const toast = page.getByTestId('toast').filter({ hasText: 'to the Trash' });
  await expect(toast).toBeVisible();
  expect(cardRows()).toBe(0);
  await expect(page.locator(`[data-card-id="${cardId}"]`)).toHaveCount(0);

  await toast.getByTestId('toast-action').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'is back' })).toBeVisible();
  expect(cardRows()).toBe(1);
  await expect(page.locator(`[data-card-id="${cardId}"]`)).toHaveCount(1);
  expect(queryDb('SELECT id FROM trash')).toEqual([]);
});

test('a deleted set and deck come back from the Trash dialog; emptying it deletes for good', async ({ page, queryDb }) => {
  const setRow = page.getByTestId('set-row').first();
  await expect(setRow).toBeVisible();
  const setId = await setRow.getAttribute('data-set-id');
  const cards = queryDb<{ n: number }>('SELECT count(*) AS n FROM cards WHERE set_id = ?', setId)[0].n;
  expect(cards).toBeGreaterThan(0);

  await page.locator('.set-item').first().hover();
  await page.locator('.set-item').first().getByTestId('set-more').click();
  await page.getByTestId('delete-set').first().click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('moved to the Trash');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'to the Trash' })).toBeVisible();
  expect(queryDb('SELECT id FROM sets WHERE id = ?', setId)).toEqual([]);

  await page.getByTestId('nav-decks').click();
  const deckRow = page.getByTestId('deck-row').first();
  const deckName = (await deckRow.locator('.deck-name').textContent())!;
  await deckRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('deck-row').filter({ hasText: deckName })).toHaveCount(0);

  await page.getByTestId('open-trash').click();
  const dialog = page.getByTestId('trash-dialog');
  await expect(dialog.getByTestId('trash-row')).toHaveCount(2);
  await expect(dialog.locator('[data-kind="set"]')).toContainText(`${cards} cards`);
  await dialog.locator('[data-kind="set"]').getByTestId('trash-restore').click();
  await expect(dialog.getByTestId('trash-row')).toHaveCount(1);
  expect(queryDb<{ n: number }>('SELECT count(*) AS n FROM cards WHERE set_id = ?', setId)[0].n).toBe(cards);

  await dialog.locator('[data-kind="deck"]').getByTestId('trash-restore').click();
  await expect(dialog.getByTestId('trash-empty')).toBeVisible();
  // The decks list behind the dialog loaded again.
  await expect(page.getByTestId('deck-row').filter({ hasText: deckName })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // Delete again, then empty the trash: gone for good.
  await page.getByTestId('deck-row').filter({ hasText: deckName }).getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('open-trash').click();
  await expect(dialog.getByTestId('trash-row')).toHaveCount(1);
  await dialog.getByTestId('trash-empty-all').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('deleted for good');
  await page.getByTestId('confirm-ok').click();
  await expect(dialog.getByTestId('trash-empty')).toBeVisible();
  expect(queryDb('SELECT id FROM trash')).toEqual([]);
  expect(queryDb('SELECT id FROM trash_decks')).toEqual([]);
});
