// The solo board as a table, in Chromium, for the five built-in games: every zone of the game's
// board setup is on screen; a card is dragged from the hand onto the board, another is sent there
// by key, tapped, given a counter; undo takes the counter back; after a reload the session resumes.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { dragCard, openPlaytest, resumeAfterReload } from './playtest-fixture';

async function expectAllZones(page: Page, zoneIds: string[]): Promise<void> {
  for (const id of zoneIds) await expect(page.getByTestId(`zone-${id}`)).toBeVisible();
}

/** Everything in the toolbar fits one line at 1440 px: no wrapping, nothing cut off. */
async function expectOneLineToolbar(page: Page): Promise<void> {
  const toolbar = page.locator('[data-testid="playtest-view"] > header');
  expect((await toolbar.boundingBox())?.height).toBeLessThanOrEqual(60);
  expect(await toolbar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

/** The toolbar stays on one line and the table does not move when the hand is kept. */
async function expectSteadyLayout(page: Page, keep: () => Promise<void>): Promise<void> {
  await expectOneLineToolbar(page);
  const before = await page.locator('.table').boundingBox();
  await keep();
  const after = await page.locator('.table').boundingBox();
  expect(after).toEqual(before);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(5, 895);
  await page.screenshot({ path: test.info().outputPath(`playtest-table-${name}.png`) });
}

test('OSMCG: drag, keys, tap, counters, undo, deck search and resume after a reload', async ({ page }) => {
  await openPlaytest(page, 'Ember Vanguard', 42);
  await expectAllZones(page, ['deck', 'hand', 'board', 'terrain', 'missions', 'objectives', 'discard', 'exile']);
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '7');

  // London mulligan: a new 7, one of them goes to the bottom on keeping.
  await page.getByTestId('mulligan').click();
  await page.getByTestId('zone-hand').getByTestId('board-card').first().click();
  await expectSteadyLayout(page, () => page.getByTestId('keep').click());
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '6');

  // Drag the first hand card onto the battlefield, right of the Hero.
  const first = page.getByTestId('zone-hand').getByTestId('board-card').first();
  const dragged = await first.getAttribute('data-instance');
  await dragCard(page, first, page.getByTestId('drop-board'), 0.6, 0.4);
  await expect(page.getByTestId('zone-board')).toHaveAttribute('data-count', '2');
  const placed = page.locator(`[data-testid="zone-board"] [data-instance="${dragged}"]`);
  await expect(placed).toBeVisible();
  const box = await placed.boundingBox();
  const area = await page.getByTestId('drop-board').boundingBox();
  expect(box!.x - area!.x).toBeGreaterThan(area!.width * 0.4);

  // Keys: 3 sends a focused hand card to the battlefield (zone 3), T taps it, + adds damage.
  const second = page.getByTestId('zone-hand').getByTestId('board-card').first();
  const keyed = await second.getAttribute('data-instance');
  await second.focus();
  await page.keyboard.press('3');
  await expect(page.getByTestId('zone-board')).toHaveAttribute('data-count', '3');
  const onBoard = page.locator(`[data-testid="zone-board"] [data-instance="${keyed}"]`);
  // Focus moves with the card, so its keys go on working.
  await expect(onBoard).toBeFocused();
  await page.keyboard.press('t');
  await expect(onBoard).toHaveAttribute('data-tapped', 'true');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(onBoard.getByTestId('counter-damage')).toHaveAttribute('data-count', '2');
  // The inspector's buttons do the same; C picks the next counter kind (poison) for the keys.
  await page.keyboard.press('c');
  await page.keyboard.press('+');
  await expect(onBoard.getByTestId('counter-poison')).toHaveAttribute('data-count', '1');
  await page.getByTestId('undo').click();
  await expect(onBoard.getByTestId('counter-poison')).toHaveCount(0);
  await expect(onBoard.getByTestId('counter-damage')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('last-log')).toContainText('Damage on');

  // The deck: search a card out into the hand, look at the top 3 and put one on the bottom.
  const deckCount = Number(await page.getByTestId('zone-deck').getAttribute('data-count'));
  await page.getByTestId('deck-search').click();
  await page.getByTestId('search-name').fill('Fire Bolt');
  await page.getByTestId('deck-dialog').getByTestId('deck-take').first().click();
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '5');
  await expect(page.getByTestId('zone-deck')).toHaveAttribute('data-count', String(deckCount - 1));
  await expect(page.getByTestId('playtest-log')).toContainText('Searched the Deck for Fire Bolt');
  await page.getByTestId('deck-look').click();
  await page.getByTestId('look-go').click();
  const looked = page.getByTestId('deck-cards').locator('li');
  await expect(looked).toHaveCount(3);
  const topName = await looked.first().getAttribute('data-card-name');
  await looked.first().getByTestId('scry-bottom').click();
  await expect(page.getByTestId('playtest-log')).toContainText(`Put ${topName} on the bottom of the Deck.`);
  await page.keyboard.press('Escape');
  await page.getByTestId('deck-reveal').click();
  await expect(page.getByTestId('last-log')).toContainText('Revealed');
  await shoot(page, 'osmcg');

  // Reload: the app offers the session back, and resuming restores the table as it was.
  await resumeAfterReload(page, 'Ember Vanguard');
  await expect(page.getByTestId('zone-board')).toHaveAttribute('data-count', '3');
  await expect(onBoard).toHaveAttribute('data-tapped', 'true');
  await expect(onBoard.getByTestId('counter-damage')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('zone-hand')).toHaveAttribute('data-count', '5');
  // Undo still reaches back across the reload.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('last-log')).not.toContainText('Revealed');
});

test('Odd Frontier: every zone is usable; drag, keys to a pile, tap, damage, undo and resume', async ({ page }) => {
  await openPlaytest(page, 'Tidewater Survey', 7);
  await expectAllZones(page, ['archive', 'hand', 'battlefield', 'queue', 'graveyard', 'banish']);
  await expectSteadyLayout(page, () => page.getByTestId('keep').click());

  const first = page.getByTestId('zone-hand').getByTestId('board-card').first();
  const dragged = await first.getAttribute('data-instance');
  await dragCard(page, first, page.getByTestId('drop-battlefield'), 0.3, 0.3);
  const onBoard = page.locator(`[data-testid="zone-battlefield"] [data-instance="${dragged}"]`);
  await expect(onBoard).toBeVisible();

  // Key 4 sends a hand card to the Queue, a pile the old board never showed; it opens into a list.
  await page.getByTestId('zone-hand').getByTestId('board-card').first().focus();
  await page.keyboard.press('4');
  await expect(page.getByTestId('zone-queue')).toHaveAttribute('data-count', '1');
  await page.getByTestId('open-queue').click();
  // …and drags back out of the list onto the battlefield.
  await dragCard(
    page,
    page.getByTestId('zone-queue').getByTestId('pile-card').first(),
    page.getByTestId('drop-battlefield'),
    0.6,
    0.5,
  );
  await expect(page.getByTestId('zone-battlefield')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('zone-queue')).toHaveAttribute('data-count', '0');

  await onBoard.focus();
  await page.keyboard.press('t');
  await page.keyboard.press('+');
  await expect(onBoard).toHaveAttribute('data-tapped', 'true');
  await expect(onBoard.getByTestId('counter-damage')).toHaveAttribute('data-count', '1');
  await page.keyboard.press('f');
  await expect(onBoard).toHaveAttribute('data-face-down', 'true');
  await page.getByTestId('undo').click();
  await expect(onBoard).toHaveAttribute('data-face-down', 'false');
  await shoot(page, 'odd-frontier');

  await resumeAfterReload(page, 'Tidewater Survey');
  await expect(page.getByTestId('zone-battlefield')).toHaveAttribute('data-count', '2');
  await expect(onBoard).toHaveAttribute('data-tapped', 'true');
  await expect(onBoard.getByTestId('counter-damage')).toHaveAttribute('data-count', '1');
});

const others: [string, string, string[]][] = [
  ['muhq', 'River raiders (Twin Rivers)', ['deck', 'hand', 'map', 'discard', 'store']],
  ['miscrits', 'Ember and Tide', ['book', 'hand', 'active', 'discard', 'kod']],
  ['omms', 'Standard pack', ['pile', 'hand', 'in-front', 'discard']],
];
for (const [game, deckName, zones] of others) {
  test(`${game}: the board opens with all its zones`, async ({ page }) => {
    await openPlaytest(page, deckName);
    await expectAllZones(page, zones);
    await expectOneLineToolbar(page);
    const keep = page.getByTestId('keep');
    if (await keep.isVisible()) await keep.click();
    const board = zones[2];
    await dragCard(
      page,
      page.getByTestId('zone-hand').getByTestId('board-card').first(),
      page.getByTestId(`drop-${board}`),
      0.4,
      0.3,
    );
    await expect(page.getByTestId(`zone-${board}`).getByTestId('board-card')).not.toHaveCount(0);
    await shoot(page, game);
  });
}
