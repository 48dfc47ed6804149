import { expect, test } from './fixtures';
test.use({ viewport: { width: 1440, height: 900 } });
test('shot', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: 'Broken example: 31 cards, two off-color' }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await expect(page.getByTestId('pool-row').first()).toBeVisible();
  await page.getByTestId('pool-row').nth(2).hover();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/pool-light.png' });
});
