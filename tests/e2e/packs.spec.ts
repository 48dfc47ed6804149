// Opening packs from a set's More menu: three OSMCG boosters from a seed show their cards by
// pack, each slot's rarity as the game declares it; the pool becomes a sealed deck found in
// Decks (its sideboard holds the pool, as stored in SQLite); the same seed opens the same packs.

import { expect, test } from './fixtures';

test('open 3 boosters with a seed, see the slot rarities, start a sealed deck and find it in Decks', async ({
  page,
  queryDb,
}) => {
  const row = page.getByTestId('set-row').filter({ hasText: 'OSMCG Starter Set' });
  const item = page.locator('.set-item', { has: row });
  await row.hover();
  await item.getByTestId('set-more').click();
  await item.getByTestId('open-packs-menu').click();
  const dialog = page.getByTestId('open-packs-dialog');
  await expect(dialog.getByTestId('pack-kind')).toHaveValue('booster');
  await dialog.getByTestId('pack-count').fill('3');
  await dialog.getByTestId('pack-seed').fill('e2e-seed');
  await dialog.getByTestId('open-packs').click();

  await expect(dialog.getByTestId('packs-summary')).toHaveText('3 × Booster of “OSMCG Starter Set”, seed e2e-seed: 33 cards');
  const packs = dialog.getByTestId('opened-pack');
  await expect(packs).toHaveCount(3);
  for (let p = 0; p < 3; p++) {
    const slots = packs.nth(p).getByTestId('pack-card-slot');
    await expect(slots).toHaveCount(11);
    const texts = (await slots.allTextContents()).map((t) => t.trim());
    expect(texts.slice(0, 9)).toEqual([...Array(6).fill('Common'), ...Array(3).fill('Uncommon')]);
    expect(texts[9]).toMatch(/^(Rare|Mythic)$/);
    expect(texts[10]).toBe('Terrain');
  }
  // Each card's rarity is the stored card's.
  const first = packs.nth(0).getByTestId('pack-card').first();
  const name = (await first.locator('.name').textContent())!.trim();
  const [{ rarity }] = queryDb<{ rarity: string }>(
    "SELECT json_extract(doc, '$.rarity') AS rarity FROM cards WHERE set_id = 'osmcg-core' AND name = ?",
    name,
  );
  await expect(first).toHaveAttribute('data-rarity', rarity);
  const firstPack = await packs.nth(0).locator('.name').allTextContents();
  await dialog.screenshot({ path: test.info().outputPath('packs-dialog.png') });
  await page.screenshot({ path: test.info().outputPath('packs-dialog.png') });

  await dialog.getByTestId('start-sealed').click();
  await expect(dialog.getByTestId('sealed-deck-made')).toContainText('Deck “Sealed: OSMCG Starter Set (e2e-seed)” is in Decks');
  const [deck] = queryDb<{ id: string; doc: string }>(
    "SELECT id, doc FROM decks WHERE name = 'Sealed: OSMCG Starter Set (e2e-seed)'",
  );
  const stored = JSON.parse(deck.doc) as { boards?: { sideboard?: { count: number }[] } };
  expect((stored.boards?.sideboard ?? []).reduce((n, e) => n + e.count, 0)).toBe(33);

  // Print packs… prints every pack's cards, repeats included.
  await dialog.getByTestId('print-packs').click();
  const print = page.getByTestId('print-dialog');
  await expect(print.getByTestId('print-what')).toHaveText('3 × Booster of “OSMCG Starter Set” (seed e2e-seed): 33 cards');
  await expect(print.getByTestId('print-summary')).toBeVisible();
  await expect(print.getByTestId('print-error')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('packs-print.png') });
  await print.getByRole('button', { name: 'Close' }).first().click();
  await expect(print).toBeHidden();

  // The same seed opens the same packs.
  await dialog.getByTestId('open-packs').click();
  await expect(dialog.getByTestId('sealed-deck-made')).toBeHidden();
  await expect(packs.nth(0).locator('.name')).toHaveText(firstPack);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('nav-decks').click();
  const deckRow = page.getByTestId('deck-row').filter({ hasText: 'Sealed: OSMCG Starter Set (e2e-seed)' });
  await expect(deckRow).toHaveCount(1);
  await expect(deckRow).toHaveAttribute('data-deck-id', deck.id);
});

test('a set whose game has no packs has no Open packs item; an empty set’s item is disabled', async ({ page }) => {
  const odd = page.getByTestId('set-row').filter({ hasText: 'First Survey' });
  await odd.hover();
  await page.locator('.set-item', { has: odd }).getByTestId('set-more').click();
  await expect(page.locator('.set-item', { has: odd }).getByTestId('set-stats')).toBeVisible();
  await expect(page.locator('.set-item', { has: odd }).getByTestId('open-packs-menu')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'New set for OSMCG' }).click();
  await page.getByTestId('new-set-name').fill('Few cards');
  await page.getByTestId('new-set-name').press('Enter');
  const few = page.getByTestId('set-row').filter({ hasText: 'Few cards' });
  await few.hover();
  await page.locator('.set-item', { has: few }).getByTestId('set-more').click();
  // An empty set cannot open packs.
  await expect(page.locator('.set-item', { has: few }).getByTestId('open-packs-menu')).toBeDisabled();
});
