// Tokens and replay in Chromium: a token of muhq's game made from the library's token cards, with
// its "Token" badge, gone when it leaves the map, back with undo; a few actions in OSMCG, then the game replayed from its
// seed — stepping back and forward shows the log and the hand as they were at each step, read-only.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openPlaytest } from './playtest-fixture';

/** The hand's cards (instance ids) and the log's text, as shown. */
async function table(page: Page): Promise<{ hand: string[]; log: string }> {
  const hand = await page
    .getByTestId('zone-hand')
    .getByTestId('board-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-instance') ?? ''));
  return { hand, log: await page.getByTestId('playtest-log').innerText() };
}

test('OSMCG: play a few actions, replay them from the seed, step back and forward', async ({ page }) => {
  await openPlaytest(page, 'Ember Vanguard');
  await page.getByTestId('game-setup').click();
  await page.getByTestId('seed').fill('42');
  await page.getByRole('button', { name: 'Restart' }).click();
  const dealt = await table(page);
  await page.getByTestId('keep').click();
  const kept = await table(page);
  const card = page.getByTestId('zone-hand').getByTestId('board-card').first();
  await card.focus();
  await page.keyboard.press('3');
  await expect(page.getByTestId('zone-board')).toHaveAttribute('data-count', '2');
  const played = await table(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('n');
  await page.keyboard.press('n');
  await page.getByTestId('draw').click();
  await page.getByTestId('undo').click();
  const live = await table(page);
  // The Replay button keeps the toolbar on one line at 1440 px.
  const toolbar = page.locator('[data-testid="playtest-view"] > header');
  expect(await toolbar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  // The replay starts from the seed: the hand as dealt, nothing kept yet.
  await page.getByTestId('open-replay').click();
  await expect(page.getByTestId('replay-bar')).toBeVisible();
  await expect(page.getByTestId('replay-step')).toHaveText('Step 0 of 4');
  expect(await table(page)).toEqual(dealt);
  await page.getByTestId('replay-forward').click();
  await expect(page.getByTestId('replay-action')).toHaveText('Keep the hand');
  expect(await table(page)).toEqual(kept);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('replay-step')).toHaveText('Step 2 of 4');
  await expect(page.getByTestId('replay-action')).toContainText('to the Battlefield');
  expect(await table(page)).toEqual(played);
  await page.keyboard.press('End');
  await expect(page.getByTestId('replay-step')).toHaveText('Step 4 of 4');
  // The undone draw is not in the record: the last step is the game as it stands.
  expect(await table(page)).toEqual(live);
  await page.mouse.move(5, 895);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('replay-step')).toHaveText('Step 2 of 4');
  expect(await table(page)).toEqual(played);
  await page.screenshot({ path: test.info().outputPath('playtest-replay-bar.png') });

  // Read-only: the table takes no keys; Esc goes back to the game as it was.
  await page.keyboard.press('n');
  await expect(page.getByTestId('replay-step')).toHaveText('Step 2 of 4');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('replay-bar')).toHaveCount(0);
  expect(await table(page)).toEqual(live);
  await page.keyboard.press('p');
  await expect(page.getByTestId('replay-step')).toHaveText('Step 0 of 4');
  await page.getByTestId('close-replay').click();
  expect(await table(page)).toEqual(live);
});

test('muhq: create a token on the map, send it to the discard pile (it ceases to exist), undo', async ({ page }) => {
  await openPlaytest(page, 'River raiders (Twin Rivers)');
  const map = page.getByTestId('zone-map');
  const before = Number(await map.getAttribute('data-count'));
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('k');
  const picker = page.getByTestId('token-picker');
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId('token-card').filter({ hasText: 'Skeleton' })).toBeVisible();
  await page.mouse.move(5, 895);
  await page.screenshot({ path: test.info().outputPath('playtest-token-picker.png') });
  await picker.getByTestId('token-card').filter({ hasText: 'Skeleton' }).click();
  await expect(map).toHaveAttribute('data-count', String(before + 1));
  await expect(page.getByTestId('last-log')).toContainText('Created a Skeleton token on the Map.');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);

  // The token wears a "Token" badge and says so to a screen reader; the deck's cards do not.
  const made = map.locator('[data-instance="t1"]');
  await expect(made.getByTestId('token-badge')).toHaveText('Token');
  await expect(made).toHaveAttribute('aria-label', 'Skeleton, token');
  await expect(map.getByTestId('token-badge')).toHaveCount(1);
  await page.mouse.move(5, 895);
  await page.screenshot({ path: test.info().outputPath('cardwright-rmends-token-badge.png') });

  // To the discard pile (zone 4) by key: a token ceases to exist instead.
  const token = map.locator('[data-instance="t1"]');
  await token.focus();
  const discard = page.getByTestId('zone-discard');
  const discarded = await discard.getAttribute('data-count');
  await page.keyboard.press('4');
  await expect(map).toHaveAttribute('data-count', String(before));
  await expect(discard).toHaveAttribute('data-count', discarded ?? '0');
  await expect(page.getByTestId('last-log')).toContainText(
    'Skeleton (a token) left the Map for the Discard pile and ceased to exist.',
  );
  await page.getByTestId('undo').click();
  await expect(map.locator('[data-instance="t1"]')).toBeVisible();
  await expect(map).toHaveAttribute('data-count', String(before + 1));
});
