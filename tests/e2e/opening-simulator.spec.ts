// The opening simulator in Chromium, on the sample decks of two games: a condition built in the
// dialog from the game's fields, 10,000 openings run in a Web Worker while the page keeps
// answering, and the simulated share read beside the exact hypergeometric odds.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { hypergeometricAtLeast } from '../../card-schema/deck/odds';
import type { Deck } from '../../card-schema/deck/format';
import type { CardDocument } from '../../card-schema/system/format';
import { expect, test } from './fixtures';

const SAMPLES = resolve(import.meta.dirname, '../../resources/samples');

function sample(game: string, setFile: string): { deck: Deck; cards: Map<string, CardDocument> } {
  const deck = (JSON.parse(readFileSync(`${SAMPLES}/${game}/deck-legal.json`, 'utf8')) as { deck: Deck }).deck;
  const set = JSON.parse(readFileSync(`${SAMPLES}/${game}/${setFile}`, 'utf8')) as { cards: { id: string; doc: CardDocument }[] };
  return { deck, cards: new Map(set.cards.map((c) => [c.id, c.doc])) };
}

async function openSimulator(page: Page, deckName: string): Promise<void> {
  await page.getByTestId('nav-decks').click();
  await page.getByTestId('deck-row').filter({ hasText: deckName }).locator('.deck-open').click();
  await expect(page.getByTestId('deck-builder')).toBeVisible();
  await page.getByTestId('deck-tab-odds').click();
  await page.getByTestId('open-opening-simulator').click();
  await expect(page.getByTestId('opening-simulator')).toBeVisible();
}

/** "43.4%" → 0.434. */
const share = (text: string) => Number(text.replace('%', '')) / 100;

test('OSMCG: three creatures deployable by turn 2 in 10,000 kept openings, beside the exact odds', async ({ page }) => {
  const { deck, cards } = sample('osmcg', 'core-set.json');
  await openSimulator(page, deck.name);
  const dialog = page.getByTestId('opening-simulator');
  const condition = dialog.getByTestId('sim-condition').first();
  await expect(condition.getByTestId('sim-field')).toHaveValue('type');
  await expect(condition.getByTestId('sim-value')).toHaveValue('creature');
  await condition.getByTestId('sim-at-least').selectOption('3');
  await condition.getByTestId('sim-by-turn').selectOption('2');
  await condition.getByTestId('sim-affordable').check();
  await expect(condition.getByTestId('sim-resource')).toHaveValue('mana');
  await dialog.getByTestId('sim-policy').selectOption('keep');
  await expect(dialog.getByTestId('sim-openings')).toHaveValue('10000');

  // Timer ticks in the page while the worker plays: the page must keep answering.
  await page.evaluate(() => {
    const w = window as unknown as { __gaps: number[]; __stop: boolean };
    w.__gaps = [];
    w.__stop = false;
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      w.__gaps.push(now - last);
      last = now;
      if (!w.__stop) setTimeout(tick, 10);
    };
    setTimeout(tick, 10);
  });
  await dialog.getByTestId('sim-run').click();
  const result = dialog.getByTestId('sim-result');
  await expect(result).toHaveCount(1, { timeout: 60_000 });
  const longest = await page.evaluate(() => {
    const w = window as unknown as { __gaps: number[]; __stop: boolean };
    w.__stop = true;
    return Math.max(...w.__gaps);
  });
  console.log(`longest pause of the page while simulating: ${longest.toFixed(0)} ms`);
  expect(longest).toBeLessThan(250);

  // Pyra: Starting Mana 3, Regen 2 → 5 Mana on turn 2; 8 cards seen (7 + 1 draw).
  const main = deck.sections.main;
  const deployable = main
    .filter((e) => {
      const doc = cards.get(e.cardId)!;
      return doc.type === 'creature' && typeof doc.cost === 'number' && doc.cost <= 5;
    })
    .reduce((sum, e) => sum + e.count, 0);
  const exact = hypergeometricAtLeast(30, deployable, 8, 3);
  await expect(result.locator('th')).toHaveText('at least 3 cards (Card type is Creature, Mana Cost ≤ Mana) by turn 2');
  await expect(result.getByTestId('sim-exact')).toContainText(`${(exact * 100).toFixed(1)}%`);
  await expect(result.getByTestId('sim-exact')).toContainText(`${deployable} of 30, 8 seen`);
  const rate = share((await result.getByTestId('sim-rate').textContent())!);
  const [low, high] = (await result.getByTestId('sim-interval').textContent())!.split('–').map((s) => share(s.trim()));
  expect(low).toBeLessThanOrEqual(rate);
  expect(rate).toBeLessThanOrEqual(high);
  // A 95 % interval holds the exact value 19 times in 20; a whole interval's width away never happens by chance.
  expect(Math.abs(rate - exact)).toBeLessThan(high - low);
  await expect(dialog.getByTestId('sim-results')).toContainText('10,000 openings. Mulligans taken: 0: 100%');
  await expect(dialog.getByTestId('sim-results')).toContainText('the same setup as simulated');

  // A changed condition marks the result stale until it is run again.
  await condition.getByTestId('sim-by-turn').selectOption('3');
  await expect(dialog.getByTestId('sim-results')).toContainText('changed since this run');
  await dialog.getByTestId('sim-run').click();
  await expect(result.locator('th')).toHaveText(/by turn 3$/, { timeout: 60_000 });
  await expect(dialog.getByTestId('sim-results')).not.toContainText('changed since this run');
  await page.screenshot({ path: 'test-results/opening-simulator-osmcg.png' });
});

test('Miscrits: a basic miscrit is always in the opening hand, against the exact odds of plain draws', async ({ page }) => {
  const { deck, cards } = sample('miscrits', 'wilds-set.json');
  // In the dark theme, to see the dialog there too.
  await page.locator('[data-theme-option="dark"]').click();
  await openSimulator(page, deck.name);
  const dialog = page.getByTestId('opening-simulator');
  // The game's own must-include card is the first condition.
  const first = dialog.getByTestId('sim-condition').first();
  await expect(first.getByTestId('sim-clause')).toHaveCount(2);
  // A second condition: at least one item by turn 3.
  await dialog.getByTestId('sim-add-condition').click();
  const second = dialog.getByTestId('sim-condition').nth(1);
  await second.getByTestId('sim-clause').nth(1).getByRole('button').click();
  await second.getByTestId('sim-value').selectOption('item');
  await second.getByTestId('sim-by-turn').selectOption('3');
  await dialog.getByTestId('sim-openings').selectOption('1000');
  await dialog.getByTestId('sim-run').click();

  const results = dialog.getByTestId('sim-result');
  await expect(results).toHaveCount(2, { timeout: 60_000 });
  const book = deck.sections.book;
  const count = (test: (doc: CardDocument) => boolean) =>
    book.filter((e) => test(cards.get(e.cardId)!)).reduce((sum, e) => sum + e.count, 0);
  const basics = count((doc) => doc.type === 'miscrit' && doc.stage === 'basic');
  const items = count((doc) => doc.type === 'item');
  await expect(results.nth(0).getByTestId('sim-rate')).toHaveText('100%');
  await expect(results.nth(0).getByTestId('sim-exact')).toContainText(
    `${(hypergeometricAtLeast(40, basics, 5, 1) * 100).toFixed(1)}%`,
  );
  await expect(results.nth(1).getByTestId('sim-exact')).toContainText(
    `${(hypergeometricAtLeast(40, items, 7, 1) * 100).toFixed(1)}%`,
  );
  await expect(dialog.getByTestId('sim-all')).toBeVisible();
  await expect(dialog.getByTestId('sim-results')).toContainText('a hand without a basic miscrit is redrawn');
  await page.screenshot({ path: 'test-results/opening-simulator-miscrits.png' });

  // A bad value says what is wrong and where.
  await second.getByTestId('sim-field').selectOption({ label: 'Deck limit' });
  await second.getByTestId('sim-value').fill('many');
  await dialog.getByTestId('sim-run').click();
  await expect(dialog.getByTestId('sim-error')).toContainText('Condition 2');
  await expect(dialog.getByTestId('sim-error')).toContainText('takes a number');
});
