// The user guide's pictures (docs/guide/images), each in the light and the dark theme: Help
// shows the one matching the theme on screen. Writes files only with SCREENSHOTS=1
// (`npm run screenshots:guide`); skipped in `npm test`.

import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { clearDocks, openDeck, playtestWithOneCardPlayed, shoot } from './screenshot-steps';
import { searchPool } from './pool-search';

const OUT_DIR = resolve(import.meta.dirname, '../../docs/guide/images');
const THEMES = ['light', 'dark'] as const;

test.skip(process.env.SCREENSHOTS !== '1', 'set SCREENSHOTS=1 (npm run screenshots:guide) to write docs/guide/images');
test.use({ viewport: { width: 1440, height: 900 } });

async function addCard(page: Page, name: string, times = 1): Promise<void> {
  await searchPool(page, name);
  const button = page.locator(`[data-testid="add-card"][data-card-name="${name}"]`);
  for (let i = 0; i < times; i++) await button.click();
}

for (const theme of THEMES) {
  test(`guide pictures, ${theme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.locator(`[data-theme-option="${theme}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    // Getting started: the library, a card selected.
    await page.getByTestId('library-search').fill('ember');
    await page.getByTestId('card-row').filter({ hasText: 'Ember Hound' }).click();
    await expect(page.getByTestId('card-detail')).toBeVisible();
    await shoot(page, OUT_DIR, 'library', theme);
    await page.getByTestId('library-search').fill('');

    // Design a card: a new creature in the OSMCG Starter Set, filled in and saved.
    await page.locator('.set-item').filter({ hasText: 'OSMCG Starter Set' }).locator('.set-row').first().click();
    await page.getByTestId('new-card').click();
    await expect(page.getByTestId('card-editor')).toBeVisible();
    await page.getByTestId('card-type').selectOption('creature');
    await page.locator('[data-field="/name"]').fill('Ember Warden');
    await page.locator('[data-field="/colors"] button[data-value="red"]').click();
    const neutral = page.locator('[data-field="/colors"] button[data-value="neutral"]');
    if ((await neutral.getAttribute('aria-pressed')) === 'true') await neutral.click();
    await page.locator('[data-field="/cost"]').fill('3');
    await page.locator('[data-field="/atk"]').fill('3');
    await page.locator('[data-field="/hp"]').fill('4');
    await page.locator('[data-field="/flavor"]').fill('It keeps the last coal of every fire.');
    await shoot(page, OUT_DIR, 'editor', theme);
    await page.getByTestId('save-card').click();
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    await clearDocks(page);
    await page.getByTestId('editor-back').click();

    // Build and check a deck: a new deck, a Hero, cards added, the rules checking live.
    await page.getByTestId('nav-decks').click();
    await expect(page.getByTestId('deck-row').first()).toBeVisible();
    await page.getByTestId('new-deck-name').fill('My First Deck');
    await shoot(page, OUT_DIR, 'decks', theme);
    await page.getByTestId('new-deck').click();
    await expect(page.getByTestId('deck-builder')).toBeVisible();
    await page.getByTestId('leader-picker').click();
    await addCard(page, 'Pyra, Ashen Marshal');
    for (const name of ['Cinder Whelp', 'Ember Hound', 'Fire Bolt']) await addCard(page, name, 3);
    await page.getByTestId('deck-card-search').fill('');
    await expect(page.getByTestId('legality-badge')).toHaveText('Illegal');
    await shoot(page, OUT_DIR, 'deck-builder', theme);
    await page.getByTestId('save-deck').click();
    await clearDocks(page);

    // Print a sheet: the print dialog of a legal deck.
    await page.getByRole('button', { name: '← Decks' }).click();
    await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).getByTestId('print-deck').click();
    await expect(page.getByTestId('print-dialog')).toBeVisible();
    await page.getByTestId('print-paper').selectOption('A4');
    await expect(page.getByTestId('print-preview').locator('.card')).toHaveCount(9);
    await shoot(page, OUT_DIR, 'print', theme);
    await page.getByTestId('print-export').click();
    await expect(page.getByTestId('job').first()).toHaveAttribute('data-state', 'done');
    await shoot(page, OUT_DIR, 'print-done', theme);
    await clearDocks(page);

    // Playtest: the solo board after the opening hand, one card played.
    await openDeck(page, 'Ember Vanguard');
    await playtestWithOneCardPlayed(page);
    await page.getByTestId('zone-hand').getByTestId('board-card').first().focus();
    await shoot(page, OUT_DIR, 'playtest', theme);
  });
}
