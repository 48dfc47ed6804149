// The deck import dialog in the browser: paste a text list with typos, see the matched counts
// and each typo with its suggestions, fix them in one click (skip the hopeless one), import, and
// find the deck saved with exactly the right cards.

import { readFileSync } from 'node:fs';
import { callApi, expect, test } from './fixtures';

interface DeckSummary {
  id: string;
  name: string;
  systemId: string;
}
interface Deck extends DeckSummary {
  sections: Record<string, { cardId: string; count: number }[]>;
}
interface Card {
  id: string;
  doc: { name: string };
}

const LIST = `// name: Pasted Embers
Hero:
Pyra Ashen Marshal

Deck:
3 Fier Bolt
2x ember hound
2 Kindel
1 Qqqqqqqqqqqqqqq
`;

test('a pasted list with typos is fixed from the suggestions and imported', async ({ page, host }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('import-deck').click();
  const dialog = page.getByTestId('deck-import-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('import-game').selectOption('osmcg');
  await dialog.getByTestId('import-text').fill(LIST);

  await expect(dialog.getByTestId('import-summary')).toContainText('2 of 5 lines matched');
  await expect(dialog.getByTestId('import-count-hero')).toHaveText('Hero 1');
  await expect(dialog.getByTestId('import-count-main')).toHaveText('Deck 2');
  await expect(dialog.getByTestId('import-name')).toHaveValue('Pasted Embers');
  await expect(dialog.getByTestId('import-problem')).toHaveCount(3);
  await expect(dialog.getByTestId('import-confirm')).toBeDisabled();
  await expect(dialog.getByTestId('import-pending')).toHaveText('3 lines still need a choice');

  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'test-results/deck-import-problems.png' });
  const fier = dialog.locator('[data-testid="import-problem"][data-line="6"]');
  await expect(fier).toContainText('Did you mean');
  await fier
    .getByTestId('import-suggestion')
    .filter({ hasText: /^Fire Bolt$/ })
    .click();
  await expect(fier).toContainText('→ 3 × Fire Bolt (Deck)');
  await dialog
    .locator('[data-testid="import-problem"][data-line="8"]')
    .getByTestId('import-suggestion')
    .filter({ hasText: /^Kindle$/ })
    .click();
  await dialog.locator('[data-testid="import-problem"][data-line="9"]').getByTestId('import-skip').click();

  await expect(dialog.getByTestId('import-count-main')).toHaveText('Deck 7');
  await expect(dialog.getByTestId('import-confirm')).toHaveText('Import 8 cards');
  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'test-results/deck-import-dialog.png' });
  await dialog.getByTestId('import-confirm').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();

  const decks = await callApi<DeckSummary[]>(page, host, 'listDecks', { systemId: 'osmcg' });
  const saved = decks.find((deck) => deck.name === 'Pasted Embers');
  expect(saved).toBeDefined();
  const deck = await callApi<Deck>(page, host, 'getDeck', { id: saved!.id });
  const ids = Object.values(deck.sections).flatMap((entries) => entries.map((entry) => entry.cardId));
  const cards = await callApi<Card[]>(page, host, 'getCards', { ids });
  const name = (id: string) => cards.find((card) => card.id === id)?.doc.name;
  const named = Object.fromEntries(
    Object.entries(deck.sections).map(([section, entries]) => [
      section,
      entries.map((entry) => [name(entry.cardId), entry.count]),
    ]),
  );
  expect(named).toEqual({
    hero: [['Pyra, Ashen Marshal', 1]],
    main: [
      ['Ember Hound', 2],
      ['Fire Bolt', 3],
      ['Kindle', 2],
    ],
  });
});

test('a deck exports as a text list, a Cockatrice deck and a Tabletop Simulator zip from the deck list', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  const row = page.getByTestId('deck-row').filter({ hasText: 'Ember Vanguard' });
  for (const [format, expected] of [
    ['text', 'Hero:\n1 Pyra, Ashen Marshal\n\nDeck:\n2 Cinder Whelp\n'],
    ['cod', '<card number="1" name="Pyra, Ashen Marshal"/>'],
  ] as const) {
    await row.getByTestId('export-deck-menu').locator('summary').click();
    if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'test-results/deck-export-menu.png' });
    const download = page.waitForEvent('download');
    await row.getByTestId(`export-deck-${format}`).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(format === 'text' ? 'Ember Vanguard.txt' : 'Ember Vanguard.cod');
    const path = await file.path();
    expect(readFileSync(path, 'utf8')).toContain(expected);
  }

  // Tabletop Simulator: a job in a worker thread, downloaded as a zip when it is done.
  await row.getByTestId('export-deck-menu').locator('summary').click();
  const zip = page.waitForEvent('download', { timeout: 60_000 });
  await row.getByTestId('export-deck-tts').click();
  const file = await zip;
  expect(file.suggestedFilename()).toBe('Ember Vanguard.tts.zip');
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('Ember Vanguard (Tabletop Simulator)/Ember Vanguard sheet 1.png'))).toBe(true);
});
