// The Odds tab of an OMMS deck in Chromium: OMMS draws by a die ("The player throws the dice and
// draws that number of cards from the top of the pile."), so the Seen column gives the range a
// roll allows, the exact figure is the expectation over the die, and the note and the rules line
// say so. The opening simulator's exact column shows the same range.

import { hypergeometricAtLeast } from '../../card-schema/deck/odds';
import { expect, test } from './fixtures';

test('OMMS odds: cards seen as a range, the exact odds averaged over the dice roll', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: 'Standard pack' }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await page.getByTestId('deck-tab-odds').click();
  const odds = page.getByTestId('deck-odds');
  await expect(odds).toBeVisible();

  // One copy of the first card in 54: by turn 1, five in hand and 1 to 6 drawn.
  await page.getByTestId('odds-turn').selectOption('1');
  const averaged = [6, 7, 8, 9, 10, 11].reduce((sum, seen) => sum + hypergeometricAtLeast(54, 1, seen, 1) / 6, 0);
  await expect(page.getByTestId('odds-exact').locator('.value')).toHaveText(`${(averaged * 100).toFixed(1)}%`);
  await expect(page.getByTestId('odds-exact')).toContainText('6–11 cards seen');
  const rows = page.getByTestId('odds-table').locator('tbody tr');
  await expect(rows.nth(0).locator('td').first()).toHaveText('6–11');
  await expect(rows.nth(1).locator('td').first()).toHaveText('7–17');
  await expect(odds).toContainText('Exact: hypergeometric, no mulligan, averaged over the dice roll.');
  await expect(odds).toContainText('then 1d6 (rolled) per turn from turn 1');
  await expect(page.getByTestId('odds-simulated').locator('.value')).toHaveText(/^\d+(\.\d)?%$/);
  // OMMS has no mulligan: the simulated figure is the engine playing its rules.
  await expect(page.getByTestId('odds-simulated').locator('.what')).toHaveText('played by OMMS’s rules');
  await page.mouse.move(5, 895);
  await page.screenshot({ path: test.info().outputPath('omms-odds.png') });
});
