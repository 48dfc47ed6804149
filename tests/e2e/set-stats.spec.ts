// Set statistics from the set sidebar: the bars' labels and counts agree with the cards stored in
// SQLite (rarity too), a game without a cost field says so, and an empty set shows empty bars.

import { expect, test } from './fixtures';

test('set statistics show bars counted from the stored cards', async ({ page, queryDb }) => {
  const row = page.getByTestId('set-row').filter({ hasText: 'OSMCG Starter Set' });
  await row.hover();
  await page.locator('.set-item', { has: row }).getByTestId('set-more').click();
  await page.locator('.set-item', { has: row }).getByTestId('set-stats').click();
  const dialog = page.getByTestId('set-stats-dialog');
  await expect(dialog.getByTestId('set-stats-summary')).toHaveText('61 cards');

  const byType = queryDb<{ type: string; n: number }>(
    "SELECT json_extract(doc, '$.type') AS type, count(*) AS n FROM cards WHERE set_id = 'osmcg-core' GROUP BY 1",
  );
  const creatures = byType.find((t) => t.type === 'creature')!.n;
  const creatureBar = dialog.getByTestId('set-stats-types').locator('[data-label="Creature"]');
  await expect(creatureBar).toHaveAttribute('data-count', String(creatures));
  await expect(creatureBar.locator('text').last()).toHaveText(String(creatures));

  const [{ n: costThree }] = queryDb<{ n: number }>(
    "SELECT count(*) AS n FROM cards WHERE set_id = 'osmcg-core' AND json_extract(doc, '$.cost') = 3",
  );
  await expect(dialog.getByTestId('set-stats-cost').locator('[data-label="3"]')).toHaveAttribute('data-count', String(costThree));

  const [{ n: red }] = queryDb<{ n: number }>(
    "SELECT count(*) AS n FROM cards c, json_each(c.doc, '$.colors') j WHERE c.set_id = 'osmcg-core' AND j.value = 'red'",
  );
  await expect(dialog.getByTestId('set-stats-identity').locator('[data-label="Red"]')).toHaveAttribute('data-count', String(red));
  const byRarity = queryDb<{ rarity: string; n: number }>(
    "SELECT json_extract(doc, '$.rarity') AS rarity, count(*) AS n FROM cards WHERE set_id = 'osmcg-core' GROUP BY 1",
  );
  const rarity = dialog.getByTestId('set-stats-rarity');
  for (const [id, label] of [
    ['common', 'Common'],
    ['uncommon', 'Uncommon'],
    ['rare', 'Rare'],
    ['mythic', 'Mythic'],
  ])
    await expect(rarity.locator(`[data-label="${label}"]`)).toHaveAttribute(
      'data-count',
      String(byRarity.find((r) => r.rarity === id)!.n),
    );
  const without = byRarity.find((r) => r.rarity === null)!.n;
  await expect(dialog).toContainText(`${without} cards without a rarity.`);
  // Screen readers get every bar as text in the chart's description.
  await expect(dialog.getByTestId('set-stats-types').locator('desc')).toContainText(`Creature: ${creatures}`);
  await page.screenshot({ path: test.info().outputPath('set-stats.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A game without a cost field.
  const wilds = page.getByTestId('set-row').filter({ hasText: 'Wilds of Miscria' });
  await wilds.hover();
  await page.locator('.set-item', { has: wilds }).getByTestId('set-more').click();
  await page.locator('.set-item', { has: wilds }).getByTestId('set-stats').click();
  await expect(dialog).toContainText('This game names no cost field');
  await expect(dialog.getByTestId('set-stats-identity').locator('[data-label="Nature"]')).toHaveAttribute('data-count', /^[1-9]/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // An empty set.
  await page.getByRole('button', { name: 'New set for OSMCG' }).click();
  await page.getByTestId('new-set-name').fill('Still empty');
  await page.getByTestId('new-set-name').press('Enter');
  const empty = page.getByTestId('set-row').filter({ hasText: 'Still empty' });
  await empty.hover();
  await page.locator('.set-item', { has: empty }).getByTestId('set-more').click();
  await page.locator('.set-item', { has: empty }).getByTestId('set-stats').click();
  await expect(dialog.getByTestId('set-stats-summary')).toHaveText('0 cards: this set has no cards yet, so every bar is empty.');
  await expect(dialog.getByTestId('set-stats-types').locator('[data-label="Creature"]')).toHaveAttribute('data-count', '0');
});
