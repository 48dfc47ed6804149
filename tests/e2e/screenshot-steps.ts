// Steps the picture-making specs share (docs/screenshots and the user guide's docs/guide/images).

import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Writes `dir/name-variant.png` (variant: the theme or the width) once transitions and debounced searches have settled, the pointer out of the way. */
export async function shoot(page: Page, dir: string, name: string, variant: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${dir}/${name}-${variant}.png`, animations: 'disabled' });
}

/** Dismisses finished jobs and messages, so the next screens show only themselves. */
export async function clearDocks(page: Page): Promise<void> {
  for (const button of await page.getByTestId('job-dismiss').all()) await button.click();
  for (const button of await page.getByRole('button', { name: 'Dismiss message' }).all()) await button.click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
}

export async function openDeck(page: Page, name: string): Promise<void> {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: name }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
}

/** From the open deck: a playtest with a fixed seed, the opening hand kept and its first card played to the board. */
export async function playtestWithOneCardPlayed(page: Page): Promise<void> {
  await page.getByTestId('playtest-deck').click();
  await page.getByTestId('game-setup').click();
  await page.getByTestId('seed').fill('42');
  await page.getByRole('button', { name: 'Restart' }).click();
  await page.getByTestId('keep').click();
  await page.getByTestId('zone-hand').getByTestId('board-card').first().focus();
  await page.keyboard.press('3');
}
