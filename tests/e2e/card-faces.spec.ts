// Card faces in the app: the flip control shows the back the PDF prints behind a card (a
// Mission's own back), and rules-text symbols are drawn as icons in the preview.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './fixtures';

const MUHQ = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../card-schema/systems/muhq/system.json'), 'utf8')) as {
  symbols: Record<string, { path: string }>;
};

test('the card detail flips a Mission to its own back and back again', async ({ page }) => {
  await page.locator('[data-testid="set-row"][data-set-id="osmcg-missions-objectives"]').click();
  await page.getByTestId('library-search').fill('First Blood');
  await page.getByTestId('card-list').getByTestId('card-row').filter({ hasText: 'First Blood' }).first().click();
  const detail = page.getByTestId('card-detail');
  const preview = detail.getByTestId('card-preview');
  await expect(preview).toHaveAttribute('aria-label', 'Card: First Blood');
  await expect(preview).toContainText('Elimination');

  await detail.getByTestId('flip-card').click();
  await expect(preview).toHaveAttribute('aria-label', 'Back of First Blood');
  await expect(preview).toContainText('MISSION');
  await expect(preview).not.toContainText('Elimination');
  await expect(detail.getByTestId('flip-card')).toHaveText('Show front');

  await detail.getByTestId('flip-card').click();
  await expect(preview).toContainText('Elimination');
});

test('symbols in rules text are drawn as icons in the preview', async ({ page }) => {
  await page.locator('[data-testid="set-row"][data-set-id="muhq-vale"]').click();
  await page.getByTestId('library-search').fill('Supply Cart');
  await page.getByTestId('card-list').getByTestId('card-row').filter({ hasText: 'Supply Cart' }).first().click();
  const preview = page.getByTestId('card-detail').getByTestId('card-preview');
  await expect(preview).toContainText('Free action —');
  // {T} and {R} in the text; the resource symbol also marks the card's play cost above the art.
  await expect(preview.locator(`path[data-symbol][d="${MUHQ.symbols.T.path}"]`)).toHaveCount(1);
  await expect(preview.locator(`path[data-symbol][d="${MUHQ.symbols.R.path}"]`)).toHaveCount(2);
  await expect(preview).not.toContainText('{T}');
});
