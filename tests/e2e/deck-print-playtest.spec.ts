// Steps 3–5 through the UI: build a legal OSMCG deck with live legality, print it to a PDF of
// the right size, and playtest it on the solo board.

import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

async function openDeck(page: Page, name: string | RegExp): Promise<void> {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: name }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
}

async function addCard(page: Page, name: string, times = 1): Promise<void> {
  const search = page.getByTestId('deck-card-search');
  await search.fill(name);
  const button = page.locator(`[data-testid="add-card"][data-card-name="${name}"]`);
  for (let i = 0; i < times; i++) await button.click();
}

test('a deck is built through the UI with live legality and saved to SQLite', async ({ page, queryDb }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('new-deck-name').fill('Test Inferno');
  await page.getByTestId('new-deck').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await expect(page.getByTestId('legality-badge')).toHaveText('Illegal');
  await expect(page.locator('[data-testid="violation"][data-code="MISSING_LEADER"]')).toBeVisible();

  await page.getByTestId('leader-picker').click();
  await addCard(page, 'Pyra, Ashen Marshal');
  await expect(page.getByTestId('section-count-hero')).toHaveText('1 / 1');

  const picks: [string, number][] = [
    ['Cinder Whelp', 3],
    ['Ember Hound', 3],
    ['Ashfall Skirmisher', 3],
    ['Kiln Guardian', 2],
    ['Pyre Acolyte', 2],
    ['Fire Bolt', 3],
    ['Kindle', 2],
    ['Battle Cry', 2],
    ['Emberbrand', 2],
    ['Clay Golem', 2],
    ['Iron Buckler', 2],
    ['Sidestep', 2],
    ['Searing Drake', 2],
  ];
  for (const [name, times] of picks) await addCard(page, name, times);
  await expect(page.getByTestId('section-count-main')).toHaveText('30 / 30');
  await expect(page.getByTestId('legality-badge')).toHaveText('Legal');
  await expect(page.getByTestId('violation')).toHaveCount(0);

  // An off-color card: the rule names it, and removing it makes the deck legal again.
  await page.locator('label.fit input').uncheck();
  await addCard(page, 'Tidal Oracle');
  await expect(page.getByTestId('legality-badge')).toHaveText('Illegal');
  await expect(page.locator('[data-testid="violation"][data-code="IDENTITY_MISMATCH"]')).toContainText('"Tidal Oracle" (blue)');
  await expect(page.locator('[data-testid="violation"][data-code="SECTION_TOO_LARGE"]')).toContainText('31 cards');
  await page.locator('[data-testid="deck-entry"][data-card-name="Tidal Oracle"] [data-testid="remove-card"]').click();
  await expect(page.getByTestId('legality-badge')).toHaveText('Legal');

  await page.getByTestId('save-deck').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();
  const rows = queryDb<{ doc: string }>('SELECT doc FROM decks WHERE name = ?', 'Test Inferno');
  expect(rows).toHaveLength(1);
  const saved = JSON.parse(rows[0].doc) as { sections: Record<string, { cardId: string; count: number }[]> };
  const total = Object.values(saved.sections)
    .flat()
    .reduce((n, e) => n + e.count, 0);
  expect(total).toBe(31);
});

test('the sample illegal deck explains every reason', async ({ page }) => {
  await openDeck(page, 'Broken example: 31 cards, two off-color');
  await expect(page.getByTestId('legality-badge')).toHaveText('Illegal');
  await expect(page.locator('[data-testid="violation"][data-code="SECTION_TOO_LARGE"]')).toHaveText(
    /Deck has 31 cards; it needs exactly 30\./,
  );
  const identity = page.locator('[data-testid="violation"][data-code="IDENTITY_MISMATCH"]');
  await expect(identity).toContainText('"Tidal Oracle" (blue)');
  await expect(identity).toContainText('"Thornback Boar" (green)');
});

for (const [paper, size] of [
  ['A4', '595.276 x 841.89 pts (A4)'],
  // Letter: 4 × 2 landscape keeps the whole 3 mm bleed.
  ['Letter', '792 x 612 pts (letter)'],
] as const) {
  test(`the legal sample deck prints to ${paper}: Hero + 30 cards on 4 pages`, async ({ page }) => {
    await page.getByTestId('nav-decks').click();
    await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).getByTestId('print-deck').click();
    await page.getByTestId('print-paper').selectOption(paper);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('print-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Ember Vanguard.pdf');
    const file = test.info().outputPath(`deck-${paper}.pdf`);
    await download.saveAs(file);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(new RegExp(`Page size:\\s+${size.replace(/[().]/g, '\\$&')}`));
    expect(info).toMatch(/Pages:\s+4\n/);
  });
}

test('the print dialog shows the grid, no warning for the defaults and page 1 live, and exports duplex with a calibration page', async ({
  page,
}) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).getByTestId('print-deck').click();
  await page.getByTestId('print-paper').selectOption('A4');
  await expect(page.getByTestId('print-summary')).toContainText('3 × 3 per page, 4 pages');
  await expect(page.getByTestId('print-note')).toHaveCount(0);
  await expect(page.getByTestId('print-preview').locator('.card')).toHaveCount(9);
  // Letter keeps the whole bleed with 4 × 2 landscape: no warning.
  await page.getByTestId('print-paper').selectOption('Letter');
  await expect(page.getByTestId('print-summary')).toContainText('4 × 2 per page, 4 pages · Letter, landscape');
  await expect(page.getByTestId('print-note')).toHaveCount(0);
  await page.getByTestId('print-paper').selectOption('A4');
  await page.getByTestId('print-faces').selectOption('both');
  await page.getByTestId('print-calibration').check();
  await expect(page.getByTestId('print-summary')).toContainText('3 × 3 per page, 10 pages');
  await page.getByTestId('print-card-size').selectOption('tarot');
  await expect(page.getByTestId('print-summary')).toContainText('2 × 2 per page');
  await page.getByTestId('print-card-size').selectOption('game');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('print-export').click();
  const file = test.info().outputPath('deck-duplex.pdf');
  await (await downloading).saveAs(file);
  const info = execFileSync('pdfinfo', ['-box', file], { encoding: 'utf8' });
  expect(info).toMatch(/Pages:\s+10\n/);
  expect(info).toMatch(/TrimBox:/);
});

test('the deck is playtested on the solo board: opening hand, mulligan, moves, upkeep, undo', async ({ page }) => {
  await openDeck(page, 'Ember Vanguard');
  await page.getByTestId('playtest-deck').click();
  await expect(page.getByTestId('playtest-view')).toBeVisible();
  await page.getByTestId('game-setup').click();
  await page.getByTestId('seed').fill('42');
  await page.getByRole('button', { name: 'Restart' }).click();

  const count = (zone: string) => page.getByTestId(`zone-${zone}`).getAttribute('data-count').then(Number);
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '7');
  await expect(page.getByTestId('zone-deck')).toHaveAttribute('data-count', '23');
  await expect(page.getByTestId('zone-board')).toHaveAttribute('data-count', '1'); // the Hero

  // London mulligan: draw 7 again, then put 1 on the bottom.
  await page.getByTestId('mulligan').click();
  await expect(page.getByTestId('keep')).toBeDisabled();
  await page.getByTestId('zone-hand').getByTestId('board-card').first().click();
  await page.getByTestId('keep').click();
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '6');
  await expect(page.getByTestId('zone-deck')).toHaveAttribute('data-count', '24');

  await page.getByTestId('draw').click();
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '7');

  // Keys on a focused card: 3 plays it to the Battlefield (zone 3), 7 discards (zone 7).
  await page.getByTestId('zone-hand').getByTestId('board-card').first().focus();
  await page.keyboard.press('3');
  await page.getByTestId('zone-hand').getByTestId('board-card').first().focus();
  await page.keyboard.press('7');
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '5');
  await expect(page.getByTestId('zone-board')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('zone-discard')).toHaveAttribute('data-count', '1');

  // Pyra: Starting Mana 3, Regen 2, Mana Max 9 → turn 2's Upkeep gives 5; its Draw phase draws a card.
  await expect(page.getByTestId('resource-mana')).toHaveText('3');
  await page.getByTestId('next-turn').click();
  await expect(page.getByTestId('resource-mana')).toHaveText('5');
  await expect(page.getByTestId('phase')).toHaveText('Upkeep');
  await page.getByTestId('next-phase').click();
  await expect(page.getByTestId('phase')).toHaveText('Draw');
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '6');

  await page.getByTestId('undo').click();
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '5');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('resource-mana')).toHaveText('3');
  expect(await count('hand')).toBe(5);
  expect(await count('deck')).toBe(23);
});
