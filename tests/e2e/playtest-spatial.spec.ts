// The spatial boards in Chromium: OSMCG's battlefield in inches (drag the Hero with a live ruler,
// its circles, an objective that changes hands, keyboard nudging, undo and resume) and muhq's tile
// map (place a permanent on a tile, its reach highlighted, a second one on the same tile refused,
// a card dragged from the hand placed on the tile it is dropped on).
// With SCREENSHOTS=1 it writes docs/screenshots/osmcg-battlefield.png and muhq-map.png.

import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPlaytest } from './playtest-fixture';

// Otherwise the pictures go to the test's own output folder.
const shot = (name: string) =>
  process.env.SCREENSHOTS === '1' ? resolve(import.meta.dirname, '../../docs/screenshots', name) : test.info().outputPath(name);

/** Where a point of the board (in its unit) is on screen. */
async function onScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.getByTestId('spatial-board').evaluate(
    (svg, [bx, by]) => {
      const matrix = (svg as SVGSVGElement).getScreenCTM();
      if (!matrix) throw new Error('the board is not laid out');
      const p = new DOMPoint(bx, by).matrixTransform(matrix);
      return { x: p.x, y: p.y };
    },
    [x, y],
  );
}

async function clickBoard(page: Page, x: number, y: number): Promise<void> {
  const p = await onScreen(page, x, y);
  await page.mouse.click(p.x, p.y);
}

test('OSMCG battlefield: drag the Hero with a ruler in inches, range circles, objective control, keys, undo, resume', async ({
  page,
}) => {
  await openPlaytest(page, 'Ember Vanguard', 42);
  await page.getByTestId('keep').click();
  await page.getByTestId('show-spatial').click();
  const board = page.getByTestId('spatial-board');
  await expect(board).toHaveAttribute('data-width', '24');
  await expect(page.getByTestId('deployment-zone-yours')).toBeVisible();

  // The Hero starts in the middle of your 6" deployment zone, with its 2" deployment ring.
  const hero = page.locator('[data-name="Pyra, Ashen Marshal"]');
  await expect(hero).toHaveAttribute('data-x', '12');
  await expect(hero).toHaveAttribute('data-y', '21');
  const heroId = (await hero.getAttribute('data-testid'))?.replace('piece-', '') ?? '';
  await expect(page.getByTestId(`deploy-ring-${heroId}`)).toHaveAttribute('r', '2.8');

  // Drag it 5" forward: the live ruler reads 5" against its SPD of 5; its movement circle shows.
  const start = await onScreen(page, 12, 21);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const mid = await onScreen(page, 12, 18);
  await page.mouse.move(mid.x, mid.y, { steps: 4 });
  const end = await onScreen(page, 12, 16);
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await expect(page.getByTestId('ruler-text')).toHaveText(/^5(\.0)?" · Move \(SPD\) 5" ✓$/);
  await expect(page.getByTestId('measure-move')).toHaveAttribute('data-radius', '5');
  // Further than SPD: the ruler says so.
  const far = await onScreen(page, 12, 14);
  await page.mouse.move(far.x, far.y, { steps: 2 });
  await expect(page.getByTestId('ruler-text')).toHaveText(/^7(\.0)?" · Move \(SPD\) 5" ✗$/);
  await page.mouse.move(end.x, end.y, { steps: 2 });
  await page.mouse.up();
  await expect(page.getByTestId('ruler')).toHaveCount(0);
  expect(Number(await hero.getAttribute('data-y'))).toBeCloseTo(16, 0);
  await expect(page.getByTestId('last-log')).toContainText(/Moved Pyra, Ashen Marshal 5(\.0)?" from its starting spot\./);

  // Arrow keys nudge the selected piece by ½".
  const y = Number(await hero.getAttribute('data-y'));
  await board.focus();
  await page.keyboard.press('ArrowUp');
  await expect(hero).toHaveAttribute('data-y', String(Math.round((y - 0.5) * 100) / 100));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');

  // An objective at the centre: not held, then held by the Hero within 2", then contested.
  await page.getByTestId('add-objective').click();
  await expect(page.getByTestId('tool-hint')).toBeVisible();
  await clickBoard(page, 12, 12);
  const objective = page.getByTestId('objective-m1');
  await expect(objective).toHaveAttribute('data-control', 'none');
  await expect(objective).toContainText('objective 1: uncontrolled');
  const heroAt = await onScreen(page, 12, Number(await hero.getAttribute('data-y')));
  await page.mouse.move(heroAt.x, heroAt.y);
  await page.mouse.down();
  const near = await onScreen(page, 12, 13);
  await page.mouse.move(near.x, near.y, { steps: 5 });
  await page.mouse.up();
  await expect(objective).toHaveAttribute('data-control', 'yours');
  await page.getByTestId('add-opponent').click();
  await clickBoard(page, 10.5, 11);
  await expect(page.getByTestId('opponent-m2')).toBeVisible();
  await expect(objective).toHaveAttribute('data-control', 'contested');
  // Choosing the Hero shows its circles (the picture for docs/screenshots).
  await hero.click();
  await expect(page.getByTestId('spatial-selected')).toContainText('Pyra, Ashen Marshal');
  await expect(page.getByTestId('measure-move')).toBeVisible();
  await page.mouse.move(5, 895);
  await page.waitForTimeout(200);
  await page.screenshot({ path: shot('osmcg-battlefield.png') });

  // Undo takes the opponent marker away again; the objective is yours once more.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('opponent-m2')).toHaveCount(0);
  await expect(objective).toHaveAttribute('data-control', 'yours');

  // A reload offers the session back with the pieces where they were.
  await page.reload();
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' }).locator('.deck-open').click();
  await page.getByTestId('playtest-deck').click();
  await page.getByTestId('resume-session').click();
  await page.getByTestId('show-spatial').click();
  await expect(page.getByTestId('objective-m1')).toHaveAttribute('data-control', 'yours');
  expect(Number(await hero.getAttribute('data-y'))).toBeCloseTo(13, 0);
});

test("muhq's map: permanents on tiles, the range metric highlighted, one permanent per tile", async ({ page }) => {
  // Seed 10 opens with three Village Militia (movement 2, attack range 1).
  await openPlaytest(page, 'River raiders (Twin Rivers)', 10);
  for (let i = 0; i < 2; i++) {
    const card = page.getByTestId('zone-hand').getByTestId('board-card').first();
    await card.focus();
    await page.keyboard.press('3');
  }
  await expect(page.getByTestId('zone-map')).toHaveAttribute('data-count', '3');
  await page.getByTestId('show-spatial').click();
  await expect(page.getByTestId('spatial-board')).toHaveAttribute('data-width', '10');
  await expect(page.getByTestId('tile-0-2')).toHaveAttribute('data-kind', 'Deep water');
  const waiting = page.getByTestId('unplaced').getByRole('button');
  await expect(waiting).toHaveCount(2);

  // Choose a militia and click tile C1 (column 3, row 1).
  await waiting.first().click();
  await clickBoard(page, 2.5, 0.5);
  await expect(page.getByTestId('last-log')).toContainText('Placed Village Militia on tile C1.');
  await expect(waiting).toHaveCount(1);

  // Choosing it shows its reach: movement 2 and attack range 1, every second diagonal counting twice.
  const placed = page.locator('[data-testid^="piece-"]').first();
  await placed.click();
  await expect(page.getByTestId('tile-3-1')).toHaveAttribute('data-reach', 'movement range');
  await expect(page.getByTestId('tile-4-1')).toHaveAttribute('data-reach', 'movement');
  await expect(page.getByTestId('tile-4-2')).not.toHaveAttribute('data-reach', /movement/);
  await expect(page.getByTestId('tile-5-0')).not.toHaveAttribute('data-reach', /movement/);

  // The second militia on the same tile is refused, and stays beside the map.
  await waiting.first().click();
  await clickBoard(page, 2.5, 0.5);
  await expect(page.getByTestId('toast')).toContainText('Tile C1 already holds Village Militia: one permanent per tile.');
  await expect(waiting).toHaveCount(1);
  await clickBoard(page, 3.5, 0.5);
  await expect(page.getByTestId('last-log')).toContainText('Placed Village Militia on tile D1.');

  // Dragging the first one two tiles shows the ruler in tiles against its movement.
  const from = await onScreen(page, 2.5, 0.5);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const to = await onScreen(page, 3.5, 1.5);
  await page.mouse.move(to.x, to.y, { steps: 5 });
  const further = await onScreen(page, 4.5, 1.5);
  await page.mouse.move(further.x, further.y, { steps: 3 });
  await expect(page.getByTestId('ruler-text')).toHaveText('2 tiles · Movement 2 ✓');
  await page.mouse.up();
  await expect(page.getByTestId('last-log')).toContainText('Moved Village Militia from C1 to E2 (2 steps).');
  // No move ends on deep water for a militia (it does not swim), though its attack reaches across.
  await expect(page.getByTestId('tile-4-2')).toHaveAttribute('data-reach', 'range');
  await expect(page.getByTestId('tile-4-3')).toHaveAttribute('data-reach', 'movement');
  for (const button of await page.getByRole('button', { name: 'Dismiss message' }).all()) await button.click();
  await page.mouse.move(5, 895);
  await page.waitForTimeout(200);
  await page.screenshot({ path: shot('muhq-map.png') });
});

test('a card dragged from the hand lands where it is dropped on the board drawn to scale, at any window size; one undo takes it back', async ({
  page,
}) => {
  // Seed 10 opens with three Village Militia; a smaller window draws the map at another scale.
  await page.setViewportSize({ width: 1180, height: 760 });
  await openPlaytest(page, 'River raiders (Twin Rivers)', 10);
  await page.getByTestId('show-spatial').click();
  await expect(page.getByTestId('spatial-board')).toHaveAttribute('data-width', '10');
  const militia = page.getByTestId('zone-hand').locator('[data-card-name="Village Militia"]').first();
  const id = await militia.getAttribute('data-instance');
  const box = await militia.boundingBox();
  if (!box) throw new Error('the militia is not on screen');

  // Dropped on tile F4 (column 6, row 4): it is placed there, not on a default spot.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const to = await onScreen(page, 5.5, 3.5);
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await expect(page.getByTestId('last-log')).toContainText('Placed Village Militia on tile F4.');
  const piece = page.getByTestId(`piece-${id}`);
  await expect(piece).toHaveAttribute('data-x', '5');
  await expect(piece).toHaveAttribute('data-y', '3');
  await expect(page.getByTestId('zone-hand').locator(`[data-instance="${id}"]`)).toHaveCount(0);
  await page.mouse.move(5, 755);
  await page.waitForTimeout(200);
  await page.screenshot({ path: test.info().outputPath('cardwright-rmends-drop.png') });

  // One undo takes the drop back: the card is in the hand again and off the map.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('zone-hand').locator(`[data-instance="${id}"]`)).toHaveCount(1);
  await expect(piece).toHaveCount(0);
});
