// The two worked examples of docs/game-systems.md, "Porting a published game", in Chromium as a
// designer meets them: import each game's bundle in the Games view, build a legal deck in the
// deck builder (alternate arts sharing a collector number count together), then import each of
// the game's illegal sample decks from its file and read the deck builder's explanation.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { PORTING_EXAMPLES, type PortingExample } from '../fixtures/porting-examples';
import { expect, test } from './fixtures';
import { searchPool } from './pool-search';

const PORTING = resolve(import.meta.dirname, '../../docs/porting');

/** A card to add: its name, how many times, and which of its printings (0: the pool's first). */
type Pick = [name: string, times: number, printing?: number];

const LEGAL_BUILDS: Record<string, { leader: string; section: string; cards: Pick[] }> = {
  // Wren Halyard (Sirocco/Zephyr); Twin-Sail Corsair once in each of its three arts (number 12).
  kitefall: {
    leader: 'Wren Halyard',
    section: 'flight',
    cards: [
      ['Ember Skiff', 3],
      ['Gust Runner', 3],
      ['Twin-Sail Corsair', 1, 0],
      ['Twin-Sail Corsair', 1, 1],
      ['Twin-Sail Corsair', 1, 2],
      ['Reedwing Scout', 3],
      ['Harbor Tender', 3],
      ['Saffron Kite', 2],
      ['Mistral Courier', 3],
    ],
  },
  // Orsa Quillmarch (Scholar/Warden; Tide/Stone): two-class, Guildless and signature cards.
  gildhollow: {
    leader: 'Orsa Quillmarch',
    section: 'main',
    cards: [
      ['Inkwell Ward', 2],
      ['Tidal Footnote', 2],
      ['Quill and Shield', 2],
      ['Ledger of Tides', 2],
      ['Stonebound Oath', 2],
      ['Rampart Lesson', 2],
      ["Wayfarer's Coin", 2],
      ['Common Ground', 2],
      ["Orsa's Annotated Atlas", 2],
      ['Quillmarch Heirloom', 2],
    ],
  },
};

const BOARD_FACTS: Record<string, string[]> = {
  kitefall: ["Life area (dealt the Captain's Life face down)", "(none on the first player's turn 1)"],
  gildhollow: ["as many cards as the Hero's Vigor"],
};

async function addCard(page: Page, name: string, times = 1, printing = 0): Promise<void> {
  await searchPool(page, name);
  const button = page.locator(`[data-testid="add-card"][data-card-name="${name}"]`).nth(printing);
  for (let i = 0; i < times; i++) await button.click();
}

async function importGame(page: Page, game: PortingExample, cards: number): Promise<void> {
  await page.getByTestId('nav-games').click();
  await page.getByTestId('import-game-file').setInputFiles(resolve(PORTING, `${game.id}.cardwright-system.json`));
  const report = page.getByTestId('game-import-report');
  await expect(report).toContainText(game.name);
  await expect(report).toContainText(`“${game.setName}”: ${cards} cards`);
  await expect(report.getByTestId('game-import-rejected')).toHaveCount(0);
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('game-detail')).toContainText(game.name);
  // The board setup as the Games view words it, values read from the leader card included.
  for (const fact of BOARD_FACTS[game.id]) await expect(page.getByTestId('game-detail')).toContainText(fact);
}

for (const game of PORTING_EXAMPLES) {
  test(`${game.name}: the bundle imports, a legal deck is built in the deck builder, each illegal sample deck is explained`, async ({
    page,
    queryDb,
  }) => {
    const setFile = JSON.parse(readFileSync(resolve(PORTING, `${game.id}-sample-set.json`), 'utf8')) as { cards: unknown[] };
    await importGame(page, game, setFile.cards.length);
    expect(
      queryDb('SELECT count(*) AS n FROM cards JOIN sets ON sets.id = cards.set_id WHERE sets.system_id = ?', game.id),
    ).toEqual([{ n: setFile.cards.length }]);

    // A legal deck, card by card.
    const build = LEGAL_BUILDS[game.id];
    await page.getByTestId('nav-decks').click();
    await page.getByLabel('Game system').selectOption(game.id);
    await page.getByTestId('new-deck-name').fill(`My ${game.name} deck`);
    await page.getByTestId('new-deck').click();
    await expect(page.getByTestId('deck-builder')).toBeVisible();
    await expect(page.locator('[data-testid="violation"][data-code="MISSING_LEADER"]').first()).toBeVisible();
    await page.getByTestId('leader-picker').click();
    await addCard(page, build.leader);
    for (const [name, times, printing] of build.cards) await addCard(page, name, times, printing);
    await expect(page.getByTestId(`section-count-${build.section}`)).toHaveText('20 / 20');
    await expect(page.getByTestId('legality-badge')).toHaveText('Legal');
    await expect(page.getByTestId('violation')).toHaveCount(0);
    if (game.id === 'kitefall') {
      // A fourth Twin-Sail Corsair, in any art, is a fourth copy of collector number 12.
      await addCard(page, 'Twin-Sail Corsair', 1, 2);
      await expect(page.locator('[data-testid="violation"][data-code="TOO_MANY_COPIES"]')).toContainText(
        '"Twin-Sail Corsair" (3 printings): 4 copies of collector number 12; at most 3 are allowed.',
      );
      await searchPool(page, 'Twin-Sail Corsair');
      await page
        .locator('[data-testid="deck-entry"][data-card-name="Twin-Sail Corsair"] [data-testid="remove-card"]')
        .last()
        .click();
      await expect(page.getByTestId('legality-badge')).toHaveText('Legal');
    }
    await page.getByTestId('save-deck').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();
    expect(queryDb('SELECT count(*) AS n FROM decks WHERE system_id = ? AND name = ?', game.id, `My ${game.name} deck`)).toEqual([
      { n: 1 },
    ]);
    if (game.id === 'kitefall') {
      // The playtest deals Wren Halyard's Life (5) face down into the Life area once the hand is kept.
      await page.getByTestId('playtest-deck').click();
      await expect(page.getByTestId('playtest-view')).toBeVisible();
      await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '5');
      await expect(page.getByTestId('zone-life')).toHaveAttribute('data-count', '0');
      await page.getByTestId('keep').click();
      await expect(page.getByTestId('zone-life')).toHaveAttribute('data-count', '5');
      await expect(page.getByTestId('zone-deck')).toHaveAttribute('data-count', '10');
      await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '5'); // no draw on turn 1
      if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'test-results/porting-kitefall-playtest.png' });
      await page.getByTestId('nav-decks').click();
    } else {
      await page.getByRole('button', { name: '← Decks' }).click();
    }

    // Every sample deck from its file, judged as the chapter says.
    for (const [name, expected] of Object.entries(game.decks)) {
      await page.getByTestId('import-deck').click();
      const dialog = page.getByTestId('deck-import-dialog');
      await dialog.getByTestId('import-file').setInputFiles(resolve(PORTING, `${game.id}-decks`, `${name}.deck.json`));
      await expect(dialog.getByTestId('import-summary')).toBeVisible();
      await dialog.getByTestId('import-confirm').click();
      await expect(page.getByTestId('deck-builder')).toBeVisible();
      const violations = page.getByTestId('violation');
      if (expected.violations.length === 0) {
        await expect(page.getByTestId('legality-badge'), name).toHaveText('Legal');
        await expect(violations).toHaveCount(0);
      } else {
        await expect(page.getByTestId('legality-badge'), name).toHaveText('Illegal');
        await expect(violations).toHaveCount(expected.violations.length);
        for (const [i, [code, message]] of expected.violations.entries()) {
          await expect(violations.nth(i), name).toHaveAttribute('data-code', code);
          await expect(violations.nth(i).locator('strong'), name).toHaveText(message);
        }
      }
      if (process.env.SCREENSHOTS === '1' && name.startsWith('illegal-'))
        await page.screenshot({ path: `test-results/porting-${game.id}-${name}.png` });
      if (expected.alsoIn) {
        await page.getByTestId('deck-format').selectOption(expected.alsoIn.format);
        await expect(page.getByTestId('legality-badge')).toHaveText(expected.alsoIn.legal ? 'Legal' : 'Illegal');
      }
      await page.getByRole('button', { name: '← Decks' }).click();
      // Trying another format changed the deck: leave it as imported.
      if (expected.alsoIn) await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Leave without saving' }).click();
      await expect(page.getByTestId('decks-view')).toBeVisible();
    }
  });
}
