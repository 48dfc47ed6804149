// New game, end to end through the Games view: a game from a starter and a copy of a built-in
// game with another card size and identity, each written as a game folder the app loads at once
// (the Games view draws its cards, the Library and the deck builder offer it) without a restart.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test('a designer makes a game from a starter; it is installed at once and offered in every view', async ({ page, dataDir }) => {
  await page.getByTestId('nav-games').click();
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await expect(dialog.getByTestId('new-game-source')).toHaveValue('starter:starter-tcg');
  await expect(dialog.getByTestId('new-game-source-summary')).toContainText('Card types: Leader, Unit, Action.');

  // The id follows the name; a taken one is refused at the field before anything is sent.
  await dialog.getByTestId('new-game-name').fill('OSMCG');
  await expect(dialog.getByTestId('new-game-id-problem')).toHaveText('OSMCG has this id already; choose another.');
  await dialog.getByTestId('new-game-name').fill('Sky Pirates');
  await expect(dialog.getByTestId('new-game-id')).toHaveValue('sky-pirates');
  await expect(dialog.getByTestId('new-game-id-problem')).toHaveCount(0);

  // Rename one colour and add one.
  const values = dialog.getByTestId('new-game-identity-value');
  await values
    .nth(0)
    .getByLabel(/^Value \d+$/)
    .fill('Storm');
  await dialog.getByTestId('new-game-add-value').click();
  await values
    .last()
    .getByLabel(/^Value \d+$/)
    .fill('Brass');
  await dialog.getByTestId('create-game').click();
  await expect(dialog).toBeHidden();

  // Installed: its folder, shown and selected, its cards drawn from the starter's layouts.
  const written = JSON.parse(readFileSync(join(dataDir, 'systems', 'sky-pirates', 'system.json'), 'utf8'));
  expect(written).toMatchObject({ id: 'sky-pirates', name: 'Sky Pirates', version: '0.1.0' });
  expect(written.identity.values.map((value: { label: string }) => value.label)).toContain('Storm');
  expect(written.identity.values.at(-1)).toMatchObject({ id: 'brass', label: 'Brass' });
  await expect(page.getByTestId('game-detail').locator('h1')).toContainText('Sky Pirates');
  await expect(page.getByTestId('game-sample-card')).toHaveCount(3);
  await expect(page.getByTestId('game-sample-card').first()).toContainText('Leader Example: no card yet');
  await expect(page.getByTestId('game-list')).toContainText('Sky Pirates');

  // Offered at once elsewhere: a deck for it can be started in the deck builder.
  await page.getByTestId('nav-decks').click();
  await expect(page.getByLabel('Game system').locator('option[value="sky-pirates"]')).toHaveCount(1);
});

test('a copy of a built-in game with a tarot card size and one colour fewer', async ({ page, dataDir }) => {
  await page.getByTestId('nav-games').click();
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByTestId('new-game-source').selectOption('game:osmcg');
  await expect(dialog.getByTestId('new-game-name')).toHaveValue('OSMCG (my version)');
  await dialog.getByTestId('new-game-size').selectOption('tarot');
  await expect(dialog.getByTestId('new-game-resized')).toHaveText('The layouts are scaled from 63 × 88 mm to the new size.');
  await dialog.getByRole('button', { name: 'Remove Black' }).click();
  await dialog.getByTestId('create-game').click();
  await expect(dialog).toBeHidden();

  const written = JSON.parse(readFileSync(join(dataDir, 'systems', 'osmcg-my-version', 'system.json'), 'utf8'));
  expect(written.card).toEqual({ widthMm: 70, heightMm: 120, cornerRadiusMm: 3 });
  expect(written.identity.values.map((value: { id: string }) => value.id)).not.toContain('black');
  expect(written.license.attribution).toContain('OSMCG');
  // The copy's cards are drawn tall: the library has no cards of it, so each type shows an example.
  const preview = page.getByTestId('game-sample-card').first().getByTestId('card-preview');
  await expect(preview).toBeVisible();
  // The sample cards re-render once the copied game's fonts and art arrive: measure a settled one.
  await expect(async () => {
    const box = await preview.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.height / box!.width).toBeCloseTo(120 / 70, 1);
  }).toPass();
  // The built-in game is as it was.
  await page.getByTestId('game-list').getByText('OSMCG', { exact: true }).click();
  await expect(page.getByTestId('game-sample-card').first().getByTestId('card-preview')).toBeVisible();
});
