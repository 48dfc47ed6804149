// A game edited outside the app reloads without a restart: its system.json changed on disk shows
// in the Games view within seconds, with a message; a broken edit keeps the last good version,
// says why, and lists the file among the games that did not load.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test('a game folder edited in a text editor reloads in the open app', async ({ page, dataDir }) => {
  await page.getByTestId('nav-games').click();
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByTestId('new-game-source').selectOption('starter:starter-blank');
  await dialog.getByTestId('new-game-name').fill('Folder Game');
  await dialog.getByTestId('create-game').click();
  await expect(page.getByTestId('game-detail').locator('h1')).toContainText('Folder Game');

  const file = join(dataDir, 'systems', 'folder-game', 'system.json');
  const system = JSON.parse(readFileSync(file, 'utf8')) as { name: string; cardTypes: { label: string }[] };
  system.name = 'Folder Game, edited';
  system.cardTypes[0].label = 'Token';
  writeFileSync(file, JSON.stringify(system, null, 2));
  await expect(page.getByTestId('game-detail').locator('h1')).toContainText('Folder Game, edited');
  await expect(page.getByTestId('toast').filter({ hasText: 'Reloaded Folder Game, edited: the files changed.' })).toBeVisible();
  await expect(page.locator('[data-testid="game-sample-card"]').first()).toContainText('Token');

  writeFileSync(file, '{ "formatVersion": 3, ');
  const error = page.locator('[data-testid="toast"][data-kind="error"]');
  await expect(error).toContainText('folder-game/system.json');
  await expect(error).toContainText('Folder Game, edited stays as it last loaded');
  await expect(page.getByTestId('system-problems')).toContainText('folder-game/system.json');
  await expect(page.getByTestId('game-detail').locator('h1')).toContainText('Folder Game, edited');
});
