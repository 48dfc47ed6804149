// Steps the playtest specs share: a sample deck opened on the solo board (optionally restarted
// from a seed, so its draws are known), a card dragged with the mouse, and the session resumed
// after a reload.

import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the deck named `deckName` from the deck list on the solo board; with `seed`, restarts the game from it. */
export async function openPlaytest(page: Page, deckName: string, seed?: number): Promise<void> {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: deckName }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await page.getByTestId('playtest-deck').click();
  await expect(page.getByTestId('playtest-view')).toBeVisible();
  if (seed === undefined) return;
  await page.getByTestId('game-setup').click();
  await page.getByTestId('seed').fill(String(seed));
  await page.getByRole('button', { name: 'Restart' }).click();
}

/**
 * Drags with the mouse from the middle of `from` to a point inside `to` (fractions of its box),
 * letting go once the drop zone under the pointer shows.
 */
export async function dragCard(page: Page, from: Locator, to: Locator, fx = 0.5, fy = 0.5): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: an element is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 - 20, { steps: 4 });
  await page.mouse.move(b.x + b.width * fx, b.y + b.height * fy, { steps: 8 });
  await expect(to.locator('xpath=ancestor-or-self::*[@data-drop-zone][1]').first()).toBeVisible();
  await page.mouse.up();
}

/** Reloads the app, opens the deck's board again and takes the offered session back. */
export async function resumeAfterReload(page: Page, deckName: string): Promise<void> {
  await page.reload();
  await openPlaytest(page, deckName);
  await expect(page.getByTestId('playtest-status')).toContainText(/Resume the session from \d\d:\d\d\?/);
  await page.getByTestId('resume-session').click();
}
