// The Games view draws a card of each type beside the rules: the first card of that type the
// library holds, named with its set, or an example made from the type's defaults when the game
// has none (a game imported without cards).

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';

const BUNDLE = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch.cardwright-system.json');

test("each card type is drawn from the game's first card of that type", async ({ page, queryDb }) => {
  await page.getByTestId('nav-games').click();
  await page.getByTestId('game-list').getByText('OSMCG').click();
  const samples = page.getByTestId('game-sample-card');
  await expect(samples).toHaveCount(8);
  const [hero] = queryDb<{ name: string; set: string }>(
    "SELECT c.name, s.name AS \"set\" FROM cards c JOIN sets s ON s.id = c.set_id WHERE s.system_id = 'osmcg' AND c.type = 'hero' ORDER BY c.seq LIMIT 1",
  );
  const heroSample = page.locator('[data-testid="game-sample-card"][data-type="hero"]');
  await expect(heroSample).toContainText(`${hero.name} · ${hero.set}`);
  await expect(heroSample.getByTestId('card-preview')).toContainText(hero.name);
  for (const sample of await samples.all()) await expect(sample.getByTestId('card-preview')).toBeVisible();
});

test('a game without cards shows an example of each type, drawn from its defaults', async ({ page }) => {
  const bundle = JSON.parse(readFileSync(BUNDLE, 'utf8')) as { sets: unknown[]; images?: unknown };
  const file = join(mkdtempSync(join(tmpdir(), 'cw-no-sets-')), 'lantern-watch-rules.cardwright-system.json');
  writeFileSync(file, JSON.stringify({ ...bundle, sets: [], images: {} }));

  await page.getByTestId('nav-games').click();
  await page.getByTestId('import-game-file').setInputFiles(file);
  await page.getByTestId('game-import-report').getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('game-detail')).toContainText('Lantern Watch');
  const samples = page.getByTestId('game-sample-card');
  await expect(samples).toHaveCount(2);
  await expect(samples.nth(0)).toContainText('Keeper Example: no card yet');
  await expect(samples.nth(1)).toContainText('Lantern Example: no card yet');
  // The example is a card of its type: named after the type, in the game's layout.
  await expect(samples.nth(0).getByTestId('card-preview')).toContainText('Keeper');
});
