// Deck data through the UI: a snapshot is kept, the deck changes, the diff names the change and
// the restore brings the snapshot back; a card deleted from the library shows by name and is
// replaced, every copy, in one step by a reprint; OMMS' broken pack names the lost card.

import type { Page } from '@playwright/test';
import { callApi, test, expect } from './fixtures';

async function openDeck(page: Page, name: string): Promise<void> {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: name }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
}

test('snapshot, change, diff, restore', async ({ page, queryDb }) => {
  await openDeck(page, 'Standard pack');
  await expect(page.getByTestId('legality-badge')).toHaveText('Legal');

  await page.getByTestId('deck-versions').click();
  const dialog = page.getByTestId('deck-snapshots-dialog');
  await dialog.getByTestId('snapshot-name').fill('Full pack');
  await dialog.getByTestId('keep-snapshot').click();
  await expect(dialog.getByTestId('snapshot-row')).toHaveCount(1);
  await expect(dialog.getByTestId('diff-same')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Lose the Queen of Hearts: the rules name exactly that card.
  await page.locator('[data-testid="deck-entry"][data-card-name="Queen of Hearts"] [data-testid="remove-card"]').click();
  await expect(page.locator('[data-testid="violation"][data-code="SET_CARD_MISSING"]')).toContainText('"Queen of Hearts"');
  await page.getByTestId('save-deck').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();

  await page.getByTestId('deck-versions').click();
  // The save kept the version it replaced, beside the named one.
  await expect(dialog.getByTestId('snapshot-row')).toHaveCount(2);
  await dialog.getByTestId('snapshot-row').filter({ hasText: 'Full pack' }).getByTestId('compare-snapshot').click();
  await expect(dialog.getByTestId('diff-removed')).toHaveText('−1 Queen of Hearts');
  await expect(dialog.getByTestId('diff-added')).toHaveCount(0);

  await dialog.getByTestId('snapshot-row').filter({ hasText: 'Full pack' }).getByTestId('restore-snapshot').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Restored' })).toBeVisible();
  await expect(page.getByTestId('legality-badge')).toHaveText('Legal');
  await expect(page.getByTestId('section-count-pack')).toHaveText('54 / 54');
  // The restore kept the 53-card version too.
  const kept = queryDb<{ n: number }>("SELECT count(*) AS n FROM deck_snapshots WHERE name LIKE 'Before restoring%'");
  expect(kept[0].n).toBe(1);
});

test('a deleted card keeps its name and is replaced by a reprint in one step', async ({ page, host, queryDb }) => {
  const promo = await callApi<{ id: string }>(page, host, 'createSet', { systemId: 'osmcg', name: 'Promo' });
  await callApi(page, host, 'saveCard', {
    setId: promo.id,
    doc: { type: 'spell', name: 'Fire Bolt', colors: ['red'], cost: 1, speed: 'Quick', text: 'Deal 3 damage to a unit.' },
  });
  await callApi(page, host, 'deleteCard', { id: 'osmcg-core-018' });
  await page.reload();

  await openDeck(page, 'Ember Vanguard');
  const gone = page.locator('[data-testid="deck-entry"][data-card-name="Fire Bolt"]');
  await expect(gone.locator('.item-name')).toHaveText('Fire Bolt (deleted)');
  await expect(gone.getByRole('button', { name: 'Add a copy' })).toBeDisabled();
  await expect(page.locator('[data-testid="violation"][data-code="UNKNOWN_CARD"]')).toBeVisible();

  await gone.getByTestId('replace-card').click();
  const dialog = page.getByTestId('replace-card-dialog');
  const first = dialog.getByTestId('replace-with').first();
  await expect(first).toContainText('same name');
  await first.click();

  const replaced = page.locator('[data-testid="deck-entry"][data-card-name="Fire Bolt"]');
  await expect(replaced.locator('.item-name')).toHaveText('Fire Bolt');
  await expect(replaced.locator('.qty')).toHaveText('2×');
  await expect(page.getByTestId('legality-badge')).toHaveText('Legal');
  await page.getByTestId('save-deck').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();
  const doc = queryDb<{ doc: string }>("SELECT doc FROM decks WHERE name = 'Ember Vanguard'")[0].doc;
  expect(doc).not.toContain('osmcg-core-018');
});

test('cards move to the sideboard in one step and the deck is duplicated', async ({ page }) => {
  await openDeck(page, 'Ember Vanguard');
  await page.locator('[data-testid="deck-entry"][data-card-name="Fire Bolt"] [data-testid="to-sideboard"]').click();
  const board = page.getByTestId('board-sideboard');
  await expect(board.locator('[data-testid="board-entry"][data-card-name="Fire Bolt"] .qty')).toHaveText('2×');
  await expect(page.locator('[data-testid="violation"][data-code="SECTION_TOO_SMALL"]')).toContainText('28 cards');
  // The sideboard prints only when asked.
  await page.getByTestId('save-deck').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'not legal yet' })).toBeVisible();
  await page.getByTestId('print-deck').click();
  await expect(page.getByTestId('print-what')).toHaveText('Deck “Ember Vanguard”: 29 cards');
  await page.getByTestId('print-dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('print-sideboard').check();
  await page.getByTestId('print-deck').click();
  await expect(page.getByTestId('print-what')).toHaveText('Deck “Ember Vanguard” with the sideboard: 31 cards');
  await page.getByTestId('print-dialog').getByRole('button', { name: 'Close' }).click();
  await board.getByTestId('board-to-deck').click();
  await expect(page.getByTestId('legality-badge')).toHaveText('Legal');
  await page.getByTestId('deck-notes').fill('Burn first, ask later.');
  await page.getByTestId('save-deck').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved “Ember Vanguard”.' })).toBeVisible();

  await page.getByTestId('duplicate-deck').click();
  await expect(page.getByLabel('Deck name')).toHaveValue('Copy of Ember Vanguard');
  await expect(page.getByTestId('deck-notes')).toHaveValue('Burn first, ask later.');
});
