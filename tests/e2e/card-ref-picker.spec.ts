// A card reference field (Miscrits' "Evolves from", x-card-ref): the picker lists the game's
// miscrits matching the typed text with type and set, is driven by the keyboard, stores the
// picked card's name in SQLite, and warns when no card has the stored name.

import { expect, test } from './fixtures';

test('an evolution base is picked with the keyboard from the searchable picker', async ({ page, queryDb }) => {
  await page.locator('section[aria-label="Miscrits"]').getByText('All cards').click();
  await page.getByTestId('library-search').fill('Blazelynx');
  await page.locator('[data-testid="card-row"][data-card-id="miscrits-wilds-009"]').click();
  await page.getByTestId('edit-card').click();
  const input = page.locator('[data-field="/evolvesFrom"]');
  await expect(input).toHaveValue('Emberkit');
  await expect(input).toHaveAttribute('role', 'combobox');

  // Focus opens nothing; ↓ lists the cards matching what the field holds, Esc closes the list.
  await input.focus();
  await expect(page.getByTestId('card-ref-options')).toBeHidden();
  await input.press('ArrowDown');
  await expect(page.getByTestId('card-ref-option').first()).toContainText('Emberkit');
  await input.press('Escape');
  await expect(page.getByTestId('card-ref-options')).toBeHidden();
  await expect(page.getByTestId('card-editor')).toBeVisible();

  // A name no card has: kept, with a warning.
  await input.fill('Nobodykit');
  await expect(page.getByTestId('card-ref-missing')).toContainText('No card named “Nobodykit”');

  await input.fill('Pu');
  const options = page.getByTestId('card-ref-options').getByTestId('card-ref-option');
  await expect(options.first()).toContainText('Puddlefin');
  await expect(options.first()).toContainText('Miscrit · Miscrits: Wilds of Miscria');
  // Only miscrits are offered, never items or bosses.
  await input.fill('e');
  await expect(options.first()).toBeVisible();
  for (const text of await options.allTextContents()) expect(text).toContain('Miscrit ·');

  // Names starting with the text come first; a card whose text mentions it follows.
  await input.fill('Pebble');
  await expect(options.first()).toHaveText(/^Pebblepaw/);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await input.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: test.info().outputPath('card-ref-picker.png') });
  await input.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(input).toHaveValue('Pebblepaw');
  await expect(page.getByTestId('card-ref-options')).toBeHidden();
  await expect(page.getByTestId('card-ref-missing')).toBeHidden();

  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  const [row] = queryDb<{ base: string }>(
    "SELECT json_extract(doc, '$.evolvesFrom') AS base FROM cards WHERE id = 'miscrits-wilds-009'",
  );
  expect(row.base).toBe('Pebblepaw');
});
