// Enum value labels (system.json enumLabels): the editor's select shows Miscrits' stages by their
// labels, picking "Evolution" stores the id "evolution" (read back through the API), and search
// finds cards by the label as by the id.

import { callApi, expect, test } from './fixtures';
import type { CardRecord } from '../../card-schema/system/format';

test('an enum is picked by its label in the editor and stored as its id', async ({ page, host }) => {
  await page.locator('section[aria-label="Miscrits"]').getByText('All cards').click();
  await page.getByTestId('library-search').fill('Emberkit');
  await page.locator('[data-testid="card-row"][data-card-id="miscrits-wilds-001"]').click();
  await page.getByTestId('edit-card').click();
  const stage = page.locator('[data-field="/stage"]');
  await expect(stage.locator('option')).toHaveText(['Basic', 'Evolution']);
  await stage.selectOption({ label: 'Evolution' });
  // An evolution needs its base: picked from the reference picker.
  const base = page.locator('[data-field="/evolvesFrom"]');
  await base.fill('Sprout');
  await expect(page.getByTestId('card-ref-option').first()).toContainText('Sproutle');
  await base.press('Enter');
  await expect(base).toHaveValue('Sproutle');
  await page.screenshot({ path: test.info().outputPath('enum-labels-editor.png') });
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  const [card] = await callApi<CardRecord[]>(page, host, 'getCards', { ids: ['miscrits-wilds-001'] });
  expect(card.doc.stage).toBe('evolution');
  expect(card.doc.evolvesFrom).toBe('Sproutle');

  // Search takes the label as well as the id.
  const byLabel = await callApi<{ cards: CardRecord[] }>(page, host, 'searchCards', {
    query: 'stage="Evolution" name:Emberkit',
    systemId: 'miscrits',
  });
  expect(byLabel.cards.map((c) => c.id)).toEqual(['miscrits-wilds-001']);
  const byId = await callApi<{ cards: CardRecord[] }>(page, host, 'searchCards', {
    query: 'stage:evolution',
    systemId: 'miscrits',
  });
  const byWord = await callApi<{ cards: CardRecord[] }>(page, host, 'searchCards', { query: 'stage:evol', systemId: 'miscrits' });
  expect(byWord.cards.map((c) => c.id).sort()).toEqual(byId.cards.map((c) => c.id).sort());
});
