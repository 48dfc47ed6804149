// Two turns on the solo board of each built-in game, in Chromium: start from the sample deck,
// mulligan where the game allows it, drag a card onto the board and send another there by key,
// tap it and add a counter, walk the phases with the Next phase button and the N key (the
// game's automated steps land in the log), undo, then reload and resume. muhq's game also buys
// from its store. With SCREENSHOTS=1 each game's board is saved to docs/screenshots/.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { dragCard, openPlaytest, resumeAfterReload } from './playtest-fixture';

interface Game {
  id: string;
  deck: string;
  board: string;
  counter: string;
  mulligan: boolean;
  /** The log line the first Next phase of turn 1 writes (the game's automated step). */
  firstStep: RegExp;
  /** A log line turn 2's bookkeeping writes. */
  turnTwo: RegExp;
}

const GAMES: Game[] = [
  {
    id: 'osmcg',
    deck: 'Ember Vanguard',
    board: 'board',
    counter: 'damage',
    mulligan: true,
    firstStep: /^Draw: the player going first does not draw on turn 1\.$/,
    turnTwo: /^Upkeep: Mana \d+ → \d+\.$/,
  },
  {
    id: 'odd-frontier',
    deck: 'Tidewater Survey',
    board: 'battlefield',
    counter: 'damage',
    mulligan: true,
    firstStep: /^Phase: Pre-combat\.$/,
    turnTwo: /^Reset: untapped /,
  },
  {
    id: 'miscrits',
    deck: 'Ember and Tide',
    board: 'active',
    counter: 'hourglass',
    mulligan: true,
    firstStep: /^Phase: Play\.$/,
    turnTwo: /^Drew /,
  },
  {
    id: 'muhq',
    deck: 'River raiders (Twin Rivers)',
    board: 'map',
    counter: 'damage',
    mulligan: false,
    firstStep: /^Phase: Upkeep\.$/,
    turnTwo: /^Upkeep: Resource \d+ → \d+\.$/,
  },
  {
    id: 'omms',
    deck: 'Standard pack',
    board: 'in-front',
    counter: 'food',
    mulligan: false,
    firstStep: /^Phase: Build, train and move\.$/,
    turnTwo: /^Draw: rolled 1d6: \d; draw \d\.$/,
  },
];

const logLines = (page: Page) => page.getByTestId('playtest-log').locator('li');

for (const game of GAMES) {
  test(`${game.id}: two turns with drag, keys, tap, counter, Next phase, undo and resume`, async ({ page }) => {
    await openPlaytest(page, game.deck, 11);

    if (game.mulligan) {
      await page.getByTestId('mulligan').click();
      const keep = page.getByTestId('keep');
      // A London keep asks for one card to put on the bottom first.
      if (await keep.isDisabled()) await page.getByTestId('zone-hand').getByTestId('board-card').first().click();
      await keep.click();
    }
    await expect(page.getByTestId('keep')).toHaveCount(0);
    await expect(page.getByTestId('phase')).toBeVisible();

    // Drag a card onto the board; send another there with its zone's key (3).
    const zone = page.getByTestId(`zone-${game.board}`);
    const before = Number(await zone.getAttribute('data-count'));
    const first = page.getByTestId('zone-hand').getByTestId('board-card').first();
    const dragged = await first.getAttribute('data-instance');
    await dragCard(page, first, page.getByTestId(`drop-${game.board}`), 0.55, 0.4);
    await expect(zone).toHaveAttribute('data-count', String(before + 1));
    await page.getByTestId('zone-hand').getByTestId('board-card').first().focus();
    await page.keyboard.press('3');
    await expect(zone).toHaveAttribute('data-count', String(before + 2));

    // Tap it and put a counter of the game's kind on it.
    const card = page.locator(`[data-testid="zone-${game.board}"] [data-instance="${dragged}"]`);
    await card.focus();
    await page.keyboard.press('t');
    await expect(card).toHaveAttribute('data-tapped', 'true');
    await page.getByTestId(`add-${game.counter}`).click();
    await expect(card.getByTestId(`counter-${game.counter}`)).toHaveAttribute('data-count', '1');

    // Turn 1: the Next phase button, then the N key, walk the phases with their steps.
    const phase = await page.getByTestId('phase').textContent();
    await page.getByTestId('next-phase').click();
    await expect(page.getByTestId('phase')).not.toHaveText(phase ?? '');
    await expect(logLines(page).filter({ hasText: game.firstStep })).not.toHaveCount(0);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    const second = await page.getByTestId('phase').textContent();
    await page.keyboard.press('n');
    await expect(page.getByTestId('phase')).not.toHaveText(second ?? '');

    // Turn 2 by Next turn: the rest of turn 1 and turn 2's first phase apply their steps.
    await page.getByTestId('next-turn').click();
    await expect(page.locator('.turn')).toHaveText('Turn 2');
    if (game.id !== 'muhq') await expect(logLines(page).filter({ hasText: game.turnTwo })).not.toHaveCount(0);
    else {
      await page.keyboard.press('n');
      await expect(logLines(page).filter({ hasText: game.turnTwo })).not.toHaveCount(0);
      await buyFromStore(page);
    }
    await page.getByTestId('next-turn').click();
    await expect(page.locator('.turn')).toHaveText('Turn 3');

    // Undo takes back the whole turn change.
    await page.getByTestId('undo').click();
    await expect(page.locator('.turn')).toHaveText('Turn 2');
    if (process.env.SCREENSHOTS === '1') {
      await page.mouse.move(5, 895);
      await page.screenshot({ path: `docs/screenshots/playtest-board-${game.id}.png` });
    }

    // Save and resume: the session comes back after a reload, on turn 2 with the card as it was.
    const boardCount = await zone.getAttribute('data-count');
    await resumeAfterReload(page, game.deck);
    await expect(page.locator('.turn')).toHaveText('Turn 2');
    await expect(zone).toHaveAttribute('data-count', boardCount ?? '');
    await expect(card.getByTestId(`counter-${game.counter}`)).toHaveAttribute('data-count', /\d/);
  });
}

/** muhq: one buy from the store lands on the discard pile and costs its buy cost; a second is refused. */
async function buyFromStore(page: Page): Promise<void> {
  await page.getByTestId('open-store').click();
  const resource = Number(await page.getByTestId('resource-resource').textContent());
  const buttons = page.getByTestId('zone-store').getByTestId('buy');
  const costs = await buttons.evaluateAll((all) =>
    all.map((button) => Number(/· (\d+)/.exec(button.textContent ?? '')?.[1] ?? NaN)),
  );
  const index = costs.findIndex((cost) => cost <= resource);
  expect(index).toBeGreaterThanOrEqual(0);
  const discard = Number(await page.getByTestId('zone-discard').getAttribute('data-count'));
  await buttons.nth(index).click();
  await expect(page.getByTestId('zone-discard')).toHaveAttribute('data-count', String(discard + 1));
  await expect(page.getByTestId('resource-resource')).toHaveText(String(resource - costs[index]));
  await expect(page.getByTestId('last-log')).toContainText('Bought ');
  await buttons.first().click();
  await expect(page.getByText('Only one card can be bought per turn; you already bought one on turn 2.')).toBeVisible();
}
