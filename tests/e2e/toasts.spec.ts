// Messages float over the view instead of pushing it: three errors leave every control where it
// was, and the one under the stack's corner stays reachable once they close. An error belongs to
// its view and game: it closes when the user leaves them, and closes by itself after a while. What
// the user reads is the app's sentence (file, line, column, what is wrong), not the parser's.
// A message raised while a dialog is open shows over the dialog, where it can be clicked.

import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { TOAST_MS } from '../../src-renderer/src/lib/toast-timing';

const errors = (page: Page) => page.locator('[data-testid="toast"][data-kind="error"]');

function garbageFile(name: string) {
  return { name, mimeType: 'application/json', buffer: Buffer.from('garbage') };
}

async function importGarbage(page: Page, name: string): Promise<void> {
  await page.getByTestId('import-set-file').setInputFiles(garbageFile(name));
  await expect(errors(page).filter({ hasText: name })).toBeVisible();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

test('three errors overlay the view without moving its controls; at most three stack', async ({ page }) => {
  const importButton = page.getByTestId('import-set');
  const list = page.getByTestId('card-list');
  await expect(list.getByTestId('card-row').first()).toBeVisible();
  const before = { button: await box(importButton), list: await box(list) };

  for (const name of ['one.set.json', 'two.set.json', 'three.set.json']) await importGarbage(page, name);
  await expect(errors(page)).toHaveCount(3);
  await expect(errors(page).first().locator('.message')).toHaveText(
    'one.set.json: not valid JSON: line 1 column 1: "garbage" is not a value (text must be in double quotes)',
  );
  await expect(page.getByTestId('toasts')).not.toContainText('Unexpected token');

  expect(await box(importButton)).toEqual(before.button);
  expect(await box(list)).toEqual(before.list);
  // The stack sits at the bottom right, under the header and clear of the sidebar's controls.
  const header = await box(page.getByTestId('app-header'));
  const stack = await box(page.getByTestId('toasts'));
  expect(stack.y).toBeGreaterThan(header.y + header.height);
  expect(stack.x).toBeGreaterThan(before.button.x + before.button.width);
  const centre = { x: before.button.x + before.button.width / 2, y: before.button.y + before.button.height / 2 };
  expect(
    await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="import-set"]') !== null, centre),
  ).toBe(true);

  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/toasts-three-errors.png' });
  await importGarbage(page, 'four.set.json');
  await expect(errors(page)).toHaveCount(3);
  await expect(errors(page).filter({ hasText: 'one.set.json' })).toHaveCount(0);
});

test('errors close with the view or game they belong to, and never follow into another', async ({ page }) => {
  await expect(page.getByTestId('card-list').getByTestId('card-row').first()).toBeVisible();
  await importGarbage(page, 'broken.set.json');

  // Another game in the library.
  await page
    .getByTestId('set-list')
    .locator('section.group')
    .nth(1)
    .getByRole('button', { name: /All cards/ })
    .click();
  await expect(errors(page)).toHaveCount(0, { timeout: 1_000 });

  // Another view, and back.
  await importGarbage(page, 'broken-again.set.json');
  await page.getByTestId('nav-decks').click();
  await expect(errors(page)).toHaveCount(0, { timeout: 1_000 });
  await page.getByTestId('nav-library').click();
  await expect(page.getByTestId('card-list')).toBeVisible();
  await expect(errors(page)).toHaveCount(0, { timeout: 1_000 });
});

test('an error closes by itself', async ({ page }) => {
  await expect(page.getByTestId('card-list').getByTestId('card-row').first()).toBeVisible();
  // The page's clock is jumped forward instead of waited out: the toast's timer is set after
  // install, so it is a fake one, and time still flows between the jumps.
  await page.clock.install();
  await importGarbage(page, 'late.set.json');
  await page.mouse.move(1, 1); // not resting on the toast, which would hold it
  await page.clock.fastForward(TOAST_MS.error - 2_000);
  await expect(errors(page)).toHaveCount(1);
  await page.clock.fastForward(4_000);
  await expect(errors(page)).toHaveCount(0, { timeout: 1_000 });
});

test('a message raised in a dialog shows over it and can be clicked there', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  const deckRow = page.getByTestId('deck-row').first();
  const deckName = (await deckRow.locator('.deck-name').textContent())!;
  await deckRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('toast').getByRole('button', { name: 'Dismiss message' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(0);

  await page.getByTestId('open-trash').click();
  const dialog = page.getByTestId('trash-dialog');
  await dialog.locator('[data-kind="deck"]').getByTestId('trash-restore').click();
  const toast = page.getByTestId('toast').filter({ hasText: deckName });
  await expect(toast).toBeVisible();
  // Inside the modal dialog, not under its backdrop: the page around a modal dialog is inert.
  await expect(dialog.getByTestId('toast')).toHaveCount(1);
  const close = toast.getByRole('button', { name: 'Dismiss message' });
  const { x, y, width, height } = await box(close);
  const hit = await page.evaluate(
    ([cx, cy]) => document.elementFromPoint(cx, cy)?.getAttribute('aria-label'),
    [x + width / 2, y + height / 2],
  );
  expect(hit).toBe('Dismiss message');
  await close.click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(dialog).toBeVisible();

  // Closed, the dialog hands the stack back to the app.
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
  await deckRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'to the Trash' })).toBeVisible();
});
