// The deck builder's Stats and Odds tabs in Chromium: the cost curve of an OSMCG sample deck
// matches its cards' costs, follows an added copy at once, and a deck row opens the draw odds
// of its card with the exact hypergeometric value and the simulated one.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hypergeometricAtLeast } from '../../card-schema/deck/odds';
import type { Deck } from '../../card-schema/deck/format';
import type { CardDocument } from '../../card-schema/system/format';
import { expect, test } from './fixtures';

const SAMPLES = resolve(import.meta.dirname, '../../resources/samples/osmcg');
const deck = (JSON.parse(readFileSync(`${SAMPLES}/deck-legal.json`, 'utf8')) as { deck: Deck }).deck;
const cards = new Map(
  (JSON.parse(readFileSync(`${SAMPLES}/core-set.json`, 'utf8')) as { cards: { id: string; doc: CardDocument }[] }).cards.map(
    (c) => [c.id, c.doc],
  ),
);

/** Copies per cost in the deck's main section, as the curve should show them. */
function copiesByCost(): Map<number, number> {
  const byCost = new Map<number, number>();
  for (const entry of deck.sections.main) {
    const cost = cards.get(entry.cardId)?.cost;
    if (typeof cost === 'number') byCost.set(cost, (byCost.get(cost) ?? 0) + entry.count);
  }
  return byCost;
}

test('the Stats tab charts the sample deck and follows an added card; a deck row opens its odds', async ({ page }) => {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: deck.name }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();

  await page.getByTestId('deck-tab-stats').click();
  const curve = page.getByTestId('cost-curve');
  await expect(curve).toBeVisible();
  const byCost = copiesByCost();
  for (const [cost, count] of byCost) {
    await expect(curve.locator(`[data-testid="chart-column"][data-label="${cost}"]`)).toHaveAttribute(
      'data-count',
      String(count),
    );
  }
  await expect(page.getByTestId('stats-summary')).toHaveText('30 cards');
  await expect(page.getByTestId('type-breakdown').locator('[data-label="Creature"]')).toBeVisible();
  await expect(page.getByTestId('identity-distribution').locator('[data-label="Red"]')).toBeVisible();

  // One more Magma Behemoth (cost 6): the 6 column grows at once.
  const behemoth = [...cards].find(([, doc]) => doc.name === 'Magma Behemoth')!;
  const sixes = byCost.get(behemoth[1].cost as number) ?? 0;
  await page
    .locator('[data-testid="deck-entry"][data-card-name="Magma Behemoth"]')
    .getByRole('button', { name: 'Add a copy' })
    .click();
  await expect(curve.locator('[data-testid="chart-column"][data-label="6"]')).toHaveAttribute('data-count', String(sixes + 1));
  await expect(page.getByTestId('stats-summary')).toHaveText('31 cards');

  // Click to updated chart, timed in the page (a DOM observer, no Playwright round trips).
  const elapsed = await page.evaluate(async () => {
    const column = document.querySelector('[data-testid="cost-curve"] [data-testid="chart-column"][data-label="6"]')!;
    const button = document.querySelector<HTMLButtonElement>(
      '[data-testid="deck-entry"][data-card-name="Magma Behemoth"] button[aria-label="Add a copy"]',
    )!;
    const before = column.getAttribute('data-count');
    const start = performance.now();
    const changed = new Promise<number>((done) => {
      const observer = new MutationObserver(() => {
        if (column.getAttribute('data-count') === before) return;
        observer.disconnect();
        done(performance.now() - start);
      });
      observer.observe(column, { attributes: true });
    });
    button.click();
    return changed;
  });
  console.log(`add a card → curve updated: ${elapsed.toFixed(1)} ms`);
  expect(elapsed).toBeLessThan(50);
  await expect(page.getByTestId('stats-summary')).toHaveText('32 cards');
  await page.locator('[data-testid="deck-entry"][data-card-name="Magma Behemoth"] [data-testid="remove-card"]').click();
  await expect(page.getByTestId('stats-summary')).toHaveText('31 cards');

  // Odds of Fire Bolt from its row: exact for 31 cards, 7 seen by turn 1 … turn 3 = 9 cards seen.
  const bolt = deck.sections.main.find((e) => cards.get(e.cardId)?.name === 'Fire Bolt')!;
  // Beside the card: its chance in the opening hand of 7; the button opens the Odds tab.
  const oddsButton = page.locator('[data-testid="deck-entry"][data-card-name="Fire Bolt"] [data-testid="card-odds"]');
  await expect(oddsButton).toHaveText(`${Math.round(hypergeometricAtLeast(31, bolt.count, 7, 1) * 100)}%`);
  await oddsButton.click();
  await expect(page.getByTestId('deck-odds')).toBeVisible();
  await expect(page.getByTestId('odds-card')).toHaveValue(bolt.cardId);
  const exact = hypergeometricAtLeast(31, bolt.count, 9, 1);
  await expect(page.getByTestId('odds-exact').locator('.value')).toHaveText(`${(exact * 100).toFixed(1)}%`);
  await expect(page.getByTestId('odds-simulated').locator('.value')).toHaveText(/^\d+(\.\d)?%$/);
  await expect(page.getByTestId('odds-table').locator('tbody tr')).toHaveCount(5);
});
