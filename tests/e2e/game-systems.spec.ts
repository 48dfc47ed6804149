// A designer's own game, end to end through the UI: import the tutorial's game bundle in the
// Games view, author a card for it in the generated form, build a legal deck with it, and
// remove the game again. Also: drafting a muhq's game store pick by pick.
// Each step is checked where it lands: the system folder on disk and the rows in SQLite.

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { searchPool } from './pool-search';

const BUNDLE = resolve(import.meta.dirname, '../../docs/tutorial/lantern-watch.cardwright-system.json');
const field = (page: Page, pointer: string): Locator => page.locator(`[data-field="${pointer}"]`);

async function addCard(page: Page, name: string, times = 1): Promise<void> {
  await searchPool(page, name);
  const button = page.locator(`[data-testid="add-card"][data-card-name="${name}"]`);
  for (let i = 0; i < times; i++) await button.click();
}

test('a designer imports a game bundle, authors a card for it and builds a legal deck', async ({ page, dataDir, queryDb }) => {
  // 1. Import the game: it is installed into the user's systems folder with its sample set.
  await page.getByTestId('nav-games').click();
  await expect(page.getByTestId('game-list')).toContainText('OSMCG');
  await page.getByTestId('import-game-file').setInputFiles(BUNDLE);
  const report = page.getByTestId('game-import-report');
  await expect(report).toContainText('Lantern Watch');
  await expect(report).toContainText('installed');
  await expect(report).toContainText('“Lantern Watch Sample Set”: 18 cards');
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('game-detail')).toContainText('Lantern Watch');
  await expect(page.getByTestId('deck-rules')).toContainText('The Watch holds exactly 20 cards.');
  expect(existsSync(join(dataDir, 'systems', 'lantern-watch', 'system.json'))).toBe(true);
  expect(queryDb('SELECT id FROM sets WHERE system_id = ?', 'lantern-watch')).toEqual([{ id: 'lantern-watch-sample' }]);

  // 2. Author a card in the form generated from the imported schema.
  await page.getByTestId('nav-library').click();
  await page.getByTestId('set-row').filter({ hasText: 'Lantern Watch Sample Set' }).click();
  await page.getByTestId('new-card').click();
  await expect(page.getByTestId('card-editor')).toBeVisible();
  await page.getByTestId('card-type').selectOption('lantern');
  await field(page, '/name').fill('Kiln Glow');
  for (const chip of await field(page, '/faction').locator('button[data-value]').all()) {
    const wanted = (await chip.getAttribute('data-value')) === 'ember';
    if ((await chip.getAttribute('aria-pressed')) !== String(wanted)) await chip.click();
  }
  await field(page, '/cost').fill('2');
  await field(page, '/light').fill('3');
  await field(page, '/text').fill('When you hang this, gain 1 oil.');
  await expect(page.getByTestId('card-editor').getByTestId('card-preview')).toContainText('Kiln Glow');
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  const saved = queryDb<{ doc: string }>(
    "SELECT cards.doc FROM cards JOIN sets ON sets.id = cards.set_id WHERE sets.system_id = 'lantern-watch' AND cards.name = 'Kiln Glow'",
  );
  expect(saved).toHaveLength(1);
  expect(JSON.parse(saved[0].doc)).toMatchObject({ type: 'lantern', faction: ['ember'], cost: 2, light: 3 });
  await page.getByTestId('editor-back').click();

  // 3. Build a legal deck for the new game, using the new card; the game's rules judge it.
  await page.getByTestId('nav-decks').click();
  await page.getByLabel('Game system').selectOption('lantern-watch');
  await page.getByTestId('new-deck-name').fill('Ember Watch');
  await page.getByTestId('new-deck').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await expect(page.locator('[data-testid="violation"][data-code="MISSING_LEADER"]')).toBeVisible();
  await page.getByTestId('leader-picker').click();
  await addCard(page, 'Ada Wickfield');
  for (const name of [
    'Kiln Glow',
    'Cinder Jar',
    'Hearth Lamp',
    'Forge Beacon',
    'Phoenix Wick',
    'Tallow Stub',
    'Street Lamp',
    'Paper Lantern',
    'Glass Firefly',
  ]) {
    await addCard(page, name, 2);
  }
  await expect(page.getByTestId('section-count-watch')).toHaveText('18 / 20');
  await addCard(page, 'Midnight Bell', 2);
  await expect(page.locator('[data-testid="violation"][data-code="BANNED_CARD"]')).toHaveText(
    /"Midnight Bell" is banned in Standard\./,
  );
  // The Open format has no ban list.
  await page.getByTestId('deck-format').selectOption({ label: 'Open' });
  await expect(page.getByTestId('legality-badge')).toHaveText('Legal');
  await page.getByTestId('deck-format').selectOption({ label: 'Standard' });
  await page.locator('[data-testid="deck-entry"][data-card-name="Midnight Bell"] [data-testid="remove-card"]').click();
  await page.locator('[data-testid="deck-entry"][data-card-name="Midnight Bell"] [data-testid="remove-card"]').click();
  await addCard(page, "Watchman's Lamp", 2);
  await expect(page.getByTestId('section-count-watch')).toHaveText('20 / 20');
  await expect(page.getByTestId('legality-badge')).toHaveText('Legal');
  await expect(page.getByTestId('violation')).toHaveCount(0);
  await page.getByTestId('save-deck').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();

  const decks = queryDb<{ doc: string }>("SELECT doc FROM decks WHERE system_id = 'lantern-watch' AND name = 'Ember Watch'");
  expect(decks).toHaveLength(1);
  const sections = (JSON.parse(decks[0].doc) as { sections: Record<string, { count: number }[]> }).sections;
  expect(sections.keeper.reduce((n, e) => n + e.count, 0)).toBe(1);
  expect(sections.watch.reduce((n, e) => n + e.count, 0)).toBe(20);

  // 4. The designer removes the game again: its folder, sets and decks go with it.
  await page.getByTestId('nav-games').click();
  await page.getByTestId('game-item').filter({ hasText: 'Lantern Watch' }).click();
  await page.getByTestId('remove-game').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('1 card set (19 cards) and 1 deck');
  await confirm.getByRole('button', { name: 'Remove game' }).click();
  await expect(page.getByTestId('game-list')).not.toContainText('Lantern Watch');
  expect(existsSync(join(dataDir, 'systems', 'lantern-watch'))).toBe(false);
  expect(queryDb("SELECT id FROM sets WHERE system_id = 'lantern-watch'")).toEqual([]);
  expect(queryDb("SELECT id FROM decks WHERE system_id = 'lantern-watch'")).toEqual([]);
});

test('a bundle whose cards break its schema lists each refused card with its reason at the top of the report', async ({
  page,
  queryDb,
}) => {
  const bundle = JSON.parse(readFileSync(BUNDLE, 'utf8')) as {
    sets: { cards: { id: string; doc: Record<string, unknown> }[] }[];
  };
  const [, quill, third] = bundle.sets[0].cards;
  quill.doc.oil = 'four';
  delete third.doc.name;
  const file = join(mkdtempSync(join(tmpdir(), 'cardwright-bundle-')), 'lantern-watch-broken.cardwright-system.json');
  writeFileSync(file, JSON.stringify(bundle));

  await page.getByTestId('nav-games').click();
  await page.getByTestId('import-game-file').setInputFiles(file);
  const report = page.getByTestId('game-import-report');
  const refused = report.getByTestId('game-import-rejected');
  await expect(refused).toContainText('2 cards were not imported');
  await expect(refused).toContainText('“Lantern Watch Sample Set”');
  const cards = refused.getByTestId('rejected-cards').locator(':scope > li');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Marrow Quill');
  await expect(cards.nth(0)).toContainText('card #2 in the file');
  await expect(cards.nth(0)).toContainText('/oil');
  await expect(cards.nth(1)).toContainText('card #3 in the file');
  await expect(cards.nth(1)).toContainText('name');
  // The reasons come before the per-set counts.
  const text = (await report.textContent()) ?? '';
  expect(text.indexOf('/oil')).toBeLessThan(text.indexOf(': 16 cards, 2 rejected'));
  expect(queryDb('SELECT count(*) AS n FROM cards WHERE set_id = ?', 'lantern-watch-sample')).toEqual([{ n: 16 }]);
});

test("a muhq's game store is drafted pick by pick and saved as a deck", async ({ page, queryDb }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByLabel('Game system').selectOption('muhq');
  await page.getByTestId('start-draft').click();
  const dialog = page.getByTestId('draft-dialog');
  await dialog.getByTestId('draft-start').click();
  // 28 buyable sample cards make 3 piles of up to 10; 2 players use 2 of them in round 1.
  for (let picked = 0; picked < 10; picked++) {
    await expect(dialog.getByTestId('draft-count')).toHaveText(String(picked));
    await dialog.getByTestId('draft-card').first().click();
  }
  await expect(dialog.getByTestId('draft-status')).toHaveText('Draft finished');
  await expect(dialog).toContainText('You drafted 10 cards.');
  await dialog.getByTestId('draft-save').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await expect(page.getByTestId('section-count-store')).toHaveCount(0); // the store is an extra section: counted in the deck column
  await expect(
    page
      .locator('[data-testid="violation"][data-code="MISSING_LEADER"], [data-testid="violation"][data-code="SECTION_TOO_SMALL"]')
      .first(),
  ).toBeVisible();

  const rows = queryDb<{ doc: string }>("SELECT doc FROM decks WHERE system_id = 'muhq' AND name = 'Drafted store'");
  expect(rows).toHaveLength(1);
  const store = (JSON.parse(rows[0].doc) as { sections: { store: { cardId: string; count: number }[] } }).sections.store;
  expect(store).toHaveLength(10);
  const docs = queryDb<{ doc: string }>(
    `SELECT doc FROM cards WHERE id IN (${store.map(() => '?').join(',')})`,
    ...store.map((e) => e.cardId),
  );
  expect(docs.map((row) => JSON.parse(row.doc) as { buyCost?: number }).every((doc) => typeof doc.buyCost === 'number')).toBe(
    true,
  );
});
