import { expect, test } from './fixtures';

test('pool only legal for the leader (screenshot)', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('new-deck-name').fill('Shot deck');
  await page.getByTestId('new-deck').click();
  await page.locator('[data-testid="pool-row"][data-card-name="Pyra, Ashen Marshal"]').dblclick();
  await expect(page.getByTestId('section-count-hero')).toHaveText('1 / 1');
  await expect(page.getByTestId('pool-only-legal')).toBeChecked();
  await page.screenshot({ path: '/tmp/format13-pool.png' });
});
